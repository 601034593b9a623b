-- Car: Box2D's "car" sample made of UIKit's pieces. A chassis rides on two wheels over bumpy ground
-- ten views wide, seen through a camera that follows it. Box2D gives a car wheel joints (a spring
-- along a slide, and a motor); here each wheel turns on a pin on a small axle, the axle slides up and
-- down on the chassis (the suspension's travel) and a spring attachment holds it at rest. The level
-- sets the wheels' spin every step, a motor with no torque limit (a pin's motorSpeed with a
-- frictionTorque would be one with a limit, as Box2D's).
--
-- Try: the car drives itself; hold the left arrow to reverse, the right arrow to drive again; space
-- parks it (and starts it again).

local VIEW_W, VIEW_H = 600, 400
local W, H = 6000, 600
local GROUND = 500                                  -- the ground's height between the bumps
local SPEED = 12                                    -- the wheels' spin, rad/s (clockwise: to the right)
local START = { x = 150, y = 440 }                  -- the chassis' centre
local AXLE_DOWN = 25                                -- the axles' rest place below the chassis' centre
local TRAVEL = 12                                   -- the suspension's travel either way, pt
local WHEELS = { rear = -40, front = 40 }           -- the axles from the chassis' centre, pt

---@type kinetic.Level
local level = { title = "Car", width = W, height = H, view = { VIEW_W, VIEW_H },
  background = "#e0f2fe", duration = 10 }

local S
local chassis, wheels

-- The ground: a path along the bottom with a bump every third post and a higher one every seventh,
-- up the world's sides so nothing leaves it.
local function groundPath()
  local points = { { 0, 0 }, { 0, GROUND } }
  for i = 1, W // 80 do
    local bump = (i % 3 == 0 and 18 or 0) + (i % 7 == 0 and 30 or 0)
    points[#points + 1] = { i * 80, GROUND - bump }
  end
  points[#points + 1] = { W, 0 }
  return points
end
local ground = groundPath()

function level.load(world, state)
  S = state
  if S.drive == nil then S.drive = 1 end               -- 1 forward, -1 back, 0 parked
  chassis = world:addItem{ name = "chassis", center = { START.x, START.y }, size = { 120, 30 },
    fill = "#2563eb", cornerRadius = 6 }
  local moving, touching = { chassis }, { chassis }
  wheels = {}
  for _, side in ipairs({ "rear", "front" }) do
    local at = { START.x + WHEELS[side], START.y + AXLE_DOWN }
    local axle = world:addItem{ name = side .. "Axle", center = at, size = { 8, 8 }, fill = "#9ca3af" }
    local wheel = world:addItem{ name = side, center = at, size = { 36, 36 }, bounds = "ellipse",
      fill = "#111827", z = -1 }
    world:addBehavior(kinetic.sliding{ item = axle, to = chassis, anchor = at, axis = { 0, 1 },
      range = { -TRAVEL, TRAVEL } })
    world:addBehavior(kinetic.attachment{ item = axle, to = chassis, toOffset = { WHEELS[side], 0 },
      frequency = 4, damping = 0.7 })
    world:addBehavior(kinetic.pin{ item = wheel, to = axle, anchor = at })
    moving[#moving + 1], moving[#moving + 2] = axle, wheel
    touching[#touching + 1] = wheel
    wheels[#wheels + 1] = wheel
  end
  world:addBehavior(kinetic.gravity{ items = moving })
  world:addBehavior(kinetic.collision{ items = touching, boundaries = { { id = "ground", path = ground } } })
  world:addBehavior(kinetic.itemBehavior{ items = wheels, friction = 0.9, density = 2 })
  world:follow(chassis, { lerp = 0.2, deadzone = { 60, 40 } })
end

function level.update(world)
  local drive = S.drive
  if world:isDown("left") then drive = -1 elseif world:isDown("right") then drive = 1 end
  for _, wheel in ipairs(wheels) do wheel.angularVelocity = SPEED * drive end
end

function level.key(_, key, down)
  if key ~= "space" then return false end
  if down then S.drive = S.drive == 0 and 1 or 0 end
  return true                                          -- space is the level's, not the window's pause
end

function level.draw(_, canvas)
  canvas:push{ world = true }                          -- boundaries are not drawn: draw the ground
  for i = 2, #ground - 2 do
    local a, b = ground[i], ground[i + 1]
    canvas:polygon({ a, b, { b[1], H }, { a[1], H } }, { fill = "#86efac" })
    canvas:line(a[1], a[2], b[1], b[2], { color = "#15803d", width = 3 })
  end
  canvas:pop()
  canvas:text(string.format("%.0f m", chassis.x / 100), 10, 10, { size = 18, color = "#1e3a8a" })
  if S.drive == 0 then canvas:text("parked", VIEW_W - 10, 10, { size = 18, align = "right" }) end
end

return level
