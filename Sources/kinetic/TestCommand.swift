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

        Inside a file: scenario(name, fn), or busted's describe/it/pending with before_each/after_each, #tags in names, and luassert's assert.*, spy and stub. Defaults for these options can be set in .kinetic-test (a Lua file returning a table, as busted's .busted) in the current folder; the command line wins.

        The last line is `N passed, N failed` (with `, N pending` for pending cases and `, N skipped` when filters, tags or --shard left cases out); the exit code is 0 only when nothing failed. A missing golden trace fails when CI=true; otherwise it is written. See docs/scenarios.md.

        Examples:
          kinetic test
          kinetic test examples Tests/Scenarios --jobs 4
          kinetic test --filter "free fall" --junit report.xml
          kinetic test --shard 2/3
          kinetic test --tags fast --exclude-tags slow --list
          kinetic test --shuffle-seed 4711 --repeat 3
        """
    )

    @Argument(help: "Scenario files, folders to search, or .kinetic games (default: the current folder).")
    var paths: [String] = []

    @Option(help: ArgumentHelp("Run only cases whose \"file › name\" contains this text, or whose name or \"file › name\" matches it as a Lua pattern (repeatable: any of them).", valueName: "pattern"))
    var filter: [String] = []

    @Option(name: .customLong("filter-out"), help: ArgumentHelp("Leave out cases that --filter would take for this text or pattern (repeatable).", valueName: "pattern"))
    var filterOut: [String] = []

    @Option(help: ArgumentHelp("Run only cases with one of these #tags in their name (comma-separated, repeatable).", valueName: "tags"))
    var tags: [String] = []

    @Option(name: .customLong("exclude-tags"), help: ArgumentHelp("Leave out cases with one of these #tags (comma-separated, repeatable).", valueName: "tags"))
    var excludeTags: [String] = []

    @Flag(help: "Print the selected cases (file:line: name) and run nothing.")
    var list = false

    @Option(name: .customLong("repeat"), parsing: .unconditional, help: ArgumentHelp("Run the selected cases this many times, one round after another.", valueName: "n"))
    var repeatCount: Int?

    @Flag(help: "Run the cases in a random order; the seed is printed (--shuffle-seed repeats that order).")
    var shuffle = false

    @Option(name: .customLong("shuffle-seed"), parsing: .unconditional, help: ArgumentHelp("Shuffle with this seed (implies --shuffle): the same seed gives the same order.", valueName: "n"))
    var shuffleSeed: UInt64?

    @Option(parsing: .unconditional, help: "Worker processes running at once (default: the number of cores).")
    var jobs: Int?

    @Option(help: "Run shard I of N (1-based): a deterministic split of the sorted case list.")
    var shard: String?

    @Option(help: "Also write a JUnit XML report to this file.")
    var junit: String?

    @Flag(help: "Count the lines each case runs in the Lua files it loads (scenario files excepted) and write luacov's luacov.stats.out.")
    var coverage = false

    @Option(name: .customLong("coverage-lcov"), help: ArgumentHelp("Also write the line coverage as LCOV to this file (implies --coverage for the counting).", valueName: "file"))
    var coverageLCOV: String?

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
        if let repeatCount, repeatCount < 1 { throw ValidationError("--repeat must be at least 1, got \(repeatCount)") }
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
        // Defaults from .kinetic-test in the current folder; the command line wins.
        let config: [String: [String]]
        do { config = try TestConfig.read(folder: FileManager.default.currentDirectoryPath) ?? [:] } catch {
            throw Diagnostics.failure(error)
        }
        func list(_ given: [String], _ key: String) -> [String] { given.isEmpty ? config[key] ?? [] : given }
        func number<T: FixedWidthInteger>(_ given: T?, _ key: String) throws -> T? {
            if let given { return given }
            guard let text = config[key]?.first else { return nil }
            guard let value = T(text), value >= 1 || key == "shuffle-seed" else {
                throw Diagnostics.failure(ScenarioError("\(TestConfig.fileName): '\(key)' must be a positive integer, got '\(text)'"))
            }
            return value
        }
        func flag(_ given: Bool, _ key: String) -> Bool { given || config[key]?.first == "true" }
        var options = SuiteOptions()
        // A .kinetic game is unpacked once here; its workers run the scenarios from that folder.
        let chosenPaths = list(paths, "paths")
        options.paths = try (chosenPaths.isEmpty ? ["."] : chosenPaths).map(UnpackedGames.folder(for:))
        options.selection.filters = list(filter, "filter")
        options.selection.filtersOut = list(filterOut, "filter-out")
        options.selection.tags = Self.words(list(tags, "tags"))
        options.selection.excludedTags = Self.words(list(excludeTags, "exclude-tags"))
        options.selection.shard = shard.flatMap(ScenarioSuite.parseShard).map { CaseSelection.Shard(index: $0.index, count: $0.count) }
        options.selection.repeatCount = try number(repeatCount, "repeat") ?? 1
        let chosenShuffleSeed = try number(shuffleSeed, "shuffle-seed")
        options.selection.shuffleSeed = chosenShuffleSeed ?? (flag(shuffle, "shuffle") ? UInt64(Date().timeIntervalSince1970 * 1000) % 1_000_000 : nil)
        options.list = self.list
        let lcov = coverageLCOV ?? config["coverage-lcov"]?.first
        options.luacovStats = flag(coverage, "coverage") ? "luacov.stats.out" : nil
        options.lcov = lcov
        options.settings.coverage = options.luacovStats != nil || lcov != nil
        if let jobs = try number(jobs, "jobs") { options.jobs = jobs }
        options.junit = junit ?? config["junit"]?.first
        let output = config["output"]?.first?.lowercased()
        if let output, !["tap", "terminal"].contains(output) {
            throw Diagnostics.failure(ScenarioError("\(TestConfig.fileName): 'output' must be \"terminal\" or \"tap\", got '\(output)'"))
        }
        let tap = self.tap || output == "tap"
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
        if report.cases.isEmpty && report.skipped == 0 && !self.list {
            Diagnostics.note("note: no scenarios found in \(options.paths.joined(separator: ", ")) (files named *_test.lua that call scenario(name, fn) or it(name, fn))")
        }
        if report.failed > 0 { throw ExitCode.failure }
    }

    /// `a,b` `c` → `[a, b, c]`, without a leading `#`.
    static func words(_ values: [String]) -> [String] {
        values.flatMap { $0.split(separator: ",") }.map { $0.trimmingCharacters(in: .whitespaces) }
            .map { $0.hasPrefix("#") ? String($0.dropFirst()) : $0 }.filter { !$0.isEmpty }
    }

    /// The path of this binary, for the worker processes.
    static func ownExecutable() -> String {
        if let path = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe") { return path }
        return Bundle.main.executablePath ?? CommandLine.arguments[0]
    }
}
