-- Benchmark: a Lua-driven scene. 2,000 circles (SCENES.md's falling_circles layout, 1 m = 100 pt,
-- y down) created from Lua fall into a container; `update` reads every item's position each step.
-- Run: kinetic run bench/lua/kinetic_scene --headless --steps 600   (the summary's wall time)
local level = { title = "Lua scene", width = 4400, height = 6200, fps = 60 }

local items = {}
level.sum = 0

function level.load(world)
  local H = level.height
  for r = 0, 49 do
    for c = 0, 39 do
      local x = (-19.5 + c + (r % 2 == 1 and 0.25 or 0)) * 100 + 2200
      local y = H - (2 + r) * 100
      local radius = (0.25 + 0.05 * ((c + r) % 6)) * 100
      items[#items + 1] = world:addItem{ center = { x, y }, size = { 2 * radius, 2 * radius }, bounds = "ellipse" }
    end
  end
  world:addBehavior(kinetic.gravity{ items = items })
  world:addBehavior(kinetic.itemBehavior{ items = items, friction = 0.6 })
  world:addBehavior(kinetic.collision{ items = items, mode = "everything", boundaries = {
    { id = "floor", from = { 100, H }, to = { 4300, H } },
    { id = "left", from = { 100, H }, to = { 100, 0 } },
    { id = "right", from = { 4300, H }, to = { 4300, 0 } },
  } })
end

function level.update()
  local sum = 0
  for i = 1, #items do
    local it = items[i]
    sum = sum + it.x + it.y
  end
  level.sum = sum
end

return level
