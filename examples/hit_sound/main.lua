-- Hit sound: balls bounce on the floor and each landing plays hit.wav, louder the harder it lands,
-- higher for the small ball, and panned toward the side of the view it lands on.
--
-- Try: click (or tap) to drop another ball where you clicked. Render it with its sound:
-- kinetic render examples/hit_sound -o hit.mp4

local W, H = 375, 667
---@type kinetic.Level
local level = { title = "Hit sound", width = W, height = H, duration = 3, background = "#f4f1ea" }

local hit = kinetic.sound("hit.wav")     -- relative to this file's folder; checked when it loads
local LOUDEST = 500                      -- pt/s: a bounce this fast (or faster) plays at full volume

local function landing(state)
  return function(a, b, point)
    if b ~= "floor" then return end
    -- `began` runs after the step that solved the contact: the ball already rebounds, at
    -- elasticity × its landing speed.
    local speed = math.abs(a.velocity.y)
    if speed < 40 then return end        -- a ball coming to rest makes no sound
    hit:play{
      volume = math.min(1, speed / LOUDEST),
      pitch = a.name == "small" and 1.5 or 1,
      pan = (point.x - W / 2) / (W / 2),
    }
    state.landings = state.landings + 1
  end
end

function level.load(world, state)
  state.landings = 0
  local big = world:addItem{ name = "big", center = { 90, 150 }, size = { 60, 60 }, bounds = "ellipse",
                             fill = "#e07a5f", label = "big" }
  local small = world:addItem{ name = "small", center = { 290, 300 }, size = { 24, 24 }, bounds = "ellipse",
                               fill = "#3d405b" }
  world:addBehavior(kinetic.gravity{ items = { big, small } })
  world:addBehavior(kinetic.collision{ items = { big, small }, mode = "boundaries",
    boundaries = { { id = "floor", from = { 0, 600 }, to = { W, 600 } } },
    began = landing(state) })
  world:addBehavior(kinetic.itemBehavior{ items = { big, small }, elasticity = 0.6 })
end

function level.pointer(world, e)
  if e.phase ~= "began" then return end
  local ball = world:addItem{ center = { e.x, e.y }, size = { 36, 36 }, bounds = "ellipse", fill = "#81b29a" }
  for _, behavior in ipairs(world:behaviors()) do behavior:addItem(ball) end
end

function level.draw(_, canvas)
  canvas:line(0, 600, W, 600, { color = "#3d405b", width = 2 })
  canvas:text("click to drop a ball", 12, 12, { size = 14, color = "#3d405b" })
end

return level
