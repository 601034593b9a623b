-- BallSwift (seed 000, "Playing With UIDynamics in iOS 9"): a backboard hung from an anchor, rim
-- arms pinned to it, an anchored floor and a bouncy ball. The physics is the seed's; the game rules
-- (shots, baskets, resets, the score) are plain Lua on top of it.
--
-- Try: space shoots the seed's shot; a drag-and-release flicks the ball (direction and length of the
-- drag set the angle and strength; a tap shoots the seed's shot); "r" puts the ball back.

local W, H = 375, 667
local HOOP = { x = 240, y = 300 }                  -- the board's top-left corner (seed's hoopPosition)
local BALL_START = { x = 40, y = H - 100 }
local BALL_SIZE = 28
local ARM_W, ARM_H = 10, 6                         -- rim arms: small ellipses so the ball glances off
local SHOT = { angle = -1.35, magnitude = 1.56 }   -- the seed's "rigged" shot: steeply up and right
local FLICK_SCALE = 100                            -- points of drag per unit of push magnitude
local TAP = 10                                     -- a release closer than this to the press is a tap

---@type kinetic.Level
local level = {
  title = "BallSwift", width = W, height = H, background = "#bde3f7", fps = 60, duration = 6,
  -- Fire the seed's shot on the first step, so `kinetic run examples/basketball` plays it headless.
  -- A scenario sets `level.autoShot = false` right after kinetic.load to aim its own shots.
  autoShot = true,
}

local S                                            -- the state table (survives hot reloads)
-- S also keeps the basket rule's memory (S.previousY: the ball's height after the previous step;
-- S.scoredThisShot), so a restored checkpoint or a rewind finds it as it was then.
local ball, board, leftArm, rightArm, target, push
local aim                                          -- {x, y, toX, toY} while the pointer is down

local function resetBall()
  ball:moveTo(BALL_START.x, BALL_START.y)          -- teleport and stop, as the seed's rebuild does
  push.active = false
  S.previousY = nil
  S.resets = S.resets + 1
  print("reset")
end

local function shoot(angle, magnitude)
  -- Magnitude first, then angle: writing the angle keeps the magnitude (writing a magnitude onto a
  -- zero vector would have no direction to keep).
  push.magnitude = magnitude
  push.angle = angle
  push.active = true                               -- fires once on the next step, then turns itself off
  S.scoredThisShot = false
  S.shots = S.shots + 1
  print(string.format("shot (angle %.2f, magnitude %.2f)", angle, magnitude))
end

--- Fires a shot: `angle` in radians (0 = right, -pi/2 = up), `magnitude` in UIKit newton-seconds.
function level.shoot(_, angle, magnitude) shoot(angle or SHOT.angle, magnitude or SHOT.magnitude) end

-- After every step: the seed's "left the view" reset, and the basket rule. A basket is the ball's
-- centre crossing the rim line downward between the arms' inner edges; the rim follows the board.
local function afterStep()
  local r = BALL_SIZE / 2
  if ball.x + r < 0 or ball.x - r > W or ball.y + r < 0 or ball.y - r > H then
    resetBall()
    return
  end
  local rimY = (leftArm.y + rightArm.y) / 2
  local y = ball.y
  local between = ball.x > leftArm.x + ARM_W / 2 and ball.x < rightArm.x - ARM_W / 2
  if S.previousY and S.previousY < rimY and y >= rimY and between and not S.scoredThisShot then
    S.scoredThisShot = true                          -- one basket per shot, however it rattles
    S.score = S.score + 1
    print("basket! score " .. S.score)
  end
  S.previousY = y
  target.center = { board.x, board.y + 13 }        -- the painted square rides on the board
end

