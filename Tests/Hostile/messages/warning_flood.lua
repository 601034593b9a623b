-- hostile: a new gravity every step, so the animator's warning names a new count every step (one new line each)
-- run: run {level} --headless --seconds 10
-- exit: 0
-- stderr: (100 different warnings; further new ones are not shown)
local level = {}

function level.load(world) end

function level.update(world)
  world:addBehavior(kinetic.gravity{})
end

return level
