// A whole `kinetic test` run: find files, list their cases, select (filter, shard), run each case
// in a worker, and report in a stable order whatever order the workers finish in.
import Foundation

/// One case of the suite: a file and a case name (or the file's load error).
public struct ScenarioCase: Sendable, Equatable {
    /// The scenario file, as found.
    public var file: String
    /// The case's full name; nil for the pseudo-case that reports a file that failed to load.
    public var name: String?
    /// The line that registers it (0 if unknown).
    public var line = 0
    /// Registered without a function: reported as pending, never run.
    public var pending = false
    /// Which round of `--repeat` this is, of how many.
    public var run = 1
    public var runs = 1

    public init(file: String, name: String?, line: Int = 0, pending: Bool = false) {
        self.file = file
        self.name = name
        self.line = line
        self.pending = pending
    }

    /// `file › name`, what `--filter` matches.
    public var baseTitle: String { "\(file) › \(name ?? "(load)")" }
    /// What reports show: `file › name`, with `(run 2 of 3)` under `--repeat`.
    public var title: String { baseTitle + (runs > 1 ? " (run \(run) of \(runs))" : "") }
    /// The `#tag` words of the name.
    public var tags: [String] { name.map(CaseSelection.hashTags(in:)) ?? [] }
}

/// How a suite runs.
public struct SuiteOptions: Sendable {
    public var paths: [String] = ["."]
    /// Which cases run, in what order, how many times.
    public var selection = CaseSelection()
    /// Print the selected cases (`file:line: name`) instead of running them.
    public var list = false
    /// Worker processes running at once.
    public var jobs = max(1, ProcessInfo.processInfo.activeProcessorCount)
    /// JUnit XML report path.
    public var junit: String?
    /// Line coverage outputs: luacov's `luacov.stats.out` and an LCOV file (either turns
    /// `settings.coverage` on).
    public var luacovStats: String?
    public var lcov: String?
    /// TAP 13 on standard output instead of the default lines.
    public var tap = false
    /// Colour the status words (only on a terminal without NO_COLOR).
    public var color = false
    /// Print every case's output, not only failing ones.
    public var verbose = false
    public var settings = ScenarioSettings()
    public init() {}
}

/// Runs one case (or lists one file) somewhere: in a worker process, or in this process.
public protocol CaseExecutor: Sendable {
    func list(file: String, settings: ScenarioSettings) -> FileListing
    func run(file: String, case name: String, settings: ScenarioSettings) -> CaseResult
}

/// What a suite run found and how it went.
public struct SuiteReport: Sendable {
    public var cases: [ScenarioCase]
    public var results: [CaseResult]
    /// Cases left out by the filters, tags and `--shard`.
    public var skipped: Int
    /// When the run started.
    public var started = Date()

    public var passed: Int { results.filter { $0.status == .passed }.count }
    /// Failures and errors.
    public var failed: Int { results.filter { $0.status == .failed || $0.status == .error }.count }
    /// Cases registered without a function.
    public var pending: Int { results.filter { $0.status == .pending }.count }
    /// `N passed, N failed` (`, N pending` when some are, `, N skipped` when some were left out).
    public var summary: String {
        "\(passed) passed, \(failed) failed" + (pending > 0 ? ", \(pending) pending" : "")
            + (skipped > 0 ? ", \(skipped) skipped" : "")
    }
}

