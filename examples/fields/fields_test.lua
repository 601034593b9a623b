-- Scenarios for the fields gallery: each dot moves the way its field says, and regions combine as
-- the set operations they are named after. No gravity acts in this level, so any motion is the
-- field's. Field strengths are unitless in UIKit; these checks ask for directions and contrasts,
-- and only the unit-free facts (a velocity field keeps speed constant) are exact.

local function d(item, x, y) return math.sqrt((item.x - x) ^ 2 + (item.y - y) ^ 2) end
local function speed(item) return math.sqrt(item.velocity.x ^ 2 + item.velocity.y ^ 2) end

-- Cell centres, as the level lays them out (three per row, 125 × 150 from y = 60).
local function centre(n)
  local col, row = (n - 1) % 3, (n - 1) // 3
  return 62.5 + 125 * col, 135 + 150 * row
end

scenario("linear gravity pulls along its direction only", function()
  local world = kinetic.load("main.lua")
  local dot = world:item("linear")
  local x0, y0 = dot.x, dot.y
  world:run(0.5)
  -- strength 1 = 100 pt/s² (reference O9): ~12.5 pt in 0.5 s; any positive scale moves it right.
  expect(dot.x - x0 > 5, string.format("moved right (%.2f pt)", dot.x - x0))
  expectNear(dot.y, y0, 0.5, "and not up or down")
end)

scenario("radial gravity and the spring field pull towards the centre", function()
  local world = kinetic.load("main.lua")
  local radial, spring = world:item("radial"), world:item("spring")
  local rx, ry = centre(2)
  local sx, sy = centre(3)
  local nearestRadial, nearestSpring = 40, 40
  for _ = 1, 60 do
    world:step(1)
    nearestRadial = math.min(nearestRadial, d(radial, rx, ry))
    nearestSpring = math.min(nearestSpring, d(spring, sx, sy))
  end
  expect(nearestRadial < 35, string.format("radial: came closer than 35 pt (%.1f)", nearestRadial))
  expect(nearestSpring < 35, string.format("spring: came closer than 35 pt (%.1f)", nearestSpring))
end)

scenario("the electric field moves charge only", function()
  local world = kinetic.load("main.lua")
  local charged, neutral = world:item("charged"), world:item("neutral")
  local cx, cy, nx, ny = charged.x, charged.y, neutral.x, neutral.y
  world:run(1)
  expect(d(charged, cx, cy) > 2, "the charged dot moved")
  expect(d(neutral, nx, ny) < 0.5, "the neutral dot did not")
end)

scenario("the magnetic field turns a moving charge without speeding it up", function()
  local world = kinetic.load("main.lua")
  local orbiter = world:item("orbiter")
  world:step(1)
  local v0 = orbiter.velocity
  local a0, s0 = math.atan(v0.y, v0.x), speed(orbiter)
  world:run(1)
  local v = orbiter.velocity
  local turn = math.abs(math.atan(v.y, v.x) - a0)
  if turn > math.pi then turn = 2 * math.pi - turn end
  -- q·s·100/m = 2.5 rad/s with K = 100; half a radian is a safe floor.
  expect(turn > 0.5, string.format("the velocity turned %.2f rad", turn))
  -- F ⟂ v does no work; 25 % covers the drift of an explicit integrator over 60 steps.
  expectNear(speed(orbiter), s0, 0.25 * s0, "speed kept")
end)

scenario("the vortex starts a resting dot moving across the radius", function()
  local world = kinetic.load("main.lua")
  local dot = world:item("vortex")
  local x0, y0 = dot.x, dot.y                  -- 40 pt right of the centre: the radius is along x
  world:step(6)                                -- 0.1 s: the path has barely begun to curve
  local radial, tangential = math.abs(dot.x - x0), math.abs(dot.y - y0)
  expect(tangential > 0.01, "the vortex moved the dot")
  expect(tangential > 2 * radial,
    string.format("across the radius (%.3f) more than along it (%.3f)", tangential, radial))
end)

