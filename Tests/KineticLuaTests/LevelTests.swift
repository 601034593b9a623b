// The level lifecycle the command line drives: load, fields, update/step, input, scene and HUD,
// errors with file:line, budgets, restart, reload and determinism.
import Foundation
import KineticLuaBridge
import KineticRender
import Testing
@testable import KineticLua

/// Options whose output is collected in `log`.
func quietOptions(_ log: OutputLog = OutputLog()) -> LevelOptions {
    var options = LevelOptions()
    options.print = { log.lines.append($0) }
    options.warn = { log.warnings.append($0) }
    return options
}

/// Evaluates `expression` with `state` bound to the level's state table.
func evaluate(_ level: Level, _ expression: String) throws -> [LuaValue] {
    try level.state.run("local state = ... return \(expression)", name: "probe", [.reference(level.world.level!.state)])
}

/// A level folder holding `main.lua` (and other files).
func levelFolder(_ main: String, _ others: [String: String] = [:]) throws -> String {
    var files = others
    files["main.lua"] = main
    return try makeFolder(files)
}

@Suite struct LevelTests {
    @Test func loadsAFolderAndReadsItsFields() throws {
        let level = try Level.load(path: fixtures + "/drop", options: quietOptions())
        #expect(level.title == "Drop")
        #expect(level.width == 300 && level.height == 400 && level.fps == 60)
        #expect(level.duration == 2 && level.seed == 7)
        #expect(level.background == Color(red8: 0x10, green8: 0x20, blue8: 0x30))
        #expect(level.folder.hasSuffix("Fixtures/drop"))
        #expect(level.itemCount == 2)
        for _ in 0..<120 { try level.step() }
        #expect(level.stepCount == 120)
        #expect(abs(level.time - 2) < 1e-12)
        // update ran before each of the 120 steps with dt = 1/60; the ball landed once.
        #expect(try evaluate(level, "state.updates, state.dt, state.landings") == [.integer(120), .number(1.0 / 60), .integer(1)])
    }

    /// docs/cli.md: `--seed` (and the level's `seed`) seeds noise fields as well as `math.random`.
    @Test func theSeedPicksTheNoisePattern() throws {
        let folder = try makeFolder(["main.lua": """
            return { seed = 5, load = function(world, state)
              state.a = world:addItem{ center = { 187, 300 }, size = { 20, 20 } }
              world:addBehavior(kinetic.field{ kind = "noise", items = { state.a }, strength = 5, animationSpeed = 1 })
            end }
            """])
        func position(seed: Int?) throws -> [Double] {
            var options = quietOptions()
            options.seed = seed
            let level = try Level.load(path: folder, options: options)
            for _ in 0..<60 { try level.step() }
            guard case .number(let x) = try evaluate(level, "state.a.x")[0],
                  case .number(let y) = try evaluate(level, "state.a.y")[0] else { return [] }
            return [x, y]
        }
        let positions = try [0, 1, 2, 12345].map { try position(seed: $0) }
        #expect(Set(positions).count == 4, "every seed moves the item its own way: \(positions)")
        #expect(try position(seed: 12345) == positions[3])
        #expect(try position(seed: nil) == position(seed: 5), "the level's own seed is the default")
        #expect(try position(seed: nil) != positions[0])
    }

    @Test func loadsAFileDirectly() throws {
        let level = try Level.load(path: fixtures + "/drop/main.lua", options: quietOptions())
        #expect(level.title == "Drop")
    }

    @Test func optionsOverrideSeedAndSize() throws {
        var options = quietOptions()
        options.seed = 99
        options.width = 500
        let level = try Level.load(path: fixtures + "/drop", options: options)
        #expect(level.seed == 99 && level.width == 500 && level.height == 400)
        let other = try Level.load(path: fixtures + "/drop", options: quietOptions())
        // math.random is seeded from the level seed: a different seed draws a different number.
        #expect(try evaluate(level, "state.random") != evaluate(other, "state.random"))
        let again = try Level.load(path: fixtures + "/drop", options: quietOptions())
        #expect(try evaluate(again, "state.random") == evaluate(other, "state.random"))
    }

