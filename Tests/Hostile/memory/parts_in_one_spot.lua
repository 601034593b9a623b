-- hostile: items of a thousand parts each, piled in one spot (a million part pairs per item pair)
-- run: run {level} --headless --seconds 0.1
-- exit: 1
-- stderr: parts_in_one_spot.lua:13:
-- stderr: has 1000 parts; an item may have at most 256
local level = { width = 400, height = 400 }

function level.load(world)
  local parts = {}
  for i = 1, 1000 do parts[i] = { center = { i % 10, i % 7 }, size = { 10, 10 } } end
  local items = {}
  for i = 1, 2 do
    items[i] = world:addItem{ center = { 200, 200 }, parts = parts }
  end
  world:addBehavior(kinetic.collision{ items = items })
end

return level
