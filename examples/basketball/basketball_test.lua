-- Scenarios for the BallSwift level: the seed's rigged shot scores, a weak shot does not, and the
-- backboard swings when the ball hits the rim.
--
-- Why the default shot scores (reference §4.1): a 28-pt ball of density 3 has mass 0.185 (ellipse
-- area), so the 1.56 push gives it 845 pt/s at -1.35 rad; it passes the rim line (y = 383) falling,
-- at x = 292-296 depending on the time step, inside the 40-pt opening between the arms (270-310).

-- Written in busted's style: each case loads the level afresh in before_each (every case runs in a
-- fresh Lua state anyway; before_each says what each case starts from).

describe("the basketball level", function()
  local world, level, state

  before_each(function()
    world, level, state = kinetic.load("main.lua")
  end)

  it("fires the seed's default shot, which scores exactly one basket, then the ball resets", function()
    expect(level.autoShot, "the level fires its default shot by itself")
    -- ~1.4 s to drop through the hoop, ~0.5 s more to bounce off the floor and leave on the right
    local reset = world:runUntil(function() return state.resets >= 1 end, 4)
    expect(state.shots == 1, "exactly one shot fired, got " .. state.shots)
    expect(state.score == 1, "the default shot scores one basket, score is " .. state.score)
    expect(reset, "the ball left the view after the basket and was reset")
    local ball = world:item("ball")
    expectNear(ball.x, 40, 1, "reset puts the ball back at x = 40")
    expectNear(ball.y, 667 - 100, 1, "reset puts the ball back at y = H - 100")
    -- The ball now bounces at its start, far from the hoop: nothing more may score.
    world:run(3)
    expect(state.score == 1, "no basket without a shot, score is " .. state.score)
  end)

  describe("without the automatic shot", function()
    before_each(function() level.autoShot = false end)

    it("scores nothing after a weak flick, and the ball resets", function()
      -- An 82-pt flick up and to the right: magnitude 0.82, about half the seed's shot. Its apex is
      -- ~90 pt above the start, nowhere near the rim; it bounces along the floor and leaves on the right.
      world:drag{ from = { 40, 560 }, to = { 60, 480 }, duration = 0.2 }
      expect(state.shots == 1, "the release fired one shot, got " .. state.shots)
      local reset = world:runUntil(function() return state.resets >= 1 end, 8)
      expect(reset, "the weak shot leaves the view and the ball resets")
      expect(state.score == 0, "a weak shot scores nothing, score is " .. state.score)
    end)

    it("swings the backboard when the ball hits the rim, and keeps it on its rod", function()
      local board, ball = world:item("board"), world:item("ball")
      local rest = board.center
      local hanger
      for _, b in ipairs(world:behaviors()) do
        if b.kind == "distance" then hanger = b end
      end
      expect(hanger, "the board hangs from a distance attachment")
      local anchor = hanger.anchor
      -- Drop the ball onto the right half of the left arm (the arm spans x 260-270 at y 383): the contact
      -- pushes the board down and left, across its rod (which points down-right), so the board must move.
      ball:moveTo(268, 330)
      local bounced, maxShift, maxRodError = false, 0, 0
      for _ = 1, 90 do
        world:step(1)
        if ball.y < 450 and ball.velocity.y < 0 then bounced = true end
        local c = board.center
        maxShift = math.max(maxShift, math.sqrt((c.x - rest.x) ^ 2 + (c.y - rest.y) ^ 2))
        local rod = math.sqrt((c.x - anchor.x) ^ 2 + (c.y - anchor.y) ^ 2)
        maxRodError = math.max(maxRodError, math.abs(rod - 2))
      end
      expect(bounced, "the ball bounced off the rim arm")
      -- The arc is only 2 pt in radius; a hit at ~270 pt/s moves the board well over 0.25 pt.
      expect(maxShift > 0.25, string.format("the board moved when hit (max shift %.3f pt)", maxShift))
      -- A rigid rod: the board's centre stays 2 pt from the anchor (0.5 pt covers solver softness).
      expect(maxRodError < 0.5, string.format("the rod kept its length (worst error %.3f pt)", maxRodError))
    end)
  end)
end)

