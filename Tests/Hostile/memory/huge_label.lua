-- hostile: a 20 MB item label and HUD text, drawn every frame (689 MB a frame)
-- run: render {level} -o frame.png --at 0
-- exit: 1
-- stderr: huge_label.lua:10:
-- stderr: World:addItem: 'label' must be at most 1024 bytes of text, got a string of 20971520 bytes
local level = {}
local text = ("W"):rep(20 * 1024 * 1024)

function level.load(world)
  world:addItem{ name = "sign", frame = { 100, 100, 200, 50 }, label = text }
end

function level.draw(world, canvas)
  canvas:text(text, 10, 10)
end

return level
