// GIF and MP4 output through ffmpeg, checked with ffprobe: frame count and size.

import Foundation
import KineticRender
import Testing

private let ffprobe: String? = {
    let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
    return path.split(separator: ":").map { $0 + "/ffprobe" }.first { FileManager.default.isExecutableFile(atPath: $0) }
}()

private let ffmpegMissingMessage = "ffmpeg/ffprobe not found on PATH; install with scripts/install-deps.sh --test"

/// ffprobe's count of decoded frames and the stream size: "frames,width,height".
private func probe(_ path: String) throws -> (frames: Int, width: Int, height: Int) {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: ffprobe!)
    process.arguments = ["-v", "error", "-count_frames", "-select_streams", "v:0",
                         "-show_entries", "stream=nb_read_frames,width,height", "-of", "csv=p=0", path]
    let pipe = Pipe()
    process.standardOutput = pipe
    try process.run()
    let data = pipe.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    let fields = String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        .split(separator: ",").compactMap { Int($0) }
    guard fields.count == 3 else { return (-1, -1, -1) }
    return (fields[2], fields[0], fields[1]) // csv order: width, height, nb_read_frames
}

/// Ten frames of a ball crossing a 120 × 80 scene.
private func frames(width: Int = 120, height: Int = 80) throws -> [FrameBuffer] {
    let renderer = Renderer()
    return try (0..<10).map { i in
        let scene = RenderScene(size: Size(120, 80), background: Color(red: 0.74, green: 0.89, blue: 0.97), items: [
            SceneItem(id: 1, shape: .ellipse(size: Size(20, 20)), center: Vec2(10 + Double(i) * 10, 40),
                      fill: Color(red: 1, green: 0.5, blue: 0), stroke: .black, strokeWidth: 1),
        ])
        return try renderer.frame(scene, size: .pixels(width: width, height: height))
    }
}

private func temporaryPath(_ name: String) -> String {
    FileManager.default.temporaryDirectory.appendingPathComponent("kinetic-video-\(getpid())-\(name)").path
}

@Suite(.serialized) struct VideoEncoderTests {
    @Test(arguments: ["gif", "mp4"])
    func writesTenFramesAt120x80(ext: String) throws {
        guard VideoEncoder.ffmpegPath() != nil, ffprobe != nil else {
            print("skipping VideoEncoder \(ext) test: \(ffmpegMissingMessage)")
            return
        }
        let path = temporaryPath("clip.\(ext)")
        defer { try? FileManager.default.removeItem(atPath: path) }
        let encoder = try VideoEncoder(path: path, width: 120, height: 80, framesPerSecond: 10)
        for frame in try frames() { try encoder.append(frame) }
        #expect(!FileManager.default.fileExists(atPath: path)) // nothing under the final name yet
        try encoder.finish()
        let info = try probe(path)
        #expect(info.frames == 10 && info.width == 120 && info.height == 80, "\(info)")
    }

    @Test func oddSizedMP4IsPaddedToEven() throws {
        guard VideoEncoder.ffmpegPath() != nil, ffprobe != nil else {
            print("skipping: \(ffmpegMissingMessage)")
            return
        }
        let path = temporaryPath("odd.mp4")
        defer { try? FileManager.default.removeItem(atPath: path) }
        let encoder = try VideoEncoder(path: path, width: 121, height: 81, framesPerSecond: 10)
        for frame in try frames(width: 121, height: 81) { try encoder.append(frame) }
        try encoder.finish()
        let info = try probe(path)
        #expect(info.width == 122 && info.height == 82 && info.frames == 10, "\(info)")
    }

