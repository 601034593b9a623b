-- hostile: a scenario (trace_test.lua) asking expectTrace for 1e300 seconds, turned into a step count
-- run: test {level}
-- exit: 1
-- stdout: trace_test.lua:3: expectTrace: 'seconds' must be a number of seconds from 0 to 3600
-- stdout: 0 passed, 1 failed
return { load = function(world) world:addItem{ center = {100, 100}, size = {10, 10} } end }
