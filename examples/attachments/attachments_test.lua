-- Scenarios for the attachments gallery: each exhibit keeps the promise of its joint, checked every
-- step for 3 s (180 steps at 60 Hz).

local function dist(item, p)
  return math.sqrt((item.x - p[1]) ^ 2 + (item.y - p[2]) ^ 2)
end

-- Runs `steps` steps calling `each()` after every one.
local function watch(world, steps, each)
  for _ = 1, steps do
    world:step(1)
    each()
  end
end

scenario("every attachment kind is in the gallery", function()
  local world = kinetic.load("main.lua")
  local kinds = {}
  for _, b in ipairs(world:behaviors()) do
    if b.kind then kinds[b.kind] = (kinds[b.kind] or 0) + 1 end
  end
  for _, kind in ipairs{ "distance", "pin", "fixed", "limit", "sliding" } do
    expect(kinds[kind], "an attachment of kind '" .. kind .. "'")
  end
end)

scenario("the rigid rod keeps its length while it swings", function()
  local world = kinetic.load("main.lua")
  local bob = world:item("rodBob")
  local length = dist(bob, { 70, 90 })          -- 67.1 pt: the distance at creation
  local worst, minX = 0, bob.x
  watch(world, 180, function()
    worst = math.max(worst, math.abs(dist(bob, { 70, 90 }) - length))
    minX = math.min(minX, bob.x)
  end)
  expect(worst < 1, string.format("rod length error %.3f pt", worst))
  expect(minX < 70, "the bob swung past the anchor")
end)

scenario("the spring stretches and settles g/ω² below its rest length", function()
  local world = kinetic.load("main.lua")
  local bob = world:item("springBob")
  local longest = 0
  watch(world, 180, function() longest = math.max(longest, dist(bob, { 190, 90 })) end)
  -- Released at its rest length 60, it overshoots past 66.3 to ~68.6 (damping ratio 0.3).
  expect(longest > 63, string.format("the spring stretched (longest %.1f pt)", longest))
  -- After 3 s (the envelope e^(-ζωt) = e^(-11) is gone) it hangs at 60 + 1000/(2π·2)² = 66.3.
  expectNear(dist(bob, { 190, 90 }), 66.3, 2, "static stretch of a 2-Hz spring under 1000 pt/s²")
end)

scenario("the rope is never longer than 100 pt, and goes taut", function()
  local world = kinetic.load("main.lua")
  local bob = world:item("ropeBob")
  local longest = 0
  watch(world, 180, function() longest = math.max(longest, dist(bob, { 310, 90 })) end)
  -- It goes taut at ~370 pt/s (6 pt per step): 2 pt covers a soft solver's give on that jerk.
  expect(longest <= 102, string.format("rope stretched to %.2f pt", longest))
  expect(longest >= 98, string.format("the bob fell until the rope was taut (%.2f pt)", longest))
end)

scenario("the pinned bar turns about its pin and stops at the end of its range", function()
  local world = kinetic.load("main.lua")
  local bar = world:item("bar")
  local widest, pinError = 0, 0
  watch(world, 180, function()
    widest = math.max(widest, math.abs(bar.angle))
    -- The bar's left end (local -55, 0) stays on the pin at (40, 300).
    local ex = bar.x - 55 * math.cos(bar.angle)
    local ey = bar.y - 55 * math.sin(bar.angle)
    pinError = math.max(pinError, math.sqrt((ex - 40) ^ 2 + (ey - 300) ^ 2))
  end)
  -- It reaches the stop at ~3.9 rad/s, 0.065 rad per step: 0.1 rad covers one step of overshoot.
  expect(widest <= 0.7, string.format("the range held (widest %.3f rad)", widest))
  expectNear(math.abs(bar.angle), 0.6, 0.06, "gravity holds the bar against its 0.6-rad stop")
  expect(pinError < 1, string.format("the pin held the bar's end (%.3f pt)", pinError))
end)

scenario("frictionTorque brakes a pinned wheel; a free one keeps spinning", function()
  local world = kinetic.load("main.lua")
  local free, braked = world:item("freeWheel"), world:item("brakeWheel")
  world:run(2)
  -- Nothing slows the free wheel (no friction, no angular resistance).
  expectNear(math.abs(free.angularVelocity), 8, 0.5, "the free wheel still spins at 8 rad/s")
  -- 0.05 N·m on a 56-pt disc (mass 0.246, I = m·r²/2 = 0.0097 in metres) stops 8 rad/s in ~1.5 s.
  expect(math.abs(braked.angularVelocity) < 0.5 * math.abs(free.angularVelocity),
    string.format("the braked wheel slowed (%.2f against %.2f rad/s)", braked.angularVelocity, free.angularVelocity))
  expectNear(free.x, 70, 0.5, "the free wheel stays on its pin")
end)

scenario("the welded flag moves with its block as one body", function()
  local world = kinetic.load("main.lua")
  local block, flag = world:item("block"), world:item("flag")
  local gap = dist(flag, { block.x, block.y })  -- 35 pt
  local turn = flag.angle - block.angle
  local worstGap, worstTurn, blockTurn = 0, 0, 0
  watch(world, 180, function()
    worstGap = math.max(worstGap, math.abs(dist(flag, { block.x, block.y }) - gap))
    worstTurn = math.max(worstTurn, math.abs(flag.angle - block.angle - turn))
    blockTurn = math.max(blockTurn, math.abs(block.angle))
  end)
  expect(blockTurn > 0.2, string.format("the block swung and turned (%.2f rad)", blockTurn))
  expect(worstGap < 1, string.format("the weld kept the distance (error %.3f pt)", worstGap))
  expect(worstTurn < 0.03, string.format("the weld kept the relative angle (error %.4f rad)", worstTurn))
end)

scenario("the slider stays on its rail, never turns, and stops at the end of its range", function()
  local world = kinetic.load("main.lua")
  local slider = world:item("slider")
  local ax, ay, dx, dy = 260, 520, 0.8, 0.6
  local offAxis, turned, along = 0, 0, 0
  watch(world, 180, function()
    local rx, ry = slider.x - ax, slider.y - ay
    offAxis = math.max(offAxis, math.abs(rx * dy - ry * dx))   -- distance from the rail line
    turned = math.max(turned, math.abs(slider.angle))
    along = math.max(along, math.abs(rx * dx + ry * dy))
  end)
  expect(offAxis < 1, string.format("stayed on the rail (worst %.3f pt off it)", offAxis))
  expect(turned < 0.01, string.format("never turned (worst %.4f rad)", turned))
  -- Gravity has a 600 pt/s² component along the rail: it reaches the 60-pt stop in ~0.45 s.
  expect(along <= 61, string.format("the range held (%.2f pt along the rail)", along))
  expect(along >= 59, string.format("it slid to the end of its range (%.2f pt)", along))
end)
