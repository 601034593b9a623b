// The game loop without a window: events and a fake clock in, steps, pauses, restarts, reloads and
// recordings out.
import Foundation
import KineticLua
import KineticPlayer
import Testing

/// A folder holding `main.lua` with `source`; returns the level's path.
func levelFolder(_ source: String, extra: [String: String] = [:]) throws -> String {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("player-\(UUID().uuidString)").path
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    try source.write(toFile: folder + "/main.lua", atomically: true, encoding: .utf8)
    for (name, text) in extra { try text.write(toFile: folder + "/" + name, atomically: true, encoding: .utf8) }
    return folder
}

/// A ball under gravity whose velocity the pointer sets on `began` and space sets on a key press
/// (space is not handled, so the built-in pause still applies).
let ballLevel = """
    local level = { width = 375, height = 667 }
    function level.load(world)
      local ball = world:addItem{ name = "ball", center = {187.5, 100}, size = {20, 20}, bounds = "ellipse" }
      world:addBehavior(kinetic.gravity{ items = { ball } })
    end
    function level.pointer(world, e)
      if e.phase == "began" then world:item("ball").velocity = { x = e.vx, y = e.vy } end
    end
    function level.key(world, key, down)
      if key == "x" and down then world:item("ball").velocity = { x = 0, y = -500 } end
      return key == "p"   -- p is the level's own: the built-in bindings never see it
    end
    return level
    """

/// A WAV file of 441 silent 16-bit mono samples at 44.1 kHz (10 ms).
let silentWAV: [UInt8] = {
    func le(_ v: Int, _ bytes: Int) -> [UInt8] { (0..<bytes).map { UInt8((v >> (8 * $0)) & 0xFF) } }
    let data = [UInt8](repeating: 0, count: 882)
    return Array("RIFF".utf8) + le(36 + data.count, 4) + Array("WAVEfmt ".utf8) + le(16, 4) + le(1, 2) + le(1, 2)
        + le(44_100, 4) + le(88_200, 4) + le(2, 2) + le(16, 2) + Array("data".utf8) + le(data.count, 4) + data
}()

@Suite struct GameLoopTests {
    let dt = 1.0 / 60

    @Test func stepsFollowTheHostClockAtTheFixedRate() throws {
        let loop = GameLoop(level: try Level.load(path: levelFolder(ballLevel)))
        _ = loop.advance(to: 100)                   // starts the clock
        #expect(loop.level.stepCount == 0)
        _ = loop.advance(to: 100 + 6 * dt)
        #expect(loop.level.stepCount == 6)
        _ = loop.advance(to: 100 + 6.5 * dt)       // half a step owed: nothing yet
        #expect(loop.level.stepCount == 6)
        _ = loop.advance(to: 100 + 7 * dt)
        #expect(loop.level.stepCount == 7)
        // A stall catches up at most a quarter second (15 steps at 60 steps/s), not ten seconds.
        _ = loop.advance(to: 110)
        #expect(loop.level.stepCount == 7 + 15)
    }

    /// A level that takes every key (basketball takes space) can still be paused: the Pause key is
    /// the window's alone, and the level never sees it.
    @Test func thePauseKeyPausesALevelThatTakesEveryKey() throws {
        let level = try Level.load(path: levelFolder("""
            return {
              load = function(world) world:addItem{ name = "tally", center = { 100, 100 }, size = { 10, 10 } } end,
              key = function(world, name, down)
                if down then world:item("tally"):moveTo(world:item("tally").x + 10, 100) end
                return true
              end,
            }
            """))
        let loop = GameLoop(level: level)
        _ = loop.advance(to: 0)
        loop.handle(.key("space", down: true))
        #expect(!loop.isPaused, "the level took space")
        loop.handle(.key(GameLoop.pauseKey, down: true))
        loop.handle(.key(GameLoop.pauseKey, down: false))
        #expect(loop.isPaused)
        _ = loop.advance(to: 1)
        #expect(loop.level.stepCount == 0)
        loop.handle(.key(GameLoop.pauseKey, down: true))
        #expect(!loop.isPaused)
        _ = loop.advance(to: 1 + 2 * dt)
        #expect(loop.level.stepCount == 2)
        #expect(level.snapshot().first?.x == 110, "the level saw only space")
    }

