-- Scenarios for Newton's cradle: the strike passes through the row to the last ball, the energy only
-- ever decays, and a drag pushes a ball only while the pointer is down.
--
-- Numbers: balls 30.25 pt square (mass 0.0915), rods 166.75 pt, g = 10 000 pt/s²: a pendulum of
-- period 2·pi·sqrt(L/g) = 0.81 s. The first ball leaves at ~550 pt/s and strikes ~0.4 s later.
-- The seed's resistance 2 must leave the pendulum underdamped for any of this to happen (it does
-- on a device): a damping rate below 2·sqrt(g/L) = 15.5/s.

local H = 667
local G = 10 * 1000                      -- gravity magnitude 10, in pt/s²
local REST_Y = H / 2

local function loadCradle()
  local world = kinetic.load("main.lua")
  local balls, restX = {}, {}
  for i = 1, 5 do
    balls[i] = world:item("ball" .. i)
    restX[i] = balls[i].x
  end
  return world, balls, restX
end

-- Kinetic + potential energy of the balls (mass units · pt²/s²), potential measured from the rest
-- height (y grows downward, so a raised ball has y < REST_Y). No rotation: allowsRotation is false.
local function energy(world)
  local total = 0
  for _, s in ipairs(world:snapshot()) do
    local m = world:item(s.name).mass
    local v = s.velocity
    total = total + 0.5 * m * (v.x * v.x + v.y * v.y) + m * G * (REST_Y - s.center.y)
  end
  return total
end

scenario("the strike passes through: the last ball swings out, the middle three stay nearly still", function()
  local world, balls, restX = loadCradle()
  local struck = world:runUntil(function() return balls[5].x > restX[5] + 2 end, 1.5)
  expect(struck, "the last ball swung out within 1.5 s of the first push")
  -- Follow 0.35 s, a little less than the last ball's half swing (0.41 s), before it strikes back.
  local shift = { 0, 0, 0, 0, 0 }
  for _ = 1, 21 do
    world:step(1)
    for i = 1, 5 do shift[i] = math.max(shift[i], math.abs(balls[i].x - restX[i])) end
  end
  expect(shift[5] > 15, string.format("the last ball swings out (%.1f pt)", shift[5]))
  -- A solver that spreads the strike over the row moves every ball together; a cradle moves the
  -- middle ones by about the 1-pt gaps. A quarter of the last ball's swing tells the two apart.
  for i = 2, 4 do
    expect(shift[i] < 0.25 * shift[5],
      string.format("ball %d stays nearly still (%.1f pt against %.1f)", i, shift[i], shift[5]))
  end
end)

scenario("the energy decays and never grows", function()
  local world = loadCradle()
  world:step(1)                          -- the first push is applied on the first step
  local e0 = energy(world)
  expect(e0 > 0, "the push put energy in")
  local previous, worstRise, peak = e0, 0, e0
  for _ = 1, 300 do                      -- 5 s
    world:step(1)
    local e = energy(world)
    worstRise = math.max(worstRise, e - previous)
    peak = math.max(peak, e)
    previous = e
  end
  -- Elastic hits conserve energy and resistance removes it; rods that stretch by a hundredth of a
  -- point under load move the potential energy by well under 1 % of e0 per step.
  expect(worstRise <= 0.01 * e0, string.format("no step adds energy (worst rise %.2f%% of e0)", 100 * worstRise / e0))
  expect(peak <= 1.02 * e0, string.format("never above the start (peak %.2f%% of e0)", 100 * peak / e0))
  expect(previous < 0.5 * e0, string.format("resistance took energy out (%.1f%% left after 5 s)", 100 * previous / e0))
end)

scenario("dragging a ball pushes it while the pointer is down, and only then", function()
  local world, balls, restX = loadCradle()
  world:run(6)                           -- let the first swing die out (~70 pt × e^-6 < 0.2 pt)
  local last = balls[5]
  expectNear(last.x, restX[5], 1, "the cradle is at rest again")
  -- Drag 60 pt to the right: the push grows to 6 UIKit N, more than half the ball's weight.
  world:drag{ from = { last.x, last.y }, to = { last.x + 60, last.y }, duration = 0.5, release = false }
  expect(last.x > restX[5] + 10, string.format("the drag pushed the ball right (%.1f pt)", last.x - restX[5]))
  world:pointer{ phase = "ended", x = last.x + 60, y = last.y, vx = 0, vy = 0, id = 1 }
  world:run(6)
  -- Had the push stayed, the ball would hang ~90 pt out; without it the swing dies out again
  -- (amplitudes decay at least as e^-t with resistance 2: ~90 pt × e^-6 < 0.3 pt).
  expectNear(last.x, restX[5], 2, "after the release it swings back to rest")
end)
