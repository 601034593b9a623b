-- A moving platform as Box2D and LÖVE build one, with a kinematic item: it carries a box from the
-- left cliff across a gap, over the right cliff (passing through it, as kinematic bodies pass
-- through static ones), then sinks into the cliff and leaves the box standing on it.

local SPEED = 120                              -- pt/s, across and back
local START = { x = 310, y = 304 }             -- the platform's centre at the left cliff's edge
local FAR_X, SUNK_Y = 700, 330                 -- where it stops over the right cliff, how deep it sinks

local level = { title = "Moving platform", width = 900, height = 600, duration = 8 }
local S, platform, box

function level.load(world, state)
  S = state
  S.phase = "carry"
  S.arrived, S.lost = false, false
  local left = world:addItem{ name = "left", frame = { 0, 300, 250, 200 }, fill = "#166534" }
  local right = world:addItem{ name = "right", frame = { 650, 300, 250, 200 }, fill = "#166534" }
  platform = world:addItem{ name = "platform", center = { START.x, START.y }, size = { 120, 16 }, fill = "#7c3aed" }
  box = world:addItem{ name = "box", center = { START.x, 280.5 }, size = { 30, 30 }, fill = "#dc2626" }
  world:addBehavior(kinetic.itemBehavior{ items = { left, right }, anchored = true, friction = 1 })
  world:addBehavior(kinetic.itemBehavior{ items = { platform }, kinematic = true, friction = 1 })
  world:addBehavior(kinetic.itemBehavior{ items = { box }, friction = 1 })
  world:addBehavior(kinetic.gravity{ items = { box, platform } })
  world:addBehavior(kinetic.collision{ items = { left, right, platform, box } })
  platform.velocity = { SPEED, 0 }
end

function level.update()
  if S.phase == "carry" and platform.x >= FAR_X then
    S.phase = "sink"
    platform.velocity = { 0, 60 }
  elseif S.phase == "sink" and platform.y >= SUNK_Y then
    S.phase = "return"
    platform.velocity = { -SPEED, 0 }
  elseif S.phase == "return" and platform.x <= START.x then
    S.phase = "done"
    platform.velocity = { 0, 0 }
  end
  -- The rules: standing on the right cliff is arriving, below the cliffs' tops in the gap is lost.
  local _, vy = box:linearVelocity()
  local onRightCliff = box.x - 15 > 650 and math.abs(box.y - 285) < 1
  if onRightCliff and math.abs(vy) < 1 and S.phase ~= "carry" then S.arrived = true end
  if box.y > 320 and box.x < 650 then S.lost = true end
end

return level
