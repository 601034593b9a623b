// Level.hotReload and HotReloader: what a reload keeps (state, named items' motion, world time),
// what it replaces (constants, behaviours, items), and that a failed reload changes nothing.
import Foundation
import KineticLuaBridge
import Testing
@testable import KineticLua

/// A level with a free-falling named ball (nothing below it for 4000 pt) whose gravity magnitude is
/// `gravity`, an unnamed decoration, and a score counting steps in `state`. `load` and `update` start
/// on lines 5 and 13 (error positions are checked against them).
func fallingLevel(gravity: Double = 1, ballName: String = "ball") -> String {
    """
    local G = \(gravity)
    local level = { title = "Fall", width = 400, height = 4000, fps = 60 }
    local S

    function level.load(world, state)
      S = state
      S.score = S.score or 0
      S.loads = (S.loads or 0) + 1
      local ball = world:addItem{ name = "\(ballName)", center = { 100, 100 }, size = { 20, 20 }, bounds = "ellipse" }
      world:addItem{ center = { 300, 100 }, size = { 10, 10 } }
      world:addBehavior(kinetic.gravity{ items = { ball }, magnitude = G })
    end
    function level.update(world, dt)
      S.score = S.score + 1
    end
    function level.reloaded(world, state)
      state.reloads = (state.reloads or 0) + 1
    end
    return level
    """
}

/// Output of the level's `print` and warnings, collected so test logs stay quiet.
final class Log: @unchecked Sendable {
    var lines: [String] = []
}

func quietOptions(_ log: Log = Log()) -> LevelOptions {
    var options = LevelOptions()
    options.print = { log.lines.append($0) }
    options.warn = { log.lines.append($0) }
    return options
}

/// Evaluates `expression` with `state` bound to the level's state table.
func evaluate(_ level: Level, _ expression: String) throws -> [LuaValue] {
    try level.luaState.run("local state = ... return \(expression)", name: "probe", [.reference(level.world.level!.state)])
}

func item(_ level: Level, _ name: String) -> ItemState? {
    level.snapshot().first { $0.name == name }
}

/// Gravity's velocity change over one fixed step, pt/s: magnitude 1 is 1000 pt/s², dt = 1/60 s.
func gravityStep(_ magnitude: Double) -> Double { magnitude * 1000 / 60 }

@Suite struct LevelReloadTests {
    @Test func aNewConstantIsUsedAndTheBallKeepsItsMotion() throws {
        let folder = try makeFolder(["main.lua": fallingLevel(gravity: 1)])
        let level = try Level.load(path: folder, options: quietOptions())
        for _ in 0..<30 { try level.step() }
        let before = try #require(item(level, "ball"))
        try level.step()
        // Free fall (no resistance): each step adds g·dt to the velocity; 1e-9 covers rounding.
        let vy1 = try #require(item(level, "ball")).vy
        #expect(abs(vy1 - before.vy - gravityStep(1)) < 1e-9)

        try write(fallingLevel(gravity: 2.5), to: folder + "/main.lua")
        let atReload = try #require(item(level, "ball"))
        let result = level.hotReload()
        #expect(result.applied && result.error == nil)
        // At the reload step the ball is where it was, with the same velocity (bit-identical: the
        // values are copied across).
        #expect(item(level, "ball") == atReload)
        #expect(level.stepCount == 31)
        #expect(abs(level.time - 31.0 / 60) < 1e-12)
        try level.step()
        let after = try #require(item(level, "ball"))
        #expect(abs(after.vy - atReload.vy - gravityStep(2.5)) < 1e-9)
        #expect(try evaluate(level, "state.loads, state.reloads") == [.integer(2), .integer(1)])
    }

