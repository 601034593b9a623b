-- hostile: kinetic.load of a sparse 3 GB level file that the host would read whole
-- setup: truncate -s 3G big.lua
-- run: run {level} --headless --seconds 0.1
-- exit: 1
-- stderr: sparse_source.lua:9: kinetic.load: cannot read big.lua: larger than the 16 MiB a level file may be
local level = {}

function level.load(world)
  kinetic.load("big.lua")
end

return level
