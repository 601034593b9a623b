// `kinetic render` never replaces a good file with a bad one: a full disk (a file size limit here)
// and a script error in `level.draw` both exit 1 and leave the previous output as it was.
import Foundation
import KineticRender
import Testing

@Suite struct RenderOutputTests {
    /// Runs `kinetic` through /bin/sh after `prefix` (e.g. a `ulimit`), in `folder`; standard
    /// output and error are pipes, so a file size limit does not reach them.
    static func kinetic(_ arguments: String, prefix: String = "", in folder: String) throws -> (out: String, err: String, status: Int32) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", "\(prefix) exec \"$KINETIC\" \(arguments)"]
        process.currentDirectoryURL = URL(fileURLWithPath: folder)
        var environment = ProcessInfo.processInfo.environment
        environment["KINETIC"] = try HostileCorpusTests.kinetic()
        environment["NO_COLOR"] = "1"
        process.environment = environment
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let errorText = LockedText()
        let reader = Thread { errorText.value = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self) }
        reader.start()
        let outText = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return (outText, errorText.wait(), process.terminationReason == .uncaughtSignal ? 128 + process.terminationStatus : process.terminationStatus)
    }

    /// Everything in `folder` except the level.
    static func leftovers(_ folder: String) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).filter { $0 != "main.lua" }.sorted()
    }

    static let videoFormats: Set<String> = ["gif", "mp4"]

    @Test("a full disk exits 1 and keeps the previous file", arguments: ["png", "svg", "pdf", "gif", "mp4"])
    func fullDiskKeepsThePreviousFile(_ format: String) throws {
        if Self.videoFormats.contains(format), VideoEncoder.ffmpegPath() == nil { return }
        let folder = try levelFolder(["main.lua": sceneLevel("")])
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let good = Data("the previous render\n".utf8)
        try good.write(to: URL(fileURLWithPath: folder + "/out.\(format)"))
        // A file size limit of 512 bytes (`ulimit -f` counts 512-byte blocks) fails writes part-way, as a full disk does; SIGXFSZ is
        // ignored so the write returns its error (EFBIG) instead of killing the process.
        let result = try Self.kinetic("render main.lua -o out.\(format) --seconds 0.5 --quiet",
                                      prefix: "ulimit -f 1; trap '' XFSZ;", in: folder)
        #expect(result.status == 1, "\(result)")
        #expect(!result.out.contains("wrote"), "\(result)")
        #expect(result.err.contains("File too large"), "\(result)")
        #expect(FileManager.default.contents(atPath: folder + "/out.\(format)") == good, "the previous file was replaced")
        #expect(Self.leftovers(folder) == ["out.\(format)"], "temporary files left behind")
    }

    @Test func fullDiskInASequenceWritesNoFrame() throws {
        // Frames are small until 0.5 s, then the HUD's noise makes them far larger than the limit:
        // the first frames are written, a later one fails.
        let noise = """
            function level.draw(world, canvas)
              if world.time < 0.5 then return end
              for i = 1, 2000 do
                canvas:rect(math.random(0, 370), math.random(0, 660), 4, 4, { fill = string.format("#%06x", math.random(0, 0xffffff)) })
              end
            end
            """
        let folder = try levelFolder(["main.lua": sceneLevel("", tail: noise)])
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let result = try Self.kinetic("render main.lua -o 'f%02d.png' --seconds 1 --fps 10 --quiet",
                                      prefix: "ulimit -f 16; trap '' XFSZ;", in: folder)
        #expect(result.status == 1, "\(result)")
        #expect(result.err.contains("cannot write 'f05.png': File too large"), "\(result)")
        #expect(Self.leftovers(folder).isEmpty, "frames or temporary files left behind")
    }

    @Test("a draw error exits 1 and writes nothing", arguments: ["png", "pdf", "f%02d.png", "gif", "mp4"])
    func drawErrorFailsTheRender(_ format: String) throws {
        if Self.videoFormats.contains(format), VideoEncoder.ffmpegPath() == nil { return }
        let draw = "function level.draw(world, canvas)\n  if world.time > 0.2 then error('the HUD broke') end\nend"
        let folder = try levelFolder(["main.lua": sceneLevel("", tail: draw)])
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let output = format.contains("%") ? format : "out.\(format)"
        let result = try Self.kinetic("render main.lua -o '\(output)' --seconds 0.5 --at 0.5 --quiet", in: folder)
        #expect(result.status == 1, "\(result)")
        #expect(result.err.contains("main.lua:12: the HUD broke"), "\(result)")
        #expect(Self.leftovers(folder).isEmpty, "a file was written without its HUD")
    }
}

/// Text handed from a reader thread to the test.
final class LockedText: @unchecked Sendable {
    private let ready = DispatchSemaphore(value: 0)
    private var text = ""
    var value: String {
        get { text }
        set { text = newValue; ready.signal() }
    }
    func wait() -> String { ready.wait(); return text }
}
