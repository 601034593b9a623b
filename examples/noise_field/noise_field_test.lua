-- Scenarios for the noise field playground: the inset boundary holds even at full noise, the noise is
-- what moves the items (strength 0 lets them rest), and tilting gravity sends them across.

local W, H = 375, 667
local INSETS = { top = 20, left = 5, bottom = 5, right = 5 }
local HALF = 50                 -- both items are 100 × 100
-- Contacts may overlap a wall by the solver's slop (~0.5 pt) and, on hard impacts, for a step: at full
-- noise an item reaches the floor at ~1200 pt/s (20 pt per step), and like Box2D the engine finds a
-- contact only within 2 pt of touching (items are swept only when they move more than half their size
-- in a step), so it can overlap the wall by up to one step's travel before it is pushed back out
-- (docs/semantics.md, "Fast items"). Leaving the bounds means far more: a whole item beyond the wall.
local SLOP = 20

local function press(world, key, times)
  for _ = 1, times or 1 do
    world:key(key, true)
    world:key(key, false)
  end
end

-- How far the item reaches from its centre along x (= along y): a square turned by a reaches
-- 50 (|cos a| + |sin a|); the ellipse is a circle of radius 50.
local function reach(item)
  if item.name == "ellipse" then return HALF end
  local a = item.angle
  return HALF * (math.abs(math.cos(a)) + math.abs(math.sin(a)))
end

local function inside(item)
  local r = reach(item)
  return item.x - r >= INSETS.left - SLOP and item.x + r <= W - INSETS.right + SLOP
    and item.y - r >= INSETS.top - SLOP and item.y + r <= H - INSETS.bottom + SLOP
end

local function speed(item)
  local v = item.velocity
  return math.sqrt(v.x * v.x + v.y * v.y)
end

scenario("at full noise strength the items stay inside the insets for 60 s", function()
  local world = kinetic.load("main.lua")
  local square, ellipse = world:item("square"), world:item("ellipse")
  press(world, "q", 25)                     -- strength 0.5 → 25 (clamped), the slider's maximum
  local startX, travelled = square.x, 0
  local escaped = world:runUntil(function()
    travelled = math.max(travelled, math.abs(square.x - startX))
    return not (inside(square) and inside(ellipse))
  end, 60)
  expect(not escaped, string.format("an item left the inset bounds at t = %.2f s", world.time))
  -- strength 25 is ~2500 pt/s² of noise against 1000 of gravity: the square must have been thrown
  -- around, or this case would prove nothing.
  expect(travelled > 50, string.format("the noise moved the square (max |dx| %.1f pt)", travelled))
end)

scenario("with strength 0 the items fall straight and come to rest", function()
  local world = kinetic.load("main.lua")
  local square, ellipse = world:item("square"), world:item("ellipse")
  local x1, x2 = square.x, ellipse.x
  press(world, "a")                          -- 0.5 - 1, clamped to 0
  -- A 540-pt fall takes ~1 s; without bounce (elasticity 0) they settle right after.
  local rested = world:runUntil(function() return speed(square) < 1 and speed(ellipse) < 1 end, 3)
  expect(rested, "both items at rest within 3 s")
  world:run(1)
  expect(speed(square) < 1 and speed(ellipse) < 1, "and they stay at rest")
  -- Gravity points straight down and nothing else pushes: no sideways motion at all.
  expectNear(square.x, x1, 0.5, "the square fell straight")
  expectNear(ellipse.x, x2, 0.5, "the ellipse fell straight")
  expectNear(square.y, H - INSETS.bottom - HALF, SLOP, "the square rests on the bottom inset")
end)

scenario("the seed's noise (strength 0.5) moves the items sideways", function()
  local world = kinetic.load("main.lua")
  local square, ellipse = world:item("square"), world:item("ellipse")
  local x1, x2 = square.x, ellipse.x
  -- ~50 pt/s² of smooth noise; in 10 s at least one item drifts well over 5 pt.
  local moved = world:runUntil(function()
    return math.abs(square.x - x1) > 5 or math.abs(ellipse.x - x2) > 5
  end, 10)
  expect(moved, "the noise field pushed an item sideways")
end)

scenario("tilting gravity sends the items to the other side", function()
  local world = kinetic.load("main.lua")
  local square, ellipse = world:item("square"), world:item("ellipse")
  world:run(2)                               -- fall to the bottom first
  expect(square.y > H / 2 and ellipse.y > H / 2, "both start on the bottom half")
  press(world, "up")
  -- 540 pt at 1000 pt/s² takes about 1.04 s. Against the top inset a centre is at most 71 pt below
  -- it (a turned square), or 170 pt if the noise stacked one item under the other: y < 233 either way.
  local up = world:runUntil(function() return square.y < 233 and ellipse.y < 233 end, 3)
  expect(up, "gravity up: both items lie against the top inset")
  press(world, "left")
  local left = world:runUntil(function() return square.x < W / 2 and ellipse.x < W / 2 end, 3)
  expect(left, "gravity left: both items moved to the left half")
  -- The pointer tilts too: below the centre points gravity down again.
  world:pointer{ phase = "began", x = W / 2, y = H - 50, vx = 0, vy = 0, id = 1 }
  world:pointer{ phase = "ended", x = W / 2, y = H - 50, vx = 0, vy = 0, id = 1 }
  local down = world:runUntil(function() return square.y > H / 2 and ellipse.y > H / 2 end, 3)
  expect(down, "the pointer below the centre sends them back down")
end)
