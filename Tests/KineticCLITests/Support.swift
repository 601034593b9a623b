// Helpers for tests that run the built `kinetic` binary and desktop tools (Xvfb, xdotool, ffmpeg)
// as child processes: locating them, running them with a deadline, and reading their output live.
import Foundation
import Testing

enum CLI {
    /// The package root, found from this file's path (Tests/KineticCLITests/Support.swift).
    static let packageRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// Tests/KineticCLITests/Fixtures/`name`.
    static func fixture(_ name: String) -> String {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures/\(name)").path
    }

    /// `.build/debug/kinetic` under the package root (`scripts/test.sh` builds it before the tests).
    static func kinetic() throws -> String {
        let path = packageRoot.appendingPathComponent(".build/debug/kinetic").path
        try #require(FileManager.default.isExecutableFile(atPath: path),
                     "the kinetic binary is not built (run `swift build`); looked for \(path)")
        return path
    }

    /// The full path of a program found on `PATH`, or nil.
    static func which(_ program: String) -> String? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/local/bin:/usr/bin:/bin"
        for folder in path.split(separator: ":") {
            let candidate = "\(folder)/\(program)"
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
        }
        return nil
    }

    /// A fresh, empty scratch folder.
    static func scratchFolder() throws -> String {
        let dir = NSTemporaryDirectory() + "kinetic-cli-tests-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        return dir
    }

    /// Runs `program` to completion (killed after `timeout` seconds) and returns its standard output
    /// and exit status. Standard error is discarded.
    @discardableResult
    static func run(_ program: String, _ arguments: [String], environment: [String: String] = [:],
                    timeout: Double = 15) throws -> (out: String, status: Int32) {
        let child = try Child(program, arguments, environment: environment)
        let exited = child.waitForExit(timeout: timeout)
        if !exited { child.terminate() }
        try #require(exited, "\(program) \(arguments.joined(separator: " ")) did not finish in \(timeout) s")
        return (child.output, child.status)
    }

    /// Runs kinetic with `arguments` in a scratch folder holding a small level (`{level}` in the
    /// arguments is its file, `{folder}` the folder); returns the exit status and what it wrote to
    /// standard error.
    static func kineticOnSmallLevel(_ arguments: [String]) throws -> (status: Int32, stderr: String) {
        let folder = try scratchFolder()
        let level = folder + "/main.lua"
        try "return { load = function(world) world:addItem{ center = {100, 100}, size = {10, 10} } end }"
            .write(toFile: level, atomically: true, encoding: .utf8)
        let errorPath = folder + "/stderr.txt"
        let child = try Child(try kinetic(), arguments.map { $0 == "{level}" ? level : $0.replacingOccurrences(of: "{folder}", with: folder) },
                              errorPath: errorPath)
        let exited = child.waitForExit(timeout: 30)
        if !exited { child.terminate() }
        try #require(exited, "kinetic \(arguments.joined(separator: " ")) did not finish in 30 s")
        return (child.status, (try? String(contentsOfFile: errorPath, encoding: .utf8)) ?? "")
    }

    /// Polls `condition` every 20 ms until it holds or `timeout` seconds pass; returns whether it held.
    static func poll(timeout: Double, _ condition: () throws -> Bool) rethrows -> Bool {
        let deadline = Date().addingTimeInterval(timeout)
        while true {
            if try condition() { return true }
            if Date() >= deadline { return false }
            Thread.sleep(forTimeInterval: 0.02)
        }
    }
}

/// A running child process whose standard output is collected as it arrives, so a test can wait for
/// a line while the process keeps running. Standard error goes to a file (`errorPath`) when given.
final class Child: @unchecked Sendable {
    let process = Process()
    private let collected = Collected()
    private let reader: Thread

    /// Bytes appended by the reader thread and read by the test, under a lock.
    private final class Collected: @unchecked Sendable {
        private let lock = NSLock()
        private var data = Data()
        func append(_ chunk: Data) { lock.withLock { data.append(chunk) } }
        var text: String { lock.withLock { String(decoding: data, as: UTF8.self) } }
    }

    init(_ program: String, _ arguments: [String], environment: [String: String] = [:],
         errorPath: String? = nil) throws {
        process.executableURL = URL(fileURLWithPath: program)
        process.arguments = arguments
        var env = ProcessInfo.processInfo.environment
        env["NO_COLOR"] = "1"
        for (key, value) in environment { env[key] = value }
        process.environment = env
        let out = Pipe()
        process.standardOutput = out
        process.standardInput = FileHandle.nullDevice
        if let errorPath {
            _ = FileManager.default.createFile(atPath: errorPath, contents: nil)
            process.standardError = FileHandle(forWritingAtPath: errorPath)
        } else {
            process.standardError = FileHandle.nullDevice
        }
        let handle = out.fileHandleForReading
        let collected = collected
        reader = Thread {
            // `availableData` blocks until bytes arrive and is empty at end of file.
            while true {
                let chunk = handle.availableData
                if chunk.isEmpty { break }
                collected.append(chunk)
            }
        }
        try process.run()
        reader.start()
    }

    /// Standard output received so far.
    var output: String { collected.text }

    /// The lines of standard output received so far that begin with `prefix`.
    func lines(startingWith prefix: String) -> [String] {
        output.split(separator: "\n").map(String.init).filter { $0.hasPrefix(prefix) }
    }

    /// Waits up to `timeout` seconds for the process to end (and its output to be read); returns whether it did.
    func waitForExit(timeout: Double) -> Bool {
        guard CLI.poll(timeout: timeout, { !process.isRunning && reader.isFinished }) else { return false }
        // Lets Foundation drop the run-loop source through which a launched Process holds itself
        // (without it each Process and its pipes leak).
        process.waitUntilExit()
        return true
    }

    var status: Int32 { process.isRunning ? -1 : process.terminationStatus }

    /// Ends the process (SIGTERM, then SIGKILL after a second) if it is still running.
    func terminate() {
        guard process.isRunning else { return }
        process.terminate()
        if !CLI.poll(timeout: 1, { !process.isRunning }) {
            kill(process.processIdentifier, SIGKILL)
        }
        process.waitUntilExit()
    }
}
