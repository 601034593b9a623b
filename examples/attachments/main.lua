-- Gallery: every kind of attachment, side by side under gravity.
--   rod      distance attachment to an anchor, rigid (frequency 0): swings at a fixed length
--   spring   distance attachment with frequency 2 Hz and damping 0.3: bounces, sags g/ω² = 6.3 pt
--   rope     limit: at most 100 pt from its anchor, slack below that
--   pin      revolute joint to an anchored post, range ±0.6 rad: the bar falls to its stop
--   wheels   pins at their centres, spun at 8 rad/s: frictionTorque 0.05 brakes one, the other spins on
--   fixed    a flag welded to a swinging block: they move as one body
--   slide    sliding attachment along a rail (axis 0.8, 0.6), range ±60 pt, no rotation
--
-- Try: grab anything with the pointer and pull it (an attachment follows the pointer).

local W, H = 375, 667
local ROD_ANCHOR, SPRING_ANCHOR, ROPE_ANCHOR = { 70, 90 }, { 190, 90 }, { 310, 90 }
local PIN_POINT = { 40, 300 }
local FIXED_ANCHOR = { 250, 270 }
local RAIL = { anchor = { 260, 520 }, axis = { 0.8, 0.6 }, range = { -60, 60 } }
local SPIN = 8                                   -- rad/s given to both wheels

---@type kinetic.Level
local level = { title = "Attachments", width = W, height = H, background = "#fdfcf7", duration = 8 }

local hand                                       -- the attachment following the pointer

local function box(world, name, center, size, colour, label, bounds)
  return world:addItem{ name = name, center = center, size = size, fill = colour, label = label,
    bounds = bounds, cornerRadius = bounds == "ellipse" and size[1] / 2 or 0 }
end

-- A point of an item given in its own (unrotated) axes, in world coordinates; and back.
local function toWorld(item, lx, ly)
  local c, s = math.cos(item.angle), math.sin(item.angle)
  return item.x + lx * c - ly * s, item.y + lx * s + ly * c
end

local function toLocal(item, x, y)
  local dx, dy = x - item.x, y - item.y
  local c, s = math.cos(item.angle), math.sin(item.angle)
  return dx * c + dy * s, -dx * s + dy * c
end

