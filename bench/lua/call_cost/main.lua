-- Benchmark: the cost of a call from Lua into the binding. Needs --trust (os.clock).
-- Run: kinetic run bench/lua/call_cost --headless --steps 0 --trust
local N = 2000000   -- per loop; the whole load must stay under the 2 s callback budget
local level = {}

local function time(label, f)
  local t = os.clock()
  f()
  return (os.clock() - t) / N * 1e9
end

function level.load(world)
  local item = world:addItem{ center = { 100, 100 }, size = { 10, 10 } }
  local empty = time("empty loop", function() local s = 0 for i = 1, N do s = s + i end end)
  local bare = time("bare C function", function() local f, s = rawequal, 0 for i = 1, N do if f(s, i) then s = s + 1 end end end)
  local read = time("item.x read", function() local s = 0 for _ = 1, N do s = s + item.x end end)
  local write = time("item.x write", function() for i = 1, N do item.x = i % 100 end end)
  print(string.format("empty loop %.1f ns; bare C function (rawequal) %.1f ns; item.x read %.1f ns; item.x write %.1f ns",
    empty, bare, read, write))
  print(string.format("per call, loop removed: bare %.1f ns, read %.1f ns (%.2f x bare), write %.1f ns (%.2f x bare)",
    bare - empty, read - empty, (read - empty) / (bare - empty), write - empty, (write - empty) / (bare - empty)))
end

return level
