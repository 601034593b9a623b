-- Cases that fail on purpose (not named *_test.lua, so `kinetic test` does not pick it up).

scenario("a failed expect ends the case", function()
  local world, level, state = kinetic.load("main.lua")
  expect(state.landings == 5, "five landings")
  error("never reached")
end)

scenario("expectNear reports both values", function()
  expectNear(1.5, 1, 0.1, "close enough")
end)

scenario("a script error is a failure too", function()
  local world = kinetic.load("main.lua")
  world:item("ball"):moveTo("x", 1)
end)

scenario("the next case still runs", function()
  expect(math.random(1, 10) == SEEDED_FIRST, "math.random is reseeded for every case")
end)
