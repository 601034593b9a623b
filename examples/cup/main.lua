-- A cup that counts the balls dropped into it: a sensor zone inside the cup scores each ball once
-- when it comes in (`began`) and notes when it leaves (`ended`); the best score is kept with
-- kinetic.save, so it is still there the next time the level runs.
--
-- Try: space drops a ball over the cup, m drops one beside it, e lifts the balls out of the cup.

local W, H = 375, 667
local CUP = { x = W / 2, y = 600 }                 -- the cup's centre; its floor's top is at y = 624
local BALL = 30

---@type kinetic.Level
local level = { title = "Cup", width = W, height = H, background = "#f1faee", duration = 3 }

local S                                            -- the state table (survives hot reloads)
local cup                                          -- the sensor inside the cup

--- Drops a new ball from the top at x (points). Exposed for the scenario.
function level.drop(world, x)
  S.drops = S.drops + 1
  local ball = world:addItem{ name = "ball" .. S.drops, center = { x, 80 }, size = { BALL, BALL }, bounds = "ellipse",
    fill = "#e63946", data = { points = 1 } }
  S.gravity:addItem(ball)
  S.walls:addItem(ball)
  return ball
end

--- Lifts every ball in the cup out and sets it down on the floor beside it.
function level.eject()
  for k, ball in ipairs(cup:items()) do ball:moveTo(W - 40 * k, H - 20 - BALL / 2) end
end

function level.load(world, state)
  S = state
  S.score = S.score or 0                           -- balls that came into the cup this run
  S.left = S.left or 0                             -- balls that left it
  S.best = kinetic.saved("best") or 0              -- the best score of every run so far
  S.drops = S.drops or 0                           -- balls dropped (names them: ball1, ball2, ...)

  local floor = world:addItem{ name = "floor", center = { W / 2, H - 10 }, size = { W, 20 }, fill = "#457b9d" }
  local body = world:addItem{ name = "cup", center = { CUP.x, CUP.y }, size = { 120, 80 }, fill = "#a8dadc",
    parts = {
      { center = { 0, 32 }, size = { 120, 16 } },  -- the bottom
      { center = { -54, -8 }, size = { 12, 64 } }, -- the walls
      { center = { 54, -8 }, size = { 12, 64 } },
    } }
  world:addBehavior(kinetic.itemBehavior{ items = { floor, body }, anchored = true })
  S.gravity = kinetic.gravity{ items = {} }
  world:addBehavior(S.gravity)
  S.walls = kinetic.collision{ items = { floor, body }, referenceBounds = true }
  world:addBehavior(S.walls)

  -- The zone inside the cup, above its bottom: a resting ball (centre at y = 609) overlaps it.
  cup = kinetic.sensor{ name = "cup", center = { CUP.x, CUP.y }, size = { 90, 40 },
    began = function(_, ball)
      S.score = S.score + ball.data.points
      if S.score > S.best then
        S.best = S.score
        kinetic.save("best", S.best)
      end
    end,
    ended = function() S.left = S.left + 1 end }
  world:addBehavior(cup)
  S.cup = cup
end

function level.update(world)
  if S.drops == 0 then level.drop(world, CUP.x) end  -- the first step drops one, to see something headless
end

function level.key(world, key, down)
  if not down then return end
  if key == "space" then level.drop(world, CUP.x + math.random(-20, 20)) end
  if key == "m" then level.drop(world, 60) end
  if key == "e" then level.eject() end
end

function level.draw(_, canvas)
  local zone = cup.frame                           -- the sensor's zone, outlined (it is not an item)
  canvas:rect(zone.x, zone.y, zone.width, zone.height, { stroke = "#e9c46a" })
  canvas:text(string.format("In the cup: %d   Score: %d   Best: %d", #cup:items(), S.score, S.best), 16, 24,
    { size = 16, color = "#1d3557" })
  canvas:text("space: drop   m: miss   e: empty the cup", 16, 48, { size = 13, color = "#457b9d" })
end

return level