    @Test func loadErrorsNameTheFileAndLine() throws {
        func message(_ main: String) throws -> String? {
            let folder = try levelFolder(main)
            do { _ = try Level.load(path: folder, options: quietOptions()); return nil } catch { return error.message }
        }
        #expect(try message("return {")?.hasPrefix("main.lua:1:") == true)
        #expect(try message("return 42") == "main.lua: a level must return a table: return { load = function(world, state) ... end }")
        #expect(try message("return { width = 'wide', load = function() end }") == "main.lua:1: level field 'width' must be a number, got \"wide\"")
        #expect(try message("return { fps = 0, load = function() end }") == "main.lua:1: level field 'fps' must be a number > 0, got 0.0")
        // The line that sets the field, as `kinetic check` names it.
        #expect(try message("local level = {\n  title = 'x',\n  fps = 5000,\n}\nfunction level.load() end\nreturn level")
                == "main.lua:3: level field 'fps' must be at most 1000, got 5000.0")
        #expect(try message("local level = {}\nlevel.view = { 0, 10 }\nfunction level.load() end\nreturn level")?
                    .hasPrefix("main.lua:2: level field 'view' must be") == true)
        #expect(try message("return { background = 'blu', load = function() end }")?.contains("did you mean \"blue\"") == true)
        #expect(try message("return { }")?.contains("the level has no load function") == true)
        #expect(try message("return { load = function(world) world:addItem{ frame = {0, 0, 1} } end }")
                == "main.lua:1: World:addItem: 'frame' must be a frame {x, y, width, height}, got {0, 0, 1, nil}")
        do { _ = try Level.load(path: "/nonexistent/level", options: quietOptions()); Issue.record("loaded") } catch {
            #expect(error.message == "/nonexistent/level: no such file or folder")
        }
    }

    @Test func aCallbackErrorFailsTheStepWithFileLineAndTraceback() throws {
        let folder = try levelFolder("""
            local level = {}
            local function explode() error("the ball hit the floor") end
            function level.load(world)
              local floor = world:addItem{ name = "floor", frame = {0, 300, 375, 20} }
              local ball = world:addItem{ name = "ball", center = {100, 250}, size = {20, 20} }
              world:addBehavior(kinetic.itemBehavior{ items = { floor }, anchored = true })
              world:addBehavior(kinetic.gravity{ items = { ball } })
              world:addBehavior(kinetic.collision{ items = { ball, floor }, began = function(a, b) explode() end })
            end
            return level
            """)
        let level = try Level.load(path: folder, options: quietOptions())
        var caught: LevelError?
        for _ in 0..<120 {
            do { try level.step() } catch { caught = error; break }
        }
        #expect(caught?.message == "main.lua:2: the ball hit the floor")
        #expect(caught?.traceback?.contains("main.lua:8") == true)
        // The world survives: the next step runs (the ball rests, no new began).
        try level.step()
    }

    @Test func aRunawayUpdateIsStoppedByTheBudget() throws {
        let folder = try levelFolder("""
            local level = {}
            function level.load(world) end
            function level.update(world, dt)
              while true do end
            end
            return level
            """)
        var options = quietOptions()
        options.instructionBudget = 1_000_000
        let level = try Level.load(path: folder, options: options)
        do { try level.step(); Issue.record("the loop ran forever?") } catch {
            #expect(error.message.hasPrefix("main.lua:4:"))
            #expect(error.message.contains("budget"))
        }
        var timed = quietOptions()
        timed.callbackTimeBudget = 0.2
        let other = try Level.load(path: folder, options: timed)
        do { try other.step(); Issue.record("the loop ran forever?") } catch {
            #expect(error.message.hasPrefix("main.lua:4:"))
            #expect(error.message.contains("time budget"))
        }
    }

    @Test func pointerAndKeyReachTheLevel() throws {
        let level = try Level.load(path: fixtures + "/drop", options: quietOptions())
        try level.pointer(PointerEvent(phase: .began, x: 10, y: 20))
        try level.pointer(PointerEvent(phase: .ended, x: 30, y: 40, vx: 100, vy: -50))
        try level.key("space", down: true)
        try level.key("space", down: false)
        #expect(try evaluate(level, "table.concat(state.pointers, ','), table.concat(state.keys, ',')")
                == [.string("began 10 20 0 0,ended 30 40 100 -50"), .string("space down,space up")])
    }

    @Test func sceneHasItemsAppearanceAndHUD() throws {
        let level = try Level.load(path: fixtures + "/drop", options: quietOptions())
        let (scene, hudError) = level.scene()
        #expect(hudError == nil)
        #expect(scene.size == Size(300, 400))
        #expect(scene.background == Color(red8: 0x10, green8: 0x20, blue8: 0x30))
        #expect(scene.items.count == 2)
        let ball = scene.items[1]
        #expect(ball.shape == .ellipse(size: Size(20, 20)))
        #expect(ball.center == Vec2(150, 100))
        #expect(ball.fill == Color(red8: 255, green8: 165, blue8: 0))  // CSS orange
        #expect(ball.label == "b" && ball.z == 1)
        #expect(scene.items[0].shape == .rectangle(size: Size(300, 20), cornerRadius: 0))
        #expect(scene.hud == [
            .text("landings 0", x: 10, y: 10, size: 12, color: .white, align: .left),
            .circle(x: 20, y: 40, radius: 5, fill: Color(red8: 255, green8: 0, blue8: 0), stroke: nil),
        ])
        #expect(scene.debug.enabled == false)
    }

    @Test func aDrawErrorIsReturnedAndTheSceneStillDrawn() throws {
        let folder = try levelFolder("""
            return {
              load = function(world) world:addItem{ frame = {0, 0, 10, 10} } end,
              draw = function(world, canvas)
                canvas:text("ok", 0, 0)
                canvas:rect(0, 0, 10)
              end,
            }
            """)
        let level = try Level.load(path: folder, options: quietOptions())
        let (scene, hudError) = level.scene()
        #expect(scene.items.count == 1)
        #expect(hudError?.message == "main.lua:5: Canvas:rect: 'height' must be a number, got nil")
    }

    @Test func debugOverlayShowsBoundariesContactsAndFields() throws {
        let folder = try levelFolder("""
            return { width = 200, height = 200, load = function(world)
              world.debug = true
              local ball = world:addItem{ name = "ball", center = {100, 185}, size = {20, 20} }
              world:addBehavior(kinetic.gravity{ items = { ball } })
              world:addBehavior(kinetic.collision{ items = { ball }, referenceBounds = true })
              world:addBehavior(kinetic.field{ kind = "linearGravity", direction = {1, 0} })
              world:addBehavior(kinetic.snap{ item = ball, point = {100, 180} })
              local other = world:addItem{ center = {20, 20}, size = {10, 10} }
              world:addBehavior(kinetic.attachment{ item = other, anchor = {20, 5}, frequency = 2 })
              world:addBehavior(kinetic.attachment{ item = other, anchor = {5, 20} })
            end }
            """)
        let level = try Level.load(path: folder, options: quietOptions())
        for _ in 0..<30 { try level.step() }
        #expect(level.debug)
        let debug = level.scene().scene.debug
        #expect(debug.enabled)
        // The reference bounds as a closed outline: 4 corners and the first again.
        #expect(debug.boundaries == [[Vec2(0, 0), Vec2(200, 0), Vec2(200, 200), Vec2(0, 200), Vec2(0, 0)]])
        #expect(debug.attachments.map(\.kind) == [.snap, .spring, .distance])
        // A 5 × 5 grid (40 pt spacing over 200 pt) of 100 pt/s² arrows pointing right.
        #expect(debug.fieldSamples.count == 25)
        #expect(debug.fieldSamples.allSatisfy { abs($0.vector.x - 100) < 1e-9 && $0.vector.y == 0 })
        #expect(debug.velocities.count == 2)
        level.debug = false
        #expect(level.scene().scene.debug.enabled == false)
    }

    /// Newton's cradle's balls are squares drawn round: the overlay must outline the squares, which
    /// is where their contacts are, not the circles.
    @Test func debugOverlayOutlinesWhatCollides() throws {
        let folder = try levelFolder("""
            return { width = 200, height = 200, load = function(world)
              world.debug = true
              local ball = world:addItem{ center = {50, 50}, size = {30, 30}, cornerRadius = 15 }
              local egg = world:addItem{ center = {100, 50}, size = {20, 30}, bounds = "ellipse" }
              local ell = world:addItem{ center = {150, 100}, parts = {
                { center = {-10, 0}, size = {10, 40} },
                { center = {10, 15}, size = {30, 10}, bounds = "ellipse", angle = 0.5 },
              } }
              world:addBehavior(kinetic.gravity{ items = { ball, egg, ell } })
            end }
            """)
        let level = try Level.load(path: folder, options: quietOptions())
        let items = level.scene().scene.items
        let square = items[0]
        #expect(square.shape == .rectangle(size: Size(30, 30), cornerRadius: 15))
        guard case .polygon(let corners) = square.collisionShape else {
            Issue.record("a rectangle collides as a polygon, got \(String(describing: square.collisionShape))")
            return
        }
        #expect(Set(corners) == [Vec2(-15, -15), Vec2(15, -15), Vec2(15, 15), Vec2(-15, 15)])
        #expect(items[1].collisionShape == .ellipse(size: Size(20, 30)))
        #expect(items[2].collisionShape?.localBounds.minX == -15)
        guard case .group(let parts) = items[2].collisionShape else {
            Issue.record("parts collide as a group, got \(String(describing: items[2].collisionShape))")
            return
        }
        #expect(parts.count == 2)
        #expect(parts[1] == ShapePart(shape: .ellipse(size: Size(30, 10)), offset: Vec2(10, 15), angle: 0.5))
    }

    @Test func restartBuildsEverythingAgain() throws {
        let level = try Level.load(path: fixtures + "/drop", options: quietOptions())
        for _ in 0..<120 { try level.step() }
        #expect(try evaluate(level, "state.landings") == [.integer(1)])
        try level.restart()
        #expect(level.stepCount == 0)
        #expect(try evaluate(level, "state.landings, state.updates") == [.integer(0), .integer(0)])
    }

    @Test func reloadKeepsStateAndNamedItems() throws {
        let level = try Level.load(path: fixtures + "/drop", options: quietOptions())
        for _ in 0..<30 { try level.step() }
        let before = level.snapshot()
        try level.reload()
        // The same state table (landings kept; load reset the update count), and the ball mid-fall
        // where it was, with its velocity.
        #expect(try evaluate(level, "state.reloads, state.updates") == [.integer(1), .integer(0)])
        #expect(level.snapshot() == before)
        #expect(level.stepCount == 30)
    }

    @Test func theSameLevelTwiceGivesIdenticalSnapshots() throws {
        func run() throws -> [ItemState] {
            let level = try Level.load(path: fixtures + "/drop", options: quietOptions())
            try level.pointer(PointerEvent(phase: .began, x: 1, y: 2))
            for _ in 0..<200 { try level.step() }
            return level.snapshot()
        }
        let a = try run(), b = try run()
        #expect(a == b)
        #expect(a.count == 2 && a[1].y > 300)
    }

    @Test func theSandboxHoldsUnlessTrusted() throws {
        let folder = try levelFolder("return { load = function(world, state) state.ok = os.execute ~= nil end }")
        do { _ = try Level.load(path: folder, options: quietOptions()); Issue.record("os.execute reachable") } catch {
            #expect(error.message.contains("os.execute is not available in a sandboxed level"))
        }
        var trusted = quietOptions()
        trusted.trusted = true
        let level = try Level.load(path: folder, options: trusted)
        #expect(try evaluate(level, "state.ok") == [.boolean(true)])
    }

    @Test func printGoesToTheSink() throws {
        let log = OutputLog()
        _ = try Level.load(path: try levelFolder("return { load = function() print('hello', 1) end }"), options: quietOptions(log))
        #expect(log.lines == ["hello\t1"])
    }
}

