-- A magenta 80 × 80 box on white, no gravity, that follows the pointer while it is held: the window
-- test drags it and checks where it ends up, in what the level prints and in the screen's pixels.
local level = { title = "KineticDragBoxFixture", width = 400, height = 400, background = "#ffffff" }

local box
local grab -- the rigid rod from the box's centre to the pointer, while the pointer is down

function level.load(world)
  box = world:addItem{ name = "box", center = { 100, 100 }, size = { 80, 80 }, fill = "#ff00ff" }
  grab = nil
end

function level.pointer(world, e)
  if e.phase == "began" then
    if math.abs(e.x - box.x) > 40 or math.abs(e.y - box.y) > 40 then return end -- missed it
    grab = kinetic.attachment{ item = box, anchor = { e.x, e.y }, length = 0 }
    -- After each step, report the box's centre once it has caught up with a new anchor, so the
    -- test knows when the drag has landed before it lets go.
    local reported
    grab.action = function()
      local a = grab.anchor
      if (a.x - box.x) ^ 2 + (a.y - box.y) ^ 2 < 0.25 and not (reported and reported.x == a.x and reported.y == a.y) then
        reported = a
        print(string.format("at %.1f %.1f", box.x, box.y))
      end
    end
    world:addBehavior(grab)
    print(string.format("began %.1f %.1f", e.x, e.y))
  elseif grab and e.phase == "moved" then
    grab.anchor = { e.x, e.y }
  elseif grab and e.phase == "ended" then
    world:removeBehavior(grab)
    grab = nil
    -- Stop it where it is, so the screenshot finds it there.
    box.velocity = { 0, 0 }
    box.angularVelocity = 0
    print(string.format("ended %.1f %.1f", box.x, box.y))
  end
end

return level
