// Video and animated GIF output: raw frames piped into an `ffmpeg` child process, which writes
// a temporary file that is renamed to the final name only when encoding succeeded.

import Foundation

/// Encodes `FrameBuffer`s into an `.mp4` (H.264, yuv420p) or a `.gif` (per-file palette) via `ffmpeg`.
///
///     let encoder = try VideoEncoder(path: "out.gif", width: 375, height: 667, framesPerSecond: 30)
///     for scene in scenes { try encoder.append(try renderer.frame(scene)) }
///     try encoder.finish()
///
/// Until `finish()` returns, the output exists only as a hidden `.<name>.partial-<pid>` file beside
/// it (a GIF's first pass keeps its palette and frames beside that too), so a failed or cancelled
/// run never leaves a truncated file under the final name; `finish()` renames it only when ffmpeg
/// succeeded and the file ends as its format should. Ignores SIGPIPE for the process, so a crashed
/// `ffmpeg` is reported as an error instead of killing the caller.
public final class VideoEncoder {
    /// Output container and codec.
    public enum Format: String, Sendable, CaseIterable {
        /// Animated GIF, palette generated from the whole clip, looping forever.
        case gif
        /// MPEG-4 with H.264 video in yuv420p (plays everywhere; odd sizes are padded to even).
        case mp4

        /// The format named by the extension of `path` (case-insensitive).
        /// - Throws: `RenderError.unsupportedFormat`.
        public init(path: String) throws {
            guard let format = Format(rawValue: URL(fileURLWithPath: path).pathExtension.lowercased()) else {
                throw RenderError.unsupportedFormat(path: path, supported: Format.allCases.map(\.rawValue))
            }
            self = format
        }

        /// Whether the file at `path` is a whole file of this format as far as its ends show: a GIF
        /// ends with its trailer byte, an MP4 starts with its `ftyp` box.
        func isComplete(_ path: String) -> Bool {
            guard let file = FileHandle(forReadingAtPath: path) else { return false }
            defer { try? file.close() }
            guard let size = try? file.seekToEnd(), size > 8 else { return false }
            switch self {
            case .gif:
                try? file.seek(toOffset: size - 1)
                return (try? file.read(upToCount: 1)) == Data([0x3B])
            case .mp4:
                try? file.seek(toOffset: 4)
                return (try? file.read(upToCount: 4)) == Data("ftyp".utf8)
            }
        }
    }

    /// GIF frame delays are whole hundredths of a second and players slow anything under 2/100 s,
    /// so GIFs are resampled to at most this many frames per second.
    public static let maximumGIFFramesPerSecond = 50.0

    /// Final output path.
    public let path: String
    /// Frame width and height, pixels; every appended frame must have this size.
    public let width: Int
    /// Frame height, pixels.
    public let height: Int
    /// Frames per second of the input (simulation frames per second of video).
    public let framesPerSecond: Double
    /// Container and codec.
    public let format: Format
    /// Frames appended so far.
    public private(set) var frameCount = 0

    private let ffmpeg: String
    /// The running `ffmpeg` (for a GIF, the first pass until `finish()` starts the second).
    private var process: Process
    private let input: FileHandle
    /// An MP4's frames are sent as H.264 stores them (`YUV420Frame`), converted in this buffer; a
    /// GIF's as drawn, since its palette is chosen from the colours.
    private var planarFrame: YUV420Frame?
    private let temporaryPath: String
    /// What the running ffmpeg prints (errors only), read through a pipe: no log file to leave behind.
    private var log: ProcessLog
    private var isDone = false
    /// Sounds `finish()` mixes into an MP4's audio track at their times (`SoundTrack`); a GIF has
    /// no sound. Empty: a video without an audio stream.
    public var soundTrack: [AudioCue] = []

