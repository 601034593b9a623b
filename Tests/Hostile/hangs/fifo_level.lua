-- hostile: a FIFO named as the level file: opening it would wait forever for a writer
-- setup: mkfifo waiting.lua
-- run: run waiting.lua --headless --seconds 0.1
-- exit: 1
-- stderr: waiting.lua: not a regular file (a FIFO)
-- timeout: 20
return { load = function() end }