scenario("the same shot twice scores twice identically: restored, a checkpoint replays it bit for bit", function()
  local world, _, state = kinetic.load("main.lua")
  local before = world:checkpoint()
  world:runUntil(function() return state.score == 1 end, 4)
  local ball = world:item("ball")
  local first = { t = world.time, x = ball.x, y = ball.y, vx = ball.velocity.x, vy = ball.velocity.y }
  world:restore(before)
  expect(world.time == 0 and state.score == 0 and state.shots == 0, "the checkpoint's time, score and shots are back")
  world:runUntil(function() return state.score == 1 end, 4)
  expect(state.shots == 1 and state.score == 1, "the level fired its shot again, and it scored again")
  expect(world.time == first.t, "the basket comes at the same step: " .. world.time .. " vs " .. first.t)
  expect(ball.x == first.x and ball.y == first.y, "the ball is where it was, to the bit")
  expect(ball.velocity.x == first.vx and ball.velocity.y == first.vy, "moving as it was, to the bit")
  -- Rewinding a second from the basket goes back into the flight; running on scores once more.
  world:rewind(1)
  expect(state.score == 0, "a second before the basket the shot had not scored yet, score " .. state.score)
  world:runUntil(function() return state.score == 1 end, 2)
  expect(world.time == first.t, "and it scores at the same step again")
end)

scenario("the predicted path is the flight: world:predict shows where the shot goes, to the bit", function()
  local world = kinetic.load("main.lua")
  world:step(1)                                 -- the level fires its shot on the first step
  local ball = world:item("ball")
  local path = world:predict(ball, 1)
  expect(#path == 61, "the ball now and after each of 60 steps, got " .. #path)
  expect(path[1].x == ball.x and path[1].y == ball.y, "the path starts where the ball is")
  expect(world.time == 1 / 60, "predicting leaves the clock where it was")
  world:run(1)
  expect(ball.x == path[61].x and ball.y == path[61].y, "a second later the ball is where the path ends")
end)

-- Re-run on edit: world:rerun loads the edited level from its start into a new world and plays it
-- the input this world was given, at the same steps, up to the time this world reached.

scenario("changing the ball's elasticity to 0.8 still scores the default shot", function()
  local world, _, state = kinetic.load("main.lua")
  world:key("space")                            -- the default shot by hand, from rest, before the first step
  world:run(2)
  expectEqual(state.score, 1, "the default shot scored in the first run")
  local edited, _, editedState = world:rerun(function(source)
    local text, count = source:gsub("elasticity = 1,", "elasticity = 0.8,")
    expectEqual(count, 1, "the edit found the ball's elasticity")
    return text
  end)
  expect(edited ~= world, "the re-run is a new world")
  expectEqual(edited.time, world.time, "it ran to the first run's time")
  expectEqual(editedState.shots, 1, "one shot in the re-run too")
  expectEqual(editedState.score, 1, "with elasticity 0.8 the default shot still scores")
  expectEqual(state.score, 1, "the first run is as it was")
end)

-- The input of the next cases: the level's own shot is cut short by r at 0.5 s (the ball goes back
-- to its start, where it bounces), then space fires the default shot by hand at 1 s, and it scores.
local function playResetThenShoot()
  local world, _, state = kinetic.load("main.lua")
  world:run(0.5)
  world:key("r")
  world:run(0.5)
  world:key("space")
  world:run(2)
  expectEqual(state.shots, 2, "the level's shot and the one space fired")
  expectEqual(state.score, 1, "the shot space fired scored")
  return world, state
end

scenario("a re-run of the unedited level is the first run to the bit: the input came at the same steps", function()
  local world, state = playResetThenShoot()
  local again, _, againState = world:rerun(function(source) return source end)
  local a, b = world:item("ball"), again:item("ball")
  expect(a.x == b.x and a.y == b.y, "the ball is where it was, to the bit")
  expect(a.velocity.x == b.velocity.x and a.velocity.y == b.velocity.y, "moving as it was, to the bit")
  expectEqual(againState.resets, state.resets, "the recorded r reset the ball as often")
  expectEqual(againState.shots, 2, "the recorded space fired the second shot")
end)

scenario("a weaker push in the edited level misses: the re-run shows the shot that no longer scores", function()
  local world = playResetThenShoot()
  local edited, _, editedState = world:rerun(function(source)
    return (source:gsub("magnitude = 1%.56", "magnitude = 1.3"))
  end)
  expectEqual(editedState.shots, 2, "the recorded input fired the weaker shot at the same step")
  expectEqual(editedState.score, 0, "magnitude 1.3 falls short of the hoop")
  expectEqual(edited.time, world.time, "the re-run reached the first run's time")
end)
