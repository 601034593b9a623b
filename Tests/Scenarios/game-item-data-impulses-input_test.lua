-- Game authors' API: item.data, impulses in UIKit units, and polled input.
--
-- What this guards against: a pachinko-style level keeps each peg's kind and points on the peg
-- (item.data) and scores in the collision callback; kicks the ball with item:applyImpulse; and
-- steers with world:isDown in level.update. If data stopped travelling with the item handles the
-- callback gets, if an impulse stopped matching an instantaneous push of the same vector, or if
-- polling stopped seeing the input a replay feeds, such levels would silently score or move wrong.
--
-- What the file proves: the callback reads the peg's points through item.data; an impulse J gives
-- Δv = 100·J/m, exactly what an instantaneous push of J gives; a key held through world:key is seen
-- by world:isDown from level.update's side, and world.pointer follows world:pointer.

scenario("a peg's points reach the score through item.data", function()
  local world = kinetic.world{ width = 400, height = 600 }
  local ball = world:addItem{ name = "ball", center = { 200, 100 }, size = { 20, 20 }, bounds = "ellipse" }
  local peg = world:addItem{ name = "peg", center = { 200, 400 }, size = { 30, 30 }, bounds = "ellipse",
    data = { kind = "peg", points = 10 } }
  world:addBehavior(kinetic.itemBehavior{ items = { peg }, anchored = true })
  world:addBehavior(kinetic.gravity{ items = { ball } })
  local score = 0
  world:addBehavior(kinetic.collision{ items = { ball, peg }, began = function(a, b)
    local hit = (a.data.kind == "peg") and a or b
    score = score + hit.data.points
    hit.data.hits = (hit.data.hits or 0) + 1
  end })
  expect(world:runUntil(function() return score > 0 end, 2), "the ball reached the peg")
  expectEqual(score, 10, "the peg's points were scored")
  expectEqual(world:item("peg").data.hits, 1, "the callback wrote to the same table")
end)

scenario("an impulse and an instantaneous push of the same vector agree", function()
  local world = kinetic.world{ width = 4000, height = 4000 }
  local a = world:addItem{ center = { 500, 500 }, size = { 80, 50 } }
  local b = world:addItem{ center = { 1500, 500 }, size = { 80, 50 } }
  local j = { 0.3, -0.9 }
  world:addBehavior(kinetic.push{ items = { a }, mode = "instantaneous", direction = j })
  world:addBehavior(kinetic.itemBehavior{ items = { b } })
  b:applyImpulse(j)
  expectNear(b.velocity, { 100 * j[1] / b.mass, 100 * j[2] / b.mass }, 1e-9, "Δv = 100·J/m at once")
  world:step()
  expectEqual(a.velocity.x, b.velocity.x, "same vx as the push")
  expectEqual(a.velocity.y, b.velocity.y, "same vy as the push")
end)

scenario("polled keys and pointer follow the injected input", function()
  local world = kinetic.world{ width = 4000, height = 4000 }
  local ship = world:addItem{ center = { 500, 500 }, size = { 100, 100 } }
  world:addBehavior(kinetic.itemBehavior{ items = { ship } })
  -- As level.update would: push while "right" is held.
  world:addBehavior(kinetic.behavior{ action = function(w)
    if w:isDown("right") then ship:applyForce{ 6, 0 } end
  end })
  world:step()
  world:key("right", true)
  world:step(3)      -- the action runs after steps 2, 3, 4; its force acts in steps 3, 4, 5
  world:key("right", false)
  world:step(3)
  expectNear(ship.velocity.x, 30, 1e-9, "three steps of 600 pt/s² for 1/60 s")
  expect(not world.pointer.down and world.pointer.x == nil, "no pointer yet")
  world:pointer{ phase = "began", x = 40, y = 50 }
  expect(world.pointer.down, "pressed")
  expectNear(world.pointer, { 40, 50 }, 0, "at the event's position")
end)

scenario("itemBehavior:addLinearVelocity adds a vector, as UIKit's addLinearVelocity(_:for:)", function()
  local world = kinetic.world{ width = 4000, height = 4000 }
  local box = world:addItem{ center = { 500, 500 }, size = { 40, 40 } }
  local ib = kinetic.itemBehavior{ items = { box } }
  ib:addLinearVelocity(box, { 30, -40 })   -- before it joins the world: kept until it does
  world:addBehavior(ib)
  expectNear(box.velocity, { 30, -40 }, 0, "applied when the behaviour joined")
  ib:addLinearVelocity(box, { 10, 10 })
  ib:addAngularVelocity(box, 2)
  expectNear(box.velocity, { 40, -30 }, 0, "added to the velocity it had")
  expectEqual(box.angularVelocity, 2, "rad/s added")
  expectError(function() ib:addLinearVelocity(box, { 0 / 0, 1 }) end, "addLinearVelocity")
end)
