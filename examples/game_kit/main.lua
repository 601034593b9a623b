-- Gallery: the game author's kit — exact queries, forces and impulses, sensor items, per-item push
-- offsets and dropping boundaries, each labelled.
--   laser      world:raycastAll from the left: every box it enters, nearest first, then the right edge
--   picker     world:itemsAt under the pointer: the topmost item there turns gold
--   fan        world:itemsOverlapping finds what is in the fan's zone; item:applyForce lifts it
--   wheel      item:applyAngularImpulse (space) and item:applyTorque (held right arrow) spin it
--   pushes     one push for two blocks; push:setOffset gives the lower one its own point above
--              its centre, so it spins as it slides
--   ghost      a sensor = true item flies through the wall the ball stops at
--   floor      a named boundary; b calls collision:removeAllBoundaries and the rock drops out
--
-- Try: point at things, hold the right arrow, press space, press b.

local W, H = 375, 667
local LASER_Y = 110
local FAN = { center = { 90, 520 }, size = { 120, 200 } }   -- the fan's zone
local FAN_LIFT = 15                                          -- force per unit of mass: 1.5 × gravity

---@type kinetic.Level
local level = { title = "Game kit", width = W, height = H, background = "#f1faee", duration = 4 }

local S                                                      -- what the scenarios read
local wheel, walls

local function box(world, name, x, y, w, h, colour, extra)
  local def = { name = name, center = { x, y }, size = { w, h }, fill = colour, label = name,
    labelSize = 11, cornerRadius = 4 }
  for k, v in pairs(extra or {}) do def[k] = v end
  return world:addItem(def)
end

function level.load(world, state)
  S = state
  S.hits, S.picked, S.inFan = {}, nil, 0

  -- The laser's targets, and the wall the ball stops at (and the ghost flies through).
  local near = box(world, "near", 150, LASER_Y, 40, 40, "#457b9d")
  local far = box(world, "far", 260, LASER_Y, 40, 40, "#1d3557")
  local wall = box(world, "wall", 300, 250, 16, 120, "#6c757d")

  -- A ball and a ghost set off to the right at the same speed; only the ball collides.
  local ball = world:addItem{ name = "ball", center = { 40, 230 }, size = { 24, 24 }, bounds = "ellipse",
    fill = "#e63946" }
  local ghost = world:addItem{ name = "ghost", center = { 40, 280 }, size = { 24, 24 }, bounds = "ellipse",
    fill = "#a8dadcaa", stroke = "#457b9d", sensor = true }
  S.crossed = {}
  world:addBehavior(kinetic.sensor{ item = ghost, began = function(_, item)
    S.crossed[#S.crossed + 1] = item.name
    print("the ghost passes through " .. (item.name or "an item"))
  end })

  -- The fan lifts what its zone holds; the rock beside it falls onto the floor.
  local balloon = world:addItem{ name = "balloon", center = { 90, 600 }, size = { 30, 30 }, bounds = "ellipse",
    fill = "#f4a261" }
  local rock = world:addItem{ name = "rock", center = { 200, 600 }, size = { 30, 30 }, fill = "#495057" }

  -- The wheel spins in place: nothing pulls or pushes it.
  wheel = world:addItem{ name = "wheel", center = { 300, 500 }, size = { 70, 70 }, bounds = "ellipse",
    fill = "#2a9d8f", label = "wheel" }

  -- Two blocks, one push; the lower one is pushed 15 pt above its centre.
  local slideA = box(world, "slide", 60, 330, 30, 30, "#9d4edd")
  local slideB = box(world, "spin", 60, 375, 30, 30, "#c77dff")
  local push = kinetic.push{ items = { slideA, slideB }, mode = "instantaneous", angle = 0, magnitude = 0.2 }
  push:setOffset(slideB, { 0, -15 })
  world:addBehavior(push)

  world:addBehavior(kinetic.gravity{ items = { balloon, rock } })
  -- Forces and impulses act on items that some behaviour lists: this one gives the wheel its body.
  world:addBehavior(kinetic.itemBehavior{ items = { wheel }, angularResistance = 0 })
  world:addBehavior(kinetic.itemBehavior{ items = { near, far, wall }, anchored = true })
  walls = kinetic.collision{ items = { near, far, wall, ball, ghost, balloon, rock, slideA, slideB },
    referenceBounds = { bottom = -100 }, boundaries = { { id = "floor", from = { 0, 640 }, to = { W, 640 } } } }
  world:addBehavior(walls)
  ball.velocity = { 300, 0 }
  ghost.velocity = { 300, 0 }
end

function level.update(world)
  -- The fan: every item in its zone gets a lift of 1.5 times its weight for this step.
  local inside = world:itemsOverlapping{ center = FAN.center, size = FAN.size }
  S.inFan = #inside
  for _, item in ipairs(inside) do item:applyForce{ 0, -FAN_LIFT * item.mass } end
  if world:isDown("right") then wheel:applyTorque(0.02) end
  -- The laser, every step: what it meets, nearest first.
  S.hits = {}
  for _, hit in ipairs(world:raycastAll({ 4, LASER_Y }, { W, LASER_Y })) do
    S.hits[#S.hits + 1] = { name = hit.item and hit.item.name or hit.boundary, x = hit.point.x }
  end
end

function level.pointer(world, e)
  if e.phase ~= "began" then return end
  local top = world:itemsAt{ e.x, e.y }[1]
  if top then
    top.fill = "gold"
    S.picked = top.name
  end
end

function level.key(_, key, down)
  if not down then return false end
  if key == "space" then wheel:applyAngularImpulse(0.05) return true end
  if key == "b" then walls:removeAllBoundaries() return true end
  return false
end

function level.draw(_, canvas)
  -- The laser stops at its first hit; every hit gets a dot.
  local stop = S.hits[1] and S.hits[1].x or W
  canvas:line(4, LASER_Y, stop, LASER_Y, { color = "#e63946", width = 2 })
  for _, hit in ipairs(S.hits) do canvas:circle(hit.x, LASER_Y, 4, { fill = "#e63946" }) end
  -- The fan's zone.
  local fx, fy = FAN.center[1] - FAN.size[1] / 2, FAN.center[2] - FAN.size[2] / 2
  canvas:rect(fx, fy, FAN.size[1], FAN.size[2], { stroke = "#8ecae6", strokeWidth = 2, cornerRadius = 10 })
  canvas:text("fan: " .. S.inFan, fx + 6, fy + 4, { size = 12, color = "#219ebc" })
  -- A badge drawn at twice the size with the transform stack.
  canvas:push()
  canvas:translate(W - 110, 16)
  canvas:scale(2)
  canvas:rect(0, 0, 50, 14, { fill = "#1d3557", cornerRadius = 4 })
  canvas:text(S.picked or "point", 25, 1, { size = 9, color = "white", align = "center" })
  canvas:pop()
end

return level
