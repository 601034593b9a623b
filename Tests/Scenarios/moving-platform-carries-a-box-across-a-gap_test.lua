-- A kinematic platform (kinetic.itemBehavior{ kinematic = true }) carries a box across a gap: the
-- level in moving-platform/ is the rule, the box must arrive standing on the far cliff. Friction
-- carries it, the box never pushes the platform back, and the platform passes through the cliff.

scenario("the moving platform carries the box across the gap to the far cliff", function()
  local world, _, state = kinetic.load("moving-platform/main.lua")
  local box, platform = world:item("box"), world:item("platform")
  expect(world:runUntil(function() return state.arrived end, 8), "the box arrived, phase " .. state.phase)
  expect(not state.lost, "the box never fell into the gap")
  expect(box.x > 650 + 15, "on the far side, x " .. box.x)
  expectNear(box.y, 285, 0.5, "standing on the right cliff's top")
  expect(platform.y > 300, "the platform sank into the cliff, y " .. platform.y)
end)

scenario("the platform moves exactly at the velocity the level writes while the box rides it", function()
  local world, _, state = kinetic.load("moving-platform/main.lua")
  local box, platform = world:item("box"), world:item("platform")
  world:step(120)
  expectEqual(state.phase, "carry")
  expectNear(platform.x, 310 + 120 * 2, 1e-9, "two seconds at 120 pt/s")
  expectEqual(platform.y, 304, "gravity does not move it, nor does the box")
  expectNear(box.velocity.x, 120, 1, "the box rides at the platform's speed")
  expectNear(box.y, 281, 0.5, "on top of it")
end)