    @Test func mp4KeepsEveryFrameInOrderWithItsColours() throws {
        guard let ffmpeg = VideoEncoder.ffmpegPath() else {
            print("skipping: \(ffmpegMissingMessage)")
            return
        }
        // Eight flat frames, each its own colour (the basketball level's sky among them), at an
        // odd size: decoded back, each must come out in its place with its colour.
        let colours: [(UInt8, UInt8, UInt8)] = [(189, 227, 247), (255, 0, 0), (0, 255, 0), (0, 0, 255),
                                                 (255, 255, 255), (20, 20, 20), (255, 128, 0), (128, 0, 128)]
        let (width, height) = (121, 81)
        let path = temporaryPath("colours.mp4")
        defer { try? FileManager.default.removeItem(atPath: path) }
        let encoder = try VideoEncoder(path: path, width: width, height: height, framesPerSecond: 10)
        for (r, g, b) in colours {
            var frame = FrameBuffer(width: width, height: height)
            for i in 0..<width * height { frame.pixels.replaceSubrange(i * 4..<i * 4 + 4, with: [b, g, r, 255]) }
            try encoder.append(frame)
        }
        try encoder.finish()

        let decode = Process()
        decode.executableURL = URL(fileURLWithPath: ffmpeg)
        decode.arguments = ["-v", "error", "-i", path, "-f", "rawvideo", "-pix_fmt", "rgb24", "pipe:1"]
        let pipe = Pipe()
        decode.standardOutput = pipe
        try decode.run()
        let decoded = [UInt8](pipe.fileHandleForReading.readDataToEndOfFile())
        decode.waitUntilExit()
        let frameBytes = (width + 1) * (height + 1) * 3  // padded to even sizes
        #expect(decoded.count == colours.count * frameBytes, "\(decoded.count) bytes")
        for (index, colour) in colours.enumerated() where decoded.count >= (index + 1) * frameBytes {
            // Not the last column and row: their chroma is shared with the black padding.
            for (x, y) in [(0, 0), (60, 40), (width - 2, height - 2)] {
                let at = index * frameBytes + (y * (width + 1) + x) * 3
                let got = (Int(decoded[at]), Int(decoded[at + 1]), Int(decoded[at + 2]))
                #expect(abs(got.0 - Int(colour.0)) <= 4 && abs(got.1 - Int(colour.1)) <= 4 && abs(got.2 - Int(colour.2)) <= 4,
                        "frame \(index) at (\(x), \(y)): \(got), drawn \(colour)")
            }
        }
    }

    @Test func cancelLeavesNoFileBehind() throws {
        guard VideoEncoder.ffmpegPath() != nil else {
            print("skipping: \(ffmpegMissingMessage)")
            return
        }
        let path = temporaryPath("cancelled.gif")
        let encoder = try VideoEncoder(path: path, width: 120, height: 80, framesPerSecond: 10)
        try encoder.append(try frames()[0])
        encoder.cancel()
        #expect(!FileManager.default.fileExists(atPath: path))
        let folder = FileManager.default.temporaryDirectory.path
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: folder).filter { $0.contains("cancelled.gif") }
        #expect(leftovers.isEmpty, "\(leftovers)")
    }

    @Test func wrongFrameSizeAndUnknownFormatAreErrors() throws {
        #expect(throws: RenderError.self) {
            _ = try VideoEncoder(path: temporaryPath("x.avi"), width: 10, height: 10, framesPerSecond: 10)
        }
        guard VideoEncoder.ffmpegPath() != nil else { return }
        let encoder = try VideoEncoder(path: temporaryPath("size.mp4"), width: 120, height: 80, framesPerSecond: 10)
        #expect(throws: RenderError.self) { try encoder.append(FrameBuffer(width: 10, height: 10)) }
        encoder.cancel()
    }

    @Test func ffmpegFailureReportsItsLog() throws {
        guard VideoEncoder.ffmpegPath() != nil else { return }
        // The output folder does not exist, so ffmpeg cannot open its (temporary) output file.
        do {
            let encoder = try VideoEncoder(path: "/nonexistent-kinetic-folder/out.mp4", width: 120, height: 80,
                                           framesPerSecond: 10)
            for frame in try frames() { try encoder.append(frame) }
            try encoder.finish()
            Issue.record("encoding into a missing folder succeeded")
        } catch let RenderError.ffmpegFailed(status, log) {
            #expect(status != 0)
            #expect(log.contains("No such file or directory"), "\(log)")
        }
    }

    @Test func missingFFmpegExplainsHowToInstallIt() {
        let message = "\(RenderError.ffmpegMissing)"
        #expect(message.contains("apt-get install ffmpeg") && message.contains("scripts/install-deps.sh"))
    }

    @Test func gifArgumentsUseAPaletteAndCapTheFrameRate() {
        let gif = VideoEncoder.Format.gif
        let args = VideoEncoderArguments.of(gif, fps: 60)
        #expect(args.contains { $0.contains("palettegen") && $0.hasPrefix("[0:v]fps=50,") })
        #expect(!VideoEncoderArguments.of(gif, fps: 30).contains { $0.contains("fps=") })
        // Two passes, so ffmpeg never holds the whole clip: the first keeps the frames (lossless)
        // and the palette beside the output, the second applies the palette.
        #expect(!args.contains { $0.contains("paletteuse") } && args.contains("ffv1"))
        #expect(VideoEncoder.gifSecondPass(output: "/tmp/x").contains { $0.contains("paletteuse") })
    }
}

private enum VideoEncoderArguments {
    static func of(_ format: VideoEncoder.Format, fps: Double) -> [String] {
        VideoEncoder.commandLine(format: format, width: 120, height: 80, framesPerSecond: fps, output: "/tmp/x")
    }
}
