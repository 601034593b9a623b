-- hostile: adds and removes items with 64 KiB names every step, so the host kept every removed name (3.9 GB in 3 s)
-- run: run {level} --headless --seconds 4
-- exit: 1
-- stderr: removed_names.lua:15:
-- stderr: World:addItem: 'name' must be at most 1024 bytes of text, got a string of 65537 bytes
local level = {}
local big = ("n"):rep(64 * 1024)
local removed = 0

function level.load(world) end

function level.update(world)
  for _ = 1, 200 do
    removed = removed + 1
    world:removeItem(world:addItem{ name = big .. removed % 10, frame = { 0, 0, 10, 10 } })
  end
end

return level
