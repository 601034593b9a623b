// `kinetic watch` (and `kinetic run --watch`): run a level in real time and reload it whenever its
// file, a module it required from its folder, or an image it uses changes (docs/hot-reload.md).
import ArgumentParser
import Foundation
import KineticLua
import KineticPlayer

struct Watch: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Run a level in real time and reload it whenever its files change.",
        discussion: """
        Saving the level, a module it required from its folder, or an image it uses reloads it between
        two steps: the new `load(world, state)` rebuilds the world, items keep their motion by name,
        `state` and world time carry on, then `level.reloaded(world, state)` runs. A file that fails
        to load (syntax, runtime or API error) changes nothing: the error is printed (and shown over
        the scene in the window) and the previous version keeps running until a later save loads.
        Runs in real time at the level's fixed rate, headless too. See docs/hot-reload.md.

        Examples:
          kinetic watch examples/basketball
          kinetic watch my_level.lua --headless --seconds 60
          kinetic run --watch examples/toss --restart-on-reload
          kinetic watch examples/basketball --rerun
        """
    )

    @OptionGroup var level: LevelArguments

    @Option(parsing: .unconditional, help: "Wall-clock seconds to run, then stop (default: until the window closes or Ctrl-C).")
    var seconds: Double?

    @OptionGroup var live: LiveArguments
    @OptionGroup var checks: CheckArguments

    func validate() throws {
        if let seconds, !(seconds >= 0 && seconds.isFinite) {
            throw ValidationError("--seconds must be a finite number of seconds >= 0, got \(seconds)")
        }
        try live.validateReload()
    }

    func run() throws {
        try WatchSession(levelArguments: level, settings: live.settings(seconds: seconds, strict: checks.strict)).run()
    }
}

/// The flags `kinetic watch` and `kinetic run` share: the window's, and those of a watched run
/// (`kinetic run` takes the reload flags with --watch only).
struct LiveArguments: ParsableArguments {
    @Flag(help: "Never open a window (a watched level still runs in real time).")
    var headless = false

    @Flag(help: "Start with the debug overlay on.")
    var debug = false

    @Flag(help: "Restart the level from scratch on a change instead of reloading it (run: with --watch).")
    var restartOnReload = false

    @Flag(help: "In the window: a save re-runs the level from its start with the input given so far, up to the time shown (key e toggles it; run: with --watch).")
    var rerun = false

    @Flag(help: "Detect changes by polling modification times instead of file-system notifications (run: with --watch).")
    var poll = false

    /// Called by each command after its own checks, so a command line with several mistakes names
    /// the same one first as before.
    func validateReload() throws {
        if rerun, restartOnReload { throw ValidationError("--rerun and --restart-on-reload cannot be used together (a re-run is a restart played again to the time shown)") }
        if rerun, headless { throw ValidationError("--rerun needs the window: it plays the window's input again") }
    }

    func settings(seconds: Double?, strict: Bool) -> WatchSettings {
        WatchSettings(seconds: seconds, headless: headless, debug: debug, restartOnReload: restartOnReload, rerun: rerun,
                      poll: poll, strict: strict)
    }
}

/// What a watched run was asked for (see `LiveArguments`).
struct WatchSettings {
    var seconds: Double?
    var headless = false
    var debug = false
    var restartOnReload = false
    /// `--rerun`: a save re-runs the level to the time shown with the same input (window only).
    var rerun = false
    var poll = false
    /// `--strict`: what `kinetic check` finds in the first version that loads is an error.
    var strict = false
}

/// One watched run: load (waiting for a fix if the level does not load yet), then the window or the
/// headless real-time loop, with a `HotReloader` checked between steps.
struct WatchSession {
    let levelArguments: LevelArguments
    let settings: WatchSettings

    /// Longest sleep between two checks while the level is stopped by an error, seconds.
    static let idleInterval = 0.02

    func run() throws {
        try levelArguments.requireNotArchive("a .kinetic game cannot be watched for changes: watch the level's folder (unzip the game)")
        let started = FileWatcher.now()
        // A level that never loaded is a failed run: CI must not read a missing file as a pass.
        guard let level = loadWaitingForAFix(started: started) else { throw ExitCode.failure }
        try levelArguments.reportCheckProblems(level, strict: settings.strict)
        level.debug = level.debug || settings.debug
        let reloader = HotReloader(level: level, restartOnReload: settings.restartOnReload, polling: settings.poll)
        let files = reloader.watcher.files.count
        Diagnostics.note("watching \(files) file\(files == 1 ? "" : "s") in \(level.folder) "
            + "(\(reloader.watcher.mechanism.rawValue)); save to reload")
        let remaining = settings.seconds.map { max(0, $0 - (FileWatcher.now() - started)) }
        if !settings.headless, try WindowRunner.isDisplayAvailable() {
            let loop = GameLoop(level: level, reloader: reloader)
            loop.clockLimit = remaining
            loop.rerunsOnEdit = settings.rerun
            var runner = WindowRunner(loop)
            runner.afterReload = warnAboutNewVersion
            try runner.run()
            return
        }
        if settings.rerun { Diagnostics.note("no display: --rerun has no effect headless (saves hot reload)") }
        try runHeadless(level, reloader, seconds: remaining)
    }

