-- hostile: world:screenshot aimed at files the level ships: its notes, a NUL-cut name, its own main.lua
-- setup: cp screenshot_overwrite/main.lua main.lua.orig
-- setup: cp screenshot_overwrite/notes.txt notes.txt.orig
-- run: run {level} --headless --seconds 0.1
-- exit: 1
-- stdout: notes.txt: only .png files may be written
-- stdout: main.lua: a file name may not contain a NUL byte
-- stderr: main.lua:18: World:screenshot: main.lua: only .png files may be written
-- check: cmp screenshot_overwrite/main.lua main.lua.orig
-- check: cmp screenshot_overwrite/notes.txt notes.txt.orig
local level = {}

function level.load(world)
  for _, name in ipairs{ "notes.txt", "main.lua\0.png" } do
    local ok, message = pcall(world.screenshot, world, name)
    print(ok and ("wrote " .. name) or message)
  end
  world:screenshot("main.lua")
end

return level
