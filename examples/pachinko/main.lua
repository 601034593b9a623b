-- Pachinko: a peg board two and a half views tall. Aim the launcher at the top, shoot a steel ball
-- and follow it down with the camera: every peg it hits lights up and scores once, every hit ticks
-- louder the harder it lands, and the bucket it falls into at the bottom scores once more. Five
-- balls a game; the best score is saved and is still there the next time.
--
-- Try: move the pointer (hold the button) to aim and release to shoot, or aim with the left and
-- right arrows and shoot with space. After the last ball, click or press space for a new game.
-- Without input the board plays itself (a demo), so `kinetic run examples/pachinko --headless`
-- shows a game. The sprites and sounds are made by make_assets.py.

local VIEW_W, VIEW_H = 400, 600
local W, H = 400, 1600
local LAUNCHER = { x = W / 2, y = 50 }               -- the barrel's pivot
local MUZZLE = 34                                    -- pt from the pivot to where a ball leaves it
local MAX_AIM = 1.3                                  -- rad either side of straight down
local AIM_RATE = 1.2                                 -- rad/s while an arrow key is held
local SHOT_SPEED = 420                               -- pt/s out of the barrel
local BALL = 16                                      -- ball diameter, pt
local PEG = 12                                       -- peg diameter, pt
local BALLS = 5                                      -- balls per game
local LOUDEST = 450                                  -- pt/s: an impact this fast ticks at full volume
local QUIET = 25                                     -- pt/s: slower touches (rolling, resting) are silent
local BUCKET_TOP = 1490                              -- top of the dividers between the buckets
local BUCKET_POINTS = { 50, 200, 500, 200, 50 }
local BUCKET_W = W / #BUCKET_POINTS
local STUCK_TIME = 1.5                               -- s a ball may sit still on the pegs before a nudge
local DEMO_DELAY = 0.8                               -- s the demo aims before it shoots

---@type kinetic.Level
local level = { title = "Pachinko", width = W, height = H, view = { VIEW_W, VIEW_H },
  background = "#f1faee", duration = 12,
  -- Without input the board plays itself. A scenario sets `level.autoPlay = false` right after
  -- kinetic.load to take the shots itself.
  autoPlay = true }

local hit = kinetic.sound("hit.wav")
local chime = kinetic.sound("bucket.wav")

local S                                              -- the state table (survives hot reloads)
local gravity, walls, material                       -- the behaviours every new ball joins

-- Stereo position of a world x: -1 at the left wall, 1 at the right (a contact on a wall can lie a
-- hair outside the board).
local function pan(x) return math.max(-1, math.min(1, (x - W / 2) / (W / 2))) end

local function say(world, fmt, ...)
  print(string.format("%5.2f s  " .. fmt, world.time, ...))
end

local function addBall(world, name, x, y)
  local ball = world:addItem{ name = name, center = { x, y }, size = { BALL, BALL },
    bounds = "ellipse", image = "ball.png", z = 2, data = { kind = "ball", scored = false, still = 0 } }
  gravity:addItem(ball)
  walls:addItem(ball)
  material:addItem(ball)
  return ball
end

--- Puts a new ball at (x, y), at rest, in every behaviour a ball needs. Exposed for the scenario.
function level.spawnBall(world, x, y)
  S.balls = S.balls + 1
  return addBall(world, "ball" .. S.balls, x, y)
end

local function pegImage(peg)
  local d = peg.data
  return (d.gold and "gold" or "peg") .. (d.lit and "_lit.png" or ".png")
end

local FOLLOW = { lerp = 0.15, deadzone = { VIEW_W, 160 } }

local function aimDirection(angle) return math.sin(angle), math.cos(angle) end

--- Shoots the next ball at `angle` (rad from straight down, positive toward the right).
function level.shoot(world, angle)
  if S.phase ~= "aim" then return nil end
  S.aim = math.max(-MAX_AIM, math.min(MAX_AIM, angle or S.aim))
  local dx, dy = aimDirection(S.aim)
  local ball = level.spawnBall(world, LAUNCHER.x + dx * MUZZLE, LAUNCHER.y + dy * MUZZLE)
  -- J = m·v / 100 gives the ball SHOT_SPEED whatever its mass (Δv = 100 × J / m).
  local j = ball.mass * SHOT_SPEED / 100
  ball:applyImpulse{ dx * j, dy * j }
  S.shots = S.shots + 1
  S.ballsLeft = S.ballsLeft - 1
  S.ball, S.phase, S.litThisShot = ball, "flying", 0
  world:follow(ball, FOLLOW)
  say(world, "shot %d at %.2f rad, %d left", S.shots, S.aim, S.ballsLeft)
  return ball
end

