local level = {}

function level.load(world, state)
  local a = world:addItem{ frame = {0, 0, 10, 10} }
  world:addBehavior(kinetic.pin{ item = a, anchor = "here" })
end

return level