    /// Starts `ffmpeg` writing `path`; the format comes from the extension unless given.
    /// - Throws: `RenderError.ffmpegMissing` when `ffmpeg` is not on PATH, `.invalidSize`,
    ///   `.unsupportedFormat`, or `.cannotWrite` when the process cannot start.
    public init(path: String, width: Int, height: Int, framesPerSecond: Double, format: Format? = nil) throws {
        guard width >= 1, height >= 1, width <= 16384, height <= 16384 else {
            throw RenderError.invalidSize("video frames of \(width) × \(height) pixels")
        }
        guard framesPerSecond > 0, framesPerSecond.isFinite else {
            throw RenderError.invalidSize("\(framesPerSecond) frames per second must be positive")
        }
        self.format = try format ?? Format(path: path)
        guard let ffmpeg = VideoEncoder.ffmpegPath() else { throw RenderError.ffmpegMissing }
        self.ffmpeg = ffmpeg
        self.path = path
        self.width = width
        self.height = height
        self.framesPerSecond = framesPerSecond
        temporaryPath = AtomicFile.temporaryPath(for: path)

        planarFrame = self.format == .mp4 ? YUV420Frame(width: width, height: height) : nil
        signal(SIGPIPE, SIG_IGN)
        let pipe = Pipe()
        VideoEncoder.enlarge(pipe, toHold: planarFrame?.bytes.count ?? width * height * 4)
        input = pipe.fileHandleForWriting
        (process, log) = try VideoEncoder.start(ffmpeg, VideoEncoder.commandLine(
            format: self.format, width: width, height: height, framesPerSecond: framesPerSecond, output: temporaryPath),
            input: pipe, path: path)
    }

    /// Makes `pipe` hold a whole frame, so this process draws the next frame while ffmpeg reads
    /// the last one, instead of both taking turns over the small default buffer. Best effort: a
    /// system limit on pipe sizes leaves the largest size it allows, or the default. At most
    /// 16 MiB, since the kernel's buffer is memory no one can swap out.
    private static func enlarge(_ pipe: Pipe, toHold bytes: Int) {
        #if os(Linux)
        let F_SETPIPE_SZ: Int32 = 1031  // Linux's <fcntl.h> value, hidden from Swift behind _GNU_SOURCE
        let descriptor = pipe.fileHandleForWriting.fileDescriptor
        guard fcntl(descriptor, F_SETPIPE_SZ, Int32(min(bytes, 16 << 20))) < 0 else { return }
        if let limit = try? String(contentsOfFile: "/proc/sys/fs/pipe-max-size", encoding: .utf8),
           let size = Int32(limit.trimmingCharacters(in: .whitespacesAndNewlines)) {
            _ = fcntl(descriptor, F_SETPIPE_SZ, size)
        }
        #endif
    }

