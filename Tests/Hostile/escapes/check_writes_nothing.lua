-- hostile: kinetic check runs load(world), which takes a screenshot: checking must write nothing
-- run: check {level}
-- exit: 0
-- stdout: ok: check_writes_nothing.lua
-- check: test ! -e shot.png
local level = {}

function level.load(world)
  world:addItem{ frame = {10, 10, 40, 40}, fill = "red" }
  world:screenshot("shot.png")
end

return level
