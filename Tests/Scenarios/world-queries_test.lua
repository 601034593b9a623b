-- world:itemsAt, world:raycast, world:raycastAll and world:itemsOverlapping against closed-form answers.
--
-- What this guards against: queries that answer with boxes instead of the collision shapes (a tap in
-- the corner of a ball's frame picking the ball, a ray that grazes a ball's box reported as a hit),
-- an order that follows the engine's trees instead of the screen, and boundaries that rays pass
-- through unreported. A game rule built on them (line of sight, picking, landing zones) goes wrong
-- without an error, so each answer here is derived on paper.
--
-- The scene (points, y down): a ball of radius 20 at (100, 200), a bar 120 × 20 turned by π/4 at
-- (250, 200), a wall boundary at x = 340 and the reference bounds of a 400 × 400 world.

local function scene()
  local world = kinetic.world{ width = 400, height = 400 }
  local ball = world:addItem{ name = "ball", center = { 100, 200 }, size = { 40, 40 }, bounds = "ellipse" }
  local bar = world:addItem{ name = "bar", center = { 250, 200 }, size = { 120, 20 }, angle = math.pi / 4 }
  world:addBehavior(kinetic.collision{ items = { ball, bar }, referenceBounds = true,
    boundaries = { { id = "wall", from = { 340, 0 }, to = { 340, 400 } } } })
  return world, ball, bar
end

