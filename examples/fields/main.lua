-- Gallery: every field kind, one per cell, with the debug drawing on (field vectors, outlines).
-- Each field sits at its cell's centre and reaches only its cell (a region the cell's size); the
-- dots are 20 × 20 ellipses (mass π·10²/10⁴ ≈ 0.0314), and no gravity acts here, so what moves them is the field alone.
-- The last cell shows composite regions (difference, union, intersection, inverse): gravity acts
-- everywhere in it but in a central hole.
--
-- Try: g toggles the debug drawing.

local W, H = 375, 667
local CELL_W, CELL_H, TOP = 125, 150, 60
local TITLE_H = 20                         -- a strip at the top of each cell for its title, above the walls
local DOT = 20

---@type kinetic.Level
local level = { title = "Fields", width = W, height = H, background = "#ffffff", duration = 6 }

local S
local titles = {}                          -- cell number → title, drawn by level.draw

-- Cell n (1-12, row by row, three per row): its top-left corner and centre.
local function cell(n)
  local col, row = (n - 1) % 3, (n - 1) // 3
  local x, y = col * CELL_W, TOP + row * CELL_H
  return { x = x, y = y, cx = x + CELL_W / 2, cy = y + CELL_H / 2 }
end

-- A cell's title is drawn by the HUD, in a strip its dot cannot enter (its walls start below it);
-- as an item's label it would get a debug outline and a rotation line of its own.
local function title(n, text)
  titles[n] = text
end

-- A dot at (dx, dy) from the cell's centre.
local function dot(world, name, c, dx, dy, colour, label)
  return world:addItem{ name = name, center = { c.cx + dx, c.cy + dy }, size = { DOT, DOT },
    bounds = "ellipse", cornerRadius = DOT / 2, fill = colour or "#1d3557", label = label, labelSize = 10 }
end

-- The field of cell `c`: positioned at its centre, reaching only inside the cell.
local function field(world, c, def)
  def.position = { c.cx, c.cy }
  def.region = def.region or kinetic.region{ size = { CELL_W, CELL_H } }
  local f = kinetic.field(def)
  world:addBehavior(f)
  return f
end

