-- A clean level: every check passes.
---@type kinetic.Level
local level = { title = "Good", width = 320, height = 480, background = "#bde3f7", fps = 60, seed = 3 }

local util = require("util")

function level.load(world, state)
  local ball = world:addItem{ name = "ball", center = {160, 100}, size = {40, 40}, bounds = "ellipse",
                              image = "ball.png", fill = "orange" }
  world:addBehavior(kinetic.gravity{ items = { ball }, magnitude = util.half(2) })
  world:addBehavior(kinetic.collision{ items = { ball }, mode = "everything", referenceBounds = true })
  world:addBehavior(kinetic.field{ kind = "vortex", items = { ball }, strength = 0.5,
                                   region = kinetic.region{ radius = 100 } })
  state.started = true
end

function level.pointer(world, e)
  if e.phase == "began" then
    world:addBehavior(kinetic.push{ items = world:items(), mode = "instantaneous", angle = -math.pi / 2, magnitude = 1 })
  end
end

return level
