// `kinetic test`: run the Lua regression scenarios (`*_test.lua`), each case in a fresh state.
import ArgumentParser
import Foundation
import KineticLua

struct TestScenarios: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "test",
        abstract: "Run Lua scenarios (*_test.lua): every case headless, deterministic, in a fresh Lua state.",
        discussion: """
        Folders are searched for *_test.lua (sorted; .build and hidden folders skipped); a file named on the command line runs whatever its name. Each case runs in its own worker process, so a crash or a hang ends only that case.

        The last line is `N passed, N failed` (with `, N skipped` when --filter or --shard left cases out); the exit code is 0 only when nothing failed. A missing golden trace fails when CI=true; otherwise it is written. See docs/scenarios.md.

        Examples:
          kinetic test
          kinetic test examples Tests/Scenarios --jobs 4
          kinetic test --filter "free fall" --junit report.xml
          kinetic test --shard 2/3
        """
    )

    @Argument(help: "Scenario files, folders to search, or .kinetic games (default: the current folder).")
    var paths: [String] = []

    @Option(help: "Run only cases whose \"file › name\" contains this text.")
    var filter: String?

    @Option(parsing: .unconditional, help: "Worker processes running at once (default: the number of cores).")
    var jobs: Int?

    @Option(help: "Run shard I of N (1-based): a deterministic split of the sorted case list.")
    var shard: String?

    @Option(help: "Also write a JUnit XML report to this file.")
    var junit: String?

    @Flag(help: "Write TAP 13 to standard output instead of one line per case.")
    var tap = false

    @Option(parsing: .unconditional, help: "Default seed of every kinetic.load (overrides the level's `seed` unless the scenario passes one).")
    var seed: Int?

    @Flag(help: "Write golden traces (expectTrace) instead of comparing against them.")
    var updateGolden = false

    @Option(parsing: .unconditional, help: "Seconds a case may run before it is stopped.")
    var timeout: Double = 60

    @Option(parsing: .unconditional, help: "Lua instructions a case may run before it is stopped as hanging (deterministic; 0: none, only --timeout).")
    var instructionBudget: Int = 200_000_000

    @Flag(help: "Show what passing cases printed, too.")
    var verbose = false

    @Option(name: .customLong("data-dir"), help: ArgumentHelp("Folder in which each case gets its fresh saved-data folder (kinetic.save), removed after the case (default: the system's temporary folder).", valueName: "folder"))
    var dataDir: String?

    @Flag(help: "Lift the sandbox for scenarios (io, os, files anywhere).")
    var trust = false

    @Option(help: .hidden) var worker: String?
    @Option(help: .hidden) var workerCase: String?
    @Option(help: .hidden) var workerSettings: String?

    func validate() throws {
        if let jobs, jobs < 1 { throw ValidationError("--jobs must be at least 1, got \(jobs)") }
        if let shard, ScenarioSuite.parseShard(shard) == nil {
            throw ValidationError("--shard must be I/N with 1 <= I <= N, got '\(shard)'")
        }
        guard timeout > 0, timeout.isFinite else { throw ValidationError("--timeout must be a positive number of seconds, got \(timeout)") }
        guard instructionBudget >= 0 else { throw ValidationError("--instruction-budget must be >= 0, got \(instructionBudget)") }
    }

    func run() throws {
        if let worker {
            ScenarioWorker.run(file: worker, caseName: workerCase, settingsJSON: workerSettings ?? "{}")
            return
        }
        Interruption.unblockSignals()  // Ctrl-C and SIGTERM end the suite, and with it every worker
        var options = SuiteOptions()
        // A .kinetic game is unpacked once here; its workers run the scenarios from that folder.
        options.paths = try (paths.isEmpty ? ["."] : paths).map(UnpackedGames.folder(for:))
        options.filter = filter
        if let jobs { options.jobs = jobs }
        options.shard = shard.flatMap(ScenarioSuite.parseShard)
        options.junit = junit
        options.tap = tap
        options.verbose = verbose
        options.color = !tap && Diagnostics.colorWanted(on: 1)
        options.settings.seed = seed
        options.settings.updateGolden = updateGolden
        options.settings.requireGolden = ["true", "1", "yes"].contains(ProcessInfo.processInfo.environment["CI"]?.lowercased() ?? "")
        options.settings.timeout = timeout
        options.settings.instructionBudget = instructionBudget > 0 ? instructionBudget : nil
        options.settings.trusted = trust
        if let dataDir { options.settings.dataFolderParent = URL(fileURLWithPath: dataDir).standardizedFileURL.path }

        let executable = ProcessExecutor(executable: Self.ownExecutable())
        let report: SuiteReport
        do {
            report = try ScenarioSuite.run(options, executor: executable) { text in
                FileHandle.standardOutput.write(Data(text.utf8))
            }
        } catch {
            throw Diagnostics.failure(error)
        }
        if report.cases.isEmpty && report.skipped == 0 {
            Diagnostics.note("note: no scenarios found in \(options.paths.joined(separator: ", ")) (files named *_test.lua that call scenario(name, fn))")
        }
        if report.failed > 0 { throw ExitCode.failure }
    }

    /// The path of this binary, for the worker processes.
    static func ownExecutable() -> String {
        if let path = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe") { return path }
        return Bundle.main.executablePath ?? CommandLine.arguments[0]
    }
}
