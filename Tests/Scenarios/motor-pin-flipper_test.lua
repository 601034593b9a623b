-- A pinball flipper as Box2D's samples build one: a bar on a motor pin with a range. The motor holds
-- it down at one end of the range; while the key is held it turns up to the other end, and a ball
-- resting on it is thrown up. This pins docs/lua-api.md's kinetic.pin example.

local function table_()
  local world = kinetic.world{ width = 400, height = 700 }
  local bar = world:addItem{ name = "flipper", center = { 130, 600 }, size = { 80, 16 } }
  local ball = world:addItem{ name = "ball", center = { 150, 560 }, size = { 20, 20 }, bounds = "ellipse" }
  local flipper = kinetic.pin{ item = bar, anchor = { 90, 600 }, range = { -0.5, 0 },
    frictionTorque = 50, motorSpeed = 10 }
  world:addBehavior(flipper)
  world:addBehavior(kinetic.gravity{ items = { ball } })
  world:addBehavior(kinetic.collision{ items = { bar, ball } })
  world:addBehavior(kinetic.itemBehavior{ items = { bar }, density = 5 })
  return world, bar, ball, flipper
end

scenario("the motor holds the flipper down under a resting ball", function()
  local world, bar, ball = table_()
  world:run(1)
  expectNear(bar.angle, 0, 0.01, "at the range's lower end")
  expect(ball.y > 570 and ball.y < 592, "the ball rests on it, y " .. ball.y)
end)

scenario("reversing the motor swings the flipper up to its range and throws the ball", function()
  local world, bar, ball, flipper = table_()
  world:run(0.5)
  flipper.motorSpeed = -20
  world:step(6)
  expect(ball.velocity.y < -300, "thrown up, vy " .. ball.velocity.y)
  world:run(0.5)
  expectNear(bar.angle, -0.5, 0.02, "stopped by the range")
  flipper.motorSpeed = 10
  world:run(0.5)
  expectNear(bar.angle, 0, 0.02, "back down")
end)
