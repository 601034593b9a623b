-- Scenarios for DynamicToss: the picture follows a drag, goes straight home after a slow release, and
-- flies out of the view after a fast one, coming home 0.4 s later. The spin comes from math.random
-- seeded by the level seed, so two runs toss identically.

local HOME = { x = 160, y = 223 }

local function onScreen(world, name)
  for _, item in ipairs(world:itemsIn(world.bounds)) do
    if item.name == name then return true end
  end
  return false
end

local function atHome(fish)
  return math.abs(fish.x - HOME.x) < 0.5 and math.abs(fish.y - HOME.y) < 0.5 and math.abs(fish.angle) < 0.001
end

scenario("a slow drag moves the picture, and the release sends it straight home", function()
  local world = kinetic.load("main.lua")
  local fish = world:item("fish")
  -- Grabbed at its centre, the picture follows the pointer on a rod of length 0; at ~100 pt/s it lags
  -- at most a step or two (3 pt).
  world:drag{ from = { HOME.x, HOME.y }, to = { 220, 300 }, duration = 1, release = false }
  expectNear(fish.x, 220, 3, "the picture followed the pointer in x")
  expectNear(fish.y, 300, 3, "the picture followed the pointer in y")
  world:pointer{ phase = "ended", x = 220, y = 300, vx = 60, vy = 77, id = 1 }   -- 98 pt/s < 1000
  expect(atHome(fish), string.format("back home at once, got (%.2f, %.2f, %.3f)", fish.x, fish.y, fish.angle))
  world:run(1)
  expect(atHome(fish), "and it stays there: no behaviour is left to move it")
end)

scenario("a fast drag tosses the picture out of the view, and it comes back", function()
  local world = kinetic.load("main.lua")
  local fish = world:item("fish")
  -- 200 pt in 0.1 s: 2000 pt/s. The push is 2000/35 = 57 UIKit N·s on a mass of 4.37 (254 × 172),
  -- ~1300 pt/s: the picture's left edge passes x = 375 within ~0.15 s, well before the 0.4-s reset.
  world:drag{ from = { HOME.x, HOME.y }, to = { HOME.x + 200, HOME.y }, duration = 0.1 }
  expect(not atHome(fish), "a fast release does not reset at once")
  local gone = world:runUntil(function() return not onScreen(world, "fish") end, 0.35)
  expect(gone, "the toss carried the picture out of the view")
  expect(fish.x > 375, "it flew the way it was flung (to the right)")
  local back = world:runUntil(function() return atHome(fish) end, 0.4)
  expect(back, "0.4 s after the toss the picture is home again, upright")
  expect(#world:behaviors() == 0, "the reset removed every behaviour")
end)

scenario("the same seed tosses the same way", function()
  local function tossedAngle()
    local world = kinetic.load("main.lua")
    world:drag{ from = { 100, 200 }, to = { 100, 400 }, duration = 0.1 }   -- off-centre grab, downwards
    world:run(0.3)
    local fish = world:item("fish")
    return fish.angle, fish.x, fish.y
  end
  local a1, x1, y1 = tossedAngle()
  local a2, x2, y2 = tossedAngle()
  expect(a1 == a2 and x1 == x2 and y1 == y2,
    string.format("bit-identical runs, got angles %.17g and %.17g", a1, a2))
end)
