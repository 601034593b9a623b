-- The car drives over the bumps on its wheels, its suspension within its travel, the camera with it.

local function inChassisAxes(world, name)
  local car, item = world:item("chassis"), world:item(name)
  local dx, dy = item.x - car.x, item.y - car.y
  local c, s = math.cos(car.angle), math.sin(car.angle)
  return dx * c + dy * s, -dx * s + dy * c               -- along the chassis, and down from it
end

scenario("it drives to the right over the bumps and stays on its wheels", function()
  local world = kinetic.load("main.lua")
  world:run(8)
  local car = world:item("chassis")
  expect(car.x > 1500, "more than 1500 pt in 8 s, at " .. car.x)
  expect(math.abs(car.angle) < 0.6, "upright, angle " .. car.angle)
  expect(car.y < 500, "above the ground, y = " .. car.y)
end)

scenario("each axle slides only along its travel and each wheel turns on its axle", function()
  local world = kinetic.load("main.lua")
  for _ = 1, 16 do
    world:run(0.5)
    for _, side in ipairs({ "rear", "front" }) do
      local along, down = inChassisAxes(world, side .. "Axle")
      expectNear(along, side == "rear" and -40 or 40, 1, side .. " axle stays on its slide")
      expect(down >= 25 - 12 - 1 and down <= 25 + 12 + 1, side .. " axle within its travel, at " .. down)
      -- The motor drives the wheels with no torque limit, which stretches the pins by up to 1.6 pt.
      expectNear(world:item(side).center, world:item(side .. "Axle").center, 2, side .. " wheel on its axle")
    end
  end
end)

scenario("the camera follows the car and never shows past the world's edges", function()
  local world = kinetic.load("main.lua")
  expectNear(world.camera.x, 300, 1e-9, "at the start the view shows the world's left edge")
  local car = world:item("chassis")
  for _ = 1, 10 do
    world:run(1)
    expect(world.camera.x >= 300 and world.camera.x <= 6000 - 300, "inside the world: " .. world.camera.x)
  end
  expect(math.abs(world.camera.x - car.x) < 100, "the car is near the view's centre")
end)

scenario("space parks the car and starts it again; the left arrow reverses", function()
  local world, _, state = kinetic.load("main.lua")
  local car = world:item("chassis")
  world:key("space"); world:key("space", false)
  expectEqual(state.drive, 0)
  world:run(2)
  expectNear(car.x, 150, 30, "parked near the start")
  world:key("space"); world:key("space", false)
  world:run(2)
  local x = car.x
  expect(x > 300, "driving again, at " .. x)
  world:key("left")
  world:run(2)
  expect(car.x < x - 100, "reversing while the left arrow is held")
end)
