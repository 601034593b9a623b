local level = {}

local folder = "art/"

function level.load(world, state)
  world:addItem{ name = "a", frame = {0, 0, 20, 20}, image = "missing.png" }
  world:addItem{ name = "b", frame = {30, 0, 20, 20}, image = folder .. "computed.png" }
end

function level.draw(world, canvas)
  canvas:image("sprites/gone.png", 0, 0, { source = { 0, 0, 16, 16 } })
end

return level