function level.load(world)
  hand = nil

  -- rod: no length given, so the rod is as long as it is now (67 pt), and rigid.
  local rodBob = box(world, "rodBob", { 130, 120 }, { 24, 24 }, "#e76f51", "rod")
  world:addBehavior(kinetic.attachment{ item = rodBob, anchor = ROD_ANCHOR })

  -- spring: rest length 60, 2 Hz, damping ratio 0.3 (1 would be critical).
  local springBob = box(world, "springBob", { 190, 150 }, { 24, 24 }, "#2a9d8f", "spring")
  world:addBehavior(kinetic.attachment{ item = springBob, anchor = SPRING_ANCHOR, length = 60,
    frequency = 2, damping = 0.3 })

  -- rope: starts 36 pt from its anchor, falls until the rope is taut at 100.
  local ropeBob = box(world, "ropeBob", { 330, 120 }, { 24, 24 }, "#e9c46a", "rope 100")
  world:addBehavior(kinetic.limit{ item = ropeBob, anchor = ROPE_ANCHOR, length = 100 })

  -- Posts for the item-to-item joints: anchored items never move.
  local post = box(world, "post", PIN_POINT, { 14, 14 }, "#264653")
  local freeHub = box(world, "freeHub", { 70, 570 }, { 8, 8 }, "#264653")
  local brakeHub = box(world, "brakeHub", { 180, 570 }, { 8, 8 }, "#264653")
  freeHub.z, brakeHub.z = 1, 1                   -- drawn over their wheels
  world:addBehavior(kinetic.itemBehavior{ items = { post, freeHub, brakeHub }, anchored = true })

  -- pin: a bar whose left end is pinned to the post; it may turn 0.6 rad either way from level.
  local bar = box(world, "bar", { PIN_POINT[1] + 55, PIN_POINT[2] }, { 110, 12 }, "#f4a261", "pin ±0.6")
  world:addBehavior(kinetic.pin{ item = bar, to = post, anchor = PIN_POINT, range = { -0.6, 0.6 } })

  -- wheels: pinned at their centres; frictionTorque (UIKit newton-metres) brakes the spin.
  local freeWheel = box(world, "freeWheel", { 70, 570 }, { 56, 56 }, "#8ecae6", "free", "ellipse")
  local brakeWheel = box(world, "brakeWheel", { 180, 570 }, { 56, 56 }, "#219ebc", "friction", "ellipse")
  world:addBehavior(kinetic.pin{ item = freeWheel, to = freeHub, anchor = { 70, 570 } })
  world:addBehavior(kinetic.pin{ item = brakeWheel, to = brakeHub, anchor = { 180, 570 }, frictionTorque = 0.05 })
  local wheels = kinetic.itemBehavior{ items = { freeWheel, brakeWheel } }
  world:addBehavior(wheels)
  wheels:addAngularVelocity(freeWheel, SPIN)
  wheels:addAngularVelocity(brakeWheel, SPIN)

  -- fixed: a block hung by its top-left corner swings and turns; the flag welded to its right
  -- side turns with it.
  local block = box(world, "block", { 290, 320 }, { 40, 40 }, "#6d597a", "fixed")
  local flag = box(world, "flag", { 325, 320 }, { 30, 14 }, "#b56576")
  world:addBehavior(kinetic.attachment{ item = block, offset = { -20, -20 }, anchor = FIXED_ANCHOR })
  world:addBehavior(kinetic.fixed{ item = flag, to = block, anchor = { 310, 320 } })

  -- slide: moves only along the rail through its anchor, never turns.
  local slider = box(world, "slider", RAIL.anchor, { 30, 30 }, "#52796f", "slide")
  world:addBehavior(kinetic.sliding{ item = slider, anchor = RAIL.anchor, axis = RAIL.axis, range = RAIL.range })

  world:addBehavior(kinetic.gravity{ items = { rodBob, springBob, ropeBob, bar, block, flag, slider } })
end

function level.pointer(world, e)
  if e.phase == "began" then
    local hits = world:itemsIn{ e.x - 1, e.y - 1, 2, 2 }
    if #hits == 0 then return end
    local lx, ly = toLocal(hits[1], e.x, e.y)
    hand = kinetic.attachment{ item = hits[1], anchor = { e.x, e.y }, offset = { lx, ly } }
    world:addBehavior(hand)
  elseif hand and e.phase == "moved" then
    hand.anchor = { e.x, e.y }
  elseif hand and e.phase == "ended" then
    world:removeBehavior(hand)
    hand = nil
  end
end

local function anchorMark(canvas, p, x, y)
  canvas:line(p[1], p[2], x, y, { color = "#888888", width = 1 })
  canvas:rect(p[1] - 4, p[2] - 4, 8, 8, { fill = "#264653" })
end

function level.draw(world, canvas)
  anchorMark(canvas, ROD_ANCHOR, toWorld(world:item("rodBob"), 0, 0))
  anchorMark(canvas, SPRING_ANCHOR, toWorld(world:item("springBob"), 0, 0))
  anchorMark(canvas, ROPE_ANCHOR, toWorld(world:item("ropeBob"), 0, 0))
  anchorMark(canvas, FIXED_ANCHOR, toWorld(world:item("block"), -20, -20))   -- the hanging corner
  local a, d, r = RAIL.anchor, RAIL.axis, RAIL.range
  canvas:line(a[1] + d[1] * r[1], a[2] + d[2] * r[1], a[1] + d[1] * r[2], a[2] + d[2] * r[2],
    { color = "#52796f", width = 2 })
  canvas:text("attachments: rod, spring, rope, pin, wheels, fixed, slide", 12, 36, { size = 12, color = "#333333" })
end

return level
