-- Loads the level beside it and returns what a scenario would check.
local world, level, state = kinetic.load("main.lua")
world:run(2)
return world, level, state
