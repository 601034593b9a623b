// World members: bounds, clock, items, behaviours, events, stepping, input, snapshot, screenshot.
import Foundation
import KineticLuaBridge
import Testing
@testable import KineticLua

@Suite struct WorldBindingTests {
    @Test func boundsClockAndFlags() throws {
        let h = try Harness()
        let values = try h.run("""
            local w = kinetic.world{ width = 320, height = 480, seed = 5 }
            local b = w.bounds
            local before = w.running
            w.debug = true
            w:step(30)
            return b.x, b.y, b.width, b.height, w.time, w.steps, w.debug, w.seed, before
            """)
        #expect(values == [.number(0), .number(0), .number(320), .number(480), .number(0.5), .integer(30),
                           .boolean(true), .integer(5), .boolean(false)])
        #expect(h.error("local w = kinetic.world{} w.time = 3")?.message == "test.lua:1: World.time is read-only")
        #expect(h.error("local w = kinetic.world{} return w.tme")?.message == "test.lua:1: World has no member 'tme'; did you mean 'time'?")
    }

    @Test func itemsByNameInOrderAndInAFrame() throws {
        let h = try Harness()
        let values = try h.run("""
            local w = kinetic.world{}
            local a = w:addItem{ name = "a", frame = {0, 0, 10, 10} }
            local b = w:addItem{ name = "b", frame = {100, 100, 10, 10} }
            local c = w:addItem{ frame = {200, 0, 10, 10} }
            local names = {}
            for i, item in ipairs(w:items()) do names[i] = item.name or "?" end
            local inside = w:itemsIn{ 90, 90, 50, 50 }
            w:removeItem(a)
            return table.concat(names, ","), #inside, inside[1] == b, w:item("b") == b, w:item("a"), #w:items(), a.removed, b.removed
            """)
        #expect(values == [.string("a,b,?"), .integer(1), .boolean(true), .boolean(true), .nil, .integer(2),
                           .boolean(true), .boolean(false)])
        #expect(h.error("""
            local w = kinetic.world{}
            w:addItem{ name = "x", frame = {0, 0, 1, 1} }
            w:addItem{ name = "x", frame = {0, 0, 1, 1} }
            """)?.message == "test.lua:3: World:addItem: an item named 'x' already exists")
    }

    @Test func behavioursAddRemoveAndList() throws {
        let h = try Harness()
        let values = try h.run("""
            local w = kinetic.world{}
            local a = w:addItem{ frame = {0, 0, 10, 10} }
            local g, c = kinetic.gravity{ items = {a} }, kinetic.collision{ items = {a} }
            w:addBehavior(g)
            w:addBehavior(c)
            local n1 = #w:behaviors()
            w:removeBehavior(g)
            local first = w:behaviors()[1]
            local inWorld = c.world == w
            w:removeAllBehaviors()
            return n1, first == c, inWorld, #w:behaviors(), c.world
            """)
        #expect(values == [.integer(2), .boolean(true), .boolean(true), .integer(0), .nil])
        #expect(h.error("""
            local w = kinetic.world{}
            local g = kinetic.gravity{}
            w:addBehavior(g)
            w:addBehavior(g)
            """)?.message == "test.lua:4: World:addBehavior: GravityBehavior is already in a behaviour tree; remove it first")
    }

    @Test func pauseAndResumeHandlersRunAfterSteps() throws {
        let h = try Harness()
        let values = try h.run("""
            local w = kinetic.world{ width = 200, height = 200 }
            local log = {}
            w:on("resume", function(world) log[#log + 1] = "resume" end)
            w:on("pause", function(world) log[#log + 1] = "pause " .. (world.running and "running" or "stopped") end)
            local a = w:addItem{ center = {100, 180}, size = {20, 20} }
            w:addBehavior(kinetic.gravity{ items = {a} })
            w:addBehavior(kinetic.collision{ items = {a}, referenceBounds = true })
            w:step()
            local rested = w:runUntil(function() return not w.running end, 5)
            return rested, table.concat(log, ",")
            """)
        // The box drops 10 pt onto the bottom boundary and sleeps: one resume, then one pause.
        #expect(values == [.boolean(true), .string("resume,pause stopped")])
    }

    @Test func runAndRunUntilCountSimulatedTime() throws {
        let h = try Harness()
        let values = try h.run("""
            local w = kinetic.world{}
            w:run(0.5)
            local t1 = w.time
            local met = w:runUntil(function() return w.time >= 0.75 end, 10)
            local t2 = w.time
            local timedOut = w:runUntil(function() return false end, 0.25)
            local already = w:runUntil(function() return true end, 1)
            local asked = w:runUntil(function() return true end, 0)
            return t1, met, t2, timedOut, already, asked, w.steps
            """)
        // A condition true from the start still takes one step (it is asked after each step); a
        // timeout of 0 asks without stepping.
        #expect(values == [.number(0.5), .boolean(true), .number(0.75), .boolean(false), .boolean(true), .boolean(true),
                           .integer(61)])
    }

    @Test func steppingFromInsideAStepIsAnError() throws {
        let h = try Harness()
        let e = h.error("""
            local w = kinetic.world{}
            local a = w:addItem{ frame = {0, 0, 10, 10} }
            local g = kinetic.gravity{ items = {a} }
            g.action = function(world) world:step() end
            w:addBehavior(g)
            w:step()
            """)
        #expect(e?.message == "test.lua:4: World:step cannot be called from inside a step (level.update, actions and callbacks run inside one)")
    }

    @Test func inputIsDeliveredToTheLevel() throws {
        let h = try Harness(files: ["input.lua": """
            local level = {}
            function level.load(world, state) state.log = {} end
            function level.pointer(world, e)
              local s = select(2, kinetic.load and world, nil)
              LOG[#LOG + 1] = string.format("%s %.0f,%.0f v=%.0f,%.0f t=%.3f", e.phase, e.x, e.y, e.vx, e.vy, world.time)
            end
            function level.key(world, key, down) LOG[#LOG + 1] = key .. " " .. tostring(down) end
            return level
            """])
        let values = try h.run("""
            LOG = {}
            local w = kinetic.load("input.lua")
            w:pointer{ phase = "began", x = 1, y = 2 }
            w:key("left")
            w:key("left", false)
            w:drag{ from = {0, 0}, to = {30, 60}, duration = 0.05 }
            return table.concat(LOG, "; ")
            """)
        // 0.05 s at 60 Hz rounds to 3 steps: a moved after each, with the pan velocity 30/0.05 = 600,
        // 60/0.05 = 1200 pt/s, then the release.
        #expect(values == [.string("began 1,2 v=0,0 t=0.000; left true; left false; began 0,0 v=0,0 t=0.000; "
            + "moved 10,20 v=600,1200 t=0.017; moved 20,40 v=600,1200 t=0.033; moved 30,60 v=600,1200 t=0.050; "
            + "ended 30,60 v=600,1200 t=0.050")])
        #expect(h.error("kinetic.world{}:pointer{ phase = 'start', x = 0, y = 0 }")?.message.contains("'phase' must be one of") == true)
    }

    @Test func snapshotListsEveryItem() throws {
        let h = try Harness()
        let values = try h.run("""
            local w = kinetic.world{}
            local a = w:addItem{ name = "a", center = {10, 20}, size = {4, 4}, angle = 0.5 }
            a.velocity = {3, 4}
            local s = w:snapshot()
            return #s, s[1].name, s[1].center.x, s[1].center.y, s[1].angle, s[1].velocity.y, s[1].angularVelocity
            """)
        #expect(values == [.integer(1), .string("a"), .number(10), .number(20), .number(0.5), .number(4), .number(0)])
    }

    @Test func screenshotWritesAPNGInsideTheFolder() throws {
        let h = try Harness()
        try h.run("""
            local w = kinetic.world{ width = 40, height = 30 }
            w:addItem{ frame = {5, 5, 10, 10}, fill = "red" }
            w:screenshot("shot.png")
            """)
        let bytes = try Data(contentsOf: URL(fileURLWithPath: h.folder + "/shot.png"))
        #expect(bytes.starts(with: [0x89, 0x50, 0x4E, 0x47]))
        #expect(h.error("kinetic.world{}:screenshot('../escape.png')")?.message.contains("is outside the level folder") == true)
    }
}

@Suite struct WorldWarningTests {
    @Test func aRepeatedWarningIsShownThreeTimes() throws {
        let h = try Harness()
        try h.run("""
            local w = kinetic.world{}
            local a = w:addItem{ frame = {0, 0, 10, 10} }
            w:addBehavior(kinetic.gravity{ items = {a} })
            w:addBehavior(kinetic.gravity{ items = {a} })
            for _ = 1, 5 do
              local g = kinetic.gravity{ items = {a} }
              w:addBehavior(g)
              w:step()
              w:removeBehavior(g)
            end
            """)
        // Each added gravity beyond the first warns: "(2)" once when the second joins, then "(3)" five
        // times, shown twice, once more with a note, then never again.
        #expect(h.log.warnings.count == 4)
        #expect(h.log.warnings.first?.contains("GravityBehavior in the animator (2)") == true)
        #expect(h.log.warnings.last?.hasSuffix("(repeated 3 times; further copies are not shown)") == true)
    }

    @Test func onlyTheFirstHundredDifferentWarningsAreShown() throws {
        // A new gravity every step names a new count every step: each warning is different, so
        // the repeat rule alone let them flood standard error (and the host's record of them).
        let h = try Harness()
        try h.run("""
            local w = kinetic.world{}
            for _ = 1, 300 do
              w:addBehavior(kinetic.gravity{})
              w:step()
            end
            """)
        #expect(h.log.warnings.count == 100)
        #expect(h.log.warnings.last == "more than one GravityBehavior in the animator (101); the most recently added one applies (100 different warnings; further new ones are not shown)")
    }
}

@Suite struct WorldScreenshotTests {
    @Test func aScreenshotOfALoadedLevelIncludesItsHUD() throws {
        let h = try Harness()
        try FileManager.default.copyItem(atPath: fixtures + "/drop", toPath: h.folder + "/drop")
        try h.run("local w = kinetic.load('drop') w:screenshot('with-hud.png')")
        // Relative to the level's folder (docs/lua-api.md), not to the script that loaded it.
        #expect(FileManager.default.fileExists(atPath: h.folder + "/drop/with-hud.png"))
        try FileManager.default.createDirectory(atPath: h.folder + "/bad", withIntermediateDirectories: true)
        try "return { load = function() end, draw = function(w, c) c:text() end }"
            .write(toFile: h.folder + "/bad/main.lua", atomically: true, encoding: .utf8)
        #expect(h.error("local w = kinetic.load('bad') w:screenshot('x.png')")?.message
                == "bad/main.lua:1: Canvas:text: 'text' must be a string, got nil")
    }
}
