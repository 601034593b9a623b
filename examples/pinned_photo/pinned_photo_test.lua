-- Scenarios for the pinned photo: four or two zero-length attachments hold it still; one lets it
-- turn about the remaining corner, clockwise on screen (positive angles) as its centre drops.

local CENTER = { x = 200, y = 100 }

-- Worst distance from the start and worst |angle| over `seconds`.
local function drift(world, photo, seconds)
  local worst, worstAngle = 0, 0
  for _ = 1, math.floor(seconds * 60) do
    world:step(1)
    worst = math.max(worst, math.sqrt((photo.x - CENTER.x) ^ 2 + (photo.y - CENTER.y) ^ 2))
    worstAngle = math.max(worstAngle, math.abs(photo.angle))
  end
  return worst, worstAngle
end

scenario("with four attachments the photo stays put within 1 pt", function()
  local world = kinetic.load("main.lua")
  local photo = world:item("photo")
  local worst, worstAngle = drift(world, photo, 5)
  -- Four rigid rods of length 0: only solver softness can let it sag, far below 1 pt.
  expect(worst < 1, string.format("the photo moved %.3f pt", worst))
  expect(worstAngle < 0.02, string.format("the photo turned %.4f rad", worstAngle))
end)

scenario("with two attachments (the top corners) it still holds", function()
  local world = kinetic.load("main.lua")
  local photo = world:item("photo")
  world:key("2", true)
  world:key("2", false)
  local worst, worstAngle = drift(world, photo, 5)
  expect(worst < 1, string.format("the photo moved %.3f pt", worst))
  expect(worstAngle < 0.02, string.format("the photo turned %.4f rad", worstAngle))
end)

scenario("with one attachment it turns about the upper-left corner", function()
  local world = kinetic.load("main.lua")
  local photo = world:item("photo")
  world:key("1", true)
  world:key("1", false)
  local maxAngle, cornerError = 0, 0
  for _ = 1, 180 do
    world:step(1)
    maxAngle = math.max(maxAngle, photo.angle)
    -- The upper-left corner, local (-25, -25), rotated by the photo's angle (clockwise-positive).
    local a = photo.angle
    local cx = photo.x - 25 * math.cos(a) + 25 * math.sin(a)
    local cy = photo.y - 25 * math.sin(a) - 25 * math.cos(a)
    cornerError = math.max(cornerError, math.sqrt((cx - 175) ^ 2 + (cy - 75) ^ 2))
  end
  -- Hanging from one corner its centre swings under it: the photo turns between 0 and ~pi/2 about
  -- an equilibrium at +pi/4 (even fully damped it would reach 0.785), so more than 0.6 rad.
  expect(maxAngle > 0.6, string.format("the photo turned clockwise (max angle %.3f rad)", maxAngle))
  -- The remaining attachment keeps its corner on the anchor (1.5 pt: swinging loads the rod).
  expect(cornerError < 1.5, string.format("the corner left its anchor by %.3f pt", cornerError))
end)
