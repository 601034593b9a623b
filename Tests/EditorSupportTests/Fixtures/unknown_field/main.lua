local level = {}

function level.load(world, state)
  local box = world:addItem{ frame = {10, 10, 50, 50} }
  world:addBehavior(kinetic.itemBehavior{ items = { box },
    elastcity = 0.5 })
end

function level.key(world, key, down)
  world:addBehavior(kinetic.gravity{ magnitud = 2 })
end

return level
