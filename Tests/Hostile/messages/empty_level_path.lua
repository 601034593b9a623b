-- hostile: an empty level path: the message must say what was given (it said ": no such file or folder")
-- run: render "" -o out.png
-- exit: 1
-- stderr: '': no level named
return { load = function() end }