scenario("the drag field slows a moving dot", function()
  local world = kinetic.load("main.lua")
  local dot = world:item("dragged")
  world:run(1)
  -- Launched at 60 pt/s with nothing else acting, it would still move at 60 after 1 s (and has
  -- not reached its cell's wall, 94 pt away).
  expect(speed(dot) < 0.7 * 60, string.format("slowed to %.1f pt/s", speed(dot)))
end)

scenario("the velocity field sets a constant velocity along its direction", function()
  local world = kinetic.load("main.lua")
  local dot = world:item("conveyed")
  world:run(0.3)
  local v1 = dot.velocity
  world:run(0.3)
  local v2 = dot.velocity
  expect(v1.x > 0, "moving along +x")
  expectNear(v2.x, v1.x, 0.02 * v1.x, "no acceleration inside a velocity field")
  expect(math.abs(v2.y) < 1, "and nothing across it")
end)

scenario("noise moves a dot; turbulence moves only a moving one", function()
  local world = kinetic.load("main.lua")
  local noisy, still, rushing = world:item("noisy"), world:item("still"), world:item("rushing")
  local nx, ny, sx, sy, ry = noisy.x, noisy.y, still.x, still.y, rushing.y
  world:run(2)
  expect(d(noisy, nx, ny) > 1, "the noise moved its dot")
  expect(d(still, sx, sy) < 0.5, "turbulence leaves a resting dot alone (its force grows with speed)")
  expect(math.abs(rushing.y - ry) > 0.2, "turbulence pushed the moving dot off its straight line")
end)

scenario("a custom field gets the item's state and its force is applied in UIKit newtons", function()
  local world, _, state = kinetic.load("main.lua")
  local dot = world:item("lifted")
  local y0 = dot.y
  world:run(0.5)
  -- 2 N per unit mass: 200 pt/s² up, ½·200·0.5² = 25 pt (a step's discretisation is < 2 pt).
  expectNear(dot.y - y0, -25, 3, "lifted 25 pt in 0.5 s")
  local rec = state.custom
  expect(rec.calls >= 30, "evaluated every step (" .. rec.calls .. " calls)")
  expectNear(rec.mass, dot.mass, 1e-9, "evaluate received the item's mass")
  expectNear(rec.x, dot.x, 2, "evaluate received the item's x")
end)

scenario("a composite region acts everywhere in it and not in its hole", function()
  local world = kinetic.load("main.lua")
  local inRing, inCorner, inHole = world:item("inRing"), world:item("inCorner"), world:item("inHole")
  local ry, cy, hx, hy = inRing.y, inCorner.y, inHole.x, inHole.y
  world:run(0.5)
  -- 100 pt/s² for 0.5 s: 12.5 pt; 3 pt is enough to tell "pulled" from "left alone".
  expect(inRing.y - ry > 3, string.format("the dot in the ring fell %.2f pt", inRing.y - ry))
  expect(inCorner.y - cy > 3, string.format("the dot outside the disc fell %.2f pt", inCorner.y - cy))
  expect(d(inHole, hx, hy) < 0.5, "the dot in the hole stayed")
end)

scenario("regions combine as sets (centred on the origin)", function()
  local disc, square = kinetic.region{ radius = 50 }, kinetic.region{ size = { 60, 60 } }
  local inner = kinetic.region{ radius = 20 }
  -- (40, 0) is in the disc but not the square; (25, 25) in both; (0, 0) in both and in `inner`.
  expect(disc:union(square):contains(40, 0), "union: in either")
  expect(not disc:intersection(square):contains(40, 0), "intersection: not in both")
  expect(disc:intersection(square):contains(25, 25), "intersection: in both")
  expect(disc:difference(inner):contains(35, 0), "difference: in the disc, outside the inner disc")
  expect(not disc:difference(inner):contains(0, 0), "difference: the hole is out")
  expect(disc:inverse():contains(60, 0), "inverse: outside the disc is in")
  expect(not disc:inverse():contains(0, 0), "inverse: inside the disc is out")
  expect(kinetic.region.infinite:contains(1e6, -1e6), "the infinite region holds everything")
  expect(not kinetic.region.infinite:inverse():contains(0, 0), "its inverse is empty")
end)
