// Polling input besides the callbacks: world:isDown(key) and world.pointer, fed by the same path as
// level.key and level.pointer (window, recording, replay, scenario), so replays read the same.
import Foundation
import KineticLuaBridge
import Testing
@testable import KineticLua

@Suite struct InputPollingTests {
    @Test func isDownFollowsKeyEvents() throws {
        let values = try Harness().run("""
            local w = kinetic.world{}
            local before = w:isDown("left")
            w:key("left")
            w:key("space", true)
            local held = w:isDown("left") and w:isDown("space")
            w:key("left", false)
            return before, held, w:isDown("left"), w:isDown("space")
            """)
        #expect(values == [.boolean(false), .boolean(true), .boolean(false), .boolean(true)])
        #expect(try Harness().error("kinetic.world{}:isDown(7)")?.message.contains("'key' must be a string") == true)
        // Made-up key names held down do not grow the host's memory without bound.
        let capped = try Harness().run("""
            local w = kinetic.world{}
            for i = 1, 1000 do w:key("k" .. i) end
            w:key("k1", false)
            w:key("late")
            return w:isDown("k256"), w:isDown("k257"), w:isDown("late")
            """)
        #expect(capped == [.boolean(true), .boolean(false), .boolean(true)])
    }

    @Test func aKeyNameNoKeySendsIsRefusedWhereAScenarioGivesOrPollsIt() throws {
        // The window's names are LÖVE's, lower case: a scenario pressing "enter" passed while the game,
        // which only ever sees "return", did not react; a level polling "Left" never saw it down.
        let h = try Harness()
        let enter = h.error("local w = kinetic.world{}\nw:key(\"enter\")")?.message ?? ""
        #expect(enter == "test.lua:2: World:key: 'enter' is not a key name (no key sends it); did you mean 'return'?", "\(enter)")
        let left = h.error("local w = kinetic.world{}\nreturn w:isDown(\"Left\")")?.message ?? ""
        #expect(left == "test.lua:2: World:isDown: key names are lower case: no key sends 'Left'; did you mean 'left'?", "\(left)")
        #expect(try h.run("local w = kinetic.world{}\nw:key(\"return\")\nreturn w:isDown(\"return\"), w:isDown(\"kpenter\")")
                == [.boolean(true), .boolean(false)])
    }

    @Test func pointerIsTheLatestPointerEventInWorldCoordinates() throws {
        let values = try Harness().run("""
            local w = kinetic.world{}
            local none = w.pointer
            w:pointer{ phase = "began", x = 10, y = 20 }
            local p1 = w.pointer
            w:pointer{ phase = "moved", x = 30, y = 40, vx = 5 }
            w:pointer{ phase = "ended", x = 35, y = 45 }
            local p2 = w.pointer
            return none.down, none.x, p1.x, p1.y, p1.down, p2.x, p2.y, p2.down
            """)
        #expect(values == [.boolean(false), .nil, .number(10), .number(20), .boolean(true),
                           .number(35), .number(45), .boolean(false)])
    }

    @Test func callingThePointerStateInjectsAsTheMethodDid() throws {
        let h = try Harness()
        let bad = h.error("local w = kinetic.world{}\nw:pointer(5)")?.message ?? ""
        #expect(bad.hasPrefix("test.lua:2: World:pointer:") && bad.contains("'event' must be a table"), "\(bad)")
        let notWorld = h.error("local w = kinetic.world{}\nw.pointer(7, { x = 1, y = 2 })")?.message ?? ""
        #expect(notWorld.hasPrefix("test.lua:2: World:pointer:") && notWorld.contains("must be a World, got 7"), "\(notWorld)")
        let inStep = h.error("""
            local w = kinetic.world{}
            local a = w:addItem{ center = {1, 1}, size = {1, 1} }
            w:addBehavior(kinetic.itemBehavior{ items = { a }, action = function(world) world:pointer{ x = 1, y = 1 } end })
            w:step()
            """)?.message ?? ""
        #expect(inStep.contains("World:pointer cannot be called from inside a step"), "\(inStep)")
        #expect(try h.run("return getmetatable(kinetic.world{}.pointer)") == [.boolean(false)])
    }

    @Test func theWindowPathFeedsThePollingThatUpdateReads() throws {
        let folder = try makeFolder(["main.lua": """
            local level = { width = 4000, height = 4000 }
            function level.load(world, state)
              local ship = world:addItem{ name = "ship", center = { 500, 500 }, size = { 100, 100 } }
              world:addBehavior(kinetic.itemBehavior{ items = { ship } })
            end
            function level.update(world, dt)
              if world:isDown("right") then world:item("ship"):applyForce{ 6, 0 } end
              local p = world.pointer
              if p.down then world:item("ship").data.pointer = p.x .. "," .. p.y end
            end
            return level
            """])
        let level = try Level.load(path: folder)
        try level.step()
        #expect(level.snapshot()[0].vx == 0)
        try level.key("right", down: true)  // as the window delivers it
        try level.step()
        try level.step()
        try level.key("right", down: false)
        try level.step()
        // Two steps of 6 N on mass 1 (600 pt/s² for 1/60 s each), then none.
        #expect(abs(level.snapshot()[0].vx - 20) < 1e-9)
        try level.pointer(PointerEvent(phase: .began, x: 12, y: 34))
        try level.step()
        let pointer = try evaluateInLevel(level, "W:item('ship').data.pointer")
        #expect(pointer == [.string("12.0,34.0")])
    }
}

/// Evaluates `expression` with `W` bound to the level's current world.
func evaluateInLevel(_ level: Level, _ expression: String) throws -> [LuaValue] {
    level.luaState.setGlobal("W") { lua in level.runtime.pushWorld(level.world, on: lua) }
    return try level.luaState.run("return \(expression)", name: "probe")
}
