-- hostile: a point with a NaN coordinate, reported as "got a table" with nothing to say which number was wrong
-- run: run {level} --headless --seconds 0.1
-- exit: 1
-- stderr: nan_point.lua:6: World:addItem: 'center' must be a point {x, y} of finite numbers, got {nan, 0}
local level = {}
function level.load(world) world:addItem{ center = {0/0, 0}, size = {10, 10} } end
return level