    @Test func spacePausesDotStepsAndALevelKeyOverridesTheBuiltIns() throws {
        let loop = GameLoop(level: try Level.load(path: levelFolder(ballLevel)))
        _ = loop.advance(to: 0)
        loop.handle(.key("space", down: true))
        loop.handle(.key("space", down: false))
        #expect(loop.isPaused)
        let paused = loop.advance(to: 1)
        #expect(loop.level.stepCount == 0)
        #expect(paused.scene.errorBanner?.hasPrefix("paused") == true)
        loop.handle(.key(".", down: true))
        #expect(loop.level.stepCount == 1)
        loop.handle(.key("p", down: true))          // the level returned true: no built-in binding
        loop.handle(.key("q", down: false))         // only presses trigger bindings
        #expect(!loop.isFinished)
        loop.handle(.key("space", down: true))
        _ = loop.advance(to: 1 + 3 * dt)
        #expect(loop.level.stepCount == 4)
        loop.handle(.key("escape", down: true))
        #expect(loop.isFinished)
    }

    @Test func aScriptErrorStopsTheStepsUntilRRestarts() throws {
        let source = """
            local level = {}
            function level.load(world) world:addItem{ name = "box", center = {50, 50}, size = {10, 10} } end
            function level.update(world) if world.time > 0.05 then error("boom") end end
            return level
            """
        let loop = GameLoop(level: try Level.load(path: levelFolder(source)))
        _ = loop.advance(to: 0)
        let frame = loop.advance(to: 0.2)
        #expect(loop.scriptError?.contains("main.lua:3: boom") == true)
        #expect(frame.notices.count == 1)
        #expect(frame.scene.errorBanner?.contains("press r to restart") == true)
        let stopped = loop.level.stepCount
        _ = loop.advance(to: 0.4)
        #expect(loop.level.stepCount == stopped)
        // Input is not given to a stopped level; r restarts it from scratch.
        loop.handle(.key("r", down: true))
        #expect(loop.scriptError == nil && loop.level.stepCount == 0)
        _ = loop.advance(to: 0.4 + 2 * dt)
        #expect(loop.level.stepCount == 2)
    }

    @Test func limitsAndCloseFinishTheLoop() throws {
        let loop = GameLoop(level: try Level.load(path: levelFolder(ballLevel)))
        loop.stepLimit = 10
        _ = loop.advance(to: 0)
        _ = loop.advance(to: 0.25)
        #expect(loop.level.stepCount == 10 && loop.isFinished)

        let clocked = GameLoop(level: try Level.load(path: levelFolder(ballLevel)))
        clocked.clockLimit = 1
        _ = clocked.advance(to: 5)
        _ = clocked.advance(to: 5.5)
        #expect(!clocked.isFinished)
        _ = clocked.advance(to: 6)
        #expect(clocked.isFinished)

        let closed = GameLoop(level: try Level.load(path: levelFolder(ballLevel)))
        closed.handle(.closeRequested)
        #expect(closed.isFinished)
    }

    /// Plays the ball level through the loop: a toss at step 6, a key at step 13, 30 steps.
    func playAndRecord(_ path: String, recordingPath: String) throws -> (GameLoop, Recorder) {
        let level = try Level.load(path: path)
        let recorder = Recorder(level: level, recordingPath: recordingPath)
        let loop = GameLoop(level: level, mode: .record(recorder))
        loop.stepLimit = 30
        _ = loop.advance(to: 0)
        _ = loop.advance(to: 6 * dt)
        loop.handle(.pointer(PointerEvent(phase: .began, x: 10, y: 20, vx: 250, vy: -400)))
        loop.handle(.key("space", down: true))      // pausing is the window's, not the level's input...
        _ = loop.advance(to: 7 * dt)
        #expect(loop.level.stepCount == 6)          // ...and does not count as time
        loop.handle(.key("space", down: true))
        _ = loop.advance(to: 8 * dt)
        _ = loop.advance(to: 14 * dt)
        #expect(loop.level.stepCount == 13)
        loop.handle(.key("r", down: true))          // restart is disabled while recording
        loop.handle(.key("x", down: true))
        _ = loop.advance(to: 1)                     // 15 steps: a quarter second at most
        _ = loop.advance(to: 2)
        #expect(loop.isFinished && level.stepCount == 30)
        return (loop, recorder)
    }

