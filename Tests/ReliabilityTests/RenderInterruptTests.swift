// SIGINT while `kinetic render` records a video: the final name must never hold a half-written file.
import Foundation
import Testing

@Suite struct RenderInterruptTests {
    /// The `kinetic` executable built beside the test bundle.
    var kinetic: String {
        URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("kinetic").path
    }

    @Test func sigintDuringRenderLeavesNoFileUnderTheFinalName() throws {
        guard FileManager.default.isExecutableFile(atPath: kinetic) else {
            Issue.record("no kinetic executable at \(kinetic): build it with `swift build --product kinetic`")
            return
        }
        let folder = try levelFolder(["main.lua": sceneLevel("")])
        let output = folder + "/out.mp4"
        let process = Process()
        // The test runner may ignore SIGINT, and children inherit that: `env --default-signal=INT`
        // restores the default disposition, as in a terminal.
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["--default-signal=INT", kinetic, "render", folder + "/main.lua", "-o", output, "--seconds", "600"]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        // Wait (up to 60 s) until frames are being written to the hidden partial file.
        let deadline = Date().addingTimeInterval(60)
        func partial() -> Bool {
            ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).contains { $0.hasPrefix(".out.mp4.partial") }
        }
        while process.isRunning && !partial() && Date() < deadline { usleep(50_000) }
        #expect(process.isRunning, "render ended before it could be interrupted")
        #expect(partial(), "no partial file appeared: the interrupt did not land mid-recording")
        kill(process.processIdentifier, SIGINT)
        process.waitUntilExit()
        #expect(process.terminationReason == .uncaughtSignal || process.terminationStatus != 0)
        #expect(!FileManager.default.fileExists(atPath: output), "a half-written file is under the final name")
        // The hidden `.out.mp4.partial-<pid>` stays behind (the process died on the signal); it never
        // takes the final name.
    }
}
