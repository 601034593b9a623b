-- hostile: world:screenshot into a folder that does not exist: the message must name the folder
-- run: run {level} --headless --seconds 0.1
-- exit: 1
-- stderr: screenshot_missing_folder.lua:8: World:screenshot: nowhere/x.png: the folder 'nowhere' does not exist
local level = {}

function level.load(world)
  world:screenshot("nowhere/x.png")
end

return level
