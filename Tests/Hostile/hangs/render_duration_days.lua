-- hostile: a level that asks to be rendered for 11 days of simulated time (60 million steps)
-- run: render {level} -o frame%04d.png --quiet
-- exit: 1
-- stderr: level field 'duration' must be a number of seconds > 0 and at most 3600
-- timeout: 30
return {
  duration = 1e6,
  load = function(world) world:addItem{ center = {100, 100}, size = {10, 10} } end,
}
