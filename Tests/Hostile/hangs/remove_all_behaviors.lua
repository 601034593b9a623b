-- hostile: tens of thousands of behaviours removed in one call (each removal searched the whole list)
-- run: run {level} --headless --seconds 0.2
-- exit: 0
-- stdout: removed 36000
-- timeout: 30
local added = 0
return {
  width = 200, height = 200,
  load = function(world) world:addItem{ center = { 50, 50 }, size = { 10, 10 } } end,
  update = function(world)
    if added < 36000 then
      for _ = 1, 4000 do world:addBehavior(kinetic.behavior{}) end
      added = added + 4000
    elseif added == 36000 then
      world:removeAllBehaviors()
      print("removed " .. added)
      added = added + 1
    end
  end,
}
