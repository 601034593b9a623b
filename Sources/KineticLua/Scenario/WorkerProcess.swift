// Runs each case in a child process (`kinetic test --worker …`): a crash or a hang takes down only
// that case, and cases run in parallel. The child answers with one `WorkerLine`.
import Foundation

/// Runs cases in worker processes of `executable` (the `kinetic` binary itself).
public struct ProcessExecutor: CaseExecutor {
    /// The binary to start.
    public var executable: String
    /// Seconds after the case's own time budget before the worker is killed (it normally stops
    /// itself with a `file:line` report first).
    public var grace: Double = 5

    public init(executable: String) { self.executable = executable }

    /// The worker's command line.
    public static func arguments(file: String, case name: String?, settings: ScenarioSettings) -> [String] {
        let json = String(decoding: (try? JSONEncoder().encode(settings)) ?? Data(), as: UTF8.self)
        var arguments = ["test", "--worker", file, "--worker-settings", json]
        if let name { arguments += ["--worker-case", name] }
        return arguments
    }

    public func list(file: String, settings: ScenarioSettings) -> FileListing {
        let (text, seconds, ending) = launch(Self.arguments(file: file, case: nil, settings: settings), timeout: settings.timeout)
        let (listing, others) = WorkerLine.decode(FileListing.self, from: text)
        return listing ?? FileListing(cases: [], error: .error("listing the file's scenarios failed: \(ending)", details: others, seconds: seconds))
    }

    public func run(file: String, case name: String, settings: ScenarioSettings) -> CaseResult {
        let (text, seconds, ending) = launch(Self.arguments(file: file, case: name, settings: settings), timeout: settings.timeout)
        let (result, others) = WorkerLine.decode(CaseResult.self, from: text)
        guard var result else { return .error("the case's worker \(ending)", details: others, seconds: seconds) }
        result.output += others
        return result
    }

    /// Runs the worker to completion or kills it after `timeout + grace` seconds. Returns what it
    /// wrote (standard output and error together), the wall time, and how it ended.
    func launch(_ arguments: [String], timeout: Double) -> (String, Double, String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        // The worker's lifeline: this process holds the write end until the worker is done. If
        // this process dies (Ctrl-C, SIGTERM, SIGKILL), the system closes it and the worker, which
        // reads its standard input, sees the end of file and exits (`ScenarioWorker.exitWithParent`).
        let lifeline = Pipe()
        process.standardInput = lifeline
        defer { try? lifeline.fileHandleForWriting.close() }
        let start = Date()
        do { try process.run() } catch {
            return ("", 0, "could not start (\(executable): \(error.localizedDescription))")
        }
        try? lifeline.fileHandleForReading.close()
        let killer = DispatchWorkItem { [process] in
            guard process.isRunning else { return }
            process.terminate()
            Thread.sleep(forTimeInterval: 1)
            if process.isRunning { kill(process.processIdentifier, SIGKILL) }
        }
        let limit = timeout + grace
        DispatchQueue.global().asyncAfter(deadline: .now() + limit, execute: killer)
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        killer.cancel()
        let seconds = Date().timeIntervalSince(start)
        let ending: String
        if process.terminationReason == .uncaughtSignal {
            ending = seconds >= limit ? "was killed after \(format(limit)) s (--timeout \(format(timeout)))"
                : "crashed (signal \(process.terminationStatus))"
        } else {
            ending = "exited with status \(process.terminationStatus) without a result"
        }
        return (String(decoding: data, as: UTF8.self), seconds, ending)
    }
}

/// The worker side: runs what `ProcessExecutor` asked for in this process and prints the answer.
public enum ScenarioWorker {
    /// Seconds past `--timeout` after which the worker gives up on its case by itself.
    static let overrun = 0.5

    /// Lists `file` (no `caseName`) or runs one case, and prints the one result line. A case still
    /// running `overrun` seconds after its timeout (a hang outside Lua, where no Lua budget can stop
    /// it, or a time stop the instruction hook missed) is reported as stopped and the process exits.
    public static func run(file: String, caseName: String?, settingsJSON: String) {
        exitWithParent()
        let answer = Answer()
        guard let settings = try? JSONDecoder().decode(ScenarioSettings.self, from: Data(settingsJSON.utf8)) else {
            answer.emit(WorkerLine.encode(CaseResult.error("bad --worker-settings: \(settingsJSON)")))
            return
        }
        let start = Date()
        DispatchQueue.global().asyncAfter(deadline: .now() + settings.timeout + overrun) {
            let message = "stopped: still running after --timeout \(format(settings.timeout)) s"
                + " (a hang outside Lua, such as world:run with a huge duration?)"
            let line = caseName == nil
                ? WorkerLine.encode(FileListing(cases: [], error: .error(message, seconds: Date().timeIntervalSince(start))))
                : WorkerLine.encode(CaseResult.error(message, seconds: Date().timeIntervalSince(start)))
            if answer.emit(line) { _exit(1) }
        }
        guard let caseName else {
            answer.emit(WorkerLine.encode(ScenarioCaseRunner.listCases(file: file, settings: settings)))
            return
        }
        answer.emit(WorkerLine.encode(ScenarioCaseRunner.run(file: file, case: caseName, settings: settings)))
    }

    /// Ends this worker as soon as its standard input reaches the end: the parent holds the pipe's
    /// write end while it waits for the answer, so the end means the parent is gone and nobody
    /// will read the answer. (Otherwise an interrupted `kinetic test` would leave its workers
    /// running until --timeout.)
    static func exitWithParent() {
        let watcher = Thread {
            var byte: UInt8 = 0
            while true {
                let count = read(0, &byte, 1)
                if count > 0 || (count < 0 && errno == EINTR) { continue }
                _exit(1)
            }
        }
        watcher.start()
    }

    /// The one result line: the first to emit wins.
    final class Answer: @unchecked Sendable {
        private let lock = NSLock()
        private var done = false

        @discardableResult
        func emit(_ line: String) -> Bool {
            lock.lock(); defer { lock.unlock() }
            guard !done else { return false }
            done = true
            FileHandle.standardOutput.write(Data((line + "\n").utf8))
            return true
        }
    }
}
