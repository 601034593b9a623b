// Replaying a recording (same level, seed and rate; each input after the same number of steps; the
// final state compared bit for bit): on a `Level` for `kinetic replay`, and as `world:replay(file)`.
import KineticDynamics
import Foundation
import KineticLuaBridge

/// How a replay ended.
public struct ReplayResult: Sendable {
    /// The recording's final hash, if it has one.
    public var expected: String?
    /// The replay's final hash.
    public var actual: String
    /// The first differing item when the hashes differ and the recording lists its items.
    public var difference: String?
    /// Fixed steps replayed.
    public var steps: Int
    /// True when the recording has a final state and the replay ended in exactly that state.
    public var matches: Bool { expected == actual }
}

public enum Replayer {
    /// Loads the recording's level (relative to the recording) with its seed and replays it.
    public static func replay(_ recording: Recording, recordingPath: String,
                              options: LevelOptions = LevelOptions()) throws(LevelError) -> ReplayResult {
        var options = options
        options.seed = recording.seed
        let levelPath: String
        do { levelPath = try recording.levelPath(recordingAt: recordingPath) } catch { throw LevelError(message: error.message) }
        let level = try Level.load(path: levelPath, options: options)
        guard level.fps == recording.fps else {
            throw LevelError(message: "\(recordingPath): recorded at \(recording.fps) steps/s, but the level now runs at \(level.fps)")
        }
        try replay(recording, on: level)
        return result(recording, final: level.snapshot().map(RecordedItem.init))
    }

    /// Delivers the recording's inputs to `level` at their steps and runs its steps (counted from the
    /// level's current step).
    public static func replay(_ recording: Recording, on level: Level) throws(LevelError) {
        do {
            try drive(recording, deliver: { try level.deliver($0) }, step: { try level.step() })
        } catch let error as LevelError {
            throw error
        } catch {
            throw LevelError(message: "\(error)")
        }
    }

    /// The headless replay loop shared by `Level` and `world:replay`: for each step, the events of
    /// that step in file order, then the step; after the last step, the events recorded at `steps`.
    static func drive(_ recording: Recording, deliver: (RecordedInput) throws -> Void, step: () throws -> Void) throws {
        var cursor = ReplayCursor(recording)
        for k in 0...recording.steps {
            try cursor.deliver(upTo: k, deliver)
            if k < recording.steps { try step() }
        }
    }

    /// The result of a replay that was driven elsewhere (the window) and has run on `level`.
    public static func result(_ recording: Recording, of level: Level) -> ReplayResult {
        result(recording, final: level.snapshot().map(RecordedItem.init))
    }

    static func result(_ recording: Recording, final items: [RecordedItem]) -> ReplayResult {
        let actual = SnapshotHash.hex(items)
        var result = ReplayResult(expected: recording.final?.hash, actual: actual, steps: recording.steps)
        if let final = recording.final, final.hash != actual, !final.items.isEmpty {
            result.difference = SnapshotHash.firstDifference(expected: final.items, actual: items)
        }
        return result
    }
}

extension Level {
    /// Gives the level a recorded input, as the window gives a live one; true when the level's `key`
    /// handled the key (the built-in binding is then skipped).
    @discardableResult
    public func deliver(_ input: RecordedInput) throws(LevelError) -> Bool {
        switch input {
        case .pointer(let e): try pointer(e); return false
        case .key(let name, let down): return try key(name, down: down)
        }
    }
}

/// Where a replay is in its recording: the one place that decides which recorded inputs are due.
/// Headless replays (`Replayer.drive`), the window's game loop and `kinetic render --replay` all
/// deliver through it, so they deliver the same inputs before the same steps.
public struct ReplayCursor: Sendable {
    public let recording: Recording
    /// Index of the next event to deliver.
    public private(set) var next = 0

    public init(_ recording: Recording) {
        self.recording = recording
    }

    /// Delivers, in file order, every event not yet delivered whose step is at most `step` (the
    /// level's `stepCount`: events of step k arrive after k steps, before step k + 1). An event whose
    /// delivery throws counts as delivered, so a script error does not replay it again.
    public mutating func deliver(upTo step: Int, _ deliver: (RecordedInput) throws -> Void) rethrows {
        let events = recording.events
        while next < events.count, events[next].step <= step {
            next += 1
            try deliver(events[next - 1].input)
        }
    }

    /// True once every step of the recording has run on a level at `stepCount`.
    public func isFinished(atStep stepCount: Int) -> Bool { stepCount >= recording.steps }
}

// MARK: - world:replay(file) in scenarios

extension WorldBinding {
    /// World members added by recordings: `world:replay(file) → matches, message`.
    static func recordingMembers(_ rt: Runtime) -> [LuaMember<WorldHandle>] {
        [
            .method("replay") { lua, h in
                let world = rt.world(h)
                try requireOutsideStep(world, "World:replay")
                let path = try lua.string(2, "file")
                let full = try readablePath(rt, path, caller: rt.callerFolder(lua))
                let recording: Recording
                do throws(RecordingError) { recording = try Recording(contentsOf: full) } catch { throw LuaBindingError("World:replay: \(error.message)") }
                guard recording.fps == world.fps else {
                    throw LuaBindingError("World:replay: '\(path)' was recorded at \(recording.fps) steps/s, but this world runs at \(world.fps)")
                }
                try Replayer.drive(recording, deliver: { input in
                    switch input {
                    case .pointer(let e): try rt.pointer(world, e)
                    case .key(let name, let down): try rt.key(world, name, down: down)
                    }
                }, step: { try rt.step(world) })
                let items = world.animator.snapshot().items.map {
                    RecordedItem(name: $0.name, x: $0.center.x, y: $0.center.y, angle: $0.angle,
                                 vx: $0.velocity.x, vy: $0.velocity.y, angularVelocity: $0.angularVelocity)
                }
                let result = Replayer.result(recording, final: items)
                lua.push(result.matches)
                if result.matches {
                    lua.pushNil()
                } else if result.expected == nil {
                    lua.push("'\(path)' has no final state to compare with")
                } else {
                    lua.push("'\(path)': final state \(result.actual) differs from the recorded \(result.expected!)"
                             + (result.difference.map { ": \($0)" } ?? ""))
                }
                return 2
            },
        ]
    }

    /// A file a script may read: relative to the calling script, inside the state's folder unless trusted.
    static func readablePath(_ rt: Runtime, _ path: String, caller: String) throws -> String {
        let base = rt.state.folder ?? FileManager.default.currentDirectoryPath
        let relative = caller.isEmpty || path.hasPrefix("/") ? path : caller + "/" + path
        do {
            return try LevelFiles.resolve(relative, from: base, inside: rt.options.trusted ? nil : rt.state.folder)
        } catch where error.isOutside {
            throw LuaBindingError("World:replay: '\(path)' is outside the folder \(base) (run with --trust to lift the sandbox)")
        } catch {
            throw LuaBindingError("World:replay: '\(path)': \(error.reason)")
        }
    }
}
