-- A ball dropped on a floor boundary: each contact that begins plays hit.wav, panned by where it
-- hits. For the sound tests (scenario and MP4 render).
local level = { width = 375, height = 667, duration = 2 }
local hit = kinetic.sound("hit.wav")

function level.load(world)
  local ball = world:addItem{ name = "ball", center = { 300, 100 }, size = { 40, 40 }, bounds = "ellipse" }
  world:addBehavior(kinetic.gravity{ items = { ball } })
  world:addBehavior(kinetic.itemBehavior{ items = { ball }, elasticity = 0.5 })
  world:addBehavior(kinetic.collision{ items = { ball }, mode = "boundaries",
    boundaries = { { id = "floor", from = { 0, 500 }, to = { 375, 500 } } },
    began = function(a, b, point)
      if math.abs(a.velocity.y) > 40 then hit:play{ volume = 0.8, pan = (point.x - 187.5) / 187.5 } end
    end })
end

return level
