-- Noise field playground (seed 001, iOS 9 Day-by-Day: UIKit Dynamics): a square and an ellipse
-- under gravity and a noise field, kept inside the view by the reference bounds with insets. The
-- seed turns gravity with the device's tilt and tunes the field with three sliders; here the arrow
-- keys (or the pointer) tilt, and keys stand in for the sliders.
--
-- Try: arrows point gravity that way; press and move the pointer to point gravity from the centre
-- towards it; q/a strength ±1 (0-25), w/s smoothness ±0.1 (0-1), e/d speed ±0.1 (0-1);
-- g toggles the debug drawing; r restores the seed's values.

local W, H = 375, 667
local INSETS = { top = 20, left = 5, bottom = 5, right = 5 }   -- clear of the status bar
local DEFAULTS = { strength = 0.5, smoothness = 1.0, speed = 0.5 }
local LIMITS = { strength = 25, smoothness = 1, speed = 1 }    -- the seed's slider ranges (min 0)
local KEYS = {                                                  -- key = {setting, step}
  q = { "strength", 1 }, a = { "strength", -1 },
  w = { "smoothness", 0.1 }, s = { "smoothness", -0.1 },
  e = { "speed", 0.1 }, d = { "speed", -0.1 },
}
local TILT = { left = { -1, 0 }, right = { 1, 0 }, up = { 0, -1 }, down = { 0, 1 } }

---@type kinetic.Level
local level = { title = "Noise field", width = W, height = H, background = "#ffffff", duration = 10 }

local S, gravity, noise

local function clamp(v, lo, hi) return math.max(lo, math.min(hi, v)) end

-- The sliders live in `state`, so a hot reload keeps what you tuned.
local function applySettings()
  noise.strength = S.strength
  noise.smoothness = S.smoothness
  noise.animationSpeed = S.speed
end

local function tilt(dx, dy)
  S.gravity = { dx, dy }
  gravity.direction = S.gravity                  -- a unit vector: 1 g whichever way the device points
end

function level.load(world, state)
  S = state
  for k, v in pairs(DEFAULTS) do S[k] = S[k] or v end
  S.gravity = S.gravity or { 0, 1 }
  if S.debug == nil then S.debug = true end
  world.debug = S.debug                          -- the seed's private debugEnabled: field vectors, outlines

  -- The seed places them at (0, 0) and (0, 100), overlapping the inset boundary (left 5, top 20);
  -- we start them side by side just inside it.
  local square = world:addItem{ name = "square", frame = { 40, 60, 100, 100 }, fill = "#1e64f0", label = "square" }
  local ellipse = world:addItem{ name = "ellipse", frame = { 200, 60, 100, 100 }, bounds = "ellipse",
    cornerRadius = 50, fill = "#ffd60a", label = "ellipse" }
  local items = { square, ellipse }

  gravity = kinetic.gravity{ items = items, direction = S.gravity }
  noise = kinetic.field{ kind = "noise", items = items, smoothness = S.smoothness,
    animationSpeed = S.speed, strength = S.strength }
  world:addBehavior(gravity)
  world:addBehavior(noise)
  world:addBehavior(kinetic.collision{ items = items, referenceBounds = INSETS })
end

-- Returns true for the keys it uses, so the window's own q (quit), d (debug) and r (restart) give
-- way to the sliders.
function level.key(world, key, down)
  local handled = KEYS[key] or TILT[key] or key == "g" or key == "r"
  if not down then return handled end
  local k = KEYS[key]
  if k then
    local name, step = k[1], k[2]
    S[name] = clamp(S[name] + step, 0, LIMITS[name])
    applySettings()
  elseif TILT[key] then
    tilt(TILT[key][1], TILT[key][2])
  elseif key == "g" then
    S.debug = not S.debug
    world.debug = S.debug
  elseif key == "r" then
    for name, v in pairs(DEFAULTS) do S[name] = v end
    applySettings()
    tilt(0, 1)
  end
  return handled
end

-- The pointer plays the device: gravity points from the centre of the view towards it.
function level.pointer(_, e)
  if e.phase == "ended" then return end
  local dx, dy = e.x - W / 2, e.y - H / 2
  local d = math.sqrt(dx * dx + dy * dy)
  if d > 10 then tilt(dx / d, dy / d) end
end

-- The settings sit on a panel between the status bar and the items' starting row: the debug
-- drawing's field arrows cover the whole view, and the panel keeps the text over them readable.
function level.draw(_, canvas)
  local g = S.gravity
  canvas:rect(INSETS.left, 22, W - INSETS.left - INSETS.right, 34, { fill = "#ffffffe6", stroke = "#d0d0d0" })
  canvas:text(string.format("strength %.1f (q/a)   smoothness %.1f (w/s)   speed %.1f (e/d)",
    S.strength, S.smoothness, S.speed), 10, 25, { size = 12, color = "#333333" })
  canvas:text(string.format("gravity (%.2f, %.2f): arrows or pointer   g: debug   r: reset",
    g[1], g[2]), 10, 40, { size = 12, color = "#333333" })
  canvas:line(W / 2, H / 2, W / 2 + 30 * g[1], H / 2 + 30 * g[2], { color = "#e63946", width = 3 })
end

return level
