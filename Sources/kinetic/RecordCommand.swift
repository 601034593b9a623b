// `kinetic record`: run a level and write a recording (inputs with their steps, final state).
import ArgumentParser
import KineticDynamics
import Foundation
import KineticLua
import KineticPlayer

struct RecordLevel: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "record",
        abstract: "Play a level and write a recording that `kinetic replay` reproduces bit for bit.",
        discussion: """
        With a display (and no --headless or --script), the level opens in a window and every pointer and key event you make is recorded with its step number until you close the window (q or Escape) or --seconds of level time pass; r (restart) is disabled while recording. Headless, the inputs come from --script: a JSON array of events (or an object with "events"), each {"step": n, "type": "pointer", "phase": "began", "x": .., "y": .., "vx": .., "vy": .., "id": 1} or {"step": n, "type": "key", "key": "space", "down": true}; "time" in seconds may replace "step". Without --script the level runs untouched. The format is in docs/recordings.md.

        Examples:
          kinetic record examples/toss -o toss.json --seconds 3 --script toss.events.json
          kinetic replay toss.json
        """
    )

    @OptionGroup var level: LevelArguments

    @Option(name: .shortAndLong, help: "The recording to write (JSON).")
    var output: String

    @Option(parsing: .unconditional, help: "Simulated seconds to record, at most 3600 (default: the level's `duration`, else 5).")
    var seconds: Double?

    @Option(help: "Input events to give the level (JSON; see above).")
    var script: String?

    @Flag(help: "Record without a window (inputs from --script only).")
    var headless = false

    func validate() throws {
        try validateSimulatedSeconds(seconds, "--seconds")
    }

    func run() throws {
        try level.requireNotArchive("record the level's folder: a recording names the files of the level it replays")
        do {
            let loaded = try level.load()
            if !headless, script == nil, try WindowRunner.isDisplayAvailable() {
                let recorder = Recorder(level: loaded, recordingPath: output)
                let loop = GameLoop(level: loaded, mode: .record(recorder))
                loop.stepLimit = try seconds.map { s throws(LevelError) in try loaded.steps(for: s, "--seconds") }
                try WindowRunner(loop).run()
                try recorder.write(loaded)
                print("wrote \(output): \(recorder.recording.events.count) events, \(loaded.stepCount) steps, final state \(recorder.recording.final!.hash)")
                return
            }
            let events = try script.map { path throws(RecordingError) in try Recording.events(script: path, fps: loaded.fps) } ?? []
            let steps = try loaded.steps(for: seconds ?? loaded.duration ?? 5, "--seconds")
            if let late = events.first(where: { $0.step > steps }) {
                Diagnostics.warning("events after step \(steps) (the end of the run) are left out, from step \(late.step) on")
            }
            let recording = try Recorder.recordHeadless(loaded, events: events, steps: steps, recordingPath: output)
            try recording.write(to: output)
            print("wrote \(output): \(recording.events.count) events, \(recording.steps) steps, final state \(recording.final!.hash)")
        } catch {
            throw Diagnostics.failure(error)
        }
    }
}
