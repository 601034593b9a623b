-- hostile: a recording whose level is /etc/passwd, which the replay would parse as Lua
-- run: replay {level}/passwd.json --headless
-- exit: 1
-- stderr: "level" must be a path relative to the recording, got "/etc/passwd"
return { load = function() end }
