// Runs scenario files in this process: a fresh Lua state per case, the file loaded again each time,
// only the named case run. `kinetic test` calls this inside its worker processes.
import Foundation
import KineticLuaBridge

/// How cases run (the same for every case of a suite).
public struct ScenarioSettings: Codable, Sendable, Equatable {
    /// Default seed of every `kinetic.load` (nil: the level's own `seed`).
    public var seed: Int?
    /// Write golden traces instead of comparing against them.
    public var updateGolden = false
    /// A missing golden trace is a failure (set from `CI=true`); otherwise it is created.
    public var requireGolden = false
    /// Deterministic instruction budget of a case (and of loading its file), Lua instructions.
    public var instructionBudget: Int? = 200_000_000
    /// Wall-clock budget of a case, seconds (the worker is also killed a little after it).
    public var timeout: Double = 60
    /// Lift the sandbox (`--trust`): scenarios may use `io`, `os` and read files anywhere.
    public var trusted = false
    /// The folder each case's fresh saved-data folder is made in (`--data-dir`); nil: the system's
    /// temporary folder. Either way the case's folder is new, empty, and removed after the case.
    public var dataFolderParent: String?

    public init() {}
}

/// Runs the cases of one scenario file in this process.
public enum ScenarioCaseRunner {
    /// The case names `path` registers, in registration order, or the load error.
    public static func listCases(file path: String, settings: ScenarioSettings = ScenarioSettings()) -> FileListing {
        let start = Date()
        do {
            let session = try ScenarioSession(file: path, settings: settings)
            try session.loadFile()
            return FileListing(cases: session.cases.map(\.name))
        } catch let failure as SessionFailure {
            var result = failure.result
            result.seconds = Date().timeIntervalSince(start)
            return FileListing(cases: [], error: result)
        } catch {
            return FileListing(cases: [], error: .error("\(error)"))
        }
    }

    /// Runs case `name` of `path` in a fresh Lua state: the file is loaded again and only that case
    /// runs.
    public static func run(file path: String, case name: String, settings: ScenarioSettings = ScenarioSettings()) -> CaseResult {
        let start = Date()
        var result: CaseResult
        var output: [String] = []
        do {
            let session = try ScenarioSession(file: path, settings: settings)
            defer { output = session.output.lines }
            try session.loadFile()
            result = session.run(case: name)
        } catch let failure as SessionFailure {
            result = failure.result
        } catch {
            result = .error("\(error)")
        }
        result.output = output
        result.seconds = Date().timeIntervalSince(start)
        return result
    }
}

/// A file that could not be loaded, as a result.
struct SessionFailure: Error {
    var result: CaseResult
}

/// Lines a state prints (`print` and warnings), collected for the report: the first `limit`, then a
/// count of the rest (a case printing in a loop must not flood the report).
final class OutputBuffer: @unchecked Sendable {
    static let limit = 500
    private let lock = NSLock()
    private var collected: [String] = []
    private var dropped = 0

    func append(_ line: String) {
        lock.lock(); defer { lock.unlock() }
        if collected.count < Self.limit { collected.append(line) } else { dropped += 1 }
    }

    var lines: [String] {
        lock.lock(); defer { lock.unlock() }
        return dropped == 0 ? collected : collected + ["(\(dropped) more lines)"]
    }
}

/// One Lua state running one scenario file: the registered cases and the failure of the case running.
final class ScenarioSession {
    struct Registration {
        let name: String
        let function: LuaReference
    }

    /// The scenario file (absolute), and as shown in reports (relative to the current folder when inside it).
    let file: String
    let displayFile: String
    /// The state's folder: the scenario's project root (`projectRoot(of:)`), whatever folder
    /// `kinetic test` starts from; the file's chunk name is its path relative to this folder.
    let root: String
    let chunkName: String
    /// The current folder, which report paths are relative to.
    let here: String
    let settings: ScenarioSettings
    let state: LuaState
    let runtime: Runtime
    let output = OutputBuffer()
    var cases: [Registration] = []
    var registering = true
    /// The first failed expectation of the running case.
    var failure: CaseResult?
    /// The name of the running case (golden trace files are named after it).
    var currentCase = ""
    var notes: [String] = []
    var matcher: LuaReference?
    /// A fresh folder for the saved data of the levels this case loads (`kinetic.save`), removed
    /// with the session: a case never sees another's, nor the user's.
    let dataFolder: String

