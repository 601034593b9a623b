-- hostile: a world 1e300 points wide, turned into a pixel count when rendered
-- run: render {level} -o out.png
-- exit: 1
-- stderr: level field 'width' must be a number of points > 0 and at most 10000000, got 1e+300
return {
  width = 1e300,
  load = function(world) world:addItem{ center = {100, 100}, size = {10, 10} } end,
}
