-- The scroller's camera: it follows the ball through a world six views wide, keeps the view inside
-- the world, moves only when the ball leaves the dead zone, and taps reach the level in world points.

local VIEW_W, VIEW_H = 400, 300

scenario("the camera follows the ball across the world and keeps the view inside it", function()
  local world = kinetic.load("main.lua")
  local hero = world:item("hero")
  -- At the start the ball is near the world's bottom-left corner: the view is pushed inside the world.
  expectNear(world.camera, { x = VIEW_W / 2, y = 600 - VIEW_H / 2 }, 1e-9, "the view starts at the bottom-left corner")
  world:run(4)
  expect(hero.x > 800, "the ball rolled on, x = " .. hero.x)
  local cam = world.camera
  expect(cam.x > 600, "the camera moved right with it, x = " .. cam.x)
  expect(math.abs(hero.x - cam.x) < VIEW_W / 2, "the ball is inside the view")
  expect(cam.y == 600 - VIEW_H / 2, "hops stay inside the dead zone's height: the camera never moved up")
  expectNear(world:toView(hero.center), { x = hero.x - cam.x + VIEW_W / 2, y = hero.y - cam.y + VIEW_H / 2 }, 1e-9,
    "a world point is drawn at its offset from the camera, from the view's centre")
end)

scenario("with lerp 1 the camera moves exactly as far as the item leaves the dead zone", function()
  local world = kinetic.world{ width = 2400, height = 600, view = { VIEW_W, VIEW_H } }
  local box = world:addItem{ center = { 1000, 300 }, size = { 10, 10 } }   -- in no behaviour: it stays put
  world:follow(box, { deadzone = { 80, 60 } })
  expectNear(world.camera, { x = 1000, y = 300 }, 0, "following starts centred on the item")
  box.center = { 1030, 300 }                             -- 30 right: inside the 40-point half-width
  world:step()
  expectNear(world.camera, { x = 1000, y = 300 }, 0, "inside the dead zone the camera stays")
  box.center = { 1100, 340 }                             -- 60 past the zone's right edge, 10 past its bottom
  world:step()
  expectNear(world.camera, { x = 1060, y = 310 }, 1e-9, "the camera moves by what the item is outside the zone")
  world:follow(nil)
  box.center = { 2000, 300 }
  world:step()
  expectNear(world.camera, { x = 1060, y = 310 }, 0, "follow(nil) stops the camera")
end)

scenario("a tap reaches the level and world.pointer in world points", function()
  local world, _, state = kinetic.load("main.lua")
  world:run(3)
  local cam = world.camera
  world:pointer{ phase = "began", x = VIEW_W / 2, y = VIEW_H / 2 }   -- the view's centre, as the window gives it
  expectNear(world.pointer, { x = cam.x, y = cam.y }, 1e-9, "the view's centre is the camera's world point")
  expectNear(state.taps[#state.taps], { x = cam.x, y = cam.y }, 1e-9, "level.pointer saw the same world point")
  world:pointer{ phase = "ended", x = 0, y = 0 }
  expectNear(world.pointer, world:toWorld{ 0, 0 }, 1e-9, "the view's corner")
  expectNear(world.pointer, { x = cam.x - VIEW_W / 2, y = cam.y - VIEW_H / 2 }, 1e-9, "half a view from the centre")
end)

scenario("the ball jumps every crate and collects coins on the way", function()
  local world, _, state = kinetic.load("main.lua")
  local hero = world:item("hero")
  expect(world:runUntil(function() return hero.x > 1900 end, 10), "the ball got past the last crate at x = 1800")
  local taken = 0
  for _, c in ipairs(state.coins) do if c.taken then taken = taken + 1 end end
  expect(taken >= 3, taken .. " coins collected")
end)
