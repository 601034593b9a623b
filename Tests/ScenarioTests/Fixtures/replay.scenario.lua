-- world:replay fixture: replays taps.recording.json (written beside this file by the test) on a
-- freshly loaded level.
scenario("replays the recording", function()
  local world = kinetic.load("falling.lua")
  local matches, why = world:replay("taps.recording.json")
  expect(matches, why)
end)

scenario("a different start does not match", function()
  local world = kinetic.load("falling.lua")
  world:step(1)  -- one step ahead of the recording
  local matches, why = world:replay("taps.recording.json")
  expect(not matches, "replaying one step late must not match")
  expect(why and why:find("differs", 1, true), "the reason names the difference")
end)
