-- An impact slower than the restitution threshold (100 pt/s along the normal) does not bounce, even
-- at elasticity 1: the item stops against the wall (docs/semantics.md, "Slow impacts"). Faster
-- impacts keep their speed. This pins what docs/lua-api.md tells level authors.

local function ballInABox(speed)
  local world = kinetic.world{ width = 300, height = 200 }
  local ball = world:addItem{ center = { 150, 100 }, size = { 20, 20 }, bounds = "ellipse" }
  world:addBehavior(kinetic.collision{ items = { ball }, referenceBounds = true })
  world:addBehavior(kinetic.itemBehavior{ items = { ball }, elasticity = 1, friction = 0 })
  ball.velocity = { speed, 0 }
  return world, ball
end

scenario("an elastic ball reaching a wall at 50 pt/s stops there", function()
  local world, ball = ballInABox(50)
  world:run(4)                                   -- 140 pt to the wall: it arrives after 2.8 s
  expectNear(ball.velocity.x, 0, 1e-9, "no bounce below the threshold")
  expectNear(ball.x, 300 - 10, 1, "resting against the right wall")
end)

scenario("an elastic ball reaching a wall at 150 pt/s bounces back at 150 pt/s", function()
  local world, ball = ballInABox(150)
  world:run(1.5)                                 -- the wall at 0.93 s
  expectNear(ball.velocity.x, -150, 1e-6, "e = 1 above the threshold")
end)
