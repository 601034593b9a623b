-- A photo pinned to a wall (seed 002, the iOS 7 UIKit Dynamics overview): a 50 × 50 box held at its
-- corners by attachments under gravity. The article's experiment is to take attachments away: with
-- four or two it holds, with one it swings round the remaining corner (reference §3 Q4).
--
-- Try: keys 1, 2 and 4 re-hang the photo with that many attachments.

local W, H = 375, 667
local CENTER = { x = 200, y = 100 }
local HALF = 25
-- Corner offsets from the centre, in the order the article removes them: upper-left stays longest.
local CORNERS = {
  { -HALF, -HALF }, { HALF, -HALF },        -- upper left, upper right
  { -HALF, HALF }, { HALF, HALF },          -- lower left, lower right
}

---@type kinetic.Level
local level = { title = "Pinned photo", width = W, height = H, background = "#f1e9da", duration = 4 }

local S, photo
local pins = {}

-- Hang the photo by its first `count` corners. Each anchor is the corner itself, so each
-- attachment's length is 0 (UIKit's default length is the distance at creation).
local function hang(world, count)
  for _, pin in ipairs(pins) do world:removeBehavior(pin) end
  pins = {}
  photo:moveTo(CENTER.x, CENTER.y, 0)
  for i = 1, count do
    local o = CORNERS[i]
    pins[i] = kinetic.attachment{ item = photo, offset = o, anchor = { CENTER.x + o[1], CENTER.y + o[2] } }
    world:addBehavior(pins[i])
  end
  S.count = count
  print(count .. (count == 1 and " attachment" or " attachments"))
end

function level.load(world, state)
  S = state
  photo = world:addItem{ name = "photo", center = CENTER, size = { 2 * HALF, 2 * HALF },
    fill = "#7ec8e3", stroke = "#ffffff", strokeWidth = 3, label = "photo" }
  world:addBehavior(kinetic.gravity{ items = { photo } })
  pins = {}
  hang(world, S.count or 4)
end

function level.key(world, key, down)
  if down and (key == "1" or key == "2" or key == "4") then hang(world, tonumber(key)) end
end

-- The pins: a red dot at every anchor still in use.
function level.draw(_, canvas)
  for _, pin in ipairs(pins) do
    canvas:circle(pin.anchor.x, pin.anchor.y, 3, { fill = "#d62828" })
  end
  canvas:text(#pins .. " attachment(s)   keys 1 / 2 / 4", 12, 40, { size = 14, color = "#333333" })
end

return level
