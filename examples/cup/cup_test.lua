-- Scenarios for the cup: a sensor scores each ball once when it comes in and reports once when it
-- leaves; the best score is saved (kinetic.save) and read again by the next run. Each case starts
-- with an empty data folder of its own, so "best" is 0 at first.

local function settle(world) world:run(2) end

scenario("a ball entering the cup scores exactly once", function()
  local world, level, state = kinetic.load("main.lua")
  settle(world)                                    -- the first step drops one ball into the cup
  expectEqual(state.score, 1, "one ball came in")
  local inside = state.cup:items()
  expect(#inside == 1 and inside[1].name == "ball1", "the cup holds ball1")
  world:run(2)
  expectEqual(state.score, 1, "resting in the cup does not score again")
  level.drop(world, 60)                            -- a miss lands on the floor
  settle(world)
  expectEqual(state.score, 1, "a ball beside the cup does not score")
  expectEqual(#state.cup:items(), 1)
end)

scenario("leaving the cup fires ended once", function()
  local world, level, state = kinetic.load("main.lua")
  settle(world)
  level.eject()
  settle(world)
  expectEqual(state.left, 1, "one ended for the ball lifted out")
  expectEqual(#state.cup:items(), 0, "the cup is empty")
  expectEqual(state.score, 1, "leaving does not change the score")
  world:run(2)
  expectEqual(state.left, 1, "and ended came only once")
end)

scenario("the best score survives a second run", function()
  local world, level, state = kinetic.load("main.lua")
  expectEqual(state.best, 0, "a fresh data folder has no best score")
  settle(world)
  level.drop(world, 187)
  settle(world)
  expectEqual(state.score, 2)
  expectEqual(state.best, 2, "the best score follows the score")
  expectEqual(kinetic.saved("best"), 2, "and is saved")

  local again, _, second = kinetic.load("main.lua")  -- the next run of the level
  expectEqual(second.best, 2, "the next run starts with the saved best")
  expectEqual(second.score, 0)
  settle(again)
  expectEqual(second.score, 1)
  expectEqual(second.best, 2, "a lower score keeps the best")
end)
