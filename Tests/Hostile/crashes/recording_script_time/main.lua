-- hostile: an event script whose event time (1e300 s) became a step number
-- run: record {level} -o out.json --headless --script {level}/events.json
-- exit: 1
-- stderr: events.json: events[1] "time" must be a number of seconds from 0 to 3600
return { load = function(world) world:addItem{ center = {100, 100}, size = {10, 10} } end }
