scenario("a trace of 1e300 seconds", function()
  local world = kinetic.load("main.lua")
  expectTrace(world, "forever", { seconds = 1e300 })
end)
