-- hostile: a field whose region is a 55-fold self-union: contains walks 2^56 nodes inside the physics step
-- run: run {level} --headless --seconds 0.5
-- exit: 1
-- stderr: region_field_step.lua:11:
-- stderr: Region:union: the region would have
local level = {}

function level.load(world)
  local ball = world:addItem{ name = "ball", frame = { 100, 100, 10, 10 } }
  local r = kinetic.region{ radius = 10 }
  for _ = 1, 55 do r = r:union(r) end
  world:addBehavior(kinetic.field{ kind = "linearGravity", items = { ball }, region = r, position = { 5000, 5000 } })
end

return level
