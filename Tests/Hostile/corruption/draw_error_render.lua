-- hostile: a level.draw that fails during `render`, which wrote the picture without its HUD over a good one and exited 0
-- setup: cp draw_error_render.lua out.png
-- run: render {level} -o out.png --at 0.5 --quiet
-- exit: 1
-- stderr: draw_error_render.lua:15: the HUD is gone
-- check: cmp out.png draw_error_render.lua
-- check: test -z "$(ls -A | grep partial)"
local level = {}

function level.load(world)
  world:addItem{ name = "box", center = { 100, 100 }, size = { 40, 40 } }
end

function level.draw(world, canvas)
  if world.time > 0.2 then error("the HUD is gone") end
  canvas:text("score 0", 10, 20)
end

return level
