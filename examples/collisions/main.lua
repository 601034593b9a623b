-- Gallery: collision behaviours. Three columns, each with its own collision behaviour and mode:
--   A  "everything"  boxes hit each other and the tray (a boundary from a path): they stack
--   B  "boundaries"  boxes land on a floor (a boundary from a segment) and pass through each other
--   C  "items"       the box falls through its behaviour's line boundary and lands on an anchored shelf
-- Below, a ball bounces inside the reference bounds with insets. Every behaviour counts its
-- began/ended contacts on the HUD; the counts are kept in `state`.
--
-- Try: space removes B's floor (and puts it back).

local W, H = 375, 667
local BOX = 40
local INSETS = { top = 480, left = 20, bottom = 20, right = 20 }
local B_FLOOR = { id = "B floor", from = { 135, 440 }, to = { 240, 440 } }

---@type kinetic.Level
local level = { title = "Collisions", width = W, height = H, background = "#ffffff", duration = 5 }

local S

local function box(world, name, x, y, colour, label)
  return world:addItem{ name = name, center = { x, y }, size = { BOX, BOX }, fill = colour, label = label }
end

-- A collision behaviour whose callbacks count contacts into state.counts[key]. `b` is the other
-- item, or the id of a boundary ("bounds" for the reference bounds).
local function counted(key, def)
  local count = { began = 0, ended = 0, withItems = 0, withBoundaries = 0, partners = {} }
  S.counts[key] = count
  def.began = function(_, b)
    count.began = count.began + 1
    if type(b) == "string" then
      count.withBoundaries = count.withBoundaries + 1
      count.partners[b] = true
    else
      count.withItems = count.withItems + 1
    end
  end
  def.ended = function() count.ended = count.ended + 1 end
  return kinetic.collision(def)
end

function level.load(world, state)
  S = state
  S.counts = {}
  level.collisions = {}

  -- A: everything. The tray is one path boundary: wall, floor, wall.
  local a1 = box(world, "A1", 62, 220, "#e76f51", "A1")
  local a2 = box(world, "A2", 62, 300, "#f4a261", "A2")
  level.collisions.A = counted("A", { items = { a1, a2 }, mode = "everything",
    boundaries = { { id = "A tray", path = { { 10, 380 }, { 10, 440 }, { 115, 440 }, { 115, 380 } } } } })
  -- UIKit items have no friction by default: without some, a stack slides apart at the slightest tilt.
  world:addBehavior(kinetic.itemBehavior{ items = { a1, a2 }, friction = 0.5 })

  -- B: boundaries only. Same drop, but the boxes ignore each other.
  local b1 = box(world, "B1", 187, 220, "#2a9d8f", "B1")
  local b2 = box(world, "B2", 187, 300, "#8ab17d", "B2")
  level.collisions.B = counted("B", { items = { b1, b2 }, mode = "boundaries", boundaries = { B_FLOOR } })

  -- C: items only. The line at y = 330 belongs to this behaviour, and is ignored in this mode.
  local c1 = box(world, "C1", 312, 220, "#6d597a", "C1")
  local shelf = world:addItem{ name = "shelf", center = { 312, 440 }, size = { 60, 20 }, fill = "#264653" }
  world:addBehavior(kinetic.itemBehavior{ items = { shelf }, anchored = true })
  level.collisions.C = counted("C", { items = { c1, shelf }, mode = "items",
    boundaries = { { id = "C line", from = { 260, 330 }, to = { 365, 330 } } } })

  -- The bouncer: the reference bounds inset to a box at the bottom of the view.
  local ball = world:addItem{ name = "bouncer", center = { 100, 560 }, size = { 30, 30 }, bounds = "ellipse",
    cornerRadius = 15, fill = "#e63946", label = "bounds" }
  level.collisions.bounds = counted("bounds", { items = { ball }, referenceBounds = INSETS })
  world:addBehavior(kinetic.itemBehavior{ items = { ball }, elasticity = 1 })
  ball.velocity = { 180, -140 }

  for _, key in ipairs{ "A", "B", "C", "bounds" } do world:addBehavior(level.collisions[key]) end
  world:addBehavior(kinetic.gravity{ items = { a1, a2, b1, b2, c1 } })
end

function level.key(_, key, down)
  if key ~= "space" then return false end
  if down then
    local b = level.collisions.B
    if #b:boundaryIds() > 0 then b:removeBoundary(B_FLOOR.id) else b:addBoundary(B_FLOOR) end
  end
  return true                                        -- handled: the window does not pause
end

local GREY = { color = "#999999", width = 2 }

function level.draw(_, canvas)
  -- The boundaries (world.debug draws them too).
  canvas:line(10, 380, 10, 440, GREY)
  canvas:line(10, 440, 115, 440, GREY)
  canvas:line(115, 440, 115, 380, GREY)
  canvas:line(260, 330, 365, 330, GREY)
  if #level.collisions.B:boundaryIds() > 0 then
    canvas:line(B_FLOOR.from[1], B_FLOOR.from[2], B_FLOOR.to[1], B_FLOOR.to[2], GREY)
  end
  canvas:rect(INSETS.left, INSETS.top, W - INSETS.left - INSETS.right, H - INSETS.top - INSETS.bottom,
    { stroke = "#999999" })
  local y = 40
  for _, key in ipairs{ "A", "B", "C", "bounds" } do
    local c = S.counts[key]
    canvas:text(string.format("%-7s began %3d   ended %3d", key, c.began, c.ended), 12, y,
      { size = 12, color = "#333333" })
    y = y + 16
  end
end

return level
