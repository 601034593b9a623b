-- Fixture: a ball dropped onto an anchored floor. Counts landings, updates, pointer and key events,
-- and draws a HUD; its scenario-facing numbers live in `state`.
local rules = require("rules")

local level = { title = "Drop", width = 300, height = 400, background = "#102030", fps = 60, seed = 7, duration = 2 }

local S

function level.load(world, state)
  S = state
  S.landings, S.updates, S.pointers, S.keys = S.landings or 0, 0, {}, {}
  S.random = math.random(1, 1000000)
  local floor = world:addItem{ name = "floor", frame = { 0, 380, 300, 20 }, fill = "#44aa44" }
  local ball = world:addItem{ name = "ball", center = { 150, 100 }, size = { 20, 20 }, bounds = "ellipse",
    fill = "orange", label = "b", z = 1 }
  world:addBehavior(kinetic.itemBehavior{ items = { floor }, anchored = true })
  world:addBehavior(kinetic.gravity{ items = { ball } })
  world:addBehavior(kinetic.collision{ items = { ball, floor },
    began = function(a, b) if rules.isLanding(a, b) then S.landings = S.landings + 1 end end })
end

function level.update(world, dt)
  S.updates = S.updates + 1
  S.dt = dt
end

function level.pointer(world, e)
  S.pointers[#S.pointers + 1] = e.phase .. string.format(" %.0f %.0f %.0f %.0f", e.x, e.y, e.vx, e.vy)
end

function level.key(world, key, down)
  S.keys[#S.keys + 1] = key .. (down and " down" or " up")
end

function level.draw(world, canvas)
  canvas:text("landings " .. S.landings, 10, 10, { size = 12, color = "white" })
  canvas:circle(20, 40, 5, { fill = "red" })
end

function level.reloaded(world, state)
  state.reloads = (state.reloads or 0) + 1
end

return level