function level.load(world, state)
  S = state
  S.custom = { calls = 0 }
  world.debug = true
  local dots, walls = {}, {}
  local function add(d) dots[#dots + 1] = d; return d end

  -- 1. linear gravity: a constant pull along `direction` (here to the right, 100 pt/s²).
  local c = cell(1); title(1, "linearGravity")
  field(world, c, { kind = "linearGravity", items = { add(dot(world, "linear", c, -40, 0)) },
    direction = { 1, 0 }, strength = 1 })

  -- 2. radial gravity: towards the field's position; minimumRadius keeps the centre finite.
  c = cell(2); title(2, "radialGravity")
  field(world, c, { kind = "radialGravity", items = { add(dot(world, "radial", c, 40, 0)) },
    strength = 1, minimumRadius = 5 })

  -- 3. spring: Hooke's law towards the position (period 2π·sqrt(m / (s·100)) = 1.26 s here).
  c = cell(3); title(3, "spring")
  field(world, c, { kind = "spring", items = { add(dot(world, "spring", c, 40, 0)) }, strength = 0.01 })

  -- 4. electric: acts on charge only; the grey dot has none.
  c = cell(4); title(4, "electric")
  local charged = add(dot(world, "charged", c, -30, -30, "#e63946", "+"))
  local neutral = add(dot(world, "neutral", c, -30, 30, "#8d99ae", "0"))
  field(world, c, { kind = "electric", items = { charged, neutral }, strength = 0.01 })

  -- 5. magnetic: bends a moving charge into a circle (speed kept), turning at ω = q·s/m rad/s.
  c = cell(5); title(5, "magnetic")
  local orbiter = add(dot(world, "orbiter", c, -20, 20, "#e63946", "+"))
  field(world, c, { kind = "magnetic", items = { orbiter }, strength = 0.2 })

  -- 6. vortex: pushes across the line to the centre, so a dot at rest starts circling.
  c = cell(6); title(6, "vortex")
  field(world, c, { kind = "vortex", items = { add(dot(world, "vortex", c, 40, 0)) }, strength = 0.2 })

  -- 7. drag: a force against the velocity (Stokes, F = −s·v): the dot launched at 60 pt/s slows
  --    down as e^(−s·t/m).
  c = cell(7); title(7, "drag")
  local dragged = add(dot(world, "dragged", c, -40, 0))
  field(world, c, { kind = "drag", items = { dragged }, strength = 0.05 })

  -- 8. velocity: sets the velocity of what is inside (direction × strength), overriding forces.
  c = cell(8); title(8, "velocity")
  field(world, c, { kind = "velocity", items = { add(dot(world, "conveyed", c, -40, 0)) },
    direction = { 1, 0 }, strength = 0.5 })

  -- 9. noise: smooth random forces that change over time.
  c = cell(9); title(9, "noise")
  field(world, c, { kind = "noise", items = { add(dot(world, "noisy", c, 0, 0)) },
    strength = 1, smoothness = 0.5, animationSpeed = 1 })

  -- 10. turbulence: noise scaled by speed: the resting dot feels nothing, the moving one is shaken.
  c = cell(10); title(10, "turbulence")
  local still = add(dot(world, "still", c, -30, -30, "#8d99ae", "0"))
  local rushing = add(dot(world, "rushing", c, -30, 30))
  field(world, c, { kind = "turbulence", items = { still, rushing }, strength = 0.05,
    smoothness = 0.5, animationSpeed = 1 })

  -- 11. custom: any Lua function of (x, y, vx, vy, mass, charge, time) returning a force in UIKit
  -- newtons; 2 newtons per unit of mass lifts anything at 100 · 2 = 200 pt/s². The call is recorded
  -- in `state` so the scenario can check what the field was given.
  c = cell(11); title(11, "custom")
  field(world, c, { kind = "custom", items = { add(dot(world, "lifted", c, 0, 40)) },
    evaluate = function(x, y, _, _, mass, _, time)
      local rec = S.custom
      rec.calls, rec.x, rec.y, rec.mass, rec.time = rec.calls + 1, x, y, mass, time
      return 0, -2 * mass
    end })

  -- 12. regions, all centred on the field's position: a ring (a disc of radius 50 minus one of
  -- radius 20) joined with the part of the cell outside the disc, i.e. the whole cell but the hole.
  -- Gravity in that region pulls the dots in the ring and in the corner down, not the one in the hole.
  c = cell(12); title(12, "composite region")
  local disc, hole = kinetic.region{ radius = 50 }, kinetic.region{ radius = 20 }
  local ring = disc:difference(hole)
  local corners = kinetic.region{ size = { CELL_W, CELL_H } }:intersection(disc:inverse())
  field(world, c, { kind = "linearGravity", direction = { 0, 1 }, strength = 1, region = ring:union(corners),
    items = {
      add(dot(world, "inRing", c, 35, 0, "#2a9d8f", "in")),
      add(dot(world, "inCorner", c, -45, -40, "#2a9d8f", "in")),
      add(dot(world, "inHole", c, 0, 0, "#8d99ae", "out")),
    } })

  -- Walls round every cell below its title keep each dot at home; "boundaries" lets dots pass
  -- through each other.
  for n = 1, 12 do
    local k = cell(n)
    local x1, y1, x2, y2 = k.x + 1, k.y + TITLE_H, k.x + CELL_W - 1, k.y + CELL_H - 1
    walls[n] = { id = "cell " .. n, path = { { x1, y1 }, { x2, y1 }, { x2, y2 }, { x1, y2 }, { x1, y1 } } }
  end
  world:addBehavior(kinetic.collision{ items = dots, mode = "boundaries", boundaries = walls })

  -- Charges, and the launches of the moving dots.
  local charges = kinetic.itemBehavior{ items = { charged, orbiter }, charge = 1 }
  world:addBehavior(charges)
  orbiter.velocity = { 0, -60 }
  dragged.velocity = { 60, 0 }
  rushing.velocity = { 40, 0 }
end

function level.key(world, key, down)
  if down and key == "g" then world.debug = not world.debug end
end

function level.draw(_, canvas)
  canvas:text("every field kind, one per cell   g: debug", 12, 40, { size = 12, color = "#333333" })
  for n, text in ipairs(titles) do
    local c = cell(n)
    canvas:text(text, c.cx, c.y + 4, { size = 12, color = "#1d3557", align = "center" })
  end
end

return level