    /// A named kinematic lift keeps its place and velocity across a reload that writes another
    /// velocity in `load`, and goes on moving at it exactly, gravity notwithstanding.
    @Test func aKinematicItemKeepsItsMotion() throws {
        func lift(speed: Double) -> String {
            """
            local level = { title = "Lift", width = 400, height = 800, fps = 60 }
            function level.load(world)
              local lift = world:addItem{ name = "lift", center = { 200, 700 }, size = { 120, 16 } }
              world:addBehavior(kinetic.itemBehavior{ items = { lift }, kinematic = true })
              world:addBehavior(kinetic.gravity{ items = { lift } })
              lift.velocity = { 0, \(speed) }
            end
            return level
            """
        }
        let folder = try makeFolder(["main.lua": lift(speed: -60)])
        let level = try Level.load(path: folder, options: quietOptions())
        for _ in 0..<30 { try level.step() }
        let before = try #require(item(level, "lift"))
        #expect(abs(before.y - (700 - 30)) < 1e-9 && before.vy == -60)
        try write(lift(speed: 10), to: folder + "/main.lua")
        #expect(level.hotReload().applied)
        #expect(item(level, "lift") == before)
        for _ in 0..<30 { try level.step() }
        let after = try #require(item(level, "lift"))
        #expect(abs(after.y - (700 - 60)) < 1e-9 && after.vy == -60, "lift at \(after.y), vy \(after.vy)")
    }

    @Test func aSyntaxErrorKeepsTheOldVersionAndNamesTheLine() throws {
        let folder = try makeFolder(["main.lua": fallingLevel(gravity: 1)])
        let level = try Level.load(path: folder, options: quietOptions())
        for _ in 0..<10 { try level.step() }
        var broken = fallingLevel(gravity: 3).components(separatedBy: "\n")
        broken[6] = "  S.score = = 1"  // line 7
        try write(broken.joined(separator: "\n"), to: folder + "/main.lua")
        let result = level.hotReload()
        #expect(!result.applied)
        let message = result.error?.message ?? ""
        #expect(message.hasPrefix("main.lua:7:"), "\(message)")
        // The old version keeps stepping with the old gravity and its score.
        let v0 = try #require(item(level, "ball")).vy
        try level.step()
        #expect(abs(try #require(item(level, "ball")).vy - v0 - gravityStep(1)) < 1e-9)
        #expect(try evaluate(level, "state.score, state.reloads") == [.integer(11), .nil])

        // Fixed: the reload applies.
        try write(fallingLevel(gravity: 3), to: folder + "/main.lua")
        #expect(level.hotReload().applied)
        let v1 = try #require(item(level, "ball")).vy
        try level.step()
        #expect(abs(try #require(item(level, "ball")).vy - v1 - gravityStep(3)) < 1e-9)
    }

