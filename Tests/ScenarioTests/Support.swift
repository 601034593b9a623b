// Shared helpers: fixture paths, scratch folders, and the `kinetic` binary for process tests.
import Foundation
import KineticLua
import Testing

enum Fixtures {
    /// Tests/ScenarioTests/Fixtures.
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures").path

    static func path(_ name: String) -> String { folder + "/" + name }

    /// A fresh scratch folder holding copies of the named fixtures (`as` renames them).
    static func scratch(_ files: [(String, String)]) throws -> String {
        let dir = NSTemporaryDirectory() + "kinetic-scenario-tests-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        for (name, copy) in files {
            let target = dir + "/" + copy
            try FileManager.default.createDirectory(atPath: (target as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            try FileManager.default.copyItem(atPath: path(name), toPath: target)
        }
        return dir
    }

    /// The `kinetic` binary beside the test bundle (`swift build` builds it with the tests).
    static func kinetic() throws -> String {
        let candidates = [
            Bundle.main.bundleURL.deletingLastPathComponent().appendingPathComponent("kinetic").path,
            Bundle.main.bundleURL.appendingPathComponent("kinetic").path,
            URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
                .appendingPathComponent(".build/debug/kinetic").path,
        ]
        let found = candidates.first { FileManager.default.isExecutableFile(atPath: $0) }
        return try #require(found, "the kinetic binary is not built (run `swift build`); looked in \(candidates)")
    }

    /// Runs `kinetic` with arguments in `folder`; returns standard output, standard error and the exit status.
    static func run(_ arguments: [String], in folder: String, environment: [String: String] = [:]) throws -> (out: String, err: String, status: Int32) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: try kinetic())
        process.arguments = arguments
        process.currentDirectoryURL = URL(fileURLWithPath: folder)
        var env = ProcessInfo.processInfo.environment
        env["CI"] = nil
        env["NO_COLOR"] = "1"
        for (k, v) in environment { env[k] = v }
        process.environment = env
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        // Standard error is drained on another thread so that neither pipe can fill up and block;
        // the semaphore hands its text over (polling `isFinished` orders nothing: a data race).
        let errorText = ErrorText()
        let drained = DispatchSemaphore(value: 0)
        let reader = Thread {
            errorText.value = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            drained.signal()
        }
        reader.start()
        let outText = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        drained.wait()
        return (outText, errorText.value, process.terminationStatus)
    }
}

final class ErrorText: @unchecked Sendable { var value = "" }

extension String {
    /// Report lines without their timings (`(12 ms)`), which vary run to run.
    var withoutTimings: String {
        replacingOccurrences(of: #" \(\d+(\.\d+)? (ms|s)\)"#, with: "", options: .regularExpression)
    }

    var lastLine: String {
        split(separator: "\n").last.map(String.init) ?? ""
    }
}

/// Runs cases in this process, one at a time (tests; no wall-clock kill).
struct InProcessExecutor: CaseExecutor {
    private static let lock = NSLock()
    func list(file: String, settings: ScenarioSettings) -> FileListing {
        Self.lock.lock(); defer { Self.lock.unlock() }
        return ScenarioCaseRunner.listCases(file: file, settings: settings)
    }
    func run(file: String, case name: String, settings: ScenarioSettings) -> CaseResult {
        Self.lock.lock(); defer { Self.lock.unlock() }
        return ScenarioCaseRunner.run(file: file, case: name, settings: settings)
    }
}
