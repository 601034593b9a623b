// `kinetic render`: a level to a picture (PNG, SVG, PDF), a numbered PNG sequence, or a video (GIF, MP4).
import ArgumentParser
import Dynamics
import Foundation
import KineticLua
import Render

struct RenderLevel: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "render",
        abstract: "Render a level to a picture or a video.",
        discussion: """
        The output's extension picks the format: .png (one frame at --at, or a numbered sequence when the name holds a %04d pattern), .svg and .pdf (one frame), .gif and .mp4 (an animation encoded by ffmpeg). The level runs headless at its fixed rate; frames are sampled at --fps.

        Exit codes: 0 success, 1 the level failed to load or raised an error, 64 bad command line.

        Examples:
          kinetic render examples/basketball -o basketball.gif --seconds 4
          kinetic render examples/shapes -o shapes.png --at 2 --debug
          kinetic render examples/fields -o frames/f%04d.png --seconds 2 --fps 15
        """
    )

    @OptionGroup var level: LevelArguments
    @OptionGroup var checks: CheckArguments

    @Option(name: .shortAndLong, help: "Output file: .png, .svg, .pdf, .gif or .mp4.")
    var output: String

    @Option(parsing: .unconditional, help: "Seconds to record for animations and sequences, at most 3600 (default: the level's `duration`, else 5).")
    var seconds: Double?

    @Option(parsing: .unconditional, help: "Frames per second of animations and sequences, at most 1000 (default 30; GIFs at most 50).")
    var fps: Double = 30

    @Option(parsing: .unconditional, help: "Output size in pixels, WxH (the scene keeps its aspect, letterboxed).")
    var size: String?

    @Option(parsing: .unconditional, help: "Pixels per point, in (0, 16] (default 1; ignored with --size).")
    var scale: Double?

    @Option(parsing: .unconditional, help: "Simulated time of a single picture, seconds, at most 3600 (default 0 for pictures).")
    var at: Double = 0

    @Flag(help: "Draw the debug overlay (collision outlines, attachments, contacts, field arrows).")
    var debug = false

    @Flag(help: "No progress bar.")
    var quiet = false

    enum Kind { case picture, sequence, video }

    var kind: Kind {
        let ext = (output as NSString).pathExtension.lowercased()
        if ext == "gif" || ext == "mp4" { return .video }
        if ext == "png" && PNGSequence.isPattern(output) { return .sequence }
        return .picture
    }

    func validate() throws {
        let ext = (output as NSString).pathExtension.lowercased()
        guard ["png", "svg", "pdf", "gif", "mp4"].contains(ext) else {
            throw ValidationError("-o \(output): unknown format '.\(ext)'; use .png, .svg, .pdf, .gif or .mp4")
        }
        guard fps > 0, fps <= DynamicAnimator.maximumFPS else {
            throw ValidationError("--fps must be a number > 0 and at most \(Int(DynamicAnimator.maximumFPS)), got \(fps)")
        }
        if let scale, !(scale > 0 && scale <= 16) { throw ValidationError("--scale must be a number in (0, 16], got \(scale)") }
        try validateSimulatedSeconds(seconds, "--seconds")
        try validateSimulatedSeconds(at, "--at")
        _ = try outputSize()
    }

    func outputSize() throws -> OutputSize {
        if let size {
            let parts = size.lowercased().split(separator: "x")
            guard parts.count == 2, let w = Int(parts[0]), let h = Int(parts[1]), w > 0, h > 0, w <= 8192, h <= 8192 else {
                throw ValidationError("--size must be WxH in pixels (e.g. 750x1334), got '\(size)'")
            }
            return .pixels(width: w, height: h)
        }
        return .scale(scale ?? 1)
    }

    func run() throws {
        let loaded = try level.load()
        try level.reportCheckProblems(loaded, strict: checks.strict)
        loaded.debug = loaded.debug || debug
        Interruption.catchSignals()
        do {
            switch kind {
            case .picture: try renderPicture(loaded)
            case .sequence, .video: try renderAnimation(loaded)
            }
        } catch where Interruption.signal != nil {
            // Whatever failed after the signal (ffmpeg stops on a terminal's Ctrl-C too) is its echo.
            Diagnostics.note("\(Interruption.word): nothing written to \(output)")
            Interruption.endProcess()
        } catch {
            // Level and render errors name their file; any other is about the output.
            let named = error is LevelError || error is RenderError
            throw Diagnostics.failure(named ? "\(error)" : "\(output): \(error)")
        }
    }

    /// Thrown by the frame loop when SIGINT or SIGTERM arrived.
    private struct Interrupted: Error {}

    /// Steps to `target`, stopping early for a signal.
    private func step(_ level: Level, to target: Int, done: inout Int) throws {
        while done < target {
            if Interruption.signal != nil { throw Interrupted() }
            try level.step()
            done += 1
        }
    }

    /// The frame to draw now. A `draw` error fails the render like any script error: a picture
    /// without its HUD is not the picture asked for.
    private func scene(_ level: Level) throws -> RenderScene {
        let (scene, hudError) = level.scene()
        if let hudError { throw hudError }
        return scene
    }

    private func renderPicture(_ level: Level) throws {
        var stepsDone = 0
        try step(level, to: try level.steps(for: at, "--at"), done: &stepsDone)
        try Renderer().write(scene(level), to: output, size: outputSize())
        print("wrote \(output) (t = \(String(format: "%.2f", level.time)) s)")
    }

    private func renderAnimation(_ level: Level) throws {
        let duration = seconds ?? level.duration ?? 5
        _ = try level.steps(for: duration, "--seconds")
        let isVideo = kind == .video
        let frameRate = isVideo && output.lowercased().hasSuffix(".gif")
            ? min(fps, VideoEncoder.maximumGIFFramesPerSecond) : fps
        let frameCount = max(1, Int(duration * frameRate + 0.5))
        let renderer = Renderer()
        let size = try outputSize()
        var encoder: VideoEncoder?
        let sequence = isVideo ? nil : try PNGSequence(pattern: output)
        let progress = quiet ? nil : ProgressBar(total: frameCount, label: (output as NSString).lastPathComponent)
        var stepsDone = 0
        let start = Date()
        do {
            for frame in 0..<frameCount {
                // Step to the frame's time: frame i shows time i / frameRate.
                try step(level, to: Int((Double(frame) / frameRate) * level.fps + 0.5), done: &stepsDone)
                if Interruption.signal != nil { throw Interrupted() }
                let scene = try scene(level)
                if let sequence {
                    try sequence.writeFrame(frame) { try renderer.writePNG(scene, to: $0, size: size) }
                } else {
                    let buffer = try renderer.frame(scene, size: size)
                    if encoder == nil {
                        encoder = try VideoEncoder(path: output, width: buffer.width, height: buffer.height, framesPerSecond: frameRate)
                    }
                    try encoder!.append(buffer)
                }
                progress?.update(frame + 1)
            }
            try encoder?.finish()
            try sequence?.finish()
        } catch {
            encoder?.cancel()
            sequence?.cancel()
            progress?.finish()
            throw error
        }
        progress?.finish()
        let wall = Date().timeIntervalSince(start)
        print("wrote \(output): \(frameCount) frames, \(String(format: "%.2f", duration)) s of level time in \(formatSeconds(wall))")
    }
}
