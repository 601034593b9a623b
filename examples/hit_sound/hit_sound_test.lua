-- Scenarios for the hit-sound example: every landing on the floor plays hit.wav once, at the time
-- of the landing, louder the faster the ball landed, panned to its side, and the same run plays
-- the same sounds.

scenario("each landing plays the hit sound once, at its time", function()
  local world, _, state = kinetic.load("main.lua")
  world:run(3)
  local plays = world:sounds()
  expect(#plays >= 2, "both balls land and bounce: got " .. #plays .. " plays")
  expect(#plays == state.landings, "one play per landing the level counted")
  local first = plays[1]
  expect(first.sound == "hit.wav", "the path as the level gave it, got " .. tostring(first.sound))
  -- The small ball falls 288 pt (bottom 312 → floor 600) and lands first: t = sqrt(2 · 288 / 1000)
  -- = 0.759 s at 759 pt/s, rebounding at 0.6 × 759 = 455 pt/s, so volume 455 / 500; it is right of
  -- centre (x = 290 → pan 0.55) and plays higher. The big ball falls 420 pt: t = 0.917 s, rebounding
  -- at 550 pt/s, full volume, on the left (x = 90 → pan −0.52).
  expectNear(first.time, 0.759, 0.03, "the first landing is the small ball's, at sqrt(2h/g)")
  expect(first.pitch == 1.5, "the small ball plays higher")
  expectNear(first.volume, 0.91, 0.03, "volume grows with the landing speed")
  expectNear(first.pan, 0.547, 0.01, "panned toward where it lands")
  local big
  for _, p in ipairs(plays) do
    if p.pitch == 1 then big = big or p end
  end
  expectNear(big.time, 0.917, 0.03, "the big ball lands at sqrt(2h/g)")
  expectNear(big.volume, 1, 1e-9, "a rebound faster than 500 pt/s plays at full volume")
  expectNear(big.pan, -0.52, 0.01, "the big ball lands left of centre")
  for i, p in ipairs(plays) do
    if i > 1 then expect(p.time >= plays[i - 1].time, "plays are listed in order") end
    expect(p.volume > 0 and p.volume <= 1, "volume in 0...1")
  end
end)

scenario("a bounce is quieter than the landing before it", function()
  local world = kinetic.load("main.lua")
  world:run(3)
  local small = {}
  for _, p in ipairs(world:sounds()) do
    if p.pitch == 1.5 then small[#small + 1] = p end
  end
  expect(#small >= 2, "the small ball lands and bounces")
  expect(small[2].volume < small[1].volume, "the second landing is slower, so quieter")
end)

scenario("the same run plays the same sounds", function()
  local a = kinetic.load("main.lua")
  local b = kinetic.load("main.lua")
  a:run(3)
  b:run(3)
  local pa, pb = a:sounds(), b:sounds()
  expect(#pa == #pb, "as many plays")
  for i = 1, #pa do
    expect(pa[i].time == pb[i].time and pa[i].volume == pb[i].volume and pa[i].pan == pb[i].pan,
      "play " .. i .. " is the same")
  end
end)

scenario("a click drops a ball that sounds when it lands", function()
  local world = kinetic.load("main.lua")
  world:pointer{ phase = "began", x = 187, y = 100 }
  world:run(3)
  local centred = 0
  for _, p in ipairs(world:sounds()) do
    if math.abs(p.pan) < 0.01 then centred = centred + 1 end
  end
  expect(centred >= 1, "the dropped ball lands in the middle, panned to the centre")
end)