local function aimAt(p)
  if p.x == nil then return end
  local dx, dy = p.x - LAUNCHER.x, p.y - LAUNCHER.y
  if dx * dx + dy * dy < 1 then return end
  -- atan(dx, dy): 0 straight down, growing toward +x; above the pivot it clamps to the side.
  S.aim = math.max(-MAX_AIM, math.min(MAX_AIM, math.atan(dx, math.max(dy, 0))))
end

local function light(world, peg)
  local d = peg.data
  d.hits = d.hits + 1
  if d.lit then return end
  d.lit = true
  peg.image = pegImage(peg)
  S.score = S.score + d.points
  S.pegScore = S.pegScore + d.points
  S.litThisShot = S.litThisShot + 1
  say(world, "peg +%d (score %d)", d.points, S.score)
end

-- Every contact a ball makes: a tick at a volume that follows the impact speed, panned to its side,
-- rising in pitch with each peg lit by the same ball (Peggle's scale); a peg lights the first time.
local function contact(world)
  return function(a, b, point, speed)
    local ball, other = a, b
    if type(b) ~= "string" and b.data.kind == "ball" then ball, other = b, a end
    if ball.data.kind ~= "ball" then return end
    local peg = type(other) ~= "string" and other.data.kind == "peg" and other or nil
    if peg then light(world, peg) end
    if speed < QUIET then return end
    hit:play{ volume = math.min(1, speed / LOUDEST), pan = pan(point.x),
      pitch = peg and 1 + 0.06 * math.min(S.litThisShot, 15) or 0.8 }
  end
end

local function bucket(i)
  return function(_, item)
    local d = item.data
    if d.kind ~= "ball" or d.scored then return end  -- each ball scores once, whatever it does next
    d.scored = true
    local points = BUCKET_POINTS[i]
    S.score = S.score + points
    S.landings[#S.landings + 1] = { ball = item.name, bucket = i, points = points }
    S.flash = { bucket = i, until_ = item.world.time + 0.6 }
    d.removeAt = item.world.time + 0.5
    chime:play{ volume = 0.8, pitch = 0.75 + 0.25 * points / 200, pan = pan(item.x) }
    say(item.world, "bucket %d +%d (score %d)", i, points, S.score)
  end
end

local function gameOver(world)
  S.phase = "over"
  S.overAt = world.time
  if S.score > S.best then
    S.best = S.score
    kinetic.save("best", S.best)
    say(world, "game over: score %d, a new high score", S.score)
  else
    say(world, "game over: score %d (best %d)", S.score, S.best)
  end
end

local function ballDone(world)
  world:removeItem(S.ball)
  world:follow(nil)                                  -- level.update eases the camera back up
  S.ball = nil
  if S.ballsLeft == 0 then gameOver(world) else S.phase = "aim" end
  S.demoClock = 0
end

--- A new game: every peg dark, the score 0, all the balls back, the best read from the saved data.
function level.restart(world)
  if S.ball then world:removeItem(S.ball) end
  for _, peg in ipairs(S.pegs) do
    peg.data.lit, peg.data.hits = false, 0
    peg.image = pegImage(peg)
  end
  S.score, S.pegScore, S.ballsLeft, S.phase = 0, 0, BALLS, "aim"
  S.ball, S.landings, S.demoClock, S.flash, S.litThisShot = nil, {}, 0, nil, 0
  S.best = kinetic.saved("best") or 0
  world:follow(nil)
end

function level.load(world, state)
  S = state
  -- `state` is empty on the first load and on a restart (r); after a hot reload it holds the game,
  -- which goes on.
  local reloading = S.score ~= nil
  if not reloading then S.shots, S.balls, S.aim, S.input = 0, 0, 0, false end
  S.pegs = {}

  -- Pegs in staggered rows; the seed's math.random shifts each a little (so no ball balances on a
  -- peg's top forever) and makes one in eight gold.
  local row = 0
  for y = 170, 1420, 62 do
    for x = 50 - (row % 2) * 25, W - 25, 50 do
      local gold = math.random() < 1 / 8
      -- A peg by a wall stays put: a 19-pt gap lets the 16-pt ball by, a narrower one would wedge it.
      local dx = (x > 40 and x < W - 40) and math.random(-5, 5) or 0
      -- Named, so a hot reload hands each peg's position and data (lit or not) to the new version.
      S.pegs[#S.pegs + 1] = world:addItem{ name = "peg" .. (#S.pegs + 1), center = { x + dx, y + math.random(-4, 4) },
        size = { PEG, PEG }, bounds = "ellipse", image = gold and "gold.png" or "peg.png",
        data = { kind = "peg", points = gold and 50 or 10, gold = gold, lit = false, hits = 0 } }
    end
    row = row + 1
  end
  local solid = {}
  for _, peg in ipairs(S.pegs) do solid[#solid + 1] = peg end
  for i = 1, #BUCKET_POINTS - 1 do
    solid[#solid + 1] = world:addItem{ center = { i * BUCKET_W, (BUCKET_TOP + H) / 2 }, size = { 6, H - BUCKET_TOP },
      fill = "#1d3557", cornerRadius = 3, data = { kind = "divider" } }
  end
  -- Two ramps above the outer buckets turn a ball rolling down a wall in over its bucket.
  for _, side in ipairs({ -1, 1 }) do
    solid[#solid + 1] = world:addItem{ center = { W / 2 + side * (W / 2 - 20), BUCKET_TOP - 15 }, bounds = "path",
      path = { { 20 * side, -15 }, { -20 * side, 15 }, { 20 * side, 15 } }, fill = "#457b9d", data = { kind = "ramp" } }
  end
  world:addBehavior(kinetic.itemBehavior{ items = solid, anchored = true })
  gravity = kinetic.gravity{ items = {}, magnitude = 1.6 }   -- a heavy steel ball: 1600 pt/s²
  walls = kinetic.collision{ items = solid, referenceBounds = true, began = contact(world) }
  material = kinetic.itemBehavior{ items = {}, elasticity = 0.3, friction = 0.1, density = 2 }
  world:addBehavior(gravity)
  world:addBehavior(walls)
  world:addBehavior(material)
  -- One sensor per bucket, deeper than a fast ball moves in a step, clear of the dividers.
  S.buckets = {}
  for i = 1, #BUCKET_POINTS do
    S.buckets[i] = kinetic.sensor{ name = "bucket" .. i, frame = { (i - 1) * BUCKET_W + 5, H - 60, BUCKET_W - 10, 60 },
      began = bucket(i) }
    world:addBehavior(S.buckets[i])
  end
  if not reloading then
    level.restart(world)
  elseif S.ball then
    -- The ball in flight: a ball of the same name takes over its motion and its data.
    S.ball = addBall(world, S.ball.name, 0, 0)
  end
end

local function demo(world, dt)
  -- The demo sweeps toward an angle of its own (the seed's math.random, so the same run each time)
  -- and shoots when it gets there.
  if S.demoClock == 0 then S.demoTarget = (math.random() * 2 - 1) * 0.9 end
  S.demoClock = S.demoClock + dt
  S.aim = S.aim + (S.demoTarget - S.aim) * math.min(1, dt * 6)
  if S.demoClock >= DEMO_DELAY then level.shoot(world, S.demoTarget) end
end

-- A ball that sits still on the pegs gets a push up and inward (and is lost after three that do not
-- free it); a ball done in a bucket goes.
local function watchBall(world, dt)
  local ball = S.ball
  local d = ball.data
  if d.removeAt then
    if world.time >= d.removeAt then ballDone(world) end
    return
  end
  local v = ball.velocity
  if v.x * v.x + v.y * v.y < 15 * 15 then d.still = d.still + dt else d.still = 0 end
  if d.still > STUCK_TIME then
    d.still, d.nudges = 0, (d.nudges or 0) + 1
    if d.nudges > 3 then                             -- wedged for good: the ball is lost, unscored
      say(world, "ball lost")
      ballDone(world)
      return
    end
    local side = ball.x < W / 2 and 1 or -1          -- up and toward the middle of the board
    ball:applyImpulse{ side * ball.mass * 120 / 100, -ball.mass * 200 / 100 }
    say(world, "nudge")
  end
end

function level.update(world, dt)
  if S.phase == "aim" then
    if world:isDown("left") then S.aim = math.max(-MAX_AIM, S.aim - AIM_RATE * dt) end
    if world:isDown("right") then S.aim = math.min(MAX_AIM, S.aim + AIM_RATE * dt) end
    local p = world.pointer
    if p.down then aimAt(p) end
    if level.autoPlay and not S.input then demo(world, dt) end
  elseif S.phase == "flying" then
    watchBall(world, dt)
  elseif S.phase == "over" and level.autoPlay and not S.input and world.time - S.overAt > 3 then
    level.restart(world)
  end
  -- Back to the launcher once the ball is gone: ease the camera up a tenth of the way each step.
  if not S.ball then
    local cam = world.camera
    if cam.y > VIEW_H / 2 + 0.5 then world.camera = { y = cam.y + (VIEW_H / 2 - cam.y) * 0.1 }
    elseif cam.y > VIEW_H / 2 then world.camera = { y = VIEW_H / 2 } end  -- exactly: taps then land where aimed
  end
end

function level.pointer(world, e)
  S.input = true
  if S.phase == "over" then
    if e.phase == "began" then level.restart(world) end
  elseif S.phase == "aim" then
    aimAt(e)
    if e.phase == "ended" then level.shoot(world) end
  end
end

-- Space, left and right are the level's (true): the window then does not pause on space.
function level.key(world, key, down)
  if key ~= "space" and key ~= "left" and key ~= "right" then return false end
  S.input = true
  if down and key == "space" then
    if S.phase == "over" then level.restart(world) else level.shoot(world) end
  end
  return true
end

local function drawBoard(world, canvas)
  canvas:push{ world = true }
  -- The aim: the reach of the barrel, a guide to the first thing the shot would hit, the barrel.
  if S.phase == "aim" then
    canvas:arc(LAUNCHER.x, LAUNCHER.y, 90, math.pi / 2 - MAX_AIM, math.pi / 2 + MAX_AIM,
      { fill = "#a8dadc55", stroke = "#a8dadc", strokeWidth = 1 })
    local dx, dy = aimDirection(S.aim)
    local from = { LAUNCHER.x + dx * MUZZLE, LAUNCHER.y + dy * MUZZLE }
    local guide = world:raycast(from, { from[1] + dx * 600, from[2] + dy * 600 })
    local to = guide and guide.point or { x = from[1] + dx * 600, y = from[2] + dy * 600 }
    canvas:line(from[1], from[2], to.x, to.y, { color = "#e6394680", width = 2 })
    if guide then                                  -- an arrowhead on what it meets
      canvas:polygon({ { to.x, to.y }, { to.x - dx * 10 - dy * 5, to.y - dy * 10 + dx * 5 },
        { to.x - dx * 10 + dy * 5, to.y - dy * 10 - dx * 5 } }, { fill = "#e63946" })
    end
  end
  canvas:push()
  canvas:translate(LAUNCHER.x, LAUNCHER.y)
  canvas:rotate(-S.aim)                              -- the sprite points down; rotate turns clockwise
  canvas:image("launcher.png", -12, -12)
  canvas:pop()
  -- The buckets: their values, and a flash where the last ball landed.
  for i, points in ipairs(BUCKET_POINTS) do
    local x = (i - 1) * BUCKET_W
    if S.flash and S.flash.bucket == i and world.time < S.flash.until_ then
      canvas:rect(x + 4, BUCKET_TOP, BUCKET_W - 8, H - BUCKET_TOP, { fill = "#ffd16680", cornerRadius = 6 })
    end
    canvas:text(tostring(points), x + BUCKET_W / 2, H - 40, { size = 18, color = "#1d3557", align = "center" })
  end
  canvas:pop()
end

local function drawHUD(world, canvas)
  canvas:rect(8, 8, VIEW_W - 16, 36, { fill = "#1d3557e6", cornerRadius = 10 })
  canvas:text("Score " .. S.score, 20, 16, { size = 18, color = "white" })
  for i = 1, BALLS do
    local x = VIEW_W / 2 - (BALLS - 1) * 9 + (i - 1) * 18
    if i <= S.ballsLeft then canvas:image("ball.png", x - 7, 19, { width = 14, height = 14 })
    else canvas:circle(x, 26, 6, { stroke = "#a8dadc", strokeWidth = 1 }) end
  end
  canvas:text("Best " .. S.best, VIEW_W - 20, 16, { size = 18, color = "#ffd166", align = "right" })
  -- Where the view is on the board: a thin bar down the right edge.
  local cam = world.camera
  canvas:rect(VIEW_W - 8, 52, 4, VIEW_H - 60, { fill = "#1d355720", cornerRadius = 2 })
  canvas:rect(VIEW_W - 8, 52 + (cam.y - VIEW_H / 2) / H * (VIEW_H - 60), 4, VIEW_H / H * (VIEW_H - 60),
    { fill = "#1d3557", cornerRadius = 2 })
  if S.phase == "aim" and S.shots == 0 then
    canvas:text("aim with the pointer or the arrows,\nrelease or space shoots", VIEW_W / 2, VIEW_H - 50,
      { size = 13, color = "#457b9d", align = "center" })
  elseif S.phase == "over" then
    canvas:rect(60, 220, VIEW_W - 120, 130,
      { fill = "#ffffffee", stroke = "#1d3557", strokeWidth = 2, cornerRadius = 14 })
    canvas:text("Game over", VIEW_W / 2, 236, { size = 28, color = "#e63946", align = "center" })
    canvas:text("score " .. S.score .. "   best " .. S.best, VIEW_W / 2, 280,
      { size = 18, color = "#1d3557", align = "center" })
    canvas:text("click or space: play again", VIEW_W / 2, 316, { size = 13, color = "#457b9d", align = "center" })
  end
end

function level.draw(world, canvas)
  drawBoard(world, canvas)
  drawHUD(world, canvas)
end

function level.reloaded(world, state)
  for _, peg in ipairs(S.pegs) do peg.image = pegImage(peg) end  -- their data came with their names
  if S.ball then world:follow(S.ball, FOLLOW) end
  print("reloaded (score " .. state.score .. ")")
end

return level
