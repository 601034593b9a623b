// `kinetic render --replay`: a session played in the game loop (no window: events and a fake clock)
// renders, input and all, to the state `kinetic replay` reproduces.
import Foundation
import KineticLua
import KineticPlayer
import Testing

@Suite struct RenderReplayTests {
    /// falling.lua played in the loop for one second: a pointer toss (600, -300) pt/s at step 10.
    func playSession(in dir: String) throws -> Recording {
        let level = try Level.load(path: dir + "/falling.lua")
        let recorder = Recorder(level: level, recordingPath: dir + "/session.json")
        let loop = GameLoop(level: level, mode: .record(recorder))
        loop.stepLimit = 60
        var now = 0.0
        _ = loop.advance(to: now)
        while !loop.isFinished {
            if level.stepCount == 10 { loop.handle(.pointer(PointerEvent(phase: .began, x: 187.5, y: 100, vx: 600, vy: -300))) }
            now += 1.0 / 60
            _ = loop.advance(to: now)
        }
        try recorder.write(level)
        return recorder.recording
    }

    @Test func aSessionPlayedInTheLoopRendersToTheReplayedState() throws {
        let dir = try Fixtures.scratch([("falling.lua", "falling.lua")])
        let session = try playSession(in: dir)
        let hash = try #require(session.final?.hash)
        #expect(session.events.map(\.step) == [10] && session.steps == 60)
        // The toss moved the ball sideways: with no horizontal force, vx stays 600 pt/s.
        #expect(session.final?.items.first?.vx == 600)

        let replay = try Fixtures.run(["replay", "session.json", "--headless"], in: dir)
        #expect(replay.status == 0 && replay.out.contains("match: session.json (60 steps, final state \(hash))"))

        // One picture of the recording's last step, and a video of all of it: both check the state.
        let picture = try Fixtures.run(["render", "falling.lua", "--replay", "session.json", "-o", "session.png"], in: dir)
        #expect(picture.status == 0, "\(picture.err)")
        #expect(picture.out.contains("replayed session.json: 60 steps, final state \(hash) (match)"))
        let video = try Fixtures.run(["render", "falling.lua", "--replay", "session.json", "-o", "session.gif", "--fps", "10", "--quiet"], in: dir)
        #expect(video.status == 0, "\(video.err)")
        #expect(video.out.contains("wrote session.gif: 10 frames, 1.00 s"))
        #expect(video.out.contains("final state \(hash) (match)"))

        // The same inputs recorded headless draw the very same last frame; the untouched level,
        // whose ball falls straight, draws another.
        try Recorder.recordHeadless(Level.load(path: dir + "/falling.lua"), events: session.events, steps: 60,
                                    recordingPath: dir + "/headless.json").write(to: dir + "/headless.json")
        _ = try Fixtures.run(["render", "falling.lua", "--replay", "headless.json", "-o", "headless.png"], in: dir)
        _ = try Fixtures.run(["render", "falling.lua", "--at", "1", "-o", "untouched.png"], in: dir)
        let played = try Data(contentsOf: URL(fileURLWithPath: dir + "/session.png"))
        #expect(played == (try Data(contentsOf: URL(fileURLWithPath: dir + "/headless.png"))))
        #expect(played != (try Data(contentsOf: URL(fileURLWithPath: dir + "/untouched.png"))))
    }

    @Test func aRecordingThatNoLongerMatchesFailsTheRender() throws {
        let dir = try Fixtures.scratch([("falling.lua", "falling.lua")])
        var session = try playSession(in: dir)
        session.final = FinalState(items: [RecordedItem(name: "ball", x: 0, y: 0, angle: 0, vx: 0, vy: 0, angularVelocity: 0)])
        try session.write(to: dir + "/session.json")
        let render = try Fixtures.run(["render", "falling.lua", "--replay", "session.json", "-o", "session.png"], in: dir)
        #expect(render.status == 1)
        #expect(render.err.contains("session.json: final state"))
        #expect(render.err.contains("differs from the recorded"))
        let seeded = try Fixtures.run(["render", "falling.lua", "--replay", "session.json", "--seed", "3", "-o", "x.png"], in: dir)
        #expect(seeded.status == 64 && seeded.err.contains("--seed cannot be used with --replay"))
    }
}