    /// Loads the level; while it fails to load, prints the error and waits for its file to change.
    /// Nil when `--seconds` ran out first.
    private func loadWaitingForAFix(started: Double) -> Level? {
        var watcher: FileWatcher?
        while true {
            do {
                return try Level.load(path: levelArguments.level, options: levelArguments.options())
            } catch {
                Diagnostics.error(error.description)
                Diagnostics.note("waiting for a change to \(levelArguments.level)")
            }
            if watcher == nil { watcher = FileWatcher(files: Self.levelFiles(levelArguments.level), polling: settings.poll) }
            while watcher!.poll().isEmpty {
                if let seconds = settings.seconds, FileWatcher.now() - started >= seconds { return nil }
                Thread.sleep(forTimeInterval: Self.idleInterval)
            }
        }
    }

    /// The level file for a path that is a `.lua` file or a folder holding `main.lua`.
    static func levelFiles(_ path: String) -> [String] {
        var isFolder: ObjCBool = false
        if FileManager.default.fileExists(atPath: path, isDirectory: &isFolder), isFolder.boolValue {
            return [path + "/main.lua"]
        }
        return [path]
    }

    /// Steps in real time at the level's fixed rate, sleeping between steps; a script error stops
    /// the stepping until a reload or restart applies. Ends after `seconds` of wall-clock time.
    private func runHeadless(_ level: Level, _ reloader: HotReloader, seconds: Double?) throws {
        Interruption.catchSignals()
        let start = FileWatcher.now()
        var nextStep = start
        var stopped: LevelError?  // a script error: the level waits for a fix
        var lastReloadFailed = false
        var reloads: [Double] = []
        while true {
            let now = FileWatcher.now()
            if let seconds, now - start >= seconds { break }
            if Interruption.signal != nil { break }
            if let result = reloader.check(now: now) {
                if result.applied {
                    reloads.append(result.seconds)
                    stopped = nil
                    lastReloadFailed = false
                    Diagnostics.note(result.summary(relativeTo: level.folder))
                    warnAboutNewVersion(level)
                    if let error = result.error { stop(&stopped, error) }
                } else if let error = result.error {
                    lastReloadFailed = true
                    Diagnostics.error(error.description)
                    Diagnostics.note(result.summary(relativeTo: level.folder))
                }
            }
            if stopped == nil {
                do { try level.step() } catch { stop(&stopped, error) }
                nextStep += 1 / level.fps
            } else {
                nextStep = now + Self.idleInterval
            }
            // Hold the fixed rate; after a stall (more than a quarter second behind) start afresh
            // instead of fast-forwarding the level.
            let wait = nextStep - FileWatcher.now()
            if wait > 0 {
                Thread.sleep(forTimeInterval: wait)
            } else if wait < -0.25 {
                nextStep = FileWatcher.now()
            }
        }
        let wall = FileWatcher.now() - start
        let ending = Interruption.signal != nil ? Interruption.word : "watched"
        var line = "\(ending): \(String(format: "%.2f", level.time)) s simulated in \(level.stepCount) steps, "
            + "\(level.itemCount) items, wall \(formatSeconds(wall)), \(reloads.count) reloads"
        if !reloads.isEmpty {
            let mean = reloads.reduce(0, +) / Double(reloads.count)
            line += String(format: " (mean %.1f ms, max %.1f ms)", mean * 1000, (reloads.max() ?? 0) * 1000)
        }
        print(line)
        if Interruption.signal != nil { Interruption.endProcess() }
        if stopped != nil || lastReloadFailed { throw ExitCode.failure }
    }

    /// Prints what `kinetic check` finds in a version that a reload made current; never strict, since
    /// the level already runs.
    private func warnAboutNewVersion(_ level: Level) {
        try? levelArguments.reportCheckProblems(level, strict: false)
    }

    private func stop(_ stopped: inout LevelError?, _ error: LevelError) {
        Diagnostics.error(error.description)
        Diagnostics.note("the level is stopped; save a fix to reload it")
        stopped = error
    }
}