    @Test func aRuntimeErrorInLoadPutsTheStateBack() throws {
        let folder = try makeFolder(["main.lua": fallingLevel()])
        let level = try Level.load(path: folder, options: quietOptions())
        for _ in 0..<5 { try level.step() }
        let broken = fallingLevel().replacingOccurrences(
            of: "  S.loads = (S.loads or 0) + 1",
            with: "  S.score = 1000; S.extra = true; S.loads = S.loads + nil")  // line 8
        try write(broken, to: folder + "/main.lua")
        let result = level.hotReload()
        #expect(!result.applied)
        #expect(result.error?.message.hasPrefix("main.lua:8: attempt to perform arithmetic on a nil value") == true,
                "\(result.error?.message ?? "")")
        #expect(result.error?.traceback?.contains("main.lua:8: in function") == true, "\(result.error?.traceback ?? "")")
        // The fields the failed load wrote are as before; the old world still runs.
        #expect(try evaluate(level, "state.score, state.extra, state.loads") == [.integer(5), .nil, .integer(1)])
        #expect(item(level, "ball") != nil)
        try level.step()
        #expect(try evaluate(level, "state.score") == [.integer(6)])
    }

    @Test func anAPIErrorInLoadIsRefused() throws {
        let folder = try makeFolder(["main.lua": fallingLevel()])
        let level = try Level.load(path: folder, options: quietOptions())
        let broken = fallingLevel().replacingOccurrences(of: "magnitude = G", with: "magnitude = 'strong'")
        try write(broken, to: folder + "/main.lua")
        let result = level.hotReload()
        #expect(!result.applied)
        #expect(result.error?.message.hasPrefix("main.lua:11:") == true, "\(result.error?.message ?? "")")
        #expect(result.error?.message.contains("magnitude") == true)
    }

    @Test func aRenamedItemReplacesTheOldOne() throws {
        let folder = try makeFolder(["main.lua": fallingLevel(ballName: "ball")])
        let level = try Level.load(path: folder, options: quietOptions())
        for _ in 0..<20 { try level.step() }
        try write(fallingLevel(ballName: "stone"), to: folder + "/main.lua")
        #expect(level.hotReload().applied)
        #expect(item(level, "ball") == nil)
        // The new item appears as written: at rest at its initial centre.
        let stone = try #require(item(level, "stone"))
        #expect(stone.x == 100 && stone.y == 100 && stone.vx == 0 && stone.vy == 0)
        // The unnamed decoration is rebuilt as written, and no item is left over.
        #expect(level.itemCount == 2)
    }

    @Test func anItemKeptInStateFromTheOldWorldReportsItsRemoval() throws {
        let source = fallingLevel().replacingOccurrences(
            of: "  S.loads = (S.loads or 0) + 1",
            with: "  S.loads = (S.loads or 0) + 1; S.first = S.first or world:addItem{ name = 'first' .. S.loads, center = { 9, 9 }, size = { 4, 4 } }")
        let folder = try makeFolder(["main.lua": source])
        let level = try Level.load(path: folder, options: quietOptions())
        try write(source + "\n", to: folder + "/main.lua")
        #expect(level.hotReload().applied)
        // The old world was emptied: its items are gone instead of lingering out of sight.
        #expect(try evaluate(level, "state.first.removed") == [.boolean(true)])
        #expect(level.luaState.errorOf("local state = ... return state.first.x", [.reference(level.world.level!.state)])?
            .contains("item 'first1' was removed") == true)
    }

    @Test func theScoreSurvivesFiveReloads() throws {
        let folder = try makeFolder(["main.lua": fallingLevel()])
        let level = try Level.load(path: folder, options: quietOptions())
        for round in 1...5 {
            for _ in 0..<10 { try level.step() }
            try write(fallingLevel(gravity: Double(round)), to: folder + "/main.lua")
            #expect(level.hotReload().applied)
        }
        for _ in 0..<10 { try level.step() }
        // One point per step, 60 steps, across five reloads of the same state table.
        #expect(try evaluate(level, "state.score, state.reloads, state.loads") == [.integer(60), .integer(5), .integer(6)])
        #expect(level.stepCount == 60)
    }

    @Test func aChangedModuleIsLoadedAgain() throws {
        let main = fallingLevel().replacingOccurrences(of: "local G = 1.0", with: "local G = require('lib.tuning').gravity")
        let folder = try makeFolder(["main.lua": main, "lib/tuning.lua": "return { gravity = 1 }"])
        let level = try Level.load(path: folder, options: quietOptions())
        #expect(level.watchedFiles == [folder + "/lib/tuning.lua", folder + "/main.lua"])
        let reloader = HotReloader(level: level)
        for _ in 0..<10 { try level.step() }
        #expect(reloader.check(now: 0) == nil)
        try write("return { gravity = 4 }", to: folder + "/lib/tuning.lua")
        #expect(reloader.check(now: 1) == nil)  // the change is seen; the debounce runs
        let result = try #require(reloader.check(now: 2))
        #expect(result.applied && result.files == [folder + "/lib/tuning.lua"])
        let v0 = try #require(item(level, "ball")).vy
        try level.step()
        #expect(abs(try #require(item(level, "ball")).vy - v0 - gravityStep(4)) < 1e-9)
    }

    @Test func aModuleErrorRestoresTheOldModules() throws {
        let main = fallingLevel().replacingOccurrences(
            of: "local G = 1.0", with: "local tuning = require('tuning'); local G = tuning.gravity")
            .replacingOccurrences(of: "  S.score = S.score + 1", with: "  S.score = S.score + require('tuning').points")
        let folder = try makeFolder(["main.lua": main, "tuning.lua": "return { gravity = 1, points = 1 }"])
        let level = try Level.load(path: folder, options: quietOptions())
        try write("return { gravity = 2, points = 100 ", to: folder + "/tuning.lua")
        let result = level.hotReload()
        #expect(!result.applied)
        #expect(result.error?.message.hasPrefix("tuning.lua:1:") == true, "\(result.error?.message ?? "")")
        // `update` requires the module at every step: it still gets the old one.
        try level.step()
        #expect(try evaluate(level, "state.score") == [.integer(1)])
    }

    @Test func imagesAreWatched() throws {
        let main = fallingLevel().replacingOccurrences(of: "size = { 10, 10 } }", with: "size = { 10, 10 }, image = 'art/box.png' }")
        let folder = try makeFolder(["main.lua": main])
        let level = try Level.load(path: folder, options: quietOptions())
        #expect(level.watchedFiles == [folder + "/art/box.png", folder + "/main.lua"])
    }

    @Test func aRestingStackStaysAtRestAcrossAReload() throws {
        let source = """
            local level = { width = 300, height = 400 }
            function level.load(world, state)
              local floor = world:addItem{ name = "floor", frame = { 0, 380, 300, 20 } }
              local a = world:addItem{ name = "a", frame = { 130, 340, 40, 40 } }
              local b = world:addItem{ name = "b", frame = { 135, 300, 30, 40 } }
              world:addBehavior(kinetic.itemBehavior{ items = { floor }, anchored = true })
              world:addBehavior(kinetic.gravity{ items = { a, b } })
              world:addBehavior(kinetic.collision{ items = { floor, a, b } })
            end
            return level
            """
        let folder = try makeFolder(["main.lua": source])
        let level = try Level.load(path: folder, options: quietOptions())
        for _ in 0..<180 { try level.step() }
        let settled = level.snapshot()
        #expect(level.hotReload().applied)
        for _ in 0..<60 { try level.step() }
        // The new world starts without the old contacts' warm start; the stack sinks again by about
        // a thousandth of a point (measured 0.0004 and 0.001) but must not jump or slide.
        for (before, after) in zip(settled, level.snapshot()) {
            #expect(abs(after.x - before.x) < 0.01 && abs(after.y - before.y) < 0.05, "\(before) → \(after)")
            #expect(abs(after.angle - before.angle) < 1e-3)
        }
    }

    @Test func anErrorInReloadedIsReportedAfterTheNewVersionTookOver() throws {
        let folder = try makeFolder(["main.lua": fallingLevel(gravity: 1)])
        let level = try Level.load(path: folder, options: quietOptions())
        let broken = fallingLevel(gravity: 2).replacingOccurrences(
            of: "  state.reloads = (state.reloads or 0) + 1", with: "  state.reloads = state.missing.count")  // line 17
        try write(broken, to: folder + "/main.lua")
        let result = level.hotReload()
        #expect(result.applied)
        #expect(result.error?.message.hasPrefix("main.lua:17:") == true, "\(result.error?.message ?? "")")
        let v0 = try #require(item(level, "ball")).vy
        try level.step()
        #expect(abs(try #require(item(level, "ball")).vy - v0 - gravityStep(2)) < 1e-9)
    }

    @Test func aTrustedLevelWatchesEveryLuaFileOfItsFolder() throws {
        let folder = try makeFolder(["main.lua": fallingLevel(), "lib/helpers.lua": "", "main_test.lua": "", "notes.txt": ""])
        var options = quietOptions()
        options.trusted = true
        let level = try Level.load(path: folder, options: options)
        #expect(level.watchedFiles == [folder + "/lib/helpers.lua", folder + "/main.lua"])
    }

    @Test func theDebugOverlayStaysOnAcrossReloadsAndRestarts() throws {
        let folder = try makeFolder(["main.lua": fallingLevel()])
        let level = try Level.load(path: folder, options: quietOptions())
        #expect(!level.debug)
        level.debug = true
        #expect(level.hotReload().applied)
        #expect(level.debug)
        #expect(HotReloader(level: level).restart().applied)
        #expect(level.debug && level.stepCount == 0)
    }

    @Test func restartOnReloadStartsAfresh() throws {
        let folder = try makeFolder(["main.lua": fallingLevel()])
        let level = try Level.load(path: folder, options: quietOptions())
        let reloader = HotReloader(level: level, restartOnReload: true)
        for _ in 0..<10 { try level.step() }
        try write(fallingLevel(gravity: 2), to: folder + "/main.lua")
        #expect(reloader.check(now: 0) == nil)
        let result = try #require(reloader.check(now: 1))
        #expect(result.applied && result.restarted)
        #expect(level.stepCount == 0)
        #expect(try evaluate(level, "state.score, state.loads") == [.integer(0), .integer(1)])
        #expect(item(level, "ball").map { $0.y == 100 && $0.vy == 0 } == true)
    }
}

