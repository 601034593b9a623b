-- hostile: io.open of a FIFO shipped in the level folder, which blocks forever waiting for a writer
-- setup: mkfifo fifo
-- run: run {level} --headless --seconds 0.1
-- exit: 1
-- stdout: fifo: not a regular file (a FIFO)
-- stderr: fifo_open.lua:12: fifo: not a regular file (a FIFO)
-- timeout: 20
local level = {}

function level.load(world)
  print(select(2, io.open("fifo")))
  for line in io.lines("fifo") do print(line) end
end

return level