    /// Starts `ffmpeg` with `arguments`, its standard error read into a `ProcessLog`.
    private static func start(_ ffmpeg: String, _ arguments: [String], input: Any, path: String) throws -> (Process, ProcessLog) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: ffmpeg)
        process.arguments = arguments
        process.standardInput = input
        process.standardOutput = FileHandle.nullDevice
        let log = ProcessLog()
        process.standardError = log.pipe
        do {
            try process.run()
            log.startReading()
        } catch {
            throw RenderError.cannotWrite(path: path, reason: "could not start ffmpeg: \(error)")
        }
        return (process, log)
    }

    deinit {
        if !isDone { cancel() }
    }

    /// Sends one frame to the encoder.
    /// - Throws: `RenderError.invalidSize` for a frame of another size; `.ffmpegFailed` when
    ///   `ffmpeg` has stopped (its log is in the error).
    public func append(_ frame: FrameBuffer) throws {
        guard !isDone else { throw RenderError.cannotWrite(path: path, reason: "the encoder is already finished") }
        guard frame.width == width, frame.height == height else {
            throw RenderError.invalidSize("frame of \(frame.width) × \(frame.height) pixels sent to a "
                                          + "\(width) × \(height) video")
        }
        let failed: Bool
        if var planar = planarFrame {
            planarFrame = nil  // `planar` the only reference: converted in place, not copied
            planar.convert(frame)
            failed = !writeAll(planar.bytes)
            planarFrame = planar
        } else {
            failed = !writeAll(frame.pixels)
        }
        if failed {
            // EPIPE: ffmpeg exited early; its log says why.
            try? input.close()
            process.waitUntilExit()
            isDone = true
            let error = RenderError.ffmpegFailed(status: process.terminationStatus, log: logTail())
            cleanUp()
            throw error
        }
        frameCount += 1
    }

    /// Writes all of `bytes` to ffmpeg; false when it stopped reading.
    private func writeAll(_ bytes: [UInt8]) -> Bool {
        let fd = input.fileDescriptor
        return bytes.withUnsafeBytes { bytes -> Bool in
            var offset = 0
            while offset < bytes.count {
                let written = write(fd, bytes.baseAddress! + offset, bytes.count - offset)
                if written < 0 {
                    if errno == EINTR { continue }
                    return false
                }
                offset += written
            }
            return true
        }
    }

    /// Closes the stream, waits for `ffmpeg` and renames the finished file to `path`.
    /// - Throws: `RenderError.ffmpegFailed` with the end of ffmpeg's log, or `.cannotWrite`.
    public func finish() throws {
        guard !isDone else { return }
        isDone = true
        try? input.close()
        try waitForFFmpeg()
        if format == .gif {
            // Second pass: the frames the first pass kept (lossless) mapped onto its palette.
            (process, log) = try VideoEncoder.start(ffmpeg, VideoEncoder.gifSecondPass(output: temporaryPath),
                                                    input: FileHandle.nullDevice, path: path)
            try waitForFFmpeg()
        }
        if format == .mp4, !soundTrack.isEmpty, format.isComplete(temporaryPath) {
            try mixSoundTrack()
        }
        // `-xerror` makes ffmpeg report a failed write, but a file it could not finish is still
        // checked here: a truncated video must never take the final name.
        guard format.isComplete(temporaryPath) else {
            let log = logTail()
            cleanUp()
            throw RenderError.cannotWrite(path: path, reason: "ffmpeg wrote an incomplete file"
                                          + (log.isEmpty ? " (a full disk or a file size limit?)" : ":\n" + log))
        }
        removeIntermediates()
        try AtomicFile.moveIntoPlace(temporaryPath, path)
    }

    /// Second pass of an MP4 with sound: the finished video's frames copied, the sounds mixed into
    /// an audio track as long as the video, the result put in its place.
    private func mixSoundTrack() throws {
        let (graph, mixed) = VideoEncoder.soundIntermediates(output: temporaryPath)
        let duration = Double(frameCount) / framesPerSecond
        do {
            try SoundTrack.filterGraph(cues: soundTrack, duration: duration).write(toFile: graph, atomically: false, encoding: .utf8)
        } catch {
            cleanUp()
            throw RenderError.cannotWrite(path: path, reason: "\(error)")
        }
        (process, log) = try VideoEncoder.start(ffmpeg, SoundTrack.mixArguments(video: temporaryPath, cues: soundTrack, duration: duration,
                                                                              graphFile: graph, output: mixed),
                                                input: FileHandle.nullDevice, path: path)
        try waitForFFmpeg()
        do {
            try FileManager.default.removeItem(atPath: temporaryPath)
            try FileManager.default.moveItem(atPath: mixed, toPath: temporaryPath)
        } catch {
            cleanUp()
            throw RenderError.cannotWrite(path: path, reason: "\(error)")
        }
    }

    static func soundIntermediates(output: String) -> (graph: String, mixed: String) {
        (output + ".sound.txt", output + ".sound.mp4")
    }

    /// Waits for the running ffmpeg; a failure removes the partial output and is thrown.
    private func waitForFFmpeg() throws {
        process.waitUntilExit()
        guard process.terminationReason == .exit, process.terminationStatus == 0 else {
            let error = RenderError.ffmpegFailed(status: process.terminationStatus, log: logTail())
            cleanUp()
            throw error
        }
    }

    /// Stops `ffmpeg` and deletes the partial output; `path` is left untouched.
    public func cancel() {
        guard !isDone else { return }
        isDone = true
        try? input.close()
        // SIGKILL rather than terminate(): a child started from a thread that blocks SIGTERM (any
        // Dispatch worker) inherits the block and would ignore it.
        if process.isRunning { kill(process.processIdentifier, SIGKILL) }
        process.waitUntilExit()
        cleanUp()
    }

    // MARK: - ffmpeg

    /// The `ffmpeg` executable on PATH, or nil.
    public static func ffmpegPath() -> String? {
        executable(named: "ffmpeg")
    }

    /// The first executable file called `name` in the folders of PATH.
    static func executable(named name: String) -> String? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/local/bin:/usr/bin:/bin"
        for folder in path.split(separator: ":") where !folder.isEmpty {
            let candidate = folder + "/" + name
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
        }
        return nil
    }

    /// The `ffmpeg` arguments (without the program name) for a video of this format, size and rate
    /// written to `output`: raw frames on standard input (BGRA for a GIF, yuv420p for an MP4), the
    /// format's encoder settings, and an explicit muxer (the temporary name's extension is not the
    /// real one).
    public static func commandLine(format: Format, width: Int, height: Int, framesPerSecond: Double,
                          output: String) -> [String] {
        // -xerror: stop with a non-zero status on an error, such as a failed write (without it, a
        // GIF whose trailer could not be written ends with status 0).
        func input(_ pixelFormat: String, _ width: Int, _ height: Int) -> [String] {
            ["-hide_banner", "-loglevel", "error", "-xerror", "-y",
             "-f", "rawvideo", "-pix_fmt", pixelFormat, "-video_size", "\(width)x\(height)",
             "-framerate", "\(framesPerSecond)", "-i", "pipe:0"]
        }
        switch format {
        case .gif:
            // One palette for the whole clip (palettegen) applied with ordered dithering (paletteuse):
            // far better colours than ffmpeg's default fixed palette, and stable between frames.
            // Two passes keep memory bounded: paletteuse cannot start before palettegen has seen the
            // last frame, so in one pass ffmpeg would hold every frame in memory. This first pass
            // writes the palette and the frames, losslessly compressed (FFV1), beside the output;
            // `gifSecondPass` maps them onto the palette.
            let (frames, palette) = gifIntermediates(output: output)
            let resample = framesPerSecond > maximumGIFFramesPerSecond ? "fps=\(Int(maximumGIFFramesPerSecond))," : ""
            return input("bgra", width, height)
                + ["-filter_complex", "[0:v]\(resample)split[a][b];[a]palettegen=stats_mode=full[p]",
                   "-map", "[p]", "-frames:v", "1", "-f", "image2", palette,
                   "-map", "[b]", "-c:v", "ffv1", "-f", "nut", frames]
        case .mp4:
            // Frames arrive as yuv420p (`YUV420Frame`), padded to even sizes, as that format needs.
            // superfast: on drawn scenes (flat colours, sharp edges) it keeps at least the detail of
            // the slower presets at this crf, in a larger file, for a fraction of their time.
            let planar = YUV420Frame.size(width: width, height: height)
            return input("yuv420p", planar.width, planar.height)
                + ["-c:v", "libx264", "-pix_fmt", "yuv420p", "-preset", "superfast", "-crf", "18",
                   "-movflags", "+faststart", "-f", "mp4", output]
        }
    }

    /// The second pass of a GIF (see `commandLine`): the first pass's frames and palette into `output`.
    public static func gifSecondPass(output: String) -> [String] {
        let (frames, palette) = gifIntermediates(output: output)
        return ["-hide_banner", "-loglevel", "error", "-xerror", "-y", "-i", frames, "-i", palette,
                "-filter_complex", "[0:v][1:v]paletteuse=dither=bayer:bayer_scale=4", "-loop", "0", "-f", "gif", output]
    }

    /// Where the first pass of a GIF written to `output` keeps its frames and palette (beside it).
    static func gifIntermediates(output: String) -> (frames: String, palette: String) {
        (output + ".frames.nut", output + ".palette.png")
    }

    private func logTail() -> String {
        log.text.split(separator: "\n").suffix(12).joined(separator: "\n")
    }

    private func cleanUp() {
        try? FileManager.default.removeItem(atPath: temporaryPath)
        removeIntermediates()
    }

    private func removeIntermediates() {
        let (graph, mixed) = VideoEncoder.soundIntermediates(output: temporaryPath)
        try? FileManager.default.removeItem(atPath: graph)
        try? FileManager.default.removeItem(atPath: mixed)
        guard format == .gif else { return }
        let (frames, palette) = VideoEncoder.gifIntermediates(output: temporaryPath)
        try? FileManager.default.removeItem(atPath: frames)
        try? FileManager.default.removeItem(atPath: palette)
    }
}

/// The standard error of a child process, read on a thread as it comes (so the child never blocks
/// on a full pipe) and kept in memory.
private final class ProcessLog: @unchecked Sendable {
    let pipe = Pipe()
    private let lock = NSLock()
    private let done = DispatchSemaphore(value: 0)
    private var data = Data()

    func startReading() {
        // The parent's copy of the write end must close, or the reader never sees the end.
        try? pipe.fileHandleForWriting.close()
        Thread { [self] in
            let reader = pipe.fileHandleForReading
            while let chunk = try? reader.read(upToCount: 4096), !chunk.isEmpty {
                lock.lock()
                data.append(chunk)
                if data.count > 1 << 16 { data = data.suffix(1 << 15) }  // the end is what explains
                lock.unlock()
            }
            done.signal()
        }.start()
    }

    /// Everything read, once the child has closed its end (call after it exited).
    var text: String {
        done.wait()
        done.signal()
        lock.lock(); defer { lock.unlock() }
        return String(decoding: data, as: UTF8.self)
    }
}
