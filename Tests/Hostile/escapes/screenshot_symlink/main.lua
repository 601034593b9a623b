-- hostile: world:screenshot through a symlinked subfolder that points out of the level folder
-- setup: mkdir outside && ln -s ../outside screenshot_symlink/out
-- run: run {level} --headless --seconds 0.1
-- exit: 1
-- stderr: main.lua:10: World:screenshot: 'out/escaped.png' is outside the level folder
-- check: test ! -e outside/escaped.png
local level = {}

function level.load(world)
  world:screenshot("out/escaped.png")
end

return level
