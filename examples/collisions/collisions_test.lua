-- Scenarios for the collisions gallery: each mode does what its name says, boundaries from paths and
-- segments hold, the inset reference bounds hold, and the began/ended callbacks pair up.
-- Resting heights: a 40-pt box on a boundary at y = 440 rests at y = 420 (1.5 pt covers the
-- solver's contact slop).

local REST = 1.5

scenario("everything: the boxes stack in the path tray", function()
  local world, _, state = kinetic.load("main.lua")
  world:run(2)
  expectNear(world:item("A2").y, 420, REST, "A2 rests on the tray floor")
  expectNear(world:item("A1").y, 380, REST, "A1 rests on A2")
  local c = state.counts.A
  expect(c.withItems >= 1, "a contact between the boxes was reported")
  expect(c.withBoundaries >= 1 and c.partners["A tray"], "a contact with the tray, by its id")
end)

scenario("boundaries: the boxes pass through each other onto the segment floor", function()
  local world, _, state = kinetic.load("main.lua")
  world:run(2)
  local b1, b2 = world:item("B1"), world:item("B2")
  expectNear(b2.y, 420, REST, "B2 rests on the floor")
  expectNear(b1.y, 420, REST, "B1 fell through B2 and rests on the floor too")
  expect(state.counts.B.withItems == 0, "no item contact in boundaries mode")
  expect(state.counts.B.partners["B floor"], "the floor contact names the boundary")
end)

scenario("items: the box ignores its line boundary and lands on the shelf", function()
  local world, _, state = kinetic.load("main.lua")
  world:run(2)
  -- The shelf's top is at 430: the box's centre rests at 410, well below the line at 330.
  expectNear(world:item("C1").y, 410, REST, "C1 rests on the anchored shelf")
  expectNear(world:item("shelf").y, 440, 0.01, "an anchored item does not move")
  expect(state.counts.C.withBoundaries == 0, "no boundary contact in items mode")
  expect(state.counts.C.withItems >= 1, "the shelf contact was reported")
end)

scenario("removing a boundary lets the boxes fall; adding it back is possible", function()
  local world, level = kinetic.load("main.lua")
  local b = level.collisions.B
  expect(#b:boundaryIds() == 1 and b:boundaryIds()[1] == "B floor", "B has its floor")
  world:run(1)
  world:key("space", true)
  world:key("space", false)
  expect(#b:boundaryIds() == 0, "space removed the floor")
  world:run(1)
  expect(world:item("B1").y > 460, "with no floor the boxes fall")
  b:addBoundary{ id = "B floor", from = { 135, 440 }, to = { 240, 440 } }
  expect(#b:boundaryIds() == 1, "and the floor is back")
end)

scenario("the bouncer stays inside the inset bounds, and every began has its ended", function()
  local world, _, state = kinetic.load("main.lua")
  local ball = world:item("bouncer")
  local escaped = world:runUntil(function()
    -- radius 15, insets top 480 and 20 elsewhere; 2 pt of slop on impacts at ~230 pt/s
    return ball.x < 35 - 2 or ball.x > 355 - 15 + 2 or ball.y < 495 - 2 or ball.y > 647 - 15 + 2
  end, 5)
  expect(not escaped, string.format("the ball left the inset box at t = %.2f s", world.time))
  local c = state.counts.bounds
  -- At ~230 pt/s in a 335 × 167 box it meets a wall every ~0.7 s.
  expect(c.began >= 4, "contacts with the bounds were reported (" .. c.began .. ")")
  expect(c.withItems == 0 and c.partners.bounds and c.withBoundaries == c.began,
    "every contact is with the reference bounds, id \"bounds\"")
  expect(c.ended <= c.began and c.began <= c.ended + 1,
    string.format("began %d and ended %d pair up", c.began, c.ended))
  -- Elasticity 1 and no friction: the speed is kept (10 % covers the solver's restitution).
  local v = ball.velocity
  expectNear(math.sqrt(v.x * v.x + v.y * v.y), math.sqrt(180 ^ 2 + 140 ^ 2), 23, "the bounces kept the speed")
end)
