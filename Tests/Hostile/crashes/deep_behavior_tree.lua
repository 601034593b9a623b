-- hostile: a behaviour tree nested 200 000 levels deep, built bottom up by addChild: walking and freeing it recursed past the stack
-- run: run {level} --headless --seconds 0.1
-- exit: 1
-- stderr: deep_behavior_tree.lua:12:
-- stderr: Behavior:addChild: the behaviour tree would be 101 levels deep; a tree may have at most 100
local level = {}

function level.load(world)
  local root = kinetic.behavior{}
  for _ = 1, 200000 do
    local parent = kinetic.behavior{}
    parent:addChild(root)
    root = parent
  end
  world:addBehavior(root)
end

return level
