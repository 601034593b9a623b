local level = {}

local folder = "art/"

function level.load(world, state)
  world:addItem{ name = "a", frame = {0, 0, 20, 20}, image = "missing.png" }
  world:addItem{ name = "b", frame = {30, 0, 20, 20}, image = folder .. "computed.png" }
end

return level
