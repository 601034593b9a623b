// Numbers from a level, a recording or the command line that cross into a step count, a size or a
// cell index: each is checked where it enters and refused with a message naming it, never a trap.
import Foundation
@testable import KineticDynamics
@testable import KineticLua
@testable import KineticPhysics
import Testing

@Suite struct NumericInputTests {
    @Test func levelFieldsBeyondWhatAHostCanRunAreRefused() {
        // `duration = 1e300` trapped converting to a step count in run, render and record.
        #expect(loadError("return { duration = 1e300, load = function() end }")?.message
                == "main.lua:1: level field 'duration' must be a number of seconds > 0 and at most 3600 (one hour of simulated time), got 1e+300")
        #expect(loadError("return { duration = 0/0, load = function() end }")?.message.contains("level field 'duration' must be a finite number, got nan") == true)
        // `width = 1e300` trapped converting to a pixel count when rendered.
        #expect(loadError("return { width = 1e300, load = function() end }")?.message
                == "main.lua:1: level field 'width' must be a number of points > 0 and at most 10000000, got 1e+300")
        #expect(loadError("return { height = 1e-320, load = function() end }")?.message.contains("level field 'height'") == true)
        #expect(loadError("return { duration = 3600, width = 1e7, load = function() end }") == nil)
    }

    @Test func noiseFieldsFarAwayOrTooFastAreRefusedWithTheLine() throws {
        for (value, field) in [("animationSpeed = 1e300", "animationSpeed"), ("animationSpeed = -1e300", "animationSpeed"),
                               ("position = {1e300, 0}", "position")] {
            let error = loadError(sceneLevel("world:addBehavior(kinetic.field{ kind = 'noise', items = {ball}, \(value) })"))
            #expect(error?.message.hasPrefix("main.lua:9: Field.\(field): '\(field)' must be") == true, "\(error?.message ?? "nil")")
        }
        // Written later, the old value is kept and the world runs on.
        let level = try loadLevel(sceneLevel("noise = kinetic.field{ kind = 'noise', items = {ball}, animationSpeed = 2 } world:addBehavior(noise)"))
        #expect(levelError { _ = try level.luaState.run("noise.animationSpeed = 1e300", name: "w.lua") }?.message.hasPrefix("w.lua:1:") == true)
        #expect(survives(level))
    }

    @Test func placesAndAnglesPastTheEnginesRangeAreRefusedWhereTheyAreWritten() throws {
        // An item without a body took them, and the body made at the next step was refused with a
        // warning that named neither the line nor the value; the item then never moved.
        let level = try loadLevel(sceneLevel("""
            box = world:addItem{ name = 'box', center = {200, 100}, size = {20, 20} }
            world:addBehavior(kinetic.gravity{ items = {box} })
            """))
        let writes = [
            ("box.angle = 1e300", "w.lua:1: Item.angle: item 'box' angle must be within ±\(World.largestInput), got 1e+300"),
            ("box.x = 1e300", "w.lua:1: Item.x: item 'box' center must be within ±10000000 pt, got (1e+300, 100.0)"),
            ("box:moveTo(0, -1e300)", "w.lua:1: Item:moveTo: item 'box' center must be within ±10000000 pt, got (0.0, -1e+300)"),
            ("box.velocity = {0, 1e300}", "w.lua:1: Item.velocity: item 'box' velocity must be within ±\(World.largestInput), got (0.0, 1e+300)"),
            ("ball.angle = -1e300", "w.lua:1: Item.angle: item 'ball' angle must be within ±\(World.largestInput), got -1e+300"),
        ]
        for (script, message) in writes {
            let error = levelError { _ = try level.luaState.run(script, name: "w.lua") }
            #expect(error?.message.split(separator: "\n").first.map(String.init) == message)
        }
        let far = loadError(sceneLevel("world:addItem{ name = 'far', center = {1e300, 0}, size = {10, 10} }"))
        #expect(far?.message == "main.lua:9: World:addItem: item 'far' center must be within ±10000000 pt, got (1e+300, 0.0)")
        // The values were not taken: the box keeps its place and angle, and falls.
        for _ in 0..<30 { try level.step() }
        let box = try #require(level.snapshot().first { $0.name == "box" })
        #expect(box.x == 200 && box.angle == 0 && box.y > 100, "\(box)")
        #expect(survives(level))
    }

    @Test func itemSizesThatAreNotNormalNumbersAreRefused() throws {
        // A 10⁻³²⁰ pt wide item filled the scene with NaN from the first step, and run exited 0.
        let error = loadError(sceneLevel("world:addItem{ name = 'tiny', center = {100, 100}, size = {1e-320, 10} }"))
        #expect(error?.message == "main.lua:9: World:addItem: item 'tiny' width must be a number > 0 and at most 10000000 pt, got 1e-320")
        let density = loadError(sceneLevel("world:addBehavior(kinetic.itemBehavior{ items = {ball}, density = 1e-320 })"))
        #expect(density?.message.hasPrefix("main.lua:9: ItemBehavior.density: 'density' must be a number from 1e-11 to 1e+19, got 1e-320") == true,
                "\(density?.message ?? "nil")")
    }

    @Test func stepCountsFromLuaAreBounded() throws {
        let level = try loadLevel(sceneLevel(""))
        for call in ["world:run(1e300)", "world:run(-1)", "world:step(1e18)", "world:step(math.maxinteger)",
                     "world:drag{ from = {0, 0}, to = {1, 1}, duration = 1e300 }", "world:runUntil(function() return false end, 1e300)"] {
            let error = levelError { _ = try level.luaState.run("local world = ball.world " + call, name: "w.lua") }
            #expect(error?.message.hasPrefix("w.lua:1:") == true && error?.message.contains("one hour of simulated time") == true,
                    "\(call): \(error?.message ?? "nil")")
        }
        #expect(survives(level))
    }

    @Test func recordingTimesAndStepCountsAreBounded() throws {
        let folder = try levelFolder([
            "script.json": #"[{"time": 1e300, "type": "key", "key": "space"}]"#,
            "steps.json": #"{"format": "kinetic-recording", "version": 1, "level": "main.lua", "seed": 0, "fps": 60, "steps": 1000000000000000, "events": []}"#,
            "fps.json": #"{"format": "kinetic-recording", "version": 1, "level": "main.lua", "seed": 0, "fps": 1e300, "steps": 1, "events": []}"#,
        ])
        do { _ = try Recording.events(script: folder + "/script.json", fps: 60); Issue.record("accepted") } catch {
            #expect(error.message.hasSuffix("script.json: events[1] \"time\" must be a number of seconds from 0 to 3600 (one hour of simulated time), got 1e+300"),
                    "\(error.message)")
        }
        do { _ = try Recording(contentsOf: folder + "/steps.json"); Issue.record("accepted") } catch {
            #expect(error.message.contains("\"steps\" must be from 0 to 216000"), "\(error.message)")
        }
        do { _ = try Recording(contentsOf: folder + "/fps.json"); Issue.record("accepted") } catch {
            #expect(error.message.contains("\"fps\" must be > 0 and at most 1000"), "\(error.message)")
        }
    }
}

// A NaN that gets past every check (here written straight into the engine, as a missed check
// would leave it) stops the run with an error naming the item, instead of spreading silently.
@Suite struct NonFiniteStateTests {
    @Test func aStepThatLeavesAnItemNonFiniteIsAnErrorNamingIt() throws {
        let level = try loadLevel(sceneLevel(""))
        try level.step()
        let animator = level.world.animator
        let ball = try #require(animator.item(named: "ball"))
        animator.world.bodyStore[Int(animator.records[Int(ball.index)].body.index)].v = Vec2(.nan, 0)
        let error = levelError { try level.step() }
        #expect(error?.message.hasPrefix("main.lua: item 'ball' has a non-finite state after step 2: position") == true,
                "\(error?.message ?? "nil")")
    }
}
