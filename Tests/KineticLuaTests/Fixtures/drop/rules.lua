-- Fixture module loaded with require beside the level.
local rules = {}

--- True when `a` (the ball) touches the floor item.
function rules.isLanding(a, b)
  return type(b) ~= "string" and b.name == "floor" or a.name == "floor"
end

return rules
