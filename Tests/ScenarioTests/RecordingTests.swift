// Recordings: the file format, record then replay to a bit-identical final state, and world:replay.
import Foundation
import KineticLua
import Testing

@Suite struct RecordingTests {
    /// Records falling.lua for 1 s with the fixture's taps into `dir`.
    func record(in dir: String) throws -> Recording {
        let level = try Level.load(path: dir + "/falling.lua")
        let events = try Recording.events(script: Fixtures.path("taps.events.json"), fps: level.fps)
        // The script's `"time": 0.5` is step 30 at 60 steps/s, sorted between steps 10 and 40.
        #expect(events.map(\.step) == [10, 30, 40])
        let recording = try Recorder.recordHeadless(level, events: events, steps: 60, recordingPath: dir + "/taps.recording.json")
        try recording.write(to: dir + "/taps.recording.json")
        return recording
    }

    @Test func recorderKeepsStepsInOrder() {
        let recorder = Recorder(levelPath: "levels/a.lua", recordingPath: "recordings/a.json", seed: 3, fps: 60)
        recorder.record(.key("space", down: true), atStep: 5)
        recorder.record(.key("space", down: false), atStep: 4)  // late delivery: kept at step 5
        #expect(recorder.recording.events.map(\.step) == [5, 5])
        #expect(recorder.recording.level == "../levels/a.lua")
        #expect(recorder.recording.seed == 3 && recorder.recording.fps == 60)
    }

    @Test func recordThenReplayGivesTheSameFinalState() throws {
        let dir = try Fixtures.scratch([("falling.lua", "falling.lua")])
        let recorded = try record(in: dir)
        #expect(recorded.steps == 60 && recorded.level == "falling.lua")
        let read = try Recording(contentsOf: dir + "/taps.recording.json")
        #expect(read == recorded)
        let result = try Replayer.replay(read, recordingPath: dir + "/taps.recording.json")
        #expect(result.matches)
        #expect(result.actual == recorded.final?.hash)
        // The recorded inputs mattered: the key at step 30 set vx = 100 pt/s, kept to the end
        // (no horizontal force acts on the ball).
        #expect(recorded.final?.items.first?.vx == 100)
    }

    /// A level that only polls (world:isDown, world.pointer in update, no key or pointer callback)
    /// replays to the same final state: the replayed events feed the polling as the live ones did.
    @Test func pollingInUpdateReplaysBitIdentically() throws {
        let dir = try Fixtures.scratch([])
        try """
            local level = { width = 4000, height = 4000 }
            function level.load(world)
              local ship = world:addItem{ name = "ship", center = { 500, 500 }, size = { 100, 100 } }
              world:addBehavior(kinetic.itemBehavior{ items = { ship } })
            end
            function level.update(world)
              local ship = world:item("ship")
              if world:isDown("right") then ship:applyForce{ 3, 0 } end
              local p = world.pointer
              if p.down then ship:applyForce{ (p.x - ship.x) / 100, (p.y - ship.y) / 100 } end
            end
            return level
            """.write(toFile: dir + "/poll.lua", atomically: true, encoding: .utf8)
        let events = [
            RecordedEvent(step: 5, input: .key("right", down: true)),
            RecordedEvent(step: 20, input: .key("right", down: false)),
            RecordedEvent(step: 25, input: .pointer(PointerEvent(phase: .began, x: 800, y: 300))),
            RecordedEvent(step: 40, input: .pointer(PointerEvent(phase: .ended, x: 800, y: 300))),
        ]
        let level = try Level.load(path: dir + "/poll.lua")
        let recorded = try Recorder.recordHeadless(level, events: events, steps: 60, recordingPath: dir + "/poll.recording.json")
        let result = try Replayer.replay(recorded, recordingPath: dir + "/poll.recording.json")
        #expect(result.matches, "\(String(describing: result.difference))")
        // The polled input mattered: 15 steps of 300 pt/s² gave 75 pt/s, and the pointer pulled
        // the ship up (negative y) while it was down.
        let ship = try #require(recorded.final?.items.first)
        #expect(ship.vx > 75 && ship.vy < 0, "\(ship)")
    }

