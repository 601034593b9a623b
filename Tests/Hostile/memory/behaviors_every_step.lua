-- hostile: 2000 new behaviours every step, each call within its budget, the world growing without end
-- run: run {level} --headless --seconds 2
-- exit: 1
-- stderr: behaviors_every_step.lua:11:
-- stderr: World:addBehavior: the animator would have 100001 behaviours; it may have at most 100000
local level = {}

function level.load(world) end

function level.update(world)
  for _ = 1, 2000 do world:addBehavior(kinetic.behavior{}) end
end

return level
