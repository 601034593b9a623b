// Records a run: the window loop (or `kinetic record`) hands it every input with the step count at
// which the level received it, and writes the recording when the run ends.
import Foundation

/// Collects the inputs of a run and writes a `Recording`.
///
/// The loop that drives the level calls `record(_:atStep:)` with `level.stepCount` for every input
/// it delivers, *before* the next `level.step()`, and `write(finalState:)` (or `finish(_:)`) when
/// the run ends:
///
///     let recorder = Recorder(level: level, recordingPath: "bug.recording.json")
///     recorder.record(.pointer(e), atStep: level.stepCount); try level.pointer(e)
///     recorder.record(.key("space", down: true), atStep: level.stepCount); try level.key("space", down: true)
///     try level.step()
///     ...
///     try recorder.finish(level).write(to: recorder.recordingPath)
public final class Recorder {
    /// Where the recording will be written (the level path is stored relative to its folder).
    public let recordingPath: String
    /// The recording so far (no `final` until `finish`).
    public private(set) var recording: Recording

    /// Starts a recording of the level at `levelPath` (as given on the command line).
    public init(levelPath: String, recordingPath: String, seed: Int, fps: Double) {
        self.recordingPath = recordingPath
        recording = Recording(level: relativePath(of: levelPath, from: (recordingPath as NSString).deletingLastPathComponent),
                              seed: seed, fps: fps)
    }

    /// Starts a recording of a loaded level (its path, seed and rate).
    public convenience init(level: Level, recordingPath: String) {
        self.init(levelPath: level.path, recordingPath: recordingPath, seed: level.seed, fps: level.fps)
    }

    /// Records an input the level received after `step` fixed steps (`level.stepCount`). Steps must
    /// not decrease; an input for an earlier step is recorded at the latest step seen.
    public func record(_ input: RecordedInput, atStep step: Int) {
        let last = recording.events.last?.step ?? 0
        recording.events.append(RecordedEvent(step: max(step, last, 0), input: input))
    }

    /// Ends the recording: total steps and the final state of `level`.
    @discardableResult
    public func finish(_ level: Level) -> Recording {
        recording.steps = level.stepCount
        recording.final = FinalState(items: level.snapshot().map(RecordedItem.init))
        return recording
    }

    /// Ends the recording with `finish(level)` and writes it to `recordingPath`.
    public func write(_ level: Level) throws(RecordingError) {
        try finish(level).write(to: recordingPath)
    }
}

extension Recorder {
    /// Runs `level` headless for `steps` fixed steps, delivering (and recording) each of `events`
    /// after `event.step` steps, and returns the finished recording. Events past the last step are
    /// left out (the caller can warn about them: they are the ones with `step > steps`).
    public static func recordHeadless(_ level: Level, events: [RecordedEvent], steps: Int,
                                      recordingPath: String) throws(LevelError) -> Recording {
        let recorder = Recorder(level: level, recordingPath: recordingPath)
        let start = level.stepCount
        var next = 0
        for step in 0...max(steps, 0) {
            while next < events.count, events[next].step == step {
                recorder.record(events[next].input, atStep: level.stepCount - start)
                try level.deliver(events[next].input)
                next += 1
            }
            if step < steps { try level.step() }
        }
        return recorder.finish(level)
    }
}

/// `path` relative to the folder `base` (both relative to the current folder or absolute).
func relativePath(of path: String, from base: String) -> String {
    let cwd = FileManager.default.currentDirectoryPath
    func parts(_ p: String) -> [String] {
        let absolute = p.hasPrefix("/") ? p : (cwd as NSString).appendingPathComponent(p.isEmpty ? "." : p)
        return URL(fileURLWithPath: absolute).standardizedFileURL.pathComponents.filter { $0 != "/" }
    }
    let target = parts(path), from = parts(base)
    var common = 0
    while common < target.count, common < from.count, target[common] == from[common] { common += 1 }
    let ups = Array(repeating: "..", count: from.count - common)
    let rest = Array(target[common...])
    let joined = (ups + rest).joined(separator: "/")
    return joined.isEmpty ? "." : joined
}
