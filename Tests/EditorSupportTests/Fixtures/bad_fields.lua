local level = {
  width = "wide",
  fps = -1,
  widht = 300,
  duration = 1e300,
  height = 1e-320,
  view = { 0, 10 },
}

function level.load(world, state) end

return level
