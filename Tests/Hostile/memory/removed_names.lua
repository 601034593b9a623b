-- hostile: adds and removes items with 64 KiB names every step, so the host keeps every removed name
-- run: run {level} --headless --seconds 4
-- exit: 0
-- stdout: removed 40000
-- timeout: 90
local level = {}
local big = ("n"):rep(64 * 1024)
local removed = 0

function level.load(world) end

function level.update(world)
  for i = 1, 200 do
    removed = removed + 1
    world:removeItem(world:addItem{ name = big .. removed, frame = { 0, 0, 10, 10 } })
  end
  if removed == 40000 then print("removed " .. removed) end
end

return level
