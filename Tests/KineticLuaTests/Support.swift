// Shared helpers: a Lua state with `kinetic` installed, running snippets from a temporary folder.
import Foundation
import KineticRender
import KineticLuaBridge
@testable import KineticLua

/// Collects what scripts print and warn.
final class OutputLog: @unchecked Sendable {
    var lines: [String] = []
    var warnings: [String] = []
}

/// A state with the `kinetic` module whose folder holds `files` (relative path → contents).
final class Harness {
    let state: LuaState
    let runtime: Runtime
    let log = OutputLog()
    let folder: String

    init(files: [String: String] = [:], trusted: Bool = false, configure: (inout LevelOptions) -> Void = { _ in }) throws {
        folder = try makeFolder(files)
        drawsPictures
        var options = LevelOptions()
        let log = self.log
        options.print = { log.lines.append($0) }
        options.warn = { log.warnings.append($0) }
        options.trusted = trusted
        // The wall-clock budget guards a player's window; under a loaded test machine (sanitizers,
        // parallel suites) a heavy but finite snippet can take seconds. Tests about the budget set
        // their own in `configure`.
        options.callbackTimeBudget = 120
        configure(&options)
        var lua = LuaOptions()
        lua.folder = folder
        lua.trusted = trusted
        lua.output = options.print
        lua.warnings = options.warn
        lua.timeBudget = options.callbackTimeBudget
        lua.instructionBudget = options.instructionBudget
        state = try LuaState(options: lua)
        runtime = Runtime.install(in: state, options: options)
    }

    /// Runs a snippet named `name` (errors read `name:line: ...`).
    @discardableResult
    func run(_ source: String, name: String = "test.lua") throws -> [LuaValue] {
        try state.run(source, name: name)
    }

    /// The error a snippet raises, or nil.
    func error(_ source: String, name: String = "test.lua") -> LuaError? {
        do { try state.run(source, name: name); return nil } catch { return error }
    }

    /// A number a snippet returns first.
    func number(_ source: String) throws -> Double {
        switch try run(source).first {
        case .number(let d): return d
        case .integer(let i): return Double(i)
        default: return .nan
        }
    }
}

/// A fresh folder under the temporary directory holding `files`.
func makeFolder(_ files: [String: String]) throws -> String {
    let root = FileManager.default.temporaryDirectory.appendingPathComponent("kineticlua-\(UUID().uuidString)").path
    try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
    for (path, contents) in files {
        let url = URL(fileURLWithPath: root + "/" + path)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try contents.write(to: url, atomically: true, encoding: .utf8)
    }
    return URL(fileURLWithPath: root).resolvingSymlinksInPath().path
}

/// The fixtures folder beside this file.
let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures").path

/// Levels in these tests draw screenshots with Render's writer, as the `kinetic` command gives them
/// (set once: a static `let` initialises under a lock).
let drawsPictures: Void = {
    LevelOptions.pngWriter = { scene, path, warn in try Renderer(warn: warn).writePNG(scene, to: path) }
}()
