-- hostile: a level that never loads, watched headless: a CI must not read the run as a pass
-- run: watch {level} --headless --seconds 0.3
-- exit: 1
-- stderr: a level must return a table
-- timeout: 30
local level = { load = function(world, state) end }
-- (no `return level`: the file returns nothing)
