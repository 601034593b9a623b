-- A landing-zone test with two mistakes in its shape table, in a callback no load runs.
local level = { width = 400, height = 400 }
function level.load(world) world:addItem{ name = "pad", center = { 200, 380 }, size = { 80, 20 } } end
function level.update(world)
  local items = world:itemsOverlapping{ center = { 200, 360 }, size = { 80, 20 },
    bounds = "circle", angel = 0.1 }
end
return level
