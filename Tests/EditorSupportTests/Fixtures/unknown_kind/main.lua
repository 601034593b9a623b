local level = { width = 300 }

function level.load(world, state)
  local box = world:addItem{ frame = {10, 10, 50, 50} }
  world:addBehavior(kinetic.field{
    items = { box },
    kind = "vortx",
  })
end

return level
