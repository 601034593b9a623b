// Scrubbing the window's run with a fake clock: ←/→ (and shift) while paused show the exact state of
// an earlier step, restored from the level's ring of checkpoints and re-simulated with the recorded
// input; resuming from the past branches.
import Foundation
import KineticLua
import KineticPlayer
import Testing

/// A ball under gravity that x kicks by a random amount (so the generator's state matters too).
let kickLevel = """
    local level = { width = 375, height = 667 }
    local S
    function level.load(world, state)
      S = state
      local ball = world:addItem{ name = "ball", center = {187.5, 100}, size = {20, 20}, bounds = "ellipse" }
      world:addBehavior(kinetic.gravity{ items = { ball } })
    end
    function level.update(world, dt)
      S.draws = (S.draws or 0) + math.random()
    end
    function level.key(world, key, down)
      if key == "x" and down then world:item("ball").velocity = { x = math.random(-100, 100), y = -400 } end
    end
    return level
    """

@Suite struct ScrubbingTests {
    let dt = 1.0 / 60

    /// Plays to step `steps` one clock tick at a time (the fake clock `now` goes on), pressing x
    /// before the steps in `kicks`; returns the state hash after each step, by step.
    func play(_ loop: GameLoop, to steps: Int, kicks: Set<Int>, clock now: inout Double) -> [Int: UInt64] {
        var hashes: [Int: UInt64] = [:]
        _ = loop.advance(to: now)
        while loop.level.stepCount < steps, loop.scriptError == nil, !loop.isPaused {
            if kicks.contains(loop.level.stepCount) { loop.handle(.key("x", down: true)); loop.handle(.key("x", down: false)) }
            now += dt
            _ = loop.advance(to: now)
            hashes[loop.level.stepCount] = loop.level.stateHash
        }
        return hashes
    }

    func press(_ loop: GameLoop, _ key: String, shift: Bool = false) {
        if shift { loop.handle(.key("lshift", down: true)) }
        loop.handle(.key(key, down: true))
        loop.handle(.key(key, down: false))
        if shift { loop.handle(.key("lshift", down: false)) }
    }

    @Test func scrubbingBackAndForwardShowsTheFirstPassBitForBit() throws {
        let loop = GameLoop(level: try Level.load(path: levelFolder(kickLevel)))
        var now = 0.0
        let first = play(loop, to: 240, kicks: [30, 75, 150, 200], clock: &now)
        #expect(loop.headStep == 240)
        press(loop, "space")
        press(loop, "left")
        #expect(loop.level.stepCount == 239)
        #expect(loop.isScrubbing)
        #expect(loop.level.stateHash == first[239])
        press(loop, "left", shift: true)
        #expect(loop.level.stepCount == 179)
        #expect(loop.level.stateHash == first[179])
        press(loop, "right")
        #expect(loop.level.stepCount == 180)
        #expect(loop.level.stateHash == first[180])
        // Every step the ring reaches, backwards then forwards, is the first pass's state.
        let oldest = try #require(loop.level.oldestKeptStep)
        #expect(oldest == 0)
        for step in stride(from: 240, through: oldest + 1, by: -7) {
            loop.seek(toStep: step)
            #expect(loop.level.stepCount == step)
            #expect(loop.level.stateHash == first[step], "step \(step)")
        }
        for step in stride(from: 1, through: 240, by: 11) {
            loop.seek(toStep: step)
            #expect(loop.level.stateHash == first[step], "step \(step)")
        }
        // Forward past the head: through the recorded past to the head, then live steps.
        loop.seek(toStep: 230)
        press(loop, "right", shift: true)
        #expect(loop.level.stepCount == 290)
        #expect(!loop.isScrubbing)
        #expect(loop.headStep == 290)
        loop.seek(toStep: 240)
        #expect(loop.level.stateHash == first[240])
        loop.seek(toStep: 290)
        press(loop, "right")
        #expect(loop.level.stepCount == 291)
        #expect(loop.headStep == 291)
        #expect(!loop.isScrubbing)
        // Paused, the arrows are the window's: nothing stepped while the clock ran.
        _ = loop.advance(to: now + 1)
        #expect(loop.level.stepCount == 291)
    }

