-- Scenarios for the snap and push gallery. No gravity, so the pushes have closed forms:
-- a 50 × 50 block of density 1 has mass 0.25; 0.5 UIKit N gives it 100·0.5/0.25 = 200 pt/s², and
-- 0.5 N·s gives it +200 pt/s (reference §1.1: 1 N on mass 1 is 100 pt/s²).

local function snapRun(seconds)
  local world = kinetic.load("main.lua")
  local items = { world:item("snap1"), world:item("snap2"), world:item("snap3") }
  local overshoot = { 0, 0, 0 }
  for _ = 1, math.floor(seconds * 60) do
    world:step(1)
    for i, item in ipairs(items) do overshoot[i] = math.max(overshoot[i], item.x - 250) end
  end
  return items, overshoot
end

scenario("every snap ends on its point, upright", function()
  -- Each starts 100 pt from its point. Even the least damped (0.1) is settled after 6 s: with a
  -- ~2 Hz snap its swing shrinks as e^(-0.1 · 12.6 · t), to 0.05 % of 100 pt by then.
  local items = snapRun(6)
  for i, item in ipairs(items) do
    expectNear(item.x, 250, 1, "snap " .. i .. " reached its point in x")
    expectNear(item.y, ({ 120, 200, 280 })[i], 1, "snap " .. i .. " kept its row")
    -- UIKit's snap also turns the item upright (reference §2.8): it started at 0.5 rad.
    expect(math.abs(item.angle) < 0.05, string.format("snap %d upright (%.3f rad)", i, item.angle))
  end
end)

scenario("less damping overshoots more", function()
  -- A damped spring overshoots by e^(-pi·z / sqrt(1 - z²)) of its travel: ~73 % at z = 0.1,
  -- ~0 at z = 0.9, whatever its stiffness.
  local _, overshoot = snapRun(2)
  expect(overshoot[1] > 1, string.format("damping 0.1 overshoots its point (%.2f pt)", overshoot[1]))
  expect(overshoot[1] > overshoot[3] + 0.5,
    string.format("damping 0.1 overshoots more than 0.9 (%.2f against %.2f pt)", overshoot[1], overshoot[3]))
end)

scenario("a continuous push accelerates at F/m", function()
  local world = kinetic.load("main.lua")
  local block = world:item("continuous")
  local x0 = block.x
  world:run(0.5)
  -- ½·200·0.5² = 25 pt; explicit steps add at most ½·a·dt·t = 0.8 pt.
  expectNear(block.x - x0, 25, 2, "25 pt in 0.5 s")
  expectNear(block.velocity.x, 100, 5, "100 pt/s after 0.5 s")
end)

scenario("an instantaneous push changes the velocity once, then turns itself off", function()
  local world, level = kinetic.load("main.lua")
  local block = world:item("instant")
  world:step(1)
  expectNear(block.velocity.x, 200, 10, "+200 pt/s on the first step")
  expect(level.pushes.instant.active == false, "the push set active = false after applying")
  world:run(0.5)
  expectNear(block.velocity.x, 200, 10, "no further force: still 200 pt/s")
  world:key("space", true)
  world:key("space", false)
  world:step(1)
  expectNear(block.velocity.x, 400, 20, "re-armed, it fires again: 400 pt/s")
end)

scenario("an off-centre push also spins the item", function()
  local world = kinetic.load("main.lua")
  local block = world:item("offset")
  world:step(1)
  -- The centre moves as under a centred push...
  expectNear(block.velocity.x, 200, 10, "+200 pt/s, as with no offset")
  -- ...and r × J / I = (20 · 50) / (0.25 · (50² + 50²) / 12) = 9.6 rad/s, clockwise (positive):
  -- pushing right above the centre tips the top to the right.
  expectNear(block.angularVelocity, 9.6, 1, "9.6 rad/s clockwise")
end)

scenario("a continuous off-centre push spins the item faster and faster", function()
  local world = kinetic.load("main.lua")
  local block = world:item("torque")
  world:run(0.25)
  local w1 = block.angularVelocity
  world:run(0.25)
  local w2 = block.angularVelocity
  expect(w1 > 0, string.format("spinning clockwise (%.3f rad/s)", w1))
  expect(w2 > w1, string.format("and faster (%.3f then %.3f rad/s)", w1, w2))
end)
