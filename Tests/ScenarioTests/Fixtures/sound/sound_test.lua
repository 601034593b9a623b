-- The ball falls 380 pt (bottom 120 → floor 500): it lands at t = sqrt(2 · 380 / 1000) = 0.872 s,
-- and each bounce after that plays the sound again, later and in order. `began` reports the contact
-- within two fixed steps (2/60 s) of that analytic landing.
scenario("a collision plays the sound at its simulated time", function()
  local world = kinetic.load("main.lua")
  world:run(0.5)
  expect(#world:sounds() == 0, "nothing before the ball lands")
  world:run(1.5)
  local plays = world:sounds()
  expect(#plays >= 2, "the landing and at least one bounce, got " .. #plays)
  expectNear(plays[1].time, 0.872, 2 / 60, "the landing, at sqrt(2h/g)")
  expect(plays[1].sound == "hit.wav" and plays[1].volume == 0.8 and plays[1].pitch == 1, "as played")
  expectNear(plays[1].pan, 0.6, 1e-9, "x = 300 pans to (300 - 187.5) / 187.5")
  expect(plays[2].time > plays[1].time, "the bounce comes later")
end)
