-- hostile: a noise field animated at 1e300 Hz, whose time coordinate became an Int cell index
-- run: run {level} --headless --seconds 0.5
-- exit: 1
-- stderr: noise_animation_speed.lua:9: Field.animationSpeed: 'animationSpeed' must be a finite number within
local level = {}

function level.load(world)
  local ball = world:addItem{ center = {100, 100}, size = {10, 10} }
  world:addBehavior(kinetic.field{ kind = "noise", items = {ball}, animationSpeed = -1e300 })
end

return level