    /// With a following camera the recording keeps the window's view points, and the replay turns
    /// them into the same world points, with the camera of the same step.
    @Test func pointerEventsThroughAMovingCameraReplayToTheSameWorldPoints() throws {
        let dir = try Fixtures.scratch([])
        try """
            local level = { width = 4000, height = 400, view = { 100, 100 } }
            function level.load(world)
              local runner = world:addItem{ name = "runner", center = { 50, 200 }, size = { 10, 10 } }
              world:addItem{ name = "marker", center = { 0, 0 }, size = { 4, 4 } }
              world:follow(runner, { lerp = 0.2 })
            end
            function level.update(world) local r = world:item("runner") r.center = { r.x + 7, r.y } end
            function level.pointer(world, e) world:item("marker").center = { e.x, e.y } end
            return level
            """.write(toFile: dir + "/run.lua", atomically: true, encoding: .utf8)
        let events = [RecordedEvent(step: 30, input: .pointer(PointerEvent(phase: .began, x: 50, y: 50)))]
        let level = try Level.load(path: dir + "/run.lua")
        let recorded = try Recorder.recordHeadless(level, events: events, steps: 60, recordingPath: dir + "/run.recording.json")
        #expect(recorded.events.first?.input == .pointer(PointerEvent(phase: .began, x: 50, y: 50)))  // view points kept
        let marker = try #require(recorded.final?.items.first { $0.name == "marker" })
        #expect(marker.x > 150 && marker.y == 200, "the view's centre was the camera's world point: \(marker)")
        let result = try Replayer.replay(recorded, recordingPath: dir + "/run.recording.json")
        #expect(result.matches, "\(String(describing: result.difference))")
    }

    @Test func changedInputIsAMismatchNamingTheItem() throws {
        let dir = try Fixtures.scratch([("falling.lua", "falling.lua")])
        var recording = try record(in: dir)
        guard case .pointer(var e) = recording.events[0].input else { Issue.record("not a pointer"); return }
        e.vx += 1
        recording.events[0].input = .pointer(e)
        let result = try Replayer.replay(recording, recordingPath: dir + "/taps.recording.json")
        #expect(!result.matches)
        #expect(result.difference?.hasPrefix("item 'ball' x: expected") == true, "\(String(describing: result.difference))")
    }

