-- hostile: one string.find call that backtracks for minutes, where the count hook cannot stop it
-- run: run {level} --headless --seconds 0.5
-- exit: 1
-- stderr: pattern_backtracking.lua:8:
local level = {}

function level.load(world)
  local found = ("a"):rep(60):find(("a-"):rep(40) .. "b")
  print(found)
end

return level
