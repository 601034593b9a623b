local level = {
  width = "wide",
  fps = -1,
  widht = 300,
}

function level.load(world, state) end

return level