extension LuaState {
    /// The message of the error a snippet raises, or nil.
    func errorOf(_ source: String, _ arguments: [LuaValue]) -> String? {
        do { _ = try run(source, name: "probe", arguments); return nil } catch { return error.message }
    }
}

/// A headless watch run as `kinetic watch --headless` drives it: fixed steps in real time, the
/// reloader checked between steps, saves made while the level runs. Only outcomes are checked; the
/// clock only bounds how long the test waits for each reload (30 s, against a 0.1 s debounce: a loaded
/// machine can stall the test process for many seconds, and success returns at once).
@Suite struct HeadlessWatchTests {
    /// Steps in real time until `reloader` applies or refuses a change; nil after `timeout` seconds.
    func stepUntilReload(_ level: Level, _ reloader: HotReloader, timeout: Double = 30) throws -> ReloadResult? {
        let start = FileWatcher.now()
        while FileWatcher.now() - start < timeout {
            if let result = reloader.check() { return result }
            try level.step()
            Thread.sleep(forTimeInterval: 1 / level.fps)
        }
        return nil
    }

    @Test func savesWhileTheLevelRunsAreAppliedBetweenSteps() throws {
        let folder = try makeFolder(["main.lua": fallingLevel(gravity: 1)])
        let level = try Level.load(path: folder, options: quietOptions())
        let reloader = HotReloader(level: level)
        for _ in 0..<5 { try level.step() }

        try write(fallingLevel(gravity: 2), to: folder + "/main.lua")
        let first = try #require(try stepUntilReload(level, reloader))
        #expect(first.applied && first.files == [folder + "/main.lua"])
        var v = try #require(item(level, "ball")).vy
        try level.step()
        #expect(abs(try #require(item(level, "ball")).vy - v - gravityStep(2)) < 1e-9)

        // A syntax error: refused, and the old version (gravity 2) keeps stepping.
        try write(fallingLevel(gravity: 3).replacingOccurrences(of: "local S", with: "local S ="), to: folder + "/main.lua")
        let refused = try #require(try stepUntilReload(level, reloader))
        #expect(!refused.applied && refused.error?.message.hasPrefix("main.lua:5:") == true, "\(refused.error?.message ?? "")")
        v = try #require(item(level, "ball")).vy
        try level.step()
        #expect(abs(try #require(item(level, "ball")).vy - v - gravityStep(2)) < 1e-9)

        // The fix, saved as editors do: a new file renamed over the old one.
        try write(fallingLevel(gravity: 3), to: folder + "/main.lua.new")
        _ = rename(folder + "/main.lua.new", folder + "/main.lua")
        let fixed = try #require(try stepUntilReload(level, reloader))
        #expect(fixed.applied && fixed.error == nil)
        v = try #require(item(level, "ball")).vy
        try level.step()
        #expect(abs(try #require(item(level, "ball")).vy - v - gravityStep(3)) < 1e-9)
        // Every step counted once in `state.score`, across both reloads and the refused one.
        #expect(try evaluate(level, "state.score") == [.integer(level.stepCount)])
    }