    init(file: String, settings: ScenarioSettings) throws {
        let absolute = URL(fileURLWithPath: file).standardizedFileURL.path
        guard FileManager.default.isReadableFile(atPath: absolute) else {
            throw SessionFailure(result: .error("\(file): no such file"))
        }
        here = URL(fileURLWithPath: FileManager.default.currentDirectoryPath).standardizedFileURL.path
        root = Self.projectRoot(of: absolute)
        chunkName = String(absolute.dropFirst(root.count + 1))
        self.file = absolute
        displayFile = Self.display(chunkName, root: root, here: here)
        self.settings = settings

        var lua = LuaOptions()
        lua.folder = root
        lua.trusted = settings.trusted
        lua.seed = settings.seed ?? 0
        lua.timeBudget = settings.timeout
        lua.instructionBudget = settings.instructionBudget
        let output = self.output
        lua.output = { output.append($0) }
        lua.warnings = { output.append("warning: \($0)") }
        do { state = try LuaState(options: lua) } catch {
            throw SessionFailure(result: .error(error.message))
        }
        let parent = settings.dataFolderParent.map { URL(fileURLWithPath: $0) } ?? FileManager.default.temporaryDirectory
        dataFolder = parent.appendingPathComponent("kinetic-data-\(UUID().uuidString)").path
        var level = LevelOptions()
        level.dataFolder = .folder(dataFolder)
        level.seed = settings.seed
        level.trusted = settings.trusted
        level.instructionBudget = settings.instructionBudget
        level.callbackTimeBudget = settings.timeout
        level.print = { output.append($0) }
        level.warn = { output.append("warning: \($0)") }
        runtime = Runtime.install(in: state, options: level)
        installGlobals()
    }

    deinit { try? FileManager.default.removeItem(atPath: dataFolder) }

    /// Runs the file's top level, which registers its cases.
    func loadFile() throws {
        do {
            let chunk = try state.load(file: chunkName)
            try state.call(chunk)
        } catch {
            throw SessionFailure(result: errorResult(error, prefix: "loading the file failed"))
        }
        registering = false
        var seen = Set<String>()
        for registration in cases where !seen.insert(registration.name).inserted {
            throw SessionFailure(result: .error("\(displayFile): two scenarios are named '\(registration.name)'; names must be unique in a file"))
        }
    }

    /// Runs one registered case.
    func run(case name: String) -> CaseResult {
        guard let registration = cases.first(where: { $0.name == name }) else {
            return .error("\(displayFile): no scenario named '\(name)'")
        }
        currentCase = name
        var result: CaseResult
        do {
            try state.call(registration.function)
            result = failure ?? CaseResult(status: .passed)
        } catch {
            result = failure ?? errorResult(error, prefix: nil)
        }
        result.notes += notes
        return result
    }

    /// A Lua error as an ERROR result: `file:line` split from the message, traceback as details.
    func errorResult(_ error: LuaError, prefix: String?) -> CaseResult {
        var message = error.message
        var location: String?
        if let match = message.range(of: #"^[^\s:][^:]*\.lua:\d+: "#, options: .regularExpression) {
            location = display(String(message[match].dropLast(2)))
            message = String(message[match.upperBound...])
        }
        switch error.kind {
        case .instructionBudget: message = "stopped: \(message) (a hanging case? raise --instruction-budget if it needs more)"
        case .timeBudget: message = "stopped: \(message) (--timeout)"
        case .syntax: message = "syntax error: \(message)"
        default: break
        }
        if let prefix { message = "\(prefix): \(message)" }
        return CaseResult(status: .error, location: location, message: message,
                          details: error.traceback.isEmpty ? [] : ["stack traceback:"] + error.traceback.map { "  " + display($0) })
    }

