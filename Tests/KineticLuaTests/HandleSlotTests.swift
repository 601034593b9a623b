// Worlds, behaviours and regions live in slots that are freed when Lua lets go of them and reused
// with a new generation: a long session stays bounded, and a stale handle never reaches the
// object that took its slot.
import Foundation
import KineticLuaBridge
import Testing
@testable import KineticLua

@Suite struct HandleSlotTests {
    /// Collects garbage twice (finalizers, then what they let go) and frees the collected slots.
    func collect(_ h: Harness) throws {
        try h.run("collectgarbage() collectgarbage()")
        h.runtime.sweep()
    }

    @Test func moreWorldsThanTheLimitOverTimeAreFine() throws {
        let h = try Harness()
        try h.run("for i = 1, \(Runtime.worldLimit + 1000) do kinetic.world{} end")
        #expect(h.runtime.worlds.count <= Runtime.worldLimit)
        try collect(h)
        #expect(h.runtime.worlds.count == 0)
    }

    @Test func tooManyWorldsAliveAtOnceIsAClearError() throws {
        let h = try Harness()
        let error = h.error("keep = {} for i = 1, \(Runtime.worldLimit + 1) do keep[i] = kinetic.world{} end")
        #expect(error?.message.contains("too many worlds alive at once (4095)") == true, "\(String(describing: error))")
        try h.run("keep = nil")
        try collect(h)
        #expect(h.runtime.worlds.count == 0)
    }

    @Test func anItemKeepsItsWorldAlive() throws {
        let h = try Harness()
        try h.run("""
            do
              local w = kinetic.world{}
              ball = w:addItem{ name = "ball", center = {50, 50}, size = {10, 10} }
              w:addBehavior(kinetic.gravity{ items = {ball} })
            end
            """)
        try collect(h)
        #expect(h.runtime.worlds.count == 1)
        #expect(try h.number("ball.world:step(30) return ball.center.y") > 50)
        try h.run("ball = nil")
        try collect(h)
        #expect(h.runtime.worlds.count == 0)
    }

    @Test func aBehaviourLuaDroppedRunsWhileAWorldHoldsIt() throws {
        let h = try Harness()
        try h.run("""
            n = 0
            w = kinetic.world{}
            local ball = w:addItem{ center = {50, 50}, size = {10, 10} }
            w:addBehavior(kinetic.gravity{ items = {ball} })  -- keeps the animator running
            w:addBehavior(kinetic.behavior{ action = function() n = n + 1 end })
            """)
        try collect(h)
        try h.run("for i = 1, 200 do kinetic.push{} end")  // sweeps, and slots to reuse
        try collect(h)
        #expect(h.runtime.behaviors.count == 2)
        #expect(try h.number("w:step(3) return n") == 3)
        #expect(try h.number("return #w:behaviors()") == 2)
        try h.run("w:removeBehavior(w:behaviors()[2])")
        try collect(h)
        #expect(h.runtime.behaviors.count == 1)
        #expect(try h.number("w:step(3) return n") == 3)
    }

    @Test func aFreedWorldFreesTheBehavioursLuaDropped() throws {
        let h = try Harness()
        try h.run("""
            w = kinetic.world{}
            w:addBehavior(kinetic.behavior{ children = { kinetic.gravity{}, kinetic.push{} } })
            kept = kinetic.collision{}
            w:addBehavior(kept)
            """)
        try collect(h)
        #expect(h.runtime.behaviors.count == 4)
        try h.run("w = nil")
        try collect(h)
        // The world is gone; the collision Lua still holds stays, outside every world.
        #expect(h.runtime.worlds.count == 0 && h.runtime.behaviors.count == 1)
        #expect(try h.run("return kept.world") == [.nil])
    }

    @Test func regionsAreFreed() throws {
        let h = try Harness()
        try h.run("for i = 1, 10000 do local r = kinetic.region{ radius = i }:union(kinetic.region.infinite) end")
        try collect(h)
        #expect(h.runtime.regions.count == 2)  // kinetic.region.infinite and .empty
        #expect(try h.run("return kinetic.region.infinite:contains(1e9, 0)") == [.boolean(true)])
    }

    @Test func aReloadedLevelFreesTheWorldItReplaced() throws {
        let folder = try makeFolder(["main.lua": """
            return { load = function(world, state)
              local ball = world:addItem{ name = "ball", center = {50, 50}, size = {10, 10} }
              world:addBehavior(kinetic.gravity{ items = {ball} })
              world:addBehavior(kinetic.behavior{ action = function() state.seen = ball end })
            end }
            """])
        var options = LevelOptions()
        options.print = { _ in }
        let level = try Level.load(path: folder, options: options)
        for _ in 0..<(Runtime.worldLimit + 100) { try level.reload() }
        // One collection: the replaced worlds' functions are in their anchors, not the registry.
        level.luaState.collectGarbage()
        _ = level.handlesInUse
        #expect(level.handlesInUse == HandleCounts(worlds: 1, behaviors: 2, regions: 2))
        try level.step()
        #expect(level.itemCount == 1)
    }