@Suite struct LevelLimitTests {
    @Test func runawayAllocationIsStoppedByTheMemoryCapAndTheLevelSurvives() throws {
        let folder = try levelFolder("""
            local level, hogged = {}, false
            function level.load(world, state)
              state.steps = 0
              world:addItem{ name = "a", frame = {0, 0, 10, 10} }
            end
            function level.update(world, dt)
              if world.steps == 3 and not hogged then
                hogged = true
                local hog = {}
                for i = 1, 1e9 do hog[i] = { i } end
              end
            end
            function level.draw(world, canvas) canvas:text(tostring(world.steps), 0, 0) end
            return level
            """)
        var options = quietOptions()
        options.memoryLimit = 16 << 20
        let level = try Level.load(path: folder, options: options)
        for _ in 0..<3 { try level.step() }
        do { try level.step(); Issue.record("the allocation was not stopped") } catch {
            #expect(error.message.contains("not enough memory"))
            #expect(error.message.contains("16 MiB"))
        }
        // The hog table is unreachable once the error unwound it: the level keeps stepping and drawing.
        level.luaState.collectGarbage()
        try level.step()
        let (scene, hudError) = level.scene()
        #expect(hudError == nil && scene.hud.count == 1 && scene.items.count == 1)
    }

    @Test func aBindingCalledWithBadArgumentsNeverLeaksOrCrashes() throws {
        // Every world and item method with nonsense arguments: each is a Lua error, none a crash.
        let h = try Harness()
        let calls = ["addItem(1)", "removeItem('x')", "item(3)", "itemsIn(nil)", "addBehavior(nil)", "removeBehavior(1)",
                     "on('boom', print)", "step(-1)", "run('x')", "runUntil(1, 2)", "pointer(5)", "drag{}", "key(1)",
                     "screenshot(1)", "itemsAt(nil)", "raycast(1)", "raycastAll({0, 0}, {0, 0})", "itemsOverlapping(3)"]
        for call in calls {
            let e = h.error("local w = kinetic.world{} w:\(call)")
            #expect(e?.message.hasPrefix("test.lua:1: World:") == true, "\(call): \(e?.message ?? "no error")")
        }
        let itemCalls = ["moveTo()", "moveTo(1, 'y')"]
        for call in itemCalls {
            let e = h.error("local w = kinetic.world{} local a = w:addItem{ frame = {0, 0, 1, 1} } a:\(call)")
            #expect(e?.message.hasPrefix("test.lua:1: Item:moveTo:") == true, "\(call): \(e?.message ?? "no error")")
        }
        #expect(h.error("local w = kinetic.world{} w.addItem{ frame = {0, 0, 1, 1} }")?.message
                == "test.lua:1: World:addItem: 'self' must be a World, got a table (call it as world:addItem(...))")
    }
}

