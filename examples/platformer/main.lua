-- Platformer: a runner that never turns, left/right (or a/d) to run, up or space to jump, only while
-- standing on something (told by the collisions' normals); a one-way ledge to jump up through; a
-- platform that carries the runner back and forth; coins picked up by a sensor the runner carries;
-- a world three views wide seen through a camera that follows.
--
-- Box2D's and LÖVE's ways, in UIKit's pieces: the ground test is LÖVE's beginContact with
-- Contact:getNormal (here `began`'s normal); the one-way ledge, a preSolve that disables the contact
-- there, is an item made with `oneWay = true`; the moving platform, a kinematic body there, is a
-- heavy item on a level rail whose velocity the level sets every step: at the left end of its run
-- it stops against the wall, which a kinematic item (`kinetic.itemBehavior{ kinematic = true }`)
-- would pass through, as Box2D's does.

local W, H = 1440, 600
local VIEW = { 480, 320 }
local RUN = 220                 -- running speed, pt/s
local JUMP = 700                -- take-off speed, pt/s: 153 pt high at 1.6 g
local LEDGE = { x = 220, y = 440, w = 160 }
local MOVER = { x = 760, y = 467, reach = 150 }   -- its rail's centre and how far it goes each way

---@type kinetic.Level
local level = { title = "Platformer", width = W, height = H, view = VIEW, background = "#bfdbfe", duration = 11 }

local S
local runner, ledge, mover
local under = {}                -- what the runner stands on: item or boundary id → true

local COINS = { { 300, 400 }, { 760, 420 }, { 1140, 530 }, { 1210, 530 }, { 1380, 380 } }

function level.load(world, state)
  S = state
  S.coins = S.coins or 0
  S.taken = S.taken or {}       -- coins picked up survive a hot reload
  S.jumps = S.jumps or 0
  under = {}

  runner = world:addItem{ name = "runner", center = { 80, 520 }, size = { 28, 40 }, fill = "#dc2626", cornerRadius = 6 }
  local ground = world:addItem{ name = "ground", frame = { 0, 560, W, 40 }, fill = "#166534" }
  local wall = world:addItem{ name = "wall", frame = { 600, 440, 40, 120 }, fill = "#166534" }
  local step = world:addItem{ name = "step", frame = { 1300, 420, 140, 140 }, fill = "#166534" }
  -- One-way: the runner jumps up through it from below and lands on its top.
  ledge = world:addItem{ name = "ledge", frame = { LEDGE.x, LEDGE.y, LEDGE.w, 12 }, fill = "#a16207", oneWay = true }
  mover = world:addItem{ name = "mover", frame = { MOVER.x - 60, MOVER.y - 7, 120, 14 }, fill = "#7c3aed" }

  local coins = {}
  for i, p in ipairs(COINS) do
    if not S.taken[i] then
      coins[#coins + 1] = world:addItem{ name = "coin" .. i, center = p, size = { 18, 18 }, bounds = "ellipse",
        fill = "gold", stroke = "#a16207", data = { index = i } }
    end
  end

  world:addBehavior(kinetic.gravity{ items = { runner }, magnitude = 1.6 })
  world:addBehavior(kinetic.itemBehavior{ items = { runner }, allowsRotation = false, friction = 1 })
  -- The wall and the step have no friction, so a runner pushing against one in the air slides down it.
  world:addBehavior(kinetic.itemBehavior{ items = { ground, ledge }, anchored = true, friction = 1 })
  world:addBehavior(kinetic.itemBehavior{ items = { wall, step }, anchored = true, friction = 0 })
  world:addBehavior(kinetic.itemBehavior{ items = { mover }, density = 1000, friction = 1, allowsRotation = false })
  world:addBehavior(kinetic.sliding{ item = mover, anchor = { MOVER.x, MOVER.y }, axis = { 1, 0 } })

  -- Standing: a contact whose normal points down from the runner (y grows down).
  local function began(a, b, _, _, normal)
    if a == runner and normal.y > 0.7 then under[b] = true end
    if b == runner and normal.y < -0.7 then under[a] = true end
  end
  local function ended(a, b)
    if a == runner then under[b] = nil end
    if b == runner then under[a] = nil end
  end
  world:addBehavior(kinetic.collision{ items = { runner, ground, wall, step, ledge, mover }, referenceBounds = true,
    began = began, ended = ended })

  world:addBehavior(kinetic.sensor{ item = runner, items = coins, began = function(_, coin)
    S.coins = S.coins + 1
    S.taken[coin.data.index] = true
    world:removeItem(coin)
  end })

  world:follow(runner, { lerp = 0.15, deadzone = { 60, 40 } })
end

local function standing()
  return next(under) ~= nil
end

function level.update(world)
  local vx = 0
  if world:isDown("left") or world:isDown("a") then vx = vx - RUN end
  if world:isDown("right") or world:isDown("d") then vx = vx + RUN end
  -- Running sets the speed; standing still leaves it to friction, so the platform carries the runner.
  if vx ~= 0 then
    local _, vy = runner:linearVelocity()
    runner.velocity = { vx, vy }
  end

  mover.velocity = { MOVER.reach * math.cos(world.time), 0 }
end

function level.key(_, key, down)
  if key ~= "up" and key ~= "space" then return false end
  if down and standing() then
    local vx = runner:linearVelocity()
    runner.velocity = { vx, -JUMP }
    S.jumps = S.jumps + 1
  end
  return true                   -- space jumps; it does not pause the window
end

function level.draw(_, canvas)
  canvas:text(string.format("coins %d / %d", S.coins, #COINS), 10, 8, { size = 18, color = "#1e3a8a" })
  if standing() then canvas:text("standing", VIEW[1] - 10, 8, { size = 14, align = "right", color = "#166534" }) end
end

return level
