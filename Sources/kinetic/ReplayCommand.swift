// `kinetic replay`: replay a recording and check that it ends in the recorded state.
import ArgumentParser
import Foundation
import KineticLua
import KineticPlayer

struct ReplayRecording: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "replay",
        abstract: "Replay a recording and check its final state (prints match or mismatch; exit 1 on mismatch).",
        discussion: """
        The level (relative to the recording) is loaded with the recorded seed, every input is delivered after the same number of fixed steps, and the final state is hashed bit for bit. The guarantee holds for the same binary on the same OS and architecture.

        Examples:
          kinetic replay shot.recording.json              (in a window when there is a display)
          kinetic replay shot.recording.json --headless
        """
    )

    @Argument(help: "The recording (JSON, from `kinetic record` or the window's recorder).")
    var recording: String

    @Flag(help: "Never open a window (the default when no display is available).")
    var headless = false

    @Flag(help: "Lift the sandbox for the level (as `kinetic run --trust`).")
    var trust = false

    func run() throws {
        do {
            let loaded = try Recording(contentsOf: recording)
            var options = LevelOptions()
            options.trusted = trust
            let result: ReplayResult
            if !headless, try WindowRunner.isDisplayAvailable() {
                // In the window: the recorded inputs at their steps, in real time; then the check.
                options.seed = loaded.seed
                let level = try Level.load(path: loaded.levelPath(recordingAt: recording), options: options)
                guard level.fps == loaded.fps else {
                    throw LevelError(message: "\(recording): recorded at \(loaded.fps) steps/s, but the level now runs at \(level.fps)")
                }
                try WindowRunner(GameLoop(level: level, mode: .replay(loaded))).run()
                guard level.stepCount >= loaded.steps else {
                    print("stopped after \(level.stepCount) of \(loaded.steps) steps: \(recording) not checked")
                    return
                }
                result = Replayer.result(loaded, of: level)
            } else {
                result = try Replayer.replay(loaded, recordingPath: recording, options: options)
            }
            guard let expected = result.expected else {
                print("no final state in \(recording): replayed \(result.steps) steps, final state \(result.actual)")
                return
            }
            if result.matches {
                print("match: \(recording) (\(result.steps) steps, final state \(result.actual))")
            } else {
                print("mismatch: \(recording) (\(result.steps) steps): final state \(result.actual), recorded \(expected)"
                      + (result.difference.map { "\n  first difference: \($0)" } ?? ""))
                throw ExitCode.failure
            }
        } catch {
            throw Diagnostics.failure(error)
        }
    }
}