@Suite struct LevelLifetimeTests {
    @Test func aLevelAndItsRuntimeAreFreed() throws {
        weak var runtime: Runtime?
        weak var state: LuaState?
        do {
            let level = try Level.load(path: fixtures + "/drop", options: quietOptions())
            for _ in 0..<10 { try level.step() }
            _ = level.scene()
            runtime = level.runtime
            state = level.state
            try level.restart()
            #expect(runtime == nil && state == nil, "restart leaves the old state behind")
            runtime = level.runtime
            state = level.state
        }
        #expect(runtime == nil && state == nil)
    }

    @Test func anInstalledModuleLivesAsLongAsItsState() throws {
        var options = LuaOptions()
        options.output = { _ in }
        let state = try LuaState(options: options)
        Runtime.install(in: state, options: LevelOptions())
        let y = try state.run("""
            local w = kinetic.world{}
            local a = w:addItem{ center = {0, 0}, size = {1, 1} }
            w:addBehavior(kinetic.gravity{ items = {a} })
            w:step(3)
            return a.y
            """)
        #expect(y.count == 1 && y[0] != .nil)
    }
}

@Suite struct LevelReloadTests {
    @Test func aBrokenReloadKeepsTheRunningWorld() throws {
        let folder = try makeFolder([:])
        try FileManager.default.copyItem(atPath: fixtures + "/drop", toPath: folder + "/drop")
        let level = try Level.load(path: folder + "/drop", options: quietOptions())
        for _ in 0..<20 { try level.step() }
        let before = level.snapshot()
        try "return { load = function(world) world:addItem{ } end }".write(toFile: folder + "/drop/main.lua", atomically: true, encoding: .utf8)
        do { try level.reload(); Issue.record("reloaded a broken level") } catch {
            #expect(error.message.hasPrefix("main.lua:1: World:addItem: give 'frame'"))
        }
        #expect(level.snapshot() == before && level.stepCount == 20)
        try level.step()
        #expect(level.stepCount == 21)
    }
}

@Suite struct LevelModuleReloadTests {
    @Test func reloadReadsChangedModulesAgain() throws {
        let folder = try makeFolder([:])
        try FileManager.default.copyItem(atPath: fixtures + "/drop", toPath: folder + "/drop")
        let level = try Level.load(path: folder + "/drop", options: quietOptions())
        // The new rules count nothing as a landing: after the reload the ball lands uncounted.
        try "return { isLanding = function() return false end }".write(toFile: folder + "/drop/rules.lua", atomically: true, encoding: .utf8)
        try level.reload()
        for _ in 0..<120 { try level.step() }
        #expect(try evaluate(level, "state.landings") == [.integer(0)])
    }
}
