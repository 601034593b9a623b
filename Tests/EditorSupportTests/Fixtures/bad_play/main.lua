-- A sound played with a misspelled option in a callback no load runs: only the static pass sees it.
local level = {}
local hit = kinetic.sound("hit.wav")
function level.load(world) end
function level.key(world, key, down)
  hit:play{ volum = 0.5 }
end
return level
