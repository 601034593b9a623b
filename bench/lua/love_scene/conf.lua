-- Headless LÖVE: only physics, timer, event and system (as the peer benchmarks run it).
function love.conf(t)
  t.window = false
  t.console = false
  t.accelerometerjoystick = false
  for _, m in ipairs({ "audio", "font", "graphics", "image", "joystick", "keyboard", "math", "mouse",
                       "sound", "thread", "touch", "video", "window" }) do
    t.modules[m] = false
  end
  t.modules.physics = true
  t.modules.timer = true
  t.modules.event = true
  t.modules.system = true
  t.modules.data = true
end
