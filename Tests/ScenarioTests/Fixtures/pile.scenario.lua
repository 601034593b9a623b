-- Determinism fixture: boxes of seeded random sizes fall onto a floor and each other, so that
-- contacts, friction and rotation all enter the trace.
scenario("pile", function()
  local world = kinetic.world{ width = 300, height = 400, seed = 7 }
  local items = {}
  for i = 1, 8 do
    local w, h = math.random(12, 40), math.random(12, 40)
    items[i] = world:addItem{ name = "box" .. i, center = { 40 + 30 * i % 240, 60 + 25 * i }, size = { w, h },
                              angle = math.random() * 0.5 }
  end
  world:addBehavior(kinetic.gravity{ items = items })
  world:addBehavior(kinetic.collision{ items = items, mode = "everything", referenceBounds = true })
  expectTrace(world, "pile", { seconds = 2, every = 10, tolerance = 0 })
end)