public enum ScenarioSuite {
    /// Runs the suite: writes the report to `write` as it goes (in case order) and returns it.
    public static func run(_ options: SuiteOptions, executor: CaseExecutor, write: @escaping (String) -> Void) throws -> SuiteReport {
        // A path that does not exist is reported as an error entry, and the rest still runs.
        let started = Date()
        let missing = options.paths.filter { !FileManager.default.fileExists(atPath: $0) }
        let files = try ScenarioDiscovery.files(in: options.paths.filter { !missing.contains($0) })
        let jobs = max(1, options.jobs)

        // Every case, in file order then registration order.
        let listings = parallelMap(files, jobs: jobs) { executor.list(file: $0, settings: options.settings) }
        var all: [(ScenarioCase, CaseResult?)] = missing.map {
            (ScenarioCase(file: $0, name: nil), CaseResult.error("\($0): no such file or folder"))
        }
        for (file, listing) in zip(files, listings) {
            if let error = listing.error {
                all.append((ScenarioCase(file: file, name: nil), error))
            } else {
                all += listing.cases.map {
                    (ScenarioCase(file: file, name: $0.name, line: $0.line, pending: $0.pending),
                     $0.pending ? CaseResult(status: .pending) : nil)
                }
            }
        }
        let selected = try options.selection.apply(to: all.map(\.0))
        let skipped = all.count - Set(selected.map(\.position)).count
        if options.list {
            let report = SuiteReport(cases: selected.map(\.case), results: selected.map { all[$0.position].1 ?? CaseResult(status: .passed) },
                                     skipped: skipped, started: started)
            write(Reporter.listing(report))
            return report
        }

        let reporter = Reporter(options: options, write: write, total: selected.count)
        reporter.begin()
        let printer = OrderedPrinter(count: selected.count) { index, result in
            reporter.report(index, selected[index].case, result)
        }
        let results = parallelMap(Array(selected.indices), jobs: jobs) { index -> CaseResult in
            let (scenario, preset) = (selected[index].case, all[selected[index].position].1)
            let result = preset ?? executor.run(file: scenario.file, case: scenario.name!, settings: options.settings)
            printer.deliver(index, result)
            return result
        }
        let report = SuiteReport(cases: selected.map(\.case), results: results, skipped: skipped, started: started)
        if options.settings.coverage {
            write((options.tap ? "# " : "") + (try CoverageReport.write(results, options: options)) + "\n")
        }
        reporter.end(report)
        if let junit = options.junit {
            do { try JUnitReport.xml(report).write(toFile: junit, atomically: true, encoding: .utf8) } catch {
                throw ScenarioError("--junit \(junit): cannot write: \(error.localizedDescription)")
            }
        }
        return report
    }

    /// Parses `I/N` (1 <= I <= N).
    public static func parseShard(_ text: String) -> (index: Int, count: Int)? {
        let parts = text.split(separator: "/")
        guard parts.count == 2, let i = Int(parts[0]), let n = Int(parts[1]), n >= 1, i >= 1, i <= n else { return nil }
        return (i, n)
    }
}

/// Maps `items` on up to `jobs` threads (real threads: a worker mostly waits for its process);
/// results in input order.
func parallelMap<T, R>(_ items: [T], jobs: Int, _ body: @escaping (T) -> R) -> [R] {
    guard !items.isEmpty else { return [] }
    let work = ParallelWork(items: items, body: body)
    let group = DispatchGroup()
    for _ in 0..<min(jobs, items.count) {
        group.enter()
        let thread = Thread { work.drain(); group.leave() }
        thread.stackSize = 8 << 20  // Lua and the engine recurse; a secondary thread's default stack is small
        thread.start()
    }
    group.wait()
    return work.results.map { $0! }
}

/// The shared queue of `parallelMap`: items taken in order under a lock.
private final class ParallelWork<T, R>: @unchecked Sendable {
    let lock = NSLock()
    let items: [T]
    let body: (T) -> R
    var results: [R?]
    var next = 0

    init(items: [T], body: @escaping (T) -> R) {
        self.items = items
        self.body = body
        results = Array(repeating: nil, count: items.count)
    }

    func drain() {
        while true {
            lock.lock()
            let index = next
            next += 1
            lock.unlock()
            guard index < items.count else { return }
            let result = body(items[index])
            lock.lock()
            results[index] = result
            lock.unlock()
        }
    }
}

/// Hands results to `emit` in index order, holding back those that finish early.
final class OrderedPrinter: @unchecked Sendable {
    private let lock = NSLock()
    private var pending: [Int: CaseResult] = [:]  // lookups only
    private var next = 0
    private let emit: (Int, CaseResult) -> Void

    init(count: Int, emit: @escaping (Int, CaseResult) -> Void) { self.emit = emit }

    func deliver(_ index: Int, _ result: CaseResult) {
        lock.lock(); defer { lock.unlock() }
        pending[index] = result
        while let ready = pending.removeValue(forKey: next) {
            emit(next, ready)
            next += 1
        }
    }
}
