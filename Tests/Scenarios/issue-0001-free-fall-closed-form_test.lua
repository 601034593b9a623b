-- Issue 0001: free fall must follow the closed form of the integrator.
--
-- What this guards against: a change in how gravity is integrated (force applied after the
-- position update instead of before, a stray damping term, a substep count ignored, a time step
-- taken from the wall clock) makes a falling item land early or late, and every level with
-- gravity drifts with it. Nothing else in a level shows it as plainly as one ball in free fall.
--
-- What the file proves: an item under UIKit gravity (magnitude 1 = 1000 pt/s², y down) falling
-- from rest, stepped at 60 steps/s with 4 substeps (semi-implicit Euler, substep h = 1/240 s), has
--   v(t) = g·t                      exactly (up to rounding), and
--   y(t) = y0 + ½·g·t² + ½·g·t·h    the closed form of semi-implicit Euler at substep h,
-- which is within ½·g·t·h (2.08 pt at t = 1 s) of the continuous ½·g·t². The golden trace pins the
-- whole trajectory bit for bit (refresh it with `kinetic test --update-golden` after a deliberate
-- solver change, and say why in the commit).

local g = 1000          -- pt/s² for gravity magnitude 1
local fps, substeps = 60, 4
local h = 1 / (fps * substeps)

local function fallingBall()
  local world = kinetic.world{ width = 375, height = 20000, fps = fps, substeps = substeps }
  local ball = world:addItem{ name = "ball", center = {187.5, 100}, size = {20, 20}, bounds = "ellipse" }
  world:addBehavior(kinetic.gravity{ items = { ball } })
  return world, ball
end

scenario("velocity grows as g·t", function()
  local world, ball = fallingBall()
  for _, t in ipairs({ 0.5, 1, 2 }) do
    world:run(t - world.time)
    -- Rounding only: a few ulps of 2000 pt/s.
    expectNear(ball.velocity.y, g * t, 1e-9, ("vy at t = %g s"):format(t))
    expectNear(ball.velocity.x, 0, 0, "no sideways drift")
  end
end)

scenario("position follows the semi-implicit Euler closed form", function()
  local world, ball = fallingBall()
  for _, t in ipairs({ 0.25, 1, 2 }) do
    world:run(t - world.time)
    local drop = ball.y - 100
    -- Summing the substeps exactly gives ½gt² + ½gth; 1e-9 pt leaves room for rounding only.
    expectNear(drop, 0.5 * g * t * t + 0.5 * g * t * h, 1e-9, ("drop at t = %g s"):format(t))
    -- And the integrator converges to the continuous law: the gap is the O(h) term, no more.
    expectNear(drop, 0.5 * g * t * t, 0.5 * g * t * h + 1e-9, ("drop vs ½gt² at t = %g s"):format(t))
  end
end)

scenario("the trajectory matches its golden trace", function()
  local world = fallingBall()
  expectTrace(world, "fall", { seconds = 1, every = 6 })
end)
