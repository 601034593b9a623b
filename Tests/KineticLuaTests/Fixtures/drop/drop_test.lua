-- Scenarios for the Drop fixture: the ball lands once, and a drag reaches the level's pointer.

scenario("the ball lands on the floor exactly once", function()
  local world, level, state = kinetic.load("main.lua")
  local landed = world:runUntil(function() return state.landings > 0 end, 2)
  expect(landed, "the ball reached the floor within 2 s")
  world:run(1)
  expect(state.landings == 1, "one landing, got " .. state.landings)
  expectNear(world:item("ball").y, 370, 0.5, "the ball rests on the floor")
end)

scenario("a drag is a began, moves and an ended", function()
  local world, level, state = kinetic.load("main.lua")
  world:drag{ from = { 0, 0 }, to = { 100, 0 }, duration = 0.1 }
  expect(#state.pointers == 8, "began + 6 moves + ended, got " .. #state.pointers)
  expectError(function() world:item("ball").size = 3 end, "read%-only")
end)