    @Test func aSaveWhosePatternBacktracksForMinutesIsStoppedAndRefused() throws {
        // One string.find call that Lua's matcher would run for minutes: the callback's time budget
        // stops it inside the library call, and the watch loop goes on with the old version.
        var options = quietOptions()
        options.callbackTimeBudget = 0.3
        let folder = try makeFolder(["main.lua": fallingLevel(gravity: 1)])
        let level = try Level.load(path: folder, options: options)
        let reloader = HotReloader(level: level)
        for _ in 0..<5 { try level.step() }

        let hostile = fallingLevel(gravity: 2).replacingOccurrences(
            of: "  S.loads = (S.loads or 0) + 1",
            with: "  local found = ('a'):rep(60):find(('a-'):rep(40) .. 'b')")  // line 8
        try write(hostile, to: folder + "/main.lua")
        let refused = try #require(try stepUntilReload(level, reloader))
        #expect(!refused.applied)
        #expect(refused.error?.message == "main.lua:8: string.find: pattern too complex (exceeded the script's time budget of 0.3 s)",
                "\(refused.error?.message ?? "")")
        let v = try #require(item(level, "ball")).vy
        try level.step()
        #expect(abs(try #require(item(level, "ball")).vy - v - gravityStep(1)) < 1e-9)
    }
}
