-- The runner's own fixture: one passing, one failing, one erroring and one hanging case.
scenario("passes", function()
  local world = kinetic.load("falling.lua")
  world:run(0.5)
  expect(world:item("ball").y > 100, "the ball fell")
  expectNear(world.time, 0.5, 1e-12, "simulated time")
end)

scenario("fails", function()
  expectNear(1 + 1, 3, 0.001, "arithmetic")
end)

scenario("errors", function()
  local t = nil
  return t.missing
end)

scenario("hangs", function()
  while true do end
end)

scenario("after the hang", function()
  expectEqual(2 + 2, 4)
  expectError(function() error("boom: bad value") end, "bad value")
  expectError(function() error("code 42") end, "^.-code %d+$")
end)