    @Test func badRecordingsNameTheProblem() throws {
        let dir = try Fixtures.scratch([])
        func check(_ json: String, _ expected: String) {
            let path = dir + "/r.json"
            try? json.write(toFile: path, atomically: true, encoding: .utf8)
            #expect(throws: RecordingError.self) { try Recording(contentsOf: path) }
            do { _ = try Recording(contentsOf: path) } catch { #expect(error.message.contains(expected), "\(error.message)") }
        }
        check(#"{"format": "other", "version": 1, "level": "l.lua", "seed": 0, "fps": 60, "events": [], "steps": 1}"#, "\"format\" must be")
        check(#"{"format": "kinetic-recording", "version": 2, "level": "l.lua", "seed": 0, "fps": 60, "events": [], "steps": 1}"#, "version 2 is not supported")
        check(#"{"format": "kinetic-recording", "version": 1, "level": "l.lua", "seed": 0, "fps": 60, "events": [{"step": 5, "type": "key", "key": "a"}], "steps": 1}"#, "outside 0...1")
        check(#"{"format": "kinetic-recording", "version": 1, "level": "l.lua", "seed": 0, "fps": 60, "events": [{"step": 0, "type": "tap"}], "steps": 1}"#, "type must be")
    }

    @Test func badEventScriptNamesTheEvent() throws {
        let dir = try Fixtures.scratch([])
        let path = dir + "/events.json"
        try #"[{"step": 1, "type": "key", "key": "a"}, {"step": 2, "type": "pointer", "phase": "tap", "x": 1, "y": 2}]"#
            .write(toFile: path, atomically: true, encoding: .utf8)
        do {
            _ = try Recording.events(script: path, fps: 60)
            Issue.record("a bad phase was accepted")
        } catch {
            #expect(error.message.contains("[2].phase: phase must be \"began\", \"moved\" or \"ended\", got \"tap\""), "\(error.message)")
        }
    }

    /// A JSON syntax error (a missing comma, typed by hand) said only "The given data was not valid
    /// JSON"; it names the line and column now.
    @Test func aJSONSyntaxErrorNamesItsLineAndColumn() throws {
        let dir = try Fixtures.scratch([])
        let path = dir + "/events.json"
        try "[\n  {\"time\": 0.5, \"type\": \"key\", \"key\": \"space\" \"down\": true}\n]\n"
            .write(toFile: path, atomically: true, encoding: .utf8)
        do {
            _ = try Recording.events(script: path, fps: 60)
            Issue.record("broken JSON was accepted")
        } catch {
            #expect(error.message == "\(path): not an event script: not valid JSON at line 2, column 47", "\(error.message)")
        }
        try "{\"format\": \"kinetic-recording\",\n\n \"version\": 1,, }".write(toFile: path, atomically: true, encoding: .utf8)
        #expect(throws: RecordingError.self) { try Recording(contentsOf: path) }
        do { _ = try Recording(contentsOf: path) } catch {
            #expect(error.message.hasSuffix("not a kinetic recording: not valid JSON at line 3, column 15"), "\(error.message)")
        }
    }

    @Test func aKeyNoKeySendsIsRefusedInAnEventScript() throws {
        // A scripted "Space" was recorded and replayed, but no window ever sends it: the level never
        // reacted, and nothing said why.
        let dir = try Fixtures.scratch([])
        let path = dir + "/events.json"
        try #"[{"step": 1, "type": "key", "key": "space"}, {"step": 2, "type": "key", "key": "Space"}]"#
            .write(toFile: path, atomically: true, encoding: .utf8)
        do {
            _ = try Recording.events(script: path, fps: 60)
            Issue.record("a key name no key sends was accepted")
        } catch {
            #expect(error.message.contains("[2].key: key names are lower case: no key sends 'Space'; did you mean 'space'?"), "\(error.message)")
        }
    }

    @Test func hashDependsOnEveryBit() {
        let a = RecordedItem(name: "ball", x: 1, y: 2, angle: 0, vx: 0, vy: 0, angularVelocity: 0)
        var b = a
        b.y = 2.0.nextUp
        #expect(SnapshotHash.hex([a]) != SnapshotHash.hex([b]))
        #expect(SnapshotHash.hex([a]) == SnapshotHash.hex([a]))
        #expect(SnapshotHash.hex([a]).count == 16)
    }

    /// Recordings already written keep replaying: the hash of a known state is pinned (an
    /// independent FNV-1a over the same bytes gives this value).
    @Test func hashIsPinned() {
        let items = [RecordedItem(name: "ball", x: 1, y: 2, angle: 0, vx: 0, vy: 0, angularVelocity: 0),
                     RecordedItem(name: nil, x: -3.5, y: 1e9, angle: 0.25, vx: 7, vy: -8, angularVelocity: 0.5)]
        #expect(SnapshotHash.hex(items) == "3b3c29ac330375f2")
    }

    @Test func worldReplayInAScenario() throws {
        let dir = try Fixtures.scratch([("falling.lua", "falling.lua"), ("replay.scenario.lua", "replay_test.lua")])
        _ = try record(in: dir)
        let matching = ScenarioCaseRunner.run(file: dir + "/replay_test.lua", case: "replays the recording")
        #expect(matching.status == .passed, "\(matching)")
        let late = ScenarioCaseRunner.run(file: dir + "/replay_test.lua", case: "a different start does not match")
        #expect(late.status == .passed, "\(late)")
    }

    @Test func recordAndReplayCommands() throws {
        let dir = try Fixtures.scratch([("falling.lua", "levels/falling.lua"), ("taps.events.json", "taps.events.json")])
        // The output folder does not exist yet: record makes it.
        let recorded = try Fixtures.run(["record", "levels/falling.lua", "-o", "out/taps.json", "--seconds", "1", "--script", "taps.events.json"], in: dir)
        #expect(recorded.status == 0, "\(recorded)")
        let recording = try Recording(contentsOf: dir + "/out/taps.json")
        #expect(recording.level == "../levels/falling.lua")
        #expect(recording.events.count == 3 && recording.steps == 60)
        let replay = try Fixtures.run(["replay", "out/taps.json", "--headless"], in: dir)
        #expect(replay.status == 0)
        #expect(replay.out.hasPrefix("match: out/taps.json"))
        // Tamper with the final hash: a mismatch, exit 1.
        let text = try String(contentsOfFile: dir + "/out/taps.json", encoding: .utf8)
            .replacingOccurrences(of: recording.final!.hash, with: "0000000000000000")
        try text.write(toFile: dir + "/out/taps.json", atomically: true, encoding: .utf8)
        let mismatch = try Fixtures.run(["replay", "out/taps.json"], in: dir)
        #expect(mismatch.status == 1)
        #expect(mismatch.out.hasPrefix("mismatch: out/taps.json"))
    }
}
