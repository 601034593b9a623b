-- hostile: a level path through a regular file: not "no such file", but what stands in the way
-- run: render {level}/main.lua -o out.png
-- exit: 1
-- stderr: level_under_a_file.lua/main.lua: a part of the path is a file, not a folder
return { load = function() end }
