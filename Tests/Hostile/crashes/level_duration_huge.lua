-- hostile: a level duration of 1e300 seconds, turned into a step count by run, render and record
-- run: run {level} --headless
-- exit: 1
-- stderr: level_duration_huge.lua:7: level field 'duration' must be
-- stderr: one hour of simulated time
return {
  duration = 1e300,
  load = function(world) world:addItem{ center = {100, 100}, size = {10, 10} } end,
}
