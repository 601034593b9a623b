-- Scroller: a world six views wide, seen through a camera that follows a rolling ball. The ball and
-- the coins are PNG sprites with transparent corners (the coins animate from a sprite sheet), the
-- ground is a JPEG tile; the coin counter is drawn in view points and stays put while the world scrolls.
--
-- Try: tap (or click) to jump; the ball jumps over the crates by itself. A ring marks each tap
-- where it landed in the world.

local VIEW_W, VIEW_H = 400, 300
local W, H = 2400, 600
local GROUND = H - 32                                  -- top of the turf
local SPEED = 220                                      -- pt/s to the right
local JUMP = 620                                       -- pt/s up
local DEADZONE = { 80, 200 }                           -- view points the ball moves in before the camera does
local CRATES = { 700, 1250, 1800 }                     -- x of each crate's centre

---@type kinetic.Level
local level = { title = "Scroller", width = W, height = H, view = { VIEW_W, VIEW_H },
  background = "#a8dadc", duration = 8 }

local hero
local coins                                            -- { {x =, y =, taken =} }
local taps                                             -- world points of the taps, newest last

local function grounded()
  return math.abs(hero.velocity.y) < 1 and hero.y > GROUND - 120
end

local function jump()
  if grounded() then hero.velocity = { hero.velocity.x, -JUMP } end
end

function level.load(world, state)
  coins, taps = {}, {}
  state.coins, state.taps = coins, taps
  -- Turf tiles: drawn only (no behaviour lists them, so nothing collides with them).
  for x = 32, W, 64 do
    world:addItem{ center = { x, GROUND + 16 }, size = { 64, 32 }, image = "ground.jpg", z = -1 }
  end
  local crates = {}
  for _, x in ipairs(CRATES) do
    crates[#crates + 1] = world:addItem{ center = { x, GROUND - 24 }, size = { 48, 48 }, image = "ground.jpg",
      stroke = "#5b3a29", strokeWidth = 2 }
    for k = -1, 1 do coins[#coins + 1] = { x = x + 40 * k, y = GROUND - 150 } end
  end
  hero = world:addItem{ name = "hero", center = { 80, GROUND - 16 }, size = { 32, 32 }, bounds = "ellipse",
    image = "hero.png" }
  local solid = { hero }
  for _, c in ipairs(crates) do solid[#solid + 1] = c end
  world:addBehavior(kinetic.gravity{ items = { hero } })
  world:addBehavior(kinetic.collision{ items = solid, referenceBounds = { bottom = 32 } })
  world:addBehavior(kinetic.itemBehavior{ items = crates, anchored = true })
  world:addBehavior(kinetic.itemBehavior{ items = { hero }, friction = 0.2 })
  world:follow(hero, { lerp = 0.15, deadzone = DEADZONE })
end

function level.update()
  local hx, hy = hero:position()                       -- the fast forms: numbers, no table per frame
  local _, vy = hero:linearVelocity()
  hero.velocity = { SPEED, vy }
  for _, x in ipairs(CRATES) do
    if x - hx > 60 and x - hx < 90 then jump() end
  end
  for _, c in ipairs(coins) do
    if not c.taken and (c.x - hx) ^ 2 + (c.y - hy) ^ 2 < 24 ^ 2 then
      c.taken = true
    end
  end
  if hx > W - 40 then hero:moveTo(80, GROUND - 16) end
end

function level.pointer(_, e)
  if e.phase == "began" then
    taps[#taps + 1] = { x = e.x, y = e.y }             -- world points: the camera is already undone
    if #taps > 8 then table.remove(taps, 1) end
    jump()
  end
end

function level.draw(world, canvas)
  local taken = 0
  for _, c in ipairs(coins) do if c.taken then taken = taken + 1 end end
  -- In world points: the coins spin through the sheet's four frames, eight frames a second.
  local frame = math.floor(world.time * 8) % 4
  canvas:push{ world = true }
  for _, c in ipairs(coins) do
    if not c.taken then canvas:image("coin.png", c.x - 8, c.y - 8, { source = { frame * 16, 0, 16, 16 } }) end
  end
  for _, t in ipairs(taps) do canvas:circle(t.x, t.y, 8, { stroke = "#1d3557", strokeWidth = 2 }) end
  canvas:pop()
  -- In view points: the counter and a map of where the view is in the world.
  canvas:rect(8, 8, 112, 28, { fill = "#1d3557e0", cornerRadius = 8 })
  canvas:image("coin.png", 16, 14, { source = { 0, 0, 16, 16 } })
  canvas:text(taken .. " / " .. #coins, 40, 13, { size = 15, color = "white" })
  canvas:text("tap to jump", 140, 30, { size = 12, color = "#1d3557", align = "center", width = VIEW_W - 150 })
  local cam = world.camera
  local mapX, mapW = 140, VIEW_W - 150
  canvas:rect(mapX, 16, mapW, 8, { fill = "#ffffff80", cornerRadius = 4 })
  canvas:rect(mapX + (cam.x - VIEW_W / 2) / W * mapW, 16, VIEW_W / W * mapW, 8, { fill = "#1d3557", cornerRadius = 4 })
end

return level
