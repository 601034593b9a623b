-- hostile: a recording that claims 10^15 steps, replayed step by step for ages
-- run: replay {level}/recording.json
-- exit: 1
-- stderr: "steps" must be from 0 to 216000
-- timeout: 30
return { load = function(world) world:addItem{ center = {100, 100}, size = {10, 10} } end }
