// Shared helpers: states that capture their output, temporary level folders.
import Foundation
import KineticLuaBridge

/// Collects what a state prints and warns.
final class OutputLog: @unchecked Sendable {
    var lines: [String] = []
    var warnings: [String] = []
}

/// A state whose `print`/`warn` go to `log`.
func makeState(_ log: OutputLog = OutputLog(), configure: (inout LuaOptions) -> Void = { _ in }) throws -> LuaState {
    var options = LuaOptions()
    options.output = { log.lines.append($0) }
    options.warnings = { log.warnings.append($0) }
    configure(&options)
    return try LuaState(options: options)
}

/// A fresh folder under the temporary directory holding `files` (relative path → contents).
func makeFolder(_ files: [String: String]) throws -> String {
    let root = FileManager.default.temporaryDirectory
        .appendingPathComponent("luabridge-\(UUID().uuidString)").path
    for (path, contents) in files {
        let url = URL(fileURLWithPath: root + "/" + path)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try contents.write(to: url, atomically: true, encoding: .utf8)
    }
    try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
    return root
}

/// Runs `source` and returns the error it raised (nil if it ran).
func luaError(of source: String, in state: LuaState, name: String = "chunk") -> LuaError? {
    do {
        try state.run(source, name: name)
        return nil
    } catch {
        return error
    }
}

/// Counts live `Tracker`s of one test (tests run in parallel, so each has its own counter).
final class LiveCounter: @unchecked Sendable {
    var live = 0
}

/// An object that counts itself live, to prove Swift objects are released (V4).
final class Tracker {
    let counter: LiveCounter
    init(_ counter: LiveCounter) { self.counter = counter; counter.live += 1 }
    deinit { counter.live -= 1 }
}