    @Test func recordingThenReplayingInTheLoopEndsInTheSameState() throws {
        let path = try levelFolder(ballLevel)
        let (loop, recorder) = try playAndRecord(path, recordingPath: path + "/play.json")
        let recording = recorder.finish(loop.level)
        // Every key the level received is recorded (space too: the level saw it first).
        #expect(recording.events.map(\.step) == [6, 6, 6, 13, 13])
        #expect(recording.events.first?.input == .pointer(PointerEvent(phase: .began, x: 10, y: 20, vx: 250, vy: -400)))
        #expect(recording.final?.items.first?.vx == 0)   // x set the velocity to (0, -500) at step 13
        try recording.write(to: path + "/play.json")

        // Headless, as `kinetic replay --headless`.
        let headless = try Replayer.replay(Recording(contentsOf: path + "/play.json"), recordingPath: path + "/play.json")
        #expect(headless.matches)

        // In the loop, as `kinetic replay` in a window: the user's own input is ignored.
        let replay = GameLoop(level: try Level.load(path: path), mode: .replay(recording))
        _ = replay.advance(to: 0)
        replay.handle(.pointer(PointerEvent(phase: .began, x: 0, y: 0, vx: 9999, vy: 9999)))
        var now = 0.0
        while !replay.isFinished, now < 10 {
            now += dt
            _ = replay.advance(to: now)
        }
        #expect(replay.level.stepCount == 30)
        #expect(Replayer.result(recording, of: replay.level).matches)
    }

    @Test func steppingWhilePausedInAReplayDeliversTheRecordedInputs() throws {
        let path = try levelFolder(ballLevel)
        let recording = Recording(level: "main.lua", seed: 0, fps: 60, events: [
            RecordedEvent(step: 1, input: .pointer(PointerEvent(phase: .began, x: 0, y: 0, vx: 300, vy: 0))),
        ], steps: 3)
        let loop = GameLoop(level: try Level.load(path: path), mode: .replay(recording))
        loop.handle(.key("space", down: true))
        loop.handle(.key(".", down: true))
        loop.handle(.key(".", down: true))
        #expect(loop.level.stepCount == 2)
        #expect(loop.level.snapshot().first?.vx == 300)
    }

    @Test func aSavedChangeIsAppliedBetweenStepsAndABrokenOneIsShownOverTheScene() throws {
        let path = try levelFolder(ballLevel)
        let level = try Level.load(path: path)
        let loop = GameLoop(level: level, reloader: HotReloader(level: level, debounce: 0))
        _ = loop.advance(to: FileWatcher.now())
        /// Advances on the real clock (the watcher's) until a frame reports `what`, at most 30 s (a loaded
        /// machine can stall a test process for many seconds; success returns at once).
        func advanceUntil(_ what: (GameLoop.Frame) -> Bool) -> GameLoop.Frame? {
            for _ in 0..<1500 {
                let frame = loop.advance(to: FileWatcher.now())
                if what(frame) { return frame }
                Thread.sleep(forTimeInterval: 0.02)
            }
            return nil
        }
        _ = advanceUntil { _ in loop.level.stepCount >= 2 }
        let stepped = loop.level.stepCount
        try ballLevel.replacingOccurrences(of: "{20, 20}", with: "{30, 30}").write(toFile: path + "/main.lua", atomically: true, encoding: .utf8)
        let reloaded = try #require(advanceUntil { $0.notices.contains(.reloaded) }, "the change was never applied")
        #expect(reloaded.scene.errorBanner == nil)
        #expect(stepped >= 2 && loop.level.stepCount >= stepped)  // a reload keeps the world's clock

        try "local level = {".write(toFile: path + "/main.lua", atomically: true, encoding: .utf8)
        let refused = try #require(advanceUntil { $0.notices.contains { if case .error = $0 { true } else { false } } })
        #expect(loop.reloadError != nil && loop.scriptError == nil)
        #expect(refused.scene.errorBanner?.contains("the previous version keeps running") == true)
        let before = loop.level.stepCount
        _ = advanceUntil { _ in loop.level.stepCount > before }
        #expect(loop.level.stepCount > before, "the previous version keeps stepping")
    }

