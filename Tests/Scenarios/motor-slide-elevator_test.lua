-- An elevator as Box2D's and LÖVE's prismatic motor builds one: a platform on a vertical slide whose
-- frictionForce lifts it and a crate riding on it to the top of its range, then lowers them again.
-- A force below the load's weight cannot lift it. This pins docs/lua-api.md's kinetic.sliding example.

local function shaft(force)
  local world = kinetic.world{ width = 400, height = 700 }
  local platform = world:addItem{ name = "platform", center = { 200, 600 }, size = { 120, 16 } }
  local crate = world:addItem{ name = "crate", center = { 200, 572 }, size = { 40, 40 } }
  local lift = kinetic.sliding{ item = platform, anchor = { 200, 600 }, axis = { 0, 1 }, range = { -400, 0 },
    frictionForce = force, motorSpeed = 0 }
  world:addBehavior(lift)
  world:addBehavior(kinetic.gravity{ items = { platform, crate } })
  world:addBehavior(kinetic.collision{ items = { platform, crate } })
  world:addBehavior(kinetic.itemBehavior{ items = { platform, crate }, friction = 1 })
  return world, platform, crate, lift
end

scenario("the motor lifts the platform and its crate to the top of the range and back", function()
  local world, platform, crate, lift = shaft(20)
  world:run(0.5)
  expectNear(platform.y, 600, 0.5, "a zero-speed motor holds the loaded platform")
  lift.motorSpeed = -150
  world:run(1)
  expectNear(platform.velocity.y, -150, 1, "rising at the motor's speed")
  world:run(2.5)
  expectNear(platform.y, 200, 1, "stopped at the top of its range")
  expectNear(crate.y, 172, 1.5, "the crate rode up on it")
  lift.motorSpeed = 100
  world:run(5)
  expectNear(platform.y, 600, 1, "back down at the bottom of its range")
  expectNear(crate.y, 572, 1.5, "with the crate")
end)

scenario("a force below the load's weight cannot lift it", function()
  -- Platform 120 x 16 and crate 40 x 40 weigh (0.192 + 0.16) x 1000 pt/s² = 3.52 UIKit newtons.
  local world, platform, _, lift = shaft(3)
  lift.motorSpeed = -150
  world:run(1)
  expect(platform.y >= 600 - 0.5, "the platform stays at the bottom, y " .. platform.y)
end)
