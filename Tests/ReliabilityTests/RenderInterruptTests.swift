// SIGINT or SIGTERM while `kinetic render` records a video or a PNG sequence: the final names must
// never hold a half-written file or a part of a sequence, and nothing else may remain (no hidden
// partial files, no ffmpeg logs).
import Foundation
import KineticRender
import Testing

@Suite struct RenderInterruptTests {
    struct Case: CustomStringConvertible, Sendable {
        let output: String
        let signal: Int32
        var description: String { "\(output) \(signal == SIGINT ? "SIGINT" : "SIGTERM")" }
    }

    static let cases = ["out.mp4", "out.gif", "f%03d.png"].flatMap { output in
        [SIGINT, SIGTERM].map { Case(output: output, signal: $0) }
    }

    @Test("an interrupted render leaves nothing behind", arguments: cases)
    func interruptedRenderLeavesNothing(_ test: Case) throws {
        if !test.output.hasSuffix(".png"), VideoEncoder.ffmpegPath() == nil { return }
        let kinetic = try HostileCorpusTests.kinetic()
        let folder = try levelFolder(["main.lua": sceneLevel("")])
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let process = Process()
        // The test runner may ignore SIGINT, and children inherit that: `env --default-signal=INT`
        // restores the default disposition, as in a terminal.
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["--default-signal=INT", kinetic, "render", folder + "/main.lua", "-o", folder + "/" + test.output,
                             "--seconds", "600", "--quiet"]
        process.standardOutput = FileHandle.nullDevice
        let errors = Pipe()
        process.standardError = errors
        try process.run()
        // Wait (up to 60 s) until frames are being written: a hidden partial file, or frames in
        // the sequence's hidden folder.
        let hidden = "." + test.output + ".partial-"
        func recording() -> Bool {
            let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
            guard let partial = names.first(where: { $0.hasPrefix(hidden) }) else { return false }
            guard test.output.hasSuffix(".png") else { return true }
            return ((try? FileManager.default.contentsOfDirectory(atPath: folder + "/" + partial)) ?? []).count > 2
        }
        let deadline = Date().addingTimeInterval(60)
        while process.isRunning && !recording() && Date() < deadline { usleep(50_000) }
        #expect(process.isRunning, "render ended before it could be interrupted")
        #expect(recording(), "no partial output appeared: the interrupt did not land mid-recording")
        kill(process.processIdentifier, test.signal)
        let said = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        // The process ends by the signal, as an interrupted command should.
        #expect(process.terminationReason == .uncaughtSignal && process.terminationStatus == test.signal, "\(said)")
        #expect(said.contains("interrupted"), "\(said)")
        let left = ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).filter { $0 != "main.lua" }
        #expect(left.isEmpty, "left behind: \(left)")
        let logs = ((try? FileManager.default.contentsOfDirectory(atPath: NSTemporaryDirectory())) ?? [])
            .filter { $0.hasPrefix("kinetic-ffmpeg-\(process.processIdentifier)-") }
        #expect(logs.isEmpty, "ffmpeg logs left behind: \(logs)")
    }
}
