-- One-way items (`oneWay` in world:addItem): a jumper jumps up through a ledge and stands on it,
-- where a plain ledge stops its head; the ledge's collision reports only the landing. Before
-- `oneWay`, a level had to join and leave a collision behaviour by the jumper's height
-- (examples/platformer did) to get Box2D's pre-solve or LÖVE's Contact:setEnabled.

local GROUND, LEDGE_TOP = 560, 440

-- A 28 × 40 jumper standing on the ground (centre y = 540) under a 200 × 12 ledge whose top is
-- 120 pt above the ground. It jumps at 700 pt/s under 1.6 g: it rises 700² / 3200 = 153 pt, so its
-- feet reach y ≈ 407, 33 pt above the ledge's top.
local function scene(oneWay)
  local world = kinetic.world{ width = 600, height = 600 }
  local jumper = world:addItem{ name = "jumper", center = { 300, GROUND - 20 }, size = { 28, 40 } }
  local ground = world:addItem{ name = "ground", frame = { 0, GROUND, 600, 40 } }
  local ledge = world:addItem{ name = "ledge", frame = { 200, LEDGE_TOP, 200, 12 }, oneWay = oneWay }
  world:addBehavior(kinetic.gravity{ items = { jumper }, magnitude = 1.6 })
  world:addBehavior(kinetic.itemBehavior{ items = { jumper }, allowsRotation = false, friction = 1 })
  world:addBehavior(kinetic.itemBehavior{ items = { ground, ledge }, anchored = true, friction = 1 })
  local touches = {}
  world:addBehavior(kinetic.collision{ items = { jumper, ground, ledge },
    began = function(a, b, _, _, normal)
      if a == ledge or b == ledge then
        -- The normal from the jumper to the ledge: down (+y) when it lands on the top.
        local down = (a == jumper) and normal.y or -normal.y
        touches[#touches + 1] = { kind = "began", down = down, y = jumper.y }
      end
    end,
    ended = function(a, b)
      if a == ledge or b == ledge then touches[#touches + 1] = { kind = "ended" } end
    end })
  return world, jumper, ledge, touches
end

local function jump(world, jumper)
  world:run(0.3)
  jumper.velocity = { 0, -700 }
  local highest = jumper.y
  for _ = 1, 90 do
    world:step()
    highest = math.min(highest, jumper.y)
  end
  return highest
end

scenario("a jumper jumps up through a one-way ledge and stands on it", function()
  local world, jumper, _, touches = scene(true)
  local highest = jump(world, jumper)
  expect(highest + 20 < LEDGE_TOP, "its feet rose above the ledge's top, to y " .. (highest + 20))
  expectNear(jumper.y, LEDGE_TOP - 20, 1, "standing on the ledge")
  expectNear(jumper.velocity.y, 0, 1, "at rest on it")
  expectEqual(#touches, 1, "the ledge's collision reports the landing only")
  expectEqual(touches[1].kind, "began")
  expect(touches[1].down > 0.99, "landed on the top, normal down from the jumper: " .. touches[1].down)
  expect(touches[1].y < LEDGE_TOP - 19, "began once it was on the top, not on the way up: y " .. touches[1].y)
  world:run(1)
  expectNear(jumper.y, LEDGE_TOP - 20, 1, "stays on it")
end)

scenario("the same jump under a plain ledge bumps its head and falls back to the ground", function()
  local world, jumper = scene(nil)
  local highest = jump(world, jumper)
  expect(highest - 20 > LEDGE_TOP + 12 - 1, "its head stopped at the ledge's bottom: top y " .. (highest - 20))
  expectNear(jumper.y, GROUND - 20, 1, "back on the ground")
end)

scenario("a one-way ledge turned upside down stops the jumper from below only", function()
  -- {0, 1} in the ledge's frame: the side from which items are stopped is its bottom.
  local world, jumper, ledge = scene({ 0, 1 })
  expectNear(ledge.oneWay, { 0, 1 }, 1e-12, "read back at unit length")
  local highest = jump(world, jumper)
  expect(highest - 20 > LEDGE_TOP + 12 - 1, "its head stopped at the ledge's bottom: top y " .. (highest - 20))
end)

scenario("oneWay is read and written on the item; a flip drops what stands on it", function()
  local world, jumper, ledge = scene(true)
  expectNear(ledge.oneWay, { 0, -1 }, 0, "true is screen up")
  jump(world, jumper)
  expectNear(jumper.y, LEDGE_TOP - 20, 1, "standing on the ledge")
  ledge.oneWay = false
  expectEqual(ledge.oneWay, false)
  world:run(0.5)
  expectNear(jumper.y, LEDGE_TOP - 20, 1, "a two-way ledge still holds it")
  ledge.oneWay = { 0, 2 }
  world:run(1)
  expectNear(jumper.y, GROUND - 20, 1, "stopped only from below now: it fell through to the ground")
  expectError(function() ledge.oneWay = { 0, 0 } end, "oneWay")
  expectError(function() world:addItem{ frame = { 0, 0, 10, 10 }, oneWay = "up" } end, "oneWay")
  expectNear(ledge.oneWay, { 0, 1 }, 1e-12, "a refused write changes nothing")
end)
