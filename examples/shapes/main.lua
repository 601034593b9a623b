-- Gallery: collision shapes.
--   rectangle  the default bounds: on a 20° slope with friction 0.5 it stays put
--   ellipse    rolls down the same slope (friction turns sliding into rolling)
--   path       a convex polygon given around the item's centre: a hexagon lands flat
--   parts      one rigid item made of convex parts: a U shape, concave, carrying a ball
-- Masses come from the true shape areas (density 1: area / 10 000).
--
-- Try: grab anything with the pointer and pull it; tip the U to spill the ball.

local W, H = 375, 667
local FLOOR_Y = 600
local SLOPE = { from = { 10, 160 }, to = { 290, 262 } }
local FRICTION = 0.5                                   -- tan 20° = 0.36 < 0.5: a box does not slide
local HEX = 24                                         -- hexagon circumradius

---@type kinetic.Level
local level = { title = "Shapes", width = W, height = H, background = "#fefae0", duration = 4 }

local hand

-- A point `s` points down the slope, lifted `lift` points off it; and the slope's angle.
local function onSlope(s, lift)
  local dx, dy = SLOPE.to[1] - SLOPE.from[1], SLOPE.to[2] - SLOPE.from[2]
  local len = math.sqrt(dx * dx + dy * dy)
  local ux, uy = dx / len, dy / len                    -- down the slope
  local nx, ny = uy, -ux                               -- away from it (up, since y grows down)
  return { SLOPE.from[1] + ux * s + nx * lift, SLOPE.from[2] + uy * s + ny * lift }, math.atan(dy, dx)
end

local function toLocal(item, x, y)
  local dx, dy = x - item.x, y - item.y
  local c, s = math.cos(item.angle), math.sin(item.angle)
  return dx * c + dy * s, -dx * s + dy * c
end

function level.load(world)
  hand = nil
  local boxAt, slopeAngle = onSlope(50, 20.5)         -- half a side, plus half a point of air
  local box = world:addItem{ name = "box", center = boxAt, size = { 40, 40 }, angle = slopeAngle,
    fill = "#bc6c25", label = "rectangle" }
  local wheelAt = onSlope(130, 20.5)
  local wheel = world:addItem{ name = "wheel", center = wheelAt, size = { 40, 40 }, bounds = "ellipse",
    cornerRadius = 20, fill = "#606c38", label = "ellipse" }

  -- A regular hexagon with flat top and bottom, counter-clockwise on screen.
  local hexagon = {}
  for k = 0, 5 do
    local a = -k * math.pi / 3
    hexagon[#hexagon + 1] = { HEX * math.cos(a), HEX * math.sin(a) }
  end
  local hex = world:addItem{ name = "hex", center = { 60, 420 }, bounds = "path", path = hexagon,
    size = { 2 * HEX, 2 * HEX }, fill = "#dda15e", label = "path" }

  -- The U: a floor and two walls, each convex, together one concave rigid item. Part centres are
  -- relative to the item's centre, which is the centre of the parts' bounding box (100 × 70).
  local cup = world:addItem{ name = "cup", center = { 180, 480 }, size = { 100, 70 }, fill = "#283618",
    label = "parts",
    parts = {
      { center = { 0, 27 }, size = { 100, 16 } },
      { center = { -45, -8 }, size = { 10, 54 } },
      { center = { 45, -8 }, size = { 10, 54 } },
    } }
  local ball = world:addItem{ name = "ball", center = { 180, 470 }, size = { 20, 20 }, bounds = "ellipse",
    cornerRadius = 10, fill = "#e63946" }

  local all = { box, wheel, hex, cup, ball }
  world:addBehavior(kinetic.gravity{ items = all })
  world:addBehavior(kinetic.itemBehavior{ items = all, friction = FRICTION })
  -- The view's edges, with the bottom raised to the floor; and the slope, a segment boundary.
  world:addBehavior(kinetic.collision{ items = all,
    referenceBounds = { top = 0, left = 0, bottom = H - FLOOR_Y, right = 0 },
    boundaries = { { id = "slope", from = SLOPE.from, to = SLOPE.to } } })
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

function level.draw(_, canvas)
  canvas:line(SLOPE.from[1], SLOPE.from[2], SLOPE.to[1], SLOPE.to[2], { color = "#6b705c", width = 3 })
  canvas:rect(0, FLOOR_Y, W, H - FLOOR_Y, { fill = "#a5a58d" })
  canvas:text("rectangle, ellipse, path, parts   drag to pull", 12, 40, { size = 12, color = "#333333" })
end

return level
