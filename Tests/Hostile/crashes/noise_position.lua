-- hostile: a noise field 1e300 points away, whose distance to an item became an Int cell index
-- run: run {level} --headless --seconds 0.5
-- exit: 1
-- stderr: noise_position.lua:9: Field.position: 'position' must be a point within ±10000000, got (1e+300, 0.0)
local level = {}

function level.load(world)
  local ball = world:addItem{ center = {100, 100}, size = {10, 10} }
  world:addBehavior(kinetic.field{ kind = "noise", items = {ball}, position = {1e300, 0} })
end

return level