    /// A behaviour's `action` that refers to its world: the host keeps the function in the world's
    /// anchor, not the registry, so the world and its function are a cycle Lua frees.
    @Test func aWorldItsOwnCallbacksReachIsFreed() throws {
        let h = try Harness()
        try h.run("""
            do
              local w = kinetic.world{}
              w:addBehavior(kinetic.behavior{ action = function() return w.time end })
            end
            """)
        try collect(h)
        #expect(h.runtime.worlds.count == 0)
        #expect(h.runtime.behaviors.count == 0)
    }

    /// More worlds than may be alive at once, made in a loop, whose every kind of callback refers
    /// back to them: making them never fails and the live count stays bounded.
    @Test func worldsWhoseCallbacksReachThemStayBounded() throws {
        let h = try Harness()
        try h.run("steps = 0")
        var most = 0
        for _ in 0..<20 {  // 20 × 250 worlds, each chunk within the time budget
            try h.run("""
                for i = 1, 250 do
                  local w = kinetic.world{}
                  local ball = w:addItem{ center = {50, 50}, size = {10, 10} }
                  local g = kinetic.gravity{ items = {ball} }
                  g.action = function() steps = steps + 1; return w, ball, g end
                  w:addBehavior(g)
                  w:addBehavior(kinetic.collision{ items = {ball}, began = function() return w end,
                                                   ended = function() return ball end })
                  w:addBehavior(kinetic.field{ kind = "custom", items = {ball},
                                               evaluate = function() local _ = w; return 0, 0 end })
                  w:addBehavior(kinetic.behavior{ children = { kinetic.behavior{ action = function() return w end } } })
                  w:on("pause", function() return w end)
                  w:on("resume", function() return ball end)
                  w:step()
                end
                """)
            most = max(most, h.runtime.worlds.count)
        }
        #expect(try h.number("return steps") == 5000)
        #expect(most <= Runtime.worldLimit)
        try collect(h)
        #expect(h.runtime.worlds.count == 0)
        #expect(h.runtime.behaviors.count == 0)
    }

    /// A level `kinetic.load` gives to Lua whose `state` and functions refer to its world: the
    /// level table and state live in the world's anchor, so the world is freed once Lua drops it,
    /// and its `update` still runs while Lua holds it.
    @Test func loadedLevelsThatReferToTheirWorldAreFreed() throws {
        let h = try Harness(files: ["level.lua": """
            local level = {}
            function level.load(world, state)
              state.world = world
              state.ball = world:addItem{ center = {50, 50}, size = {10, 10} }
              world:addBehavior(kinetic.gravity{ items = {state.ball} })
              state.updates = 0
            end
            function level.update(world, dt) level.last = world; level.updates = (level.updates or 0) + 1 end
            return level
            """])
        try h.run("""
            updates = 0
            for i = 1, 200 do
              local w, level, state = kinetic.load("level.lua")
              w:step(2)
              updates = updates + level.updates
            end
            """)
        #expect(try h.number("return updates") == 400)
        try collect(h)
        #expect(h.runtime.worlds.count == 0)
    }

    /// A behaviour Lua dropped keeps its functions while it is in a world (linked from the world's
    /// anchor) and under a parent (linked from the parent's), even after its userdata is gone.
    @Test func droppedBehavioursKeepTheirFunctionsWhileOwned() throws {
        let h = try Harness()
        try h.run("""
            n, m, paused = 0, 0, 0
            w = kinetic.world{}
            local ball = w:addItem{ center = {50, 50}, size = {10, 10} }
            w:addBehavior(kinetic.gravity{ items = {ball} })
            w:addBehavior(kinetic.behavior{ action = function() n = n + 1 end })
            parent = kinetic.behavior{ children = { kinetic.behavior{ action = function() m = m + 1 end } } }
            w:on("pause", function() paused = paused + 1 end)
            """)
        try collect(h)
        try h.run("for i = 1, 200 do kinetic.push{} end")
        try collect(h)
        try h.run("w:addBehavior(parent) parent = nil")
        try collect(h)
        #expect(try h.number("w:step(3) return n") == 3)
        #expect(try h.number("return m") == 3)
        #expect(try h.run("return type(w:behaviors()[2].action)") == [.string("function")])
    }

    /// Only a trusted script can reach a collected userdata again (a `__gc` of its own resurrects
    /// it); its slot was freed and reused, and the generation in the handle tells.
    @Test func aResurrectedHandleOfAFreedWorldIsStale() throws {
        let h = try Harness(trusted: true)
        try h.run("setmetatable({ w = kinetic.world{} }, { __gc = function(t) saved = t.w end })")
        try collect(h)
        #expect(h.runtime.worlds.count == 0)
        try h.run("fresh = kinetic.world{ width = 200 }")  // takes the freed slot
        let error = h.error("return saved.width")
        #expect(error?.message.contains("World#0 was dropped") == true, "\(String(describing: error))")
        #expect(try h.run("return tostring(saved)") == [.string("World#0 (dropped)")])
        #expect(try h.number("return fresh.width") == 200)
    }
}
