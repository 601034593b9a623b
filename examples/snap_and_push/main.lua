-- Gallery: snaps and pushes, with no gravity so every motion is the behaviour's own.
--   snaps      three blocks spring to their points with damping 0.1, 0.5 and 0.9, and turn upright
--   continuous a steady 0.5 N push: 200 pt/s² on a 50 × 50 block (mass 0.25)
--   instant    a one-off 0.5 N·s push: +200 pt/s once; the push then turns itself off
--   offset     the same one-off push applied 20 pt above the centre: it also spins the block
--   torque     a steady push above the centre: the block spins faster and faster
--
-- Try: move the pointer to move the snap points; space fires the one-off pushes again.

local W, H = 375, 667
local SNAP_X, SNAP_ROWS = 250, { 120, 200, 280 }
local DAMPINGS = { 0.1, 0.5, 0.9 }

---@type kinetic.Level
local level = { title = "Snap and push", width = W, height = H, background = "#f8f9fa", duration = 4 }

local snaps

local function block(world, name, x, y, colour, label, angle)
  return world:addItem{ name = name, center = { x, y }, size = { 50, 50 }, angle = angle or 0,
    fill = colour, label = label, cornerRadius = 6 }
end

function level.load(world)
  snaps = {}
  for i, damping in ipairs(DAMPINGS) do
    local y = SNAP_ROWS[i]
    local item = block(world, "snap" .. i, 150, y, "#457b9d", "damping " .. damping, 0.5)
    snaps[i] = kinetic.snap{ item = item, point = { SNAP_X, y }, damping = damping }
    world:addBehavior(snaps[i])
  end

  local steady = block(world, "continuous", 60, 380, "#e76f51", "continuous")
  local instant = block(world, "instant", 60, 460, "#2a9d8f", "instant")
  local offset = block(world, "offset", 60, 540, "#e9c46a", "offset")
  local torque = block(world, "torque", 200, 620, "#9d4edd", "torque")
  -- angle 0 points right; magnitude is in UIKit newtons (continuous) or newton-seconds (instantaneous).
  level.pushes = {
    continuous = kinetic.push{ items = { steady }, mode = "continuous", angle = 0, magnitude = 0.5 },
    instant = kinetic.push{ items = { instant }, mode = "instantaneous", angle = 0, magnitude = 0.5 },
    -- offsets are in the item's own axes: (0, -20) is 20 pt above its centre, and turns with it.
    offset = kinetic.push{ items = { offset }, mode = "instantaneous", angle = 0, magnitude = 0.5,
      offset = { 0, -20 } },
    torque = kinetic.push{ items = { torque }, mode = "continuous", angle = 0, magnitude = 0.1,
      offset = { 0, -20 } },
  }
  for _, name in ipairs{ "continuous", "instant", "offset", "torque" } do
    world:addBehavior(level.pushes[name])
  end
  -- The view's edges stop the pushed blocks.
  world:addBehavior(kinetic.collision{ items = { steady, instant, offset, torque }, referenceBounds = true })
end

function level.pointer(_, e)
  if e.phase == "ended" then return end
  for i, snap in ipairs(snaps) do snap.point = { e.x, SNAP_ROWS[i] } end
end

function level.key(_, key, down)
  if key ~= "space" then return false end
  if down then
    level.pushes.instant.active = true               -- an instantaneous push fires again when re-armed
    level.pushes.offset.active = true
  end
  return true                                        -- handled: the window does not pause
end

function level.draw(_, canvas)
  for _, snap in ipairs(snaps) do
    local p = snap.point
    canvas:circle(p.x, p.y, 4, { stroke = "#1d3557" })
  end
  canvas:text("pointer: move the snap points   space: push again", 12, 40, { size = 12, color = "#333333" })
end

return level
