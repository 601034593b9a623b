-- hostile: a plain string.find of a long needle in a long text, quadratic inside one C call
-- run: run {level} --headless --seconds 0.5
-- exit: 1
-- stderr: plain_find_long_needle.lua:9: string.find: plain search too long (exceeded the script's time budget of 2 s)
local level = {}

function level.load(world)
  local text, needle = ("x"):rep(3000000), ("x"):rep(1000000) .. "y"
  local found = text:find(needle, 1, true)
  print(found)
end

return level
