-- hostile: a region unioned with itself 28 times shares its tree; tostring writes out 2^29 nodes
-- run: run {level} --headless --seconds 0.1
-- exit: 1
-- stderr: region_self_union.lua:10:
-- stderr: Region:union: the region would have 2047 shapes and operations; a region may have at most 1024
local level = {}

function level.load(world)
  local r = kinetic.region{ radius = 10 }
  for _ = 1, 28 do r = r:union(r) end
  print(#tostring(r))
end

return level
