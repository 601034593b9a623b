-- Scenarios for the shapes gallery: masses from true areas, an ellipse rolls where a box sticks, a
-- convex path lands flat, a concave parts item holds a ball, and a concave path is refused.

local FLOOR_Y = 600

local function moved(item, x, y) return math.sqrt((item.x - x) ^ 2 + (item.y - y) ^ 2) end

scenario("masses come from the true shape areas (density 1: area / 10 000)", function()
  local world = kinetic.load("main.lua")
  expectNear(world:item("box").mass, 40 * 40 / 1e4, 1e-6, "rectangle 40 × 40")
  -- 0.1257, not the bounding square's 0.16 (reference O1); 1.5 % allows a finely polygonised disc.
  expectNear(world:item("wheel").mass, math.pi * 20 * 20 / 1e4, 0.002, "ellipse of radius 20")
  expectNear(world:item("hex").mass, 1.5 * math.sqrt(3) * 24 * 24 / 1e4, 1e-4, "hexagon of radius 24")
  expectNear(world:item("cup").mass, (100 * 16 + 2 * 10 * 54) / 1e4, 1e-4, "the U: sum of its parts")
end)

scenario("on the slope the ellipse rolls further than the box", function()
  local world = kinetic.load("main.lua")
  local box, wheel = world:item("box"), world:item("wheel")
  local bx, by, wx, wy = box.x, box.y, wheel.x, wheel.y
  world:run(1)
  -- A rolling disc accelerates at g·sin 20° / 1.5 = 228 pt/s²: ~114 pt in 1 s (the slope's end is
  -- 168 pt away). Friction 0.5 > tan 20° holds the box (a soft solver may let it creep a little).
  expect(moved(wheel, wx, wy) > 50, string.format("the ellipse rolled %.1f pt", moved(wheel, wx, wy)))
  expect(moved(box, bx, by) < 5, string.format("the box stayed (%.1f pt)", moved(box, bx, by)))
  expect(wheel.angularVelocity > 1, "the ellipse turns clockwise as it rolls down to the right")
end)

scenario("the hexagon (a convex path) lands flat on the floor", function()
  local world = kinetic.load("main.lua")
  world:run(3)
  local hex = world:item("hex")
  -- Flat bottom at 24 · sin 60° = 20.78 below the centre.
  expectNear(hex.y, FLOOR_Y - 20.78, 1.5, "resting on its flat side")
  expect(math.abs(hex.angle) < 0.05, string.format("not turned (%.3f rad)", hex.angle))
end)

scenario("the U made of parts holds its ball", function()
  local world = kinetic.load("main.lua")
  world:run(3)
  local cup, ball = world:item("cup"), world:item("ball")
  expectNear(cup.y, FLOOR_Y - 35, 1.5, "the U stands on the floor")
  -- Inside the U the ball rests on its floor, 10 pt above the ground (y 574); on the ground it
  -- would be at 590.
  expect(math.abs(ball.x - cup.x) < 40, "the ball is between the walls")
  expect(ball.y < 582, string.format("the ball is held above the ground (y %.1f)", ball.y))
end)

scenario("a concave path is refused with a hint to use parts", function()
  local world = kinetic.load("main.lua")
  expectError(function()
    world:addItem{ name = "arrow", bounds = "path", center = { 200, 100 },
      path = { { -20, -20 }, { 20, -20 }, { -10, -10 }, { -20, 20 } } }
  end, "parts")
end)
