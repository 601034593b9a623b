-- A file that fails while loading: its cases are never registered.
scenario("never runs", function() end)
local x = nil
x.field = 1
