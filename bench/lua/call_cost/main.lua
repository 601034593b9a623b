-- Benchmark: the cost of a call from Lua into the binding. Needs --trust (os.clock).
-- Run: kinetic run bench/lua/call_cost --headless --steps 0 --trust --time-budget 60
-- The item falls under gravity (it has a body), as items in a level do.
local N = 500000    -- per loop; scripts/bench-lua.sh gives the load a 60 s budget (--time-budget) for busy machines
local level = {}

-- The best of 3 repetitions: on a busy machine a loop that lost its core for a moment would
-- otherwise skew the ratio of its run.
local function time(f, n)
  n = n or N
  local best = math.huge
  for _ = 1, 3 do
    local t = os.clock()
    f(n)
    best = math.min(best, (os.clock() - t) / n * 1e9)
  end
  return best
end

function level.load(world)
  local item = world:addItem{ center = { 100, 100 }, size = { 10, 10 } }
  world:addBehavior(kinetic.gravity{ items = { item } })
  world:step()
  local empty = time(function() local s = 0 for i = 1, N do s = s + i end end)
  local bare = time(function() local f, s = rawequal, 0 for i = 1, N do if f(s, i) then s = s + 1 end end end)
  local x = time(function() local s = 0 for _ = 1, N do s = s + item.x end end)
  local center = time(function() local s = 0 for _ = 1, N do s = s + item.center.x end end)
  local velocity = time(function() local s = 0 for _ = 1, N do s = s + item.velocity.y end end)
  local position = time(function() local s = 0 for _ = 1, N do local x, y = item:position() s = s + x end end)
  local linear = time(function() local s = 0 for _ = 1, N do local vx, vy = item:linearVelocity() s = s + vy end end)
  local table = time(function() local s = 0 for i = 1, N do s = s + ({ x = i, y = i }).x end end)
  local write = time(function() for i = 1, N do item.x = i % 100 end end)
  local behavior = kinetic.itemBehavior{ items = { item } }
  world:addBehavior(behavior)
  local cheap = time(function() local s = 0 for _ = 1, N do s = s + behavior:angularVelocity(item) end end)
  local method = time(function(n) for i = 1, n do item:moveTo(i % 100, 100) end end, N // 10)
  local function per(label, t) return string.format("%s %.1f ns (%.2f x bare)", label, t - empty, (t - empty) / (bare - empty)) end
  print(string.format("empty loop %.1f ns; bare C function (rawequal) %.1f ns", empty, bare))
  print(string.format("per call, loop removed: bare %.1f ns; %s; %s; %s; %s; %s; %s; %s; %s; %s", bare - empty,
    per("item.x read", x), per("item.center read", center), per("item.velocity read", velocity),
    per("Lua table {x=, y=} made in Lua", table), per("item:position() call", position),
    per("item:linearVelocity() call", linear), per("item.x write", write),
    per("itemBehavior:angularVelocity(item) call", cheap), per("item:moveTo call", method)))
end

return level
