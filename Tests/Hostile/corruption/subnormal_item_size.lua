-- hostile: an item 1e-320 points wide: a subnormal mass whose inverse is infinite filled the scene with NaN from the first step, spreading to the box beside it, and the run exited 0
-- run: run {level} --headless --seconds 0.5
-- exit: 1
-- stderr: subnormal_item_size.lua:9: World:addItem: item 'sliver' width must be a number > 0 and at most 10000000 pt, got 1e-320
local level = {}

function level.load(world)
  local box = world:addItem{ name = "box", center = {100, 105}, size = {10, 10} }
  local sliver = world:addItem{ name = "sliver", center = {100, 100}, size = {1e-320, 10} }
  world:addBehavior(kinetic.gravity{ items = {sliver, box} })
  world:addBehavior(kinetic.collision{ items = {sliver, box}, referenceBounds = true })
end

return level