    /// A frame says whether its scene differs from the previous one, so the window can skip
    /// drawing the same picture: a falling box changes every frame, a paused or settled level not.
    @Test func framesSayWhenTheSceneChanged() throws {
        let loop = GameLoop(level: try Level.load(path: levelFolder("""
            local level = { width = 200, height = 200 }
            function level.load(world)
              local box = world:addItem{ center = {100, 100}, size = {20, 20} }
              world:addBehavior(kinetic.gravity{ items = { box } })
              world:addBehavior(kinetic.collision{ items = { box }, referenceBounds = true })
            end
            return level
            """)))
        var now = 100.0
        func next() -> GameLoop.Frame {
            now += dt
            return loop.advance(to: now)
        }
        #expect(loop.advance(to: now).changed)          // the first frame
        #expect(next().changed && next().changed)       // falling
        loop.handle(.key("space", down: true))
        #expect(next().changed)                         // the pause banner appears
        #expect(!next().changed && !next().changed)     // paused: the same picture
        loop.handle(.key(".", down: true))
        #expect(next().changed)                         // one step while paused
        loop.handle(.key("space", down: true))
        #expect(next().changed)                         // resumed: the banner goes, the box falls
        var unchangedInARow = 0
        for _ in 0..<900 where unchangedInARow < 60 {
            unchangedInARow = next().changed ? 0 : unchangedInARow + 1
        }
        #expect(unchangedInARow == 60, "the box never came to rest")
        let steps = loop.level.stepCount
        for _ in 0..<30 { _ = next() }
        #expect(loop.level.stepCount == steps + 30)      // at rest, the level still steps
        loop.handle(.key("d", down: true))
        #expect(next().changed)                         // the debug overlay is a change
    }

    @Test func restartThroughTheReloaderReportsTheNewVersion() throws {
        let path = try levelFolder(ballLevel)
        let level = try Level.load(path: path)
        let loop = GameLoop(level: level, reloader: HotReloader(level: level))
        _ = loop.advance(to: FileWatcher.now())
        loop.handle(.key("r", down: true))
        let frame = loop.advance(to: FileWatcher.now())
        #expect(frame.notices.contains(.reloaded))
        #expect(frame.notices.contains { if case .note(let n) = $0 { n.hasPrefix("restarted") } else { false } })
    }

    @Test func gShowsWhereTheBallWillFallWithoutMovingIt() throws {
        let loop = GameLoop(level: try Level.load(path: levelFolder(ballLevel)))
        let plain = loop.advance(to: 0)
        #expect(plain.scene.ghosts.isEmpty)
        loop.handle(.key("g", down: true))
        #expect(loop.showsGhosts)
        let frame = loop.advance(to: 0)
        let path = try #require(frame.scene.ghosts.first)
        // 1.5 s of a fall from y = 100: the path goes straight down, and the ball has not moved.
        #expect(frame.scene.ghosts.count == 1 && path.count == 91)
        #expect(path.last!.y > path.first!.y + 100 && path.last!.x == path.first!.x)
        #expect(loop.level.snapshot().first?.y == 100)
        loop.handle(.key("g", down: true))
        #expect(loop.advance(to: 0).scene.ghosts.isEmpty)
    }

    @Test func eachFrameHandsOverTheSoundsPlayedSinceThePreviousOne() throws {
        let source = """
            local level = {}
            local tick = kinetic.sound("tick.wav")
            function level.load(world) tick:play() end
            function level.update(world) if world.time == 0.05 then tick:play{ pan = 1 } end end
            return level
            """
        let folder = try levelFolder(source)
        try Data(silentWAV).write(to: URL(fileURLWithPath: folder + "/tick.wav"))
        let loop = GameLoop(level: try Level.load(path: folder))
        #expect(loop.advance(to: 0).sounds.map(\.time) == [0])      // the one `load` played
        #expect(loop.advance(to: 2 * dt).sounds.isEmpty)
        #expect(loop.advance(to: 4 * dt).sounds.map(\.pan) == [1])  // played in the 4th step's update (t = 0.05)
        #expect(loop.advance(to: 6 * dt).sounds.isEmpty)
        loop.handle(.key("r", down: true))                          // a restart plays `load`'s again
        #expect(loop.advance(to: 6 * dt).sounds.map(\.time) == [0])
    }
}