    /// A chunk-relative `file:line` as a report shows it: relative to the current folder when inside it,
    /// else absolute.
    func display(_ text: String) -> String { Self.display(text, root: root, here: here) }

    static func display(_ text: String, root: String, here: String) -> String {
        if text.hasPrefix("[") || text.hasPrefix("/") { return text }
        let absolute = root + "/" + text
        return absolute.hasPrefix(here + "/") ? String(absolute.dropFirst(here.count + 1)) : absolute
    }

    /// Files whose folder is a project's root (docs/scenarios.md).
    static let projectMarkers = [".git", ".luarc.json"]

    /// The sandbox folder of a scenario: the nearest folder at or above the scenario's own that holds
    /// a project marker, else the scenario's own folder. It depends on the file alone, so a suite
    /// loads `../levels/x.lua` the same way from whatever folder `kinetic test` starts.
    static func projectRoot(of absoluteFile: String) -> String {
        let own = (absoluteFile as NSString).deletingLastPathComponent
        var folder = own
        while true {
            if projectMarkers.contains(where: { FileManager.default.fileExists(atPath: folder + "/" + $0) }) { return folder }
            let parent = (folder as NSString).deletingLastPathComponent
            if parent == folder || parent.isEmpty { return own }
            folder = parent
        }
    }

    /// `file:line` of the Lua code that called the running Swift function.
    func callerLocation(_ lua: Lua) -> String? {
        guard let (text, line) = lua.caller(at: 1), text.hasPrefix("@"), line > 0 else { return nil }
        return display(String(text.dropFirst())) + ":\(line)"
    }

    // MARK: - Globals

    /// Binds a scenario global; the name must be in `scenarioGlobals` (ScenarioGlobals.swift), the
    /// table the editor and linter configurations are generated from.
    func bindGlobal(_ name: String, _ body: @escaping LuaFunction) {
        precondition(scenarioGlobals.contains { $0.name == name }, "scenario global '\(name)' is missing from ScenarioGlobals.swift")
        state.setGlobalFunction(name, body)
    }

    func installGlobals() {
        bindGlobal("scenario") { [unowned self] lua in
            let name = try lua.string(1, "name")
            let function = try lua.function(2, "fn")
            guard registering else {
                throw LuaBindingError("scenario: cases must be registered at the top level of the file, not inside a case")
            }
            cases.append(Registration(name: name, function: function))
            return 0
        }
        installExpectations()
        installTraces()
    }
}

// MARK: - Finding scenario files

/// Where `kinetic test` looks for scenarios.
public enum ScenarioDiscovery {
    /// Scenario files below `paths` (folders searched for `*_test.lua`, skipping hidden and `.build*`
    /// folders; files taken whatever their name), each once, sorted by path. Throws for a path that
    /// does not exist.
    public static func files(in paths: [String]) throws -> [String] {
        var found: [String] = []
        let fm = FileManager.default
        for path in paths {
            var isFolder: ObjCBool = false
            guard fm.fileExists(atPath: path, isDirectory: &isFolder) else {
                throw ScenarioError("\(path): no such file or folder")
            }
            guard isFolder.boolValue else { found.append(normalize(path)); continue }
            guard let walker = fm.enumerator(atPath: path) else { continue }
            while let relative = walker.nextObject() as? String {
                let name = (relative as NSString).lastPathComponent
                if name.hasPrefix(".") {
                    walker.skipDescendants()
                    continue
                }
                if name.hasSuffix("_test.lua"), name.count > "_test.lua".count {
                    found.append(normalize(path == "." ? relative : (path as NSString).appendingPathComponent(relative)))
                }
            }
        }
        var seen = Set<String>()
        return found.sorted().filter { seen.insert($0).inserted }
    }

    /// `./a/b` → `a/b`, so that the same file given two ways is found once.
    static func normalize(_ path: String) -> String {
        var p = path
        while p.hasPrefix("./") { p.removeFirst(2) }
        return p
    }
}

/// A problem with the command line or the files given (not a scenario failure).
public struct ScenarioError: Error, CustomStringConvertible {
    public var message: String
    public init(_ message: String) { self.message = message }
    public var description: String { message }
}
