-- hostile: a region nested 300 000 unions deep: contains and freeing it recurse once per level
-- run: run {level} --headless --seconds 0.1
-- exit: 1
-- stderr: region_deep_nesting.lua:10:
-- stderr: a region may have at most 1024
local level = {}

function level.load(world)
  local r = kinetic.region{ radius = 1 }
  for i = 1, 300000 do r = r:union(kinetic.region{ radius = i }) end
  print(r:contains(0, 0))
  r = nil
  collectgarbage()
end

return level
