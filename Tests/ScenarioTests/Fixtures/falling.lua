-- A ball that falls from rest under UIKit gravity (1000 pt/s²), for the runner's own tests.
local level = { title = "Falling ball", width = 375, height = 667 }

function level.load(world, state)
  state.ball = world:addItem{ name = "ball", center = {187.5, 100}, size = {20, 20}, bounds = "ellipse" }
  world:addBehavior(kinetic.gravity{ items = { state.ball } })
end

function level.pointer(world, e)
  if e.phase == "began" then
    local ball = world:item("ball")
    ball.velocity = { x = e.vx, y = e.vy }
  end
end

function level.key(world, key, down)
  if key == "space" and down then
    world:item("ball").velocity = { x = 100, y = -300 }
  end
end

return level
