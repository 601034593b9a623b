// `kinetic run`: play a level in a window, or headless as fast as possible.
import ArgumentParser
import KineticDynamics
import Foundation
import KineticLua
import KineticPlayer

struct Run: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Run a level (in a window when a display is available, otherwise headless).",
        discussion: """
        Headless runs step the level at its fixed rate as fast as possible and print a summary. Window keys: space pause/resume, . step one frame while paused, ←/→ scrub while paused, d debug overlay, g ghosts, r restart, q or Escape quit (a level's `key` callback sees every key first and overrides one by returning true). The Pause key pauses and resumes whatever the level does with space: it is the window's alone.

        With --watch the level runs in real time and reloads whenever its files change, as `kinetic watch` (see its help); --seconds is then wall-clock time.

        Exit codes: 0 success, 1 the level failed to load or raised an error, 64 bad command line.

        Examples:
          kinetic run examples/basketball --headless --seconds 5
          kinetic run --watch examples/basketball
          kinetic run my_level.lua --seed 7
        """
    )

    @OptionGroup var level: LevelArguments
    @OptionGroup var checks: CheckArguments

    @Option(parsing: .unconditional, help: "Simulated seconds to run, at most 3600 (headless default: the level's `duration`, else 10).")
    var seconds: Double?

    @Option(parsing: .unconditional, help: "Fixed steps to run instead of --seconds, in the window too (at most one hour of simulated time).")
    var steps: Int?

    @Flag(help: "Run in real time and reload the level whenever its files change (as `kinetic watch`).")
    var watch = false

    @OptionGroup var live: LiveArguments

    func validate() throws {
        try validateSimulatedSeconds(seconds, "--seconds")
        if let steps, steps < 0 { throw ValidationError("--steps must be non-negative, got \(steps)") }
        if watch, steps != nil { throw ValidationError("--steps cannot be used with --watch (it runs in real time; give --seconds)") }
        if steps != nil, seconds != nil { throw ValidationError("--steps and --seconds both say how long to run; give one") }
        if !watch {
            if live.restartOnReload { throw ValidationError("--restart-on-reload needs --watch") }
            if live.rerun { throw ValidationError("--rerun needs --watch") }
            if live.poll { throw ValidationError("--poll needs --watch") }
        }
        try live.validateReload()
    }

    func run() throws {
        if watch {
            let settings = live.settings(seconds: seconds, strict: checks.strict)
            try WatchSession(levelArguments: level, settings: settings).run()
            return
        }
        let loaded = try level.load()
        try level.reportCheckProblems(loaded, strict: checks.strict)
        loaded.debug = loaded.debug || live.debug
        if !live.headless, try WindowRunner.isDisplayAvailable() {
            let loop = GameLoop(level: loaded)
            do throws(LevelError) {
                if let steps {
                    try loaded.checkStepCount(steps, "--steps")
                    loop.stepLimit = steps
                } else if let seconds {
                    loop.stepLimit = try loaded.steps(for: seconds, "--seconds")
                }
            } catch {
                throw Diagnostics.failure(error)
            }
            try WindowRunner(loop).run()
            return
        }
        try runHeadless(loaded)
    }

    private func runHeadless(_ level: Level) throws {
        let start = Date()
        Interruption.catchSignals()
        do throws(LevelError) {
            let stepCount = if let steps { steps } else { try level.steps(for: seconds ?? level.duration ?? 10, "--seconds") }
            try level.checkStepCount(stepCount, "--steps")
            for _ in 0..<stepCount {
                if Interruption.signal != nil {
                    printSummary(level, wall: Date().timeIntervalSince(start), ending: Interruption.word)
                    Interruption.endProcess()
                }
                try level.step()
            }
        } catch {
            Diagnostics.error(error.description)
            printSummary(level, wall: Date().timeIntervalSince(start), ending: "stopped")
            throw ExitCode.failure
        }
        printSummary(level, wall: Date().timeIntervalSince(start), ending: "done")
    }

    /// `done: 5.00 s simulated in 300 steps, …`: where the run ended and how fast it went.
    private func printSummary(_ level: Level, wall: Double, ending: String) {
        let speed = wall > 0 ? String(format: ", %.1f× real time", level.time / wall) : ""
        let line = "\(ending): \(String(format: "%.2f", level.time)) s simulated in "
            + "\(level.stepCount) steps, \(level.itemCount) items, wall \(formatSeconds(wall))\(speed)"
        print(line)
    }
}
