-- hostile: a scenario whose name and message carry terminal escapes to paint a failure as a pass
-- run: test {level}
-- exit: 1
-- stdout: disguised_scenario.lua › \x1b[2K\x0dok    looks fine
-- stdout: disguised_scenario.lua:9: \x1b[1A\x1b[2K
-- stdout: 0 passed, 1 failed
scenario("\27[2K\rok    looks fine", function()
  print("\27[2J")
  expect(false, "\27[1A\27[2K")
end)
