// The `kinetic` module: constructors, field checking, error messages, kinetic.world and kinetic.load.
import Foundation
import KineticLuaBridge
import Testing
@testable import KineticLua

@Suite struct KineticModuleTests {
    @Test func theModuleIsGlobalAndRequirable() throws {
        let h = try Harness()
        let same = try h.run("return require('kinetic') == kinetic, type(kinetic.gravity), type(kinetic.region)")
        #expect(same == [.boolean(true), .string("function"), .string("table")])
    }

    @Test func everyConstructorMakesItsKind() throws {
        let h = try Harness()
        let kinds = try h.run("""
            local w = kinetic.world{}
            local a = w:addItem{ name = "a", frame = {0, 0, 10, 10} }
            local b = w:addItem{ name = "b", frame = {50, 0, 10, 10} }
            local list = {
              kinetic.behavior{}, kinetic.gravity{}, kinetic.collision{}, kinetic.push{ items = {a} },
              kinetic.snap{ item = a, point = {5, 5} }, kinetic.attachment{ item = a, anchor = {0, 0} },
              kinetic.pin{ item = a, to = b, anchor = {30, 5} }, kinetic.fixed{ item = a, to = b, anchor = {30, 5} },
              kinetic.limit{ item = a, to = b }, kinetic.sliding{ item = a, anchor = {5, 5}, axis = {0, 1} },
              kinetic.itemBehavior{ items = {a} }, kinetic.field{ kind = "vortex" },
            }
            local kinds = {}
            for i, b in ipairs(list) do kinds[i] = b.kind end
            return table.concat(kinds, " ")
            """)
        #expect(kinds == [.string("behavior gravity collision push snap distance pin fixed limit sliding itemBehavior vortex")])
    }

    @Test func unknownFieldsSuggestTheNearestName() throws {
        let h = try Harness()
        let e = h.error("local w = kinetic.world{}\nlocal b = kinetic.itemBehavior{ elastcity = 1 }")
        #expect(e?.message == "test.lua:2: kinetic.itemBehavior: unknown field 'elastcity'; did you mean 'elasticity'?")
        let far = h.error("kinetic.gravity{ zzzzzzzz = 1 }")
        #expect(far?.message == "test.lua:1: kinetic.gravity: unknown field 'zzzzzzzz'")
        let item = h.error("local w = kinetic.world{}\nw:addItem{ frame = {0, 0, 1, 1}, colour = 'red' }")
        #expect(item?.message.hasPrefix("test.lua:2: World:addItem: unknown field 'colour'") == true)
    }

    @Test func typeErrorsCarryTheScriptLineAndNameTheValue() throws {
        let h = try Harness()
        let e = h.error("""
            local w = kinetic.world{}
            local ball = w:addItem{ name = "ball", frame = {0, 0, 10, 10} }

            local p = kinetic.pin{ item = ball }
            """)
        #expect(e?.message == "test.lua:4: kinetic.pin: 'anchor' must be a point {x, y}, got nil")
        #expect(e?.traceback.isEmpty == false)
        let g = h.error("kinetic.gravity{ magnitude = 'strong' }")
        #expect(g?.message == "test.lua:1: kinetic.gravity: 'magnitude' must be a number, got \"strong\"")
        let mode = h.error("kinetic.collision{ mode = 'item' }")
        #expect(mode?.message.contains("'mode' must be one of \"everything\", \"items\", \"boundaries\"") == true)
        #expect(mode?.message.contains("did you mean \"items\"") == true)
        let kind = h.error("kinetic.field{ kind = 'vortx' }")
        #expect(kind?.message.contains("did you mean \"vortex\"") == true)
    }

