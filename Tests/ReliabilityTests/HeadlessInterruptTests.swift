// Ctrl-C (SIGINT) or SIGTERM ending a headless `kinetic run` or `kinetic watch`: the summary line
// still says where the level stopped (time, steps), and the process ends by the signal.
import Foundation
import Testing

@Suite struct HeadlessInterruptTests {
    struct Case: CustomStringConvertible, Sendable {
        let command: [String]
        let signal: Int32
        var description: String { "\(command[0]) \(signal == SIGINT ? "SIGINT" : "SIGTERM")" }
    }

    static let cases = [["run", "--headless", "--seconds", "600"], ["watch", "--headless", "--poll"]].flatMap { command in
        [SIGINT, SIGTERM].map { Case(command: command, signal: $0) }
    }

    @Test("an interrupted headless run says where it stopped", arguments: cases)
    func interruptedRunPrintsItsSummary(_ test: Case) throws {
        // The level announces on standard error (unbuffered) that it is stepping, and each step
        // spins a little so that 600 s of level time outlast the test.
        let update = "function level.update(world, dt)\n  if not announced then warn('stepping'); announced = true end\n"
            + "  for i = 1, 100000 do end\nend"
        let folder = try levelFolder(["main.lua": sceneLevel("", tail: update)])
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let process = Process()
        // `env --default-signal=INT`: the test runner may ignore SIGINT, and children inherit that.
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["--default-signal=INT", try HostileCorpusTests.kinetic(), test.command[0], folder + "/main.lua"]
            + test.command.dropFirst()
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        let errors = StreamedText(err.fileHandleForReading)
        let deadline = Date().addingTimeInterval(60)
        while process.isRunning, !errors.text.contains("stepping"), Date() < deadline { usleep(20_000) }
        #expect(errors.text.contains("stepping"), "the level never stepped: \(errors.text)")
        kill(process.processIdentifier, test.signal)
        let said = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        let word = test.signal == SIGINT ? "SIGINT" : "SIGTERM"
        #expect(said.contains("interrupted (\(word)): "), "no summary: \(said) \(errors.text)")
        #expect(said.range(of: #"\d+\.\d\d s simulated in [1-9]\d* steps"#, options: .regularExpression) != nil, "\(said)")
        #expect(process.terminationReason == .uncaughtSignal && process.terminationStatus == test.signal)
    }
}

/// A pipe read to its end on a thread; `text` is what arrived so far.
final class StreamedText: @unchecked Sendable {
    private let lock = NSLock()
    private var data = Data()

    init(_ handle: FileHandle) {
        Thread { [self] in
            while case let chunk = handle.availableData, !chunk.isEmpty {  // what has arrived, not a full block
                lock.lock(); data.append(chunk); lock.unlock()
            }
        }.start()
    }

    var text: String {
        lock.lock(); defer { lock.unlock() }
        return String(decoding: data, as: UTF8.self)
    }
}
