-- The busted spellings of a scenario file, on a real world: nested describe blocks, before_each /
-- after_each around every case (outer first / inner first), #tags, a spy on a level callback and a
-- stub. Run `kinetic test Tests/Scenarios --tags physics` or `--list` to see the names and tags.
--
-- The closed form: a 40 × 40 box of density 1 dropped in 1.0 gravity (1000 pt/s²) falls
-- ½·1000·t² = 125 pt in 0.5 s, less what the fixed step loses (well under 2 pt at 60 Hz, 4 substeps).

local order = {}
before_each(function() order[#order + 1] = "file" end)

describe("a falling box", function()
  local world, box

  before_each(function()
    order[#order + 1] = "outer"
    world = kinetic.world{ width = 400, height = 400 }
    box = world:addItem{ name = "box", center = { 200, 100 }, size = { 40, 40 } }
    world:addBehavior(kinetic.gravity{ items = { box } })
  end)

  after_each(function() order[#order + 1] = "outer after" end)

  it("falls ½·g·t² in half a second #physics", function()
    world:run(0.5)
    assert.near(225, box.y, 2)
    assert.is_true(box.velocity.y > 0, "moving down")
  end)

  describe("with an update callback", function()
    local level

    before_each(function()
      order[#order + 1] = "inner"
      level = { update = function(_world, _dt) end }
      -- kinetic.world has no level: run the callback from a behaviour action, as a level would.
      world:addBehavior(kinetic.behavior{ action = function() level.update(world, 1 / 60) end })
    end)

    after_each(function() order[#order + 1] = "inner after" end)

    it("runs before_each outer first #fast", function()
      assert.same({ "file", "outer", "inner" }, order)
    end)

    it("calls the update once a step, with the world #fast", function()
      local update = spy.on(level, "update")
      world:step(3)
      assert.spy(update).was.called(3)
      assert.spy(update).was.called_with(world, 1 / 60)
      assert.spy(update).was_not.called_with(world, 1)
      update:revert()
      world:step(1)
      assert.spy(update).was.called(3)
    end)

    it("a stub replaces the callback and answers what it is told", function()
      local s = stub(level, "update", "ignored")
      world:step(2)
      assert.stub(s).was.called(2)
      assert.equals("ignored", level.update())
      expectEqual(#s.calls, 3, "luassert's calls list is there too")
    end)
  end)

  it("takes a spy wherever it takes a callback #fast", function()
    local action = spy.new()
    world:addBehavior(kinetic.behavior{ action = action })
    world:step(2)
    assert.spy(action).was.called(2)
  end)

  pending("bounces off a floor #slow")
end)

describe("a loaded level's callbacks", function()
  it("calls a spy put in level.update once a step #fast", function()
    local world, level = kinetic.load("../../examples/basketball/main.lua")
    local update = spy.new()
    level.update = update
    world:step(3)
    assert.spy(update).was.called(3)
    assert.spy(update).was.called_with(world, 1 / 60)
  end)
end)