    @Test func resumingFromThePastBranchesAndContinuesDeterministically() throws {
        let loop = GameLoop(level: try Level.load(path: levelFolder(kickLevel)))
        var now = 0.0, freshNow = 0.0
        _ = play(loop, to: 240, kicks: [30, 75, 150, 200], clock: &now)
        press(loop, "space")
        loop.seek(toStep: 100)
        #expect(loop.level.stepCount == 100)
        press(loop, "space")                     // resume: the kicks at 150 and 200 are the old future
        #expect(!loop.isScrubbing)
        #expect(loop.headStep == 100)
        let branch = play(loop, to: 240, kicks: [170], clock: &now)

        // A fresh run given the same input at the same steps reaches the same states.
        let fresh = GameLoop(level: try Level.load(path: levelFolder(kickLevel)))
        let expected = play(fresh, to: 240, kicks: [30, 75, 170], clock: &freshNow)
        for step in 101...240 { #expect(branch[step] == expected[step], "step \(step)") }
        // The ring holds the new branch: scrubbing back shows it, not the discarded future.
        press(loop, "space")
        loop.seek(toStep: 160)
        #expect(loop.level.stateHash == expected[160])
        loop.seek(toStep: 210)
        #expect(loop.level.stateHash == expected[210])
    }

    @Test func scrubbingStopsAtTheOldestKeptCheckpointAndIsOffWhileRecording() throws {
        let loop = GameLoop(level: try Level.load(path: levelFolder(kickLevel)))
        var now = 0.0
        _ = play(loop, to: 12 * 60, kicks: [], clock: &now)
        press(loop, "space")
        let oldest = try #require(loop.level.oldestKeptStep)
        #expect(oldest > 0)
        loop.seek(toStep: 0)
        #expect(loop.level.stepCount == oldest)

        let level = try Level.load(path: levelFolder(kickLevel))
        let recording = GameLoop(level: level, mode: .record(Recorder(level: level, recordingPath: level.folder + "/run.kinrec")))
        var recordingNow = 0.0
        _ = play(recording, to: 60, kicks: [], clock: &recordingNow)
        press(recording, "space")
        press(recording, "left")
        #expect(recording.level.stepCount == 60)
        #expect(!recording.canScrub)
    }
}

@Suite struct TimelineBarTests {
    @Test func theBarShowsWhilePausedAndADragOnItScrubs() throws {
        let loop = GameLoop(level: try Level.load(path: levelFolder(ballLevel)))
        let dt = 1.0 / 60
        var now = 0.0
        var hashes: [Int: UInt64] = [:]
        _ = loop.advance(to: now)
        for _ in 0..<120 { now += dt; _ = loop.advance(to: now); hashes[loop.level.stepCount] = loop.level.stateHash }
        #expect(loop.advance(to: now).scene.timeline == nil)   // hidden while running
        loop.handle(.key("space", down: true))
        let bar = try #require(loop.advance(to: now).scene.timeline)
        #expect(bar.oldestStep == 0 && bar.headStep == 120 && bar.currentStep == 120)
        let view = Size(width: loop.level.viewWidth, height: loop.level.viewHeight)
        let y = TimelineBar.frame(in: view).y + 5
        let ball = loop.level.snapshot().first { $0.name == "ball" }
        // Press at the middle of the track, drag to a quarter, release: the level sees none of it
        // (its pointer handler would set the ball's velocity).
        loop.handle(.pointer(PointerEvent(phase: .began, x: bar.x(of: 60, in: view), y: y, vx: 0, vy: -900)))
        #expect(loop.level.stepCount == 60)
        #expect(loop.level.stateHash == hashes[60])
        loop.handle(.pointer(PointerEvent(phase: .moved, x: bar.x(of: 30, in: view), y: y - 40, vx: 0, vy: -900)))
        loop.handle(.pointer(PointerEvent(phase: .ended, x: bar.x(of: 30, in: view), y: y - 40, vx: 0, vy: -900)))
        #expect(loop.level.stepCount == 30)
        #expect(loop.level.stateHash == hashes[30])
        #expect(loop.advance(to: now).scene.timeline?.currentStep == 30)
        loop.seek(toStep: 120)
        #expect(loop.level.snapshot().first { $0.name == "ball" } == ball)
    }
}

@Suite struct RerunOnEditTests {
    @Test func aSaveRerunsTheEditedLevelWithTheSameInputToTheStepShown() throws {
        let path = try levelFolder(kickLevel)
        let level = try Level.load(path: path)
        let loop = GameLoop(level: level, reloader: HotReloader(level: level, debounce: 0))
        let scrubbing = ScrubbingTests()
        var now = FileWatcher.now()
        let first = scrubbing.play(loop, to: 150, kicks: [30, 75], clock: &now)
        scrubbing.press(loop, "e")
        #expect(loop.rerunsOnEdit)
        scrubbing.press(loop, "space")                 // paused: only the re-run steps
        loop.seek(toStep: 120)                          // the step shown is where the re-run goes
        let edited = kickLevel.replacingOccurrences(of: "y = -400", with: "y = -650")
        try edited.write(toFile: path + "/main.lua", atomically: true, encoding: .utf8)
        var reran = false
        for _ in 0..<1500 where !reran {
            let frame = loop.advance(to: max(FileWatcher.now(), now))
            reran = frame.notices.contains { if case .note(let n) = $0 { n.hasPrefix("re-ran") } else { false } }
            if !reran { Thread.sleep(forTimeInterval: 0.02) }
        }
        #expect(reran)
        #expect(loop.level.stepCount == 120)
        #expect(loop.level.stateHash != first[120])     // the edit changed the kicks

        // A fresh run of the edited level given the same input at the same steps: the same state.
        let fresh = GameLoop(level: try Level.load(path: levelFolder(edited)))
        var freshNow = 0.0
        let expected = scrubbing.play(fresh, to: 120, kicks: [30, 75], clock: &freshNow)
        #expect(loop.level.stateHash == expected[120])
        // The re-run's past is the new timeline: scrubbing back shows the edited run.
        loop.seek(toStep: 80)
        #expect(loop.level.stateHash == expected[80])
        #expect(loop.headStep == 120)
    }
}
