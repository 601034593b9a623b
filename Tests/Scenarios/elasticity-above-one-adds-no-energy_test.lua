-- An elasticity above 1 bounces as 1: the engine's restitution never leaves an island (one that
-- touches no kinematic body and holds no working joint) with more kinetic energy than it had
-- (docs/semantics.md, "Elasticity above 1"). Box2D and LÖVE let restitution > 1 add energy, and ported
-- pinball bumpers rely on it; here a bumper kicks with an impulse in its collision's `began`. This
-- pins what docs/lua-api.md tells level authors.

local function ballOnBumper(elasticity)
  local world = kinetic.world{ width = 400, height = 400 }
  local ball = world:addItem{ center = { 200, 100 }, size = { 20, 20 }, bounds = "ellipse" }
  local bumper = world:addItem{ center = { 200, 250 }, size = { 50, 50 }, bounds = "ellipse" }
  world:addBehavior(kinetic.itemBehavior{ items = { bumper }, anchored = true, elasticity = elasticity })
  local collision = kinetic.collision{ items = { ball, bumper } }
  world:addBehavior(collision)
  ball.velocity = { 0, 400 }
  return world, ball, collision
end

for _, e in ipairs({ 1.5, 2 }) do
  scenario("a ball hitting a bumper of elasticity " .. e .. " leaves as fast as it came", function()
    local world, ball = ballOnBumper(e)
    world:run(0.6)
    expectNear(ball.velocity.y, -400, 1e-6, "bounced as at elasticity 1")
  end)
end

scenario("a bumper kicks with an impulse along the contact's normal in began", function()
  local world, ball, collision = ballOnBumper(1)
  collision.began = function(a, b)
    local item = a == ball and a or b
    local bumper = a == ball and b or a
    local dx, dy = item.x - bumper.x, item.y - bumper.y
    local d = math.sqrt(dx * dx + dy * dy)
    local kick = 300 * item.mass / 100                       -- +300 pt/s away from the bumper
    item:applyImpulse{ dx / d * kick, dy / d * kick }
  end
  world:run(0.6)
  expectNear(ball.velocity.y, -700, 1e-6, "the bounce's 400 pt/s and the kick's 300")
end)
