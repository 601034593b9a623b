-- The Lua-driven scene of ../kinetic_scene in LÖVE 11.4 (Box2D 2.3, LuaJIT): 2,000 circles created
-- from Lua fall into a container; every step reads every body's position, then steps 1/60 s with
-- 8 velocity and 3 position iterations. Prints the wall time of the 600 steps.
-- Run: love bench/lua/love_scene
function love.run()
  local physics, getTime = love.physics, love.timer.getTime
  physics.setMeter(1)
  local world = physics.newWorld(0, -10, false)
  local ground = physics.newBody(world, 0, 0, "static")
  for _, box in ipairs({ { 0, -0.5, 22, 0.5 }, { -21.5, 30, 0.5, 30 }, { 21.5, 30, 0.5, 30 } }) do
    local f = physics.newFixture(ground, physics.newRectangleShape(box[1], box[2], 2 * box[3], 2 * box[4]))
    f:setFriction(0.6)
  end
  local bodies = {}
  for r = 0, 49 do
    for c = 0, 39 do
      local x = -19.5 + c + (r % 2 == 1 and 0.25 or 0)
      local body = physics.newBody(world, x, 2 + r, "dynamic")
      local f = physics.newFixture(body, physics.newCircleShape(0.25 + 0.05 * ((c + r) % 6)), 1)
      f:setFriction(0.6)
      bodies[#bodies + 1] = body
    end
  end
  local t0 = getTime()
  local sum = 0
  for _ = 1, 600 do
    sum = 0
    for i = 1, #bodies do
      local x, y = bodies[i]:getPosition()
      sum = sum + x + y
    end
    world:update(1 / 60, 8, 3)
  end
  local wall = getTime() - t0
  print(string.format("love-11.4 lua_scene 2000 bodies 600 steps: %.3f s (%.2f ms/step)", wall, wall / 600 * 1000))
  return function() return 0 end
end
