-- Scenarios for the game kit gallery: each tool against what it must do.

local function load()
  local world, _, state = kinetic.load("main.lua")
  return world, state
end

scenario("the laser meets the near box, the far box and the right edge, in that order", function()
  local world, state = load()
  world:step(1)
  local hits = state.hits
  expectEqual(#hits, 3)
  expectEqual(hits[1].name, "near")
  expectEqual(hits[2].name, "far")
  expectEqual(hits[3].name, "bounds")
  expectNear(hits[1].x, 130, 1e-6, "the ray enters the near box at its left edge")
  expectNear(hits[2].x, 240, 1e-6, "and the far box at its left edge")
  expectEqual(world:raycast({ 4, 110 }, { 375, 110 }).item.name, "near")
end)

scenario("a tap picks the topmost item under the pointer, and nothing where there is none", function()
  local world, state = load()
  world:pointer{ phase = "began", x = 20, y = 20 }
  expectEqual(state.picked, nil)
  world:pointer{ phase = "began", x = 150, y = 110 }
  expectEqual(state.picked, "near")
  expectEqual(world:item("near").fill, "#ffd700")
  expectEqual(world:item("far").fill, "#1d3557")
end)

scenario("the fan lifts what is in its zone at half a gravity net; the rock beside it falls", function()
  local world, state = load()
  world:step(12)   -- 0.2 s
  expectEqual(state.inFan, 1, "only the balloon is in the zone")
  -- Lift 1.5 g against gravity 1 g: 500 pt/s² up. Semi-implicit Euler over m = 4n substeps of
  -- h = dt/4 moves a·h²·m(m+1)/2 = a·dt²·(n²/2 + n/8): 500 · 73.5 / 3600 pt for n = 12.
  expectNear(world:item("balloon").y, 600 - 500 * 73.5 / 3600, 1e-6)
  expect(world:item("rock").y > 600, "the rock falls")
end)

scenario("an angular impulse spins the wheel at once, and a held torque speeds it up steadily", function()
  local world = load()
  local wheel = world:item("wheel")
  world:step(1)
  expectEqual(wheel.angularVelocity, 0)
  world:key("space")
  world:key("space", false)
  world:step(1)
  local w0 = wheel.angularVelocity
  expect(w0 > 0, "the impulse turned it clockwise, got " .. w0)
  world:key("right")
  world:step(15)
  local w1 = wheel.angularVelocity
  world:step(15)
  local w2 = wheel.angularVelocity
  world:key("right", false)
  expect(w1 > w0, "the torque speeds it up")
  expectNear(w2 - w1, w1 - w0, 1e-6 * w2, "a constant torque: equal gains in equal times")
  world:step(15)
  expectNear(wheel.angularVelocity, w2, 1e-9, "released: it keeps its spin")
end)

scenario("one push: both blocks gain F/m, only the one pushed above its centre spins", function()
  local world = load()
  world:step(1)
  local slide, spin = world:item("slide"), world:item("spin")
  -- 0.2 N·s on a 30 × 30 block of mass 0.09: +100 · 0.2 / 0.09 pt/s.
  expectNear(slide.velocity.x, 2000 / 9, 1e-6)
  expectEqual(slide.angularVelocity, 0)
  expect(spin.angularVelocity > 0, "pushed right above its centre, it tips over clockwise")
end)

scenario("the ghost flies through the wall the ball stops at, and hears it once", function()
  local world, state = load()
  world:run(1.5)
  expect(world:item("ghost").x > 308, "the ghost is past the wall")
  expect(world:item("ball").x < 292, "the ball is not")
  local crossed = state.crossed
  expectEqual(#crossed, 1)
  expectEqual(crossed[1], "wall")
end)

scenario("removing the boundaries drops the rock out of the view", function()
  local world = load()
  world:run(1)
  expectNear(world:item("rock").y, 625, 1, "the rock rests on the floor line")
  world:key("b")
  world:run(1)
  expect(world:item("rock").y > 667, "with the floor gone it falls below the view")
end)
