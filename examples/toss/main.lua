-- DynamicToss (seed 003, Ray Wenderlich's UIKit Dynamics tutorial): drag a picture around with an
-- attachment that follows the pointer; let go fast and it is tossed away with a spin, then comes
-- back; let go slowly and it goes straight back.
--
-- Try: grab the goldfish anywhere (off-centre grabs make it turn while dragged) and fling it.

local W, H = 375, 667
local FRAME = { 33, 137, 254, 172 }                   -- the image view's storyboard frame
local HOME = { x = FRAME[1] + FRAME[3] / 2, y = FRAME[2] + FRAME[4] / 2 }   -- (160, 223)
local THROWING_THRESHOLD = 1000                       -- pt/s: slower releases go straight back
local THROWING_VELOCITY_PADDING = 35                  -- "chosen by trial and error"
local RESET_DELAY = 0.4                               -- seconds a tossed picture flies

-- seed 1: math.random (the spin) is seeded from it, so every run tosses the same way.
---@type kinetic.Level
local level = { title = "DynamicToss", width = W, height = H, background = "#ffffff", seed = 1, duration = 3 }

local fish
local grab                                            -- the attachment following the pointer
local touchStart                                      -- where the drag began (the seed's blue square)
local resetIn                                         -- seconds left before a tossed picture returns

-- A point relative to the item's centre, in the item's own (unrotated) axes: UIKit's offsets.
local function toLocal(item, x, y)
  local dx, dy = x - item.x, y - item.y
  local c, s = math.cos(item.angle), math.sin(item.angle)
  return dx * c + dy * s, -dx * s + dy * c
end

local function reset(world)
  world:removeAllBehaviors()
  fish:moveTo(HOME.x, HOME.y, 0)                      -- the seed animates this back over 0.45 s
  grab, resetIn = nil, nil
  print("reset")
end

local function toss(world, vx, vy, speed)
  -- UIKit drops an item's velocity with its behaviours; only the push moves it now.
  fish.velocity = { 0, 0 }
  fish.angularVelocity = 0
  local push = kinetic.push{ items = { fish }, mode = "instantaneous", direction = { vx / 10, vy / 10 } }
  -- Writing magnitude keeps the direction and rescales the vector (as in UIKit): |push| = |v| / 35.
  push.magnitude = speed / THROWING_VELOCITY_PADDING
  world:addBehavior(push)
  local spinning = kinetic.itemBehavior{ items = { fish }, friction = 0.2, allowsRotation = true }
  world:addBehavior(spinning)
  local spin = math.random(0, 19) - 10                -- arc4random_uniform(20) - 10: -10 … 9 rad/s
  spinning:addAngularVelocity(fish, spin)
  resetIn = RESET_DELAY
  print(string.format("toss at %.0f pt/s, spin %d rad/s", speed, spin))
end

function level.load(world)
  fish = world:addItem{ name = "fish", frame = FRAME, image = "goldfish.png", label = "drag me" }
  grab, touchStart, resetIn = nil, nil, nil
  world:removeAllBehaviors()
end

function level.update(world, dt)
  if resetIn then
    resetIn = resetIn - dt
    if resetIn <= 0 then reset(world) end
  end
end

function level.pointer(world, e)
  if e.phase == "began" then
    local lx, ly = toLocal(fish, e.x, e.y)
    if math.abs(lx) > FRAME[3] / 2 or math.abs(ly) > FRAME[4] / 2 then return end   -- missed it
    world:removeAllBehaviors()
    resetIn = nil
    -- A rod of length 0 from the grabbed point of the picture to the pointer.
    grab = kinetic.attachment{ item = fish, offset = { lx, ly }, anchor = { e.x, e.y } }
    world:addBehavior(grab)
    touchStart = { x = e.x, y = e.y }
  elseif grab and e.phase == "moved" then
    grab.anchor = { e.x, e.y }                        -- moving the anchor drags the picture
  elseif grab and e.phase == "ended" then
    world:removeAllBehaviors()
    grab = nil
    local speed = math.sqrt(e.vx * e.vx + e.vy * e.vy)
    if speed > THROWING_THRESHOLD then toss(world, e.vx, e.vy, speed) else reset(world) end
  end
end

-- The seed's markers: red on the anchor that follows the pointer, blue where the drag began.
function level.draw(_, canvas)
  if grab then
    local a = grab.anchor
    canvas:rect(a.x - 4, a.y - 4, 8, 8, { fill = "#e63946" })
    canvas:rect(touchStart.x - 4, touchStart.y - 4, 8, 8, { fill = "#1d4ed8" })
  end
  canvas:text("drag the fish; fling it faster than 1000 pt/s to toss it", 12, 40, { size = 12, color = "#555555" })
end

return level