function level.load(world, state)
  S = state
  S.score, S.shots, S.resets = S.score or 0, S.shots or 0, S.resets or 0

  board = world:addItem{ name = "board", frame = { HOOP.x, HOOP.y, 100, 100 },
    fill = "#ffffff", stroke = "#fafafa", strokeWidth = 2 }
  target = world:addItem{ name = "target", frame = { HOOP.x + 30, HOOP.y + 43, 40, 40 },
    fill = "#ffffff00", stroke = "#666666", strokeWidth = 5 }   -- decoration: in no behaviour
  -- The arms are what the ball hits; they are invisible, the red front rim is drawn over them.
  leftArm = world:addItem{ name = "leftArm", bounds = "ellipse", hidden = true,
    frame = { HOOP.x + 20, HOOP.y + 80, ARM_W, ARM_H } }
  rightArm = world:addItem{ name = "rightArm", bounds = "ellipse", hidden = true,
    frame = { HOOP.x + 70, HOOP.y + 80, ARM_W, ARM_H } }
  local floor = world:addItem{ name = "floor", frame = { 0, H - 60, W, 60 }, fill = "#8bc34a" }
  ball = world:addItem{ name = "ball", bounds = "ellipse", center = BALL_START,
    size = { BALL_SIZE, BALL_SIZE }, cornerRadius = BALL_SIZE / 2,
    fill = "#e8762c", stroke = "#7a3b12", strokeWidth = 1.5, z = 1 }
  -- The front rim has no collision body; z = 2 draws it over the ball as it drops through.
  local rim = world:addItem{ name = "rim", frame = { HOOP.x + 20, HOOP.y + 80, 60, 6 },
    fill = "#b11919", cornerRadius = 3, z = 2 }

  -- Bolts: pins hold the arms and the front rim to the board at two points of the rim line.
  local boltL, boltR = { HOOP.x + 25, HOOP.y + 85 }, { HOOP.x + 75, HOOP.y + 85 }
  world:addBehavior(kinetic.pin{ item = rim, to = board, anchor = boltL })
  world:addBehavior(kinetic.pin{ item = rim, to = board, anchor = boltR })
  world:addBehavior(kinetic.pin{ item = leftArm, to = board, anchor = boltL })
  world:addBehavior(kinetic.pin{ item = rightArm, to = board, anchor = boltR })

  -- Hang the board on a rod of length 2. The seed anchors the rod at hoopPosition, 71 pt from the
  -- board's centre: a rigid rod is always at its length, so the first step would yank the board (and
  -- the hoop) 69 pt up-left, away from the rigged shot. We keep the rod's direction and length and
  -- put the anchor 2 pt from the centre, so the board hangs where the seed draws it and can swing
  -- along a 2-pt arc. damping 5 is the seed's; it only acts on springs (frequency > 0).
  local cx, cy = HOOP.x + 50, HOOP.y + 50
  world:addBehavior(kinetic.attachment{ item = board, anchor = { cx - math.sqrt(2), cy - math.sqrt(2) },
    length = 2, damping = 5 })

  world:addBehavior(kinetic.itemBehavior{ items = { leftArm, rightArm }, density = 10, allowsRotation = false })
  -- resistance is not in the seed: a rigid rod ignores damping, so without it a hit board would
  -- circle its anchor forever.
  world:addBehavior(kinetic.itemBehavior{ items = { board }, allowsRotation = false, resistance = 1 })
  world:addBehavior(kinetic.itemBehavior{ items = { floor }, anchored = true })
  local ballBehavior = kinetic.itemBehavior{ items = { ball }, elasticity = 1, density = 3 }
  ballBehavior.action = afterStep
  world:addBehavior(ballBehavior)
  world:addBehavior(kinetic.collision{ items = { leftArm, rightArm, floor, ball } })
  world:addBehavior(kinetic.gravity{ items = { ball } })   -- only the ball falls
  -- One instantaneous push, re-armed for every shot (setting `active` fires it again).
  push = kinetic.push{ items = { ball }, mode = "instantaneous", active = false }
  world:addBehavior(push)
  S.previousY, S.scoredThisShot, aim = nil, false, nil
end

function level.update()
  if level.autoShot and S.shots == 0 then shoot(SHOT.angle, SHOT.magnitude) end
end

function level.pointer(_, e)
  if e.phase == "began" then
    aim = { x = e.x, y = e.y, toX = e.x, toY = e.y }
  elseif aim and e.phase == "moved" then
    aim.toX, aim.toY = e.x, e.y
  elseif aim and e.phase == "ended" then
    local dx, dy = e.x - aim.x, e.y - aim.y
    local length = math.sqrt(dx * dx + dy * dy)
    aim = nil
    if length < TAP then
      shoot(SHOT.angle, SHOT.magnitude)            -- a tap: the seed's tap gesture
    else                                           -- a flick: the drag is the direction and strength
      shoot(math.atan(dy, dx), math.min(length / FLICK_SCALE, 3))
    end
  end
end

-- Returning true tells the window the key was handled: space and r then shoot and reset the ball
-- instead of pausing and restarting the level.
function level.key(_, key, down)
  if key ~= "space" and key ~= "r" then return false end
  if down then
    if key == "space" then shoot(SHOT.angle, SHOT.magnitude) else resetBall() end
  end
  return true
end

function level.draw(_, canvas)
  canvas:text("Score " .. S.score, 16, 44, { size = 26, color = "#1d3557" })
  canvas:text("space: shoot   drag: flick   r: reset", 16, 70, { size = 12, color = "#457b9d" })
  if aim then
    canvas:line(aim.x, aim.y, aim.toX, aim.toY, { color = "#ffffff", width = 3 })
    canvas:circle(aim.toX, aim.toY, 5, { fill = "#ffffff" })
  end
end

function level.reloaded(_, state)
  print("reloaded (score " .. state.score .. ")")
end

return level
