-- hostile: ten thousand colliding items created in one spot, so every two of them overlap (50 million pairs)
-- run: run {level} --headless --seconds 0.05
-- exit: 0
-- stderr: the world holds its maximum of 262144 contacts
-- timeout: 120
local level = { width = 400, height = 400 }

function level.load(world)
  local items = {}
  for i = 1, 10000 do
    items[i] = world:addItem{ center = { 200, 200 }, size = { 10, 10 } }
  end
  world:addBehavior(kinetic.collision{ items = items })
end

return level
