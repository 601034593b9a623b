-- Newton's cradle (seed 004, "UIKit Dynamics" day 0): five balls on rigid attachments under strong
-- gravity, colliding elastically. One composite behaviour holds everything, as in the seed.
--
-- Try: drag a ball sideways: the push on it grows with the horizontal distance you drag.

local W, H = 375, 667
local COUNT = 5
local PITCH = W / (3 * (COUNT - 1))       -- 31.25 pt between centres
local SIZE = PITCH - 1                    -- 30.25 pt: a 1-pt gap between resting balls
local ROD = H / 4                         -- anchors this far above the balls: 166.75 pt
local GRAB = SIZE / 2 + 4                 -- pointer hit radius around a ball's centre

---@type kinetic.Level
local level = { title = "Newton's cradle", width = W, height = H, background = "#ffffff", duration = 6 }

local balls, anchors = {}, {}
local drag, dragStartX                    -- the push the pointer is applying, and where it began

function level.load(world)
  balls, anchors, drag = {}, {}, nil
  local cradle = kinetic.behavior{}
  for i = 1, COUNT do
    local x, y = W / 3 + (i - 1) * PITCH, H / 2
    -- iOS 7 bodies are rectangles: the balls collide as squares (flat faces make clean hits),
    -- drawn round.
    balls[i] = world:addItem{ name = "ball" .. i, center = { x, y }, size = { SIZE, SIZE },
      cornerRadius = SIZE / 2, fill = "#d3d3d3", stroke = "#808080", strokeWidth = 2 }
    anchors[i] = { x = x, y = y - ROD }
    -- No length given: a rigid rod as long as the distance at creation.
    cradle:addChild(kinetic.attachment{ item = balls[i], anchor = { anchors[i].x, anchors[i].y } })
  end
  cradle:addChild(kinetic.gravity{ items = balls, magnitude = 10 })     -- 10 000 pt/s²
  cradle:addChild(kinetic.collision{ items = balls })
  cradle:addChild(kinetic.itemBehavior{ items = balls, elasticity = 1, allowsRotation = false, resistance = 2 })
  world:addBehavior(cradle)
  -- Start it: half a UIKit newton-second to the left on the first ball (~550 pt/s).
  drag = kinetic.push{ items = { balls[1] }, mode = "instantaneous", direction = { -0.5, 0 } }
  world:addBehavior(drag)
end

local function ballAt(x, y)
  for _, ball in ipairs(balls) do
    if (ball.x - x) ^ 2 + (ball.y - y) ^ 2 <= GRAB * GRAB then return ball end
  end
end

function level.pointer(world, e)
  if e.phase == "began" then
    local ball = ballAt(e.x, e.y)
    if not ball then return end
    if drag then world:removeBehavior(drag) end
    drag = kinetic.push{ items = { ball }, mode = "continuous", direction = { 0, 0 } }
    world:addBehavior(drag)
    dragStartX = e.x
  elseif dragStartX and e.phase == "moved" then
    drag.direction = { (e.x - dragStartX) / 10, 0 }   -- a force proportional to the drag
  elseif dragStartX and e.phase == "ended" then
    world:removeBehavior(drag)
    drag, dragStartX = nil, nil
  end
end

-- The rods as lines to each ball's rim, and the anchors as small blue squares.
function level.draw(_, canvas)
  for i, ball in ipairs(balls) do
    local a = anchors[i]
    local dx, dy = ball.x - a.x, ball.y - a.y
    local k = 1 - (SIZE / 2) / math.sqrt(dx * dx + dy * dy)
    canvas:line(a.x, a.y, a.x + dx * k, a.y + dy * k, { color = "#9e9e9e", width = 1 })
    canvas:rect(a.x - 5, a.y - 5, 10, 10, { fill = "#0000ff" })
  end
end

return level
