// `kinetic render`: a level to a picture (PNG, SVG, PDF), a numbered PNG sequence, or a video (GIF, MP4).
import ArgumentParser
import KineticDynamics
import Foundation
import KineticLua
import KineticRender

struct RenderLevel: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "render",
        abstract: "Render a level to a picture or a video.",
        discussion: """
        The output's extension picks the format: .png (one frame at --at, or a numbered sequence when the name holds a %04d pattern), .svg and .pdf (one frame), .gif and .mp4 (an animation encoded by ffmpeg). An MP4 gets an audio track with the sounds the level played (`Sound:play`) at their times, unless --mute. The level runs headless at its fixed rate; frames are sampled at --fps.

        With --replay, the level plays a recording (from `kinetic record`, in the window or headless): the recorded seed, and every recorded input at its step, so the video shows the session as it was played. Animations then last as long as the recording (unless --seconds says otherwise), a single picture shows its last step (unless --at), and when the render reaches the recording's last step its final state is checked as `kinetic replay` checks it (exit 1 on a mismatch).

        Exit codes: 0 success, 1 the level failed to load or raised an error, 64 bad command line.

        Examples:
          kinetic render examples/basketball -o basketball.gif --seconds 4
          kinetic render examples/shapes -o shapes.png --at 2 --debug
          kinetic render examples/basketball -o shot.png --at 0.1 --ghosts 1.5
          kinetic render examples/fields -o frames/f%04d.png --seconds 2 --fps 15
          kinetic render examples/toss --replay toss.json -o toss.mp4
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

    @Option(parsing: .unconditional, help: "Simulated time of a single picture, seconds, at most 3600 (default 0, or the end of a --replay).")
    var at: Double?

    @Option(help: ArgumentHelp("A recording to play (its seed and inputs; see docs/recordings.md).", valueName: "recording"))
    var replay: String?

    @Flag(help: "Draw the debug overlay (collision outlines, attachments, contacts, field arrows).")
    var debug = false

    @Option(parsing: .unconditional, help: ArgumentHelp("Draw where every moving item will go over the next SECONDS (0 to 10), as a dotted path, if nothing intervenes (docs/time-travel.md).", valueName: "seconds"))
    var ghosts: Double?

    @Flag(help: "No progress bar.")
    var quiet = false

    @Flag(help: "Leave the level's sounds out of an MP4 (GIF and pictures have none).")
    var mute = false

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
        if let ghosts, !(ghosts >= 0 && ghosts <= 10) { throw ValidationError("--ghosts must be a number of seconds from 0 to 10, got \(ghosts)") }
        try validateSimulatedSeconds(seconds, "--seconds")
        try validateSimulatedSeconds(at, "--at")
        if replay != nil, level.seed != nil {
            throw ValidationError("--seed cannot be used with --replay (the recording carries the seed it was played with)")
        }
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

    /// A time option the output ignores, given without the one it uses, is likely a mix-up: say
    /// which moment is rendered. Given both (one command line for several formats), each output
    /// takes the one that applies, silently.
    func warnAboutAnIgnoredTimeOption() {
        if kind == .picture, seconds != nil, at == nil {
            Diagnostics.warning("--seconds is the length of an animation or a sequence; a single picture (-o \(output)) is taken at --at <seconds>, here \(replay == nil ? "0 s" : "the recording's last step")")
        }
        if kind != .picture, at != nil, seconds == nil {
            Diagnostics.warning("--at is the time of a single picture; an animation or a sequence (-o \(output)) starts at 0 and lasts --seconds")
        }
    }

    func run() throws {
        warnAboutAnIgnoredTimeOption()
        let loaded: Level
        let recording: Recording?
        do {
            recording = try replay.map { path throws(RecordingError) in try Recording(contentsOf: path) }
            var options = level.options()
            if let recording { options.seed = recording.seed }
            loaded = try Level.load(path: level.path(), options: options)
            if let recording, recording.fps != loaded.fps {
                throw LevelError(message: "\(replay!): recorded at \(recording.fps) steps/s, but the level now runs at \(loaded.fps)")
            }
        } catch {
            throw Diagnostics.failure(error)
        }
        try level.reportCheckProblems(loaded, strict: checks.strict)
        loaded.debug = loaded.debug || debug
        Interruption.catchSignals()
        do {
            var playhead = Playhead(level: loaded, replay: recording.map(ReplayCursor.init))
            switch kind {
            case .picture: try renderPicture(&playhead)
            case .sequence, .video: try renderAnimation(&playhead)
            }
            try checkReplay(playhead)
        } catch where Interruption.signal != nil {
            // Whatever failed after the signal (ffmpeg stops on a terminal's Ctrl-C too) is its echo.
            Diagnostics.note("\(Interruption.word): nothing written to \(output)")
            Interruption.endProcess()
        } catch let exit as ExitCode {
            throw exit
        } catch {
            // Level and render errors name their file; any other is about the output.
            let named = error is LevelError || error is RenderError
            throw Diagnostics.failure(named ? "\(error)" : "\(output): \(error)")
        }
    }

    /// Thrown by the frame loop when SIGINT or SIGTERM arrived.
    private struct Interrupted: Error {}

    /// Steps the level, giving it a recording's inputs at their steps when rendering a replay.
    private struct Playhead {
        let level: Level
        var replay: ReplayCursor?

        /// Steps to `target` (inputs recorded at `target` delivered too), stopping early for a signal.
        mutating func step(to target: Int) throws {
            try deliver()
            while level.stepCount < target {
                if Interruption.signal != nil { throw Interrupted() }
                try level.step()
                try deliver()
            }
        }

        private mutating func deliver() throws {
            let level = self.level
            try replay?.deliver(upTo: level.stepCount) { try level.deliver($0) }
        }
    }

    /// With --replay: the render reached the recording's last step, so its final state must be the
    /// recorded one, as `kinetic replay` checks it.
    private func checkReplay(_ playhead: Playhead) throws {
        guard let recording = playhead.replay?.recording, playhead.level.stepCount == recording.steps else { return }
        let result = Replayer.result(recording, of: playhead.level)
        guard let expected = result.expected else { return }
        if result.matches {
            print("replayed \(replay!): \(result.steps) steps, final state \(result.actual) (match)")
        } else {
            throw Diagnostics.failure("\(replay!): final state \(result.actual) differs from the recorded \(expected)"
                                      + (result.difference.map { " (first difference: \($0))" } ?? ""))
        }
    }

    /// Level time the render covers: --seconds, else the recording's length, the level's `duration`, 5 s.
    private func duration(_ playhead: Playhead) -> Double {
        if let seconds { return seconds }
        if let recording = playhead.replay?.recording { return Double(recording.steps) / recording.fps }
        return playhead.level.duration ?? 5
    }

    /// The frame to draw now. A `draw` error fails the render like any script error: a picture
    /// without its HUD is not the picture asked for.
    private func scene(_ level: Level) throws -> RenderScene {
        var (scene, hudError) = level.scene()
        if let hudError { throw hudError }
        if let ghosts { scene.ghosts = level.predictPaths(steps: Int((ghosts * level.fps).rounded())).map(\.points) }
        return scene
    }

    private func renderPicture(_ playhead: inout Playhead) throws {
        let level = playhead.level
        let target = try at.map { at throws(LevelError) in try level.steps(for: at, "--at") } ?? playhead.replay?.recording.steps ?? 0
        try playhead.step(to: target)
        try Renderer().write(scene(level), to: output, size: outputSize())
        print("wrote \(output) (t = \(String(format: "%.2f", level.time)) s)")
    }

    private func renderAnimation(_ playhead: inout Playhead) throws {
        let level = playhead.level
        let duration = duration(playhead)
        let steps = try level.steps(for: duration, "--seconds")
        let isVideo = kind == .video
        let frameRate = isVideo && output.lowercased().hasSuffix(".gif")
            ? min(fps, VideoEncoder.maximumGIFFramesPerSecond) : fps
        let frameCount = max(1, Int(duration * frameRate + 0.5))
        let renderer = Renderer()
        let size = try outputSize()
        var encoder: VideoEncoder?
        var buffer = FrameBuffer(width: 1, height: 1)  // redrawn in place, frame after frame
        let sequence = isVideo ? nil : try PNGSequence(pattern: output)
        let progress = quiet ? nil : ProgressBar(total: frameCount, label: (output as NSString).lastPathComponent)
        let start = Date()
        do {
            for frame in 0..<frameCount {
                // Step to the frame's time: frame i shows time i / frameRate.
                try playhead.step(to: Int((Double(frame) / frameRate) * level.fps + 0.5))
                if Interruption.signal != nil { throw Interrupted() }
                let scene = try scene(level)
                if let sequence {
                    try sequence.writeFrame(frame) { try renderer.writePNG(scene, to: $0, size: size) }
                } else {
                    try renderer.render(scene, size: size, into: &buffer)
                    if encoder == nil {
                        encoder = try VideoEncoder(path: output, width: buffer.width, height: buffer.height, framesPerSecond: frameRate)
                    }
                    try encoder!.append(buffer)
                }
                progress?.update(frame + 1)
            }
            // A replay runs to its end, so its final state can be checked.
            if playhead.replay != nil { try playhead.step(to: steps) }
            if let encoder, encoder.format == .mp4, !mute {
                // The sounds of the frames' time span, at their simulated times.
                let end = Double(encoder.frameCount) / frameRate
                encoder.soundTrack = level.soundPlays.filter { $0.time < end }.map { play in
                    let gains = play.gains
                    return AudioCue(file: play.file, time: play.time, pitch: play.pitch, left: gains.left, right: gains.right)
                }
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