    @Test func neverSetFieldsReadTheirDefaults() throws {
        let h = try Harness()
        let values = try h.run("""
            local w = kinetic.world{}
            local a = w:addItem{ frame = {0, 0, 10, 10} }
            local g, p, s = kinetic.gravity{}, kinetic.push{ items = {a} }, kinetic.snap{ item = a, point = {0, 0} }
            local ib, c = kinetic.itemBehavior{ items = {a} }, kinetic.collision{}
            return g.magnitude, g.direction.y, p.mode, p.active, s.damping, ib.elasticity, ib.density,
                   ib.allowsRotation, c.mode, c.referenceBounds
            """)
        #expect(values == [.number(1), .number(1), .string("continuous"), .boolean(true), .number(0.5), .number(0),
                           .number(1), .boolean(true), .string("everything"), .boolean(false)])
    }

    @Test func worldTakesItsFields() throws {
        let h = try Harness()
        let values = try h.run("""
            local w = kinetic.world{ width = 200, height = 100, fps = 120, substeps = 2, seed = 9 }
            w:step(12)
            return w.width, w.height, w.fps, w.seed, w.time
            """)
        #expect(values == [.number(200), .number(100), .number(120), .integer(9), .number(0.1)])
        #expect(h.error("kinetic.world{ fps = -1 }")?.message == "test.lua:1: kinetic.world: fps must be a finite number > 0, got -1.0")
    }

    @Test func worldSeedSeedsMathRandom() throws {
        let h = try Harness()
        let a = try h.run("kinetic.world{ seed = 3 } return math.random(1, 1000000)")
        let b = try h.run("kinetic.world{ seed = 3 } return math.random(1, 1000000)")
        #expect(a == b)
    }

    @Test func loadReturnsWorldLevelAndState() throws {
        let h = try Harness(files: [:])
        try FileManager.default.copyItem(atPath: fixtures + "/drop", toPath: h.folder + "/drop")
        let values = try h.run("""
            local world, level, state = kinetic.load("drop")
            world:run(2)
            return level.title, state.landings, state.updates, world.width, world.seed, world:item("ball").name
            """, name: "scenario_test.lua")
        // 2 s at 60 Hz is 120 updates; the ball lands on the floor once (it does not bounce: elasticity 0).
        #expect(values == [.string("Drop"), .integer(1), .integer(120), .number(300), .integer(7), .string("ball")])
    }

    @Test func loadIsRelativeToTheCallingScript() throws {
        let h = try Harness()
        try FileManager.default.copyItem(atPath: fixtures + "/drop", toPath: h.folder + "/drop")
        // drop/drop_probe.lua calls kinetic.load("main.lua"): found beside it, not in the state's folder.
        let values = try h.run("""
            local chunk = loadfile("drop/drop_probe.lua")
            local world, level, state = chunk()
            return state.landings, level.width
            """)
        #expect(values == [.integer(1), .integer(300)])
    }

    @Test func loadOptionsOverrideTheLevel() throws {
        let h = try Harness()
        try FileManager.default.copyItem(atPath: fixtures + "/drop", toPath: h.folder + "/drop")
        let values = try h.run("""
            local world = kinetic.load("drop/main.lua", { seed = 11, width = 500 })
            return world.seed, world.width, world.height
            """)
        #expect(values == [.integer(11), .number(500), .number(400)])
        let e = h.error("kinetic.load('missing.lua')")
        #expect(e?.message.hasPrefix("test.lua:1: kinetic.load: cannot read level 'missing.lua'") == true)
    }

    @Test func loadedLevelsKeepTheirGlobalsToThemselves() throws {
        let h = try Harness(files: ["leaky.lua": "counter = 41\nreturn { load = function(w, s) counter = counter + 1 s.c = counter end }"])
        let values = try h.run("""
            local _, _, s1 = kinetic.load("leaky.lua")
            local _, _, s2 = kinetic.load("leaky.lua")
            return s1.c, s2.c, counter
            """)
        #expect(values == [.integer(42), .integer(42), .nil])
    }

    @Test func loadOutsideTheFolderIsRefusedInTheSandbox() throws {
        let h = try Harness()
        let e = h.error("kinetic.load('/etc/hostname')")
        #expect(e?.message.contains("is outside the folder") == true)
    }
}
