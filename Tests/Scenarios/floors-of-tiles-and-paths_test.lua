-- A box that may not turn, run along a floor: on a boundary path of many points (one chain) it slides
-- without catching; a floor of separate anchored boxes side by side can catch it at a seam, where the
-- next box's corner is met (Box2D's "ghost collisions"), so docs/lua-api.md tells platformer authors to
-- build floors as one item or a path. This pins the way that works.

local function runner(world)
  local p = world:addItem{ center = { 60, 280 }, size = { 28, 40 } }
  world:addBehavior(kinetic.gravity{ items = { p }, magnitude = 1.6 })
  world:addBehavior(kinetic.itemBehavior{ items = { p }, allowsRotation = false, friction = 0 })
  return p
end

local function runRight(world, p)
  world:run(0.3)
  for _ = 1, 60 do
    local _, vy = p:linearVelocity()
    p.velocity = { 300, vy }
    world:step()
  end
end

scenario("a runner crosses a floor built as a boundary path of 41 points without catching", function()
  local world = kinetic.world{ width = 2000, height = 400 }
  local p = runner(world)
  local path = {}
  for i = 0, 40 do path[#path + 1] = { i * 40, 300 } end
  world:addBehavior(kinetic.collision{ items = { p }, boundaries = { { id = "ground", path = path } } })
  runRight(world, p)
  expectNear(p.x, 60 + 300, 1e-6, "one second at 300 pt/s")
  expectNear(p.y, 280, 0.01, "on the floor")
end)

scenario("a runner crosses a floor that is one anchored item", function()
  local world = kinetic.world{ width = 2000, height = 400 }
  local p = runner(world)
  local floor = world:addItem{ frame = { 0, 300, 1600, 40 } }
  world:addBehavior(kinetic.itemBehavior{ items = { floor }, anchored = true })
  world:addBehavior(kinetic.collision{ items = { p, floor } })
  runRight(world, p)
  expectNear(p.x, 60 + 300, 1e-6, "one second at 300 pt/s")
end)
