local level = {}

function level.load(world, state)
  local x = 1 +
end

return level