scenario("itemsAt tests the shape, not the frame", function()
  local world, ball, bar = scene()
  -- (114, 214) is 14√2 = 19.8 from the ball's centre: inside. (116, 216) is 22.6 away: in the
  -- ball's frame, outside the ball.
  expectEqual(world:itemsAt{ 114, 214 }[1], ball, "inside the ball")
  expectEqual(#world:itemsAt{ 116, 216 }, 0, "in the ball's frame corner")
  -- The bar turned by π/4: (270, 200) lies at local (14.1, −14.1), past its half height of 10.
  expectEqual(#world:itemsAt{ 270, 200 }, 0, "in the bar's frame, beside the bar")
  expectEqual(world:itemsAt{ 260, 210 }[1], bar, "on the bar's axis")
end)

scenario("itemsAt lists the topmost item first", function()
  local world = kinetic.world{ width = 400, height = 400 }
  local low = world:addItem{ name = "low", center = { 50, 50 }, size = { 40, 40 }, z = -1 }
  local a = world:addItem{ name = "a", center = { 50, 50 }, size = { 40, 40 } }
  local b = world:addItem{ name = "b", center = { 50, 50 }, size = { 40, 40 } }
  local under = world:itemsAt{ 50, 50 }
  -- Equal z: the later-added b is drawn over a; low (z = −1) is drawn below both.
  expectEqual(under[1], b, "b on top"); expectEqual(under[2], a, "then a"); expectEqual(under[3], low, "low last")
  a.z = 2
  expectEqual(world:itemsAt{ 50, 50 }[1], a, "raised a is on top")
end)

scenario("raycast meets the ball at d − r with the normal facing back", function()
  local world, ball = scene()
  -- From (20, 200) to (420, 200): the ball's centre is d = 80 along a ray of length 400, so the
  -- ray enters at d − r = 60, fraction 0.15, at (80, 200), normal (−1, 0).
  local hit = world:raycast({ 20, 200 }, { 420, 200 })
  expectEqual(hit.item, ball, "the ball first")
  expectNear(hit.fraction, 0.15, 1e-12, "fraction (d − r)/length")
  expectNear(hit.point, { 80, 200 }, 1e-9, "entry point")
  expectNear(hit.normal, { -1, 0 }, 1e-12, "normal")
  -- A ray along y = 179 passes through the ball's frame (top edge y = 180) but 21 from its centre.
  local grazing = world:raycast({ 10, 179 }, { 150, 179 })
  expect(grazing == nil, "a ray through the frame's edge misses the ball")
end)

scenario("a ray clipping a ball's frame corner, or a point in an ellipse's, finds nothing", function()
  local world = scene()
  -- The ball's frame corner (120, 220) lies on the line x + y = 340, which passes
  -- |100 + 200 − 340| / √2 = 28.3 from the centre, past the radius of 20.
  expect(world:raycast({ 110, 230 }, { 130, 210 }) == nil, "the ray clips the frame's corner, not the ball")
  expectEqual(#world:raycastAll({ 110, 230 }, { 130, 210 }), 0, "nor does raycastAll report it")
  -- An ellipse 120 × 40 (not a circle) at (200, 320): (250, 335) is inside its frame, but
  -- (50/60)² + (15/20)² = 1.26 > 1 puts it outside the ellipse; (250, 325) gives 0.76, inside.
  local oval = world:addItem{ name = "oval", center = { 200, 320 }, size = { 120, 40 }, bounds = "ellipse" }
  expectEqual(#world:itemsAt{ 250, 335 }, 0, "in the ellipse's frame corner")
  expectEqual(world:itemsAt{ 250, 325 }[1], oval, "inside the ellipse")
  expectEqual(#world:itemsOverlapping{ center = { 254, 337 }, size = { 4, 4 } }, 0, "a small box in that corner")
end)

scenario("raycastAll reports items and boundaries nearest first", function()
  local world, ball, bar = scene()
  local hits = world:raycastAll({ 10, 200 }, { 410, 200 })
  -- Ball at x = 80; the bar at x = 250 − 10√2; the wall at 340; the bounds' right edge at 400.
  expectEqual(#hits, 4, "four hits")
  expectEqual(hits[1].item, ball, "ball"); expectNear(hits[1].fraction, 70 / 400, 1e-12, "ball fraction")
  expectEqual(hits[2].item, bar, "bar"); expectNear(hits[2].point.x, 250 - 10 * math.sqrt(2), 1e-9, "bar entry")
  expectNear(hits[2].normal, { -math.sqrt(0.5), math.sqrt(0.5) }, 1e-12, "bar face normal")
  expectEqual(hits[3].boundary, "wall", "wall"); expectNear(hits[3].fraction, 330 / 400, 1e-12, "wall fraction")
  expectEqual(hits[3].item, nil, "a boundary hit has no item")
  expectEqual(hits[4].boundary, "bounds", "reference bounds"); expectNear(hits[4].point.x, 400, 1e-9, "bounds edge")
  expectNear(hits[4].normal, { -1, 0 }, 0, "boundary normal faces the ray's start")
  -- Starting inside the ball: the ball is not reported.
  expectEqual(world:raycastAll({ 100, 200 }, { 200, 200 })[1], nil, "nothing between the ball's centre and the bar")
end)

scenario("itemsOverlapping tests shapes exactly and names boundaries", function()
  local world, ball = scene()
  -- A 10 × 10 square centred (k, k) from the ball's centre has its nearest corner √2·(k − 5) away:
  -- 18.4 < 20 for k = 18 (overlap), 21.2 > 20 for k = 20 (apart, though the frames overlap).
  local items = world:itemsOverlapping{ center = { 120, 220 }, size = { 10, 10 } }
  expectEqual(#items, 0, "apart")
  items = world:itemsOverlapping{ center = { 118, 218 }, size = { 10, 10 } }
  expectEqual(items[1], ball, "overlapping the ball")
  -- An ellipse 40 × 10 across the wall: no item, the wall boundary.
  local none, walls = world:itemsOverlapping{ center = { 340, 50 }, size = { 40, 10 }, bounds = "ellipse" }
  expectEqual(#none, 0, "no item"); expectEqual(walls[1], "wall", "the wall"); expectEqual(#walls, 1, "only the wall")
  -- A right triangle (110, 230), (150, 230), (150, 190): its box holds (110, 210), 14 pt from the
  -- ball's centre, but its long side lies on x + y = 340, 40/√2 = 28.3 pt from (100, 200): apart.
  -- Moved 10 pt up and left, that side is 20/√2 = 14.1 pt away: overlapping.
  local triangle = { { -20, 20 }, { 20, 20 }, { 20, -20 } }
  expectEqual(#world:itemsOverlapping{ center = { 130, 210 }, path = triangle }, 0, "a triangle whose box overlaps the ball")
  expectEqual(world:itemsOverlapping{ center = { 120, 200 }, bounds = "path", path = triangle }[1], ball, "the triangle moved in")
end)

scenario("queries refuse bad input with the usual message", function()
  local world = scene()
  expectError(function() world:itemsAt{ 0 / 0, 1 } end,
    "World:itemsAt: 'point' must be a point {x, y} of finite numbers")
  expectError(function() world:raycast({ 1, 2 }, { 1, 2 }) end, "World:raycast: a ray needs two different points")
  expectError(function() world:itemsOverlapping{ center = { 1, 2 }, size = { -1, 2 } } end, "no negative side")
  expectError(function() world:itemsOverlapping{ center = { 1, 2 }, size = { 1, 2 }, bounds = "circle" } end,
    "'bounds' must be")
  expectError(function() world:itemsOverlapping{ center = { 1, 2 }, bounds = "path" } end,
    "bounds = \"path\" needs 'path'")
end)

scenario("a ray finds a sensor item too; a ground test skips it by hit.item.sensor", function()
  local world = kinetic.world{ width = 400, height = 400 }
  local coin = world:addItem{ name = "coin", center = { 100, 320 }, size = { 20, 20 }, bounds = "ellipse", sensor = true }
  local floor = world:addItem{ name = "floor", frame = { 0, 350, 400, 50 } }
  expectEqual(world:raycast({ 100, 280 }, { 100, 380 }).item, coin, "the coin is what the ray meets first")
  local ground
  for _, hit in ipairs(world:raycastAll({ 100, 280 }, { 100, 380 })) do
    if hit.item and not hit.item.sensor then ground = hit; break end
  end
  expectEqual(ground.item, floor, "past the coin, the floor")
  expectNear(ground.point, { 100, 350 }, 1e-9)
end)
