-- hostile: /dev/zero named as the level: the host would read it whole and run out of memory
-- run: run /dev/zero --headless --seconds 0.1
-- exit: 1
-- stderr: /dev/zero: not a regular file (a device or socket)
return { load = function() end }
