// A video's sound track: the sounds a level played, mixed by `ffmpeg` at their times into the
// audio stream of an MP4 (a second pass over the finished video; the frames are copied, not re-encoded).
import Foundation

/// One sound in a video's sound track.
public struct AudioCue: Sendable, Equatable {
    /// The sound file (WAV or Ogg Vorbis), already checked by the level layer.
    public var file: String
    /// Seconds from the start of the video.
    public var time: Double
    /// Playback rate: 2 is an octave higher and twice as fast.
    public var pitch: Double
    /// Gains of the left and right channels, 0 to 1 (volume and pan together).
    public var left: Double
    public var right: Double

    public init(file: String, time: Double, pitch: Double = 1, left: Double = 1, right: Double = 1) {
        self.file = file; self.time = time; self.pitch = pitch; self.left = left; self.right = right
    }
}

public enum SoundTrack {
    /// Sample rate of the mixed track, Hz.
    public static let sampleRate = 48_000

    /// The `ffmpeg` arguments that copy the video of `video` and mix `cues` (at least one) into an
    /// AAC track of exactly `duration` seconds, written to `output` as MP4. The filter graph goes in
    /// a script file (`graphFile`, written by the caller) since a long session plays many sounds.
    public static func mixArguments(video: String, cues: [AudioCue], duration: Double, graphFile: String, output: String) -> [String] {
        let files = distinctFiles(cues)
        var arguments = ["-hide_banner", "-loglevel", "error", "-xerror", "-y", "-i", video]
        for file in files { arguments += ["-i", file] }
        return arguments + ["-filter_complex_script", graphFile, "-map", "0:v", "-map", "[track]",
                            "-c:v", "copy", "-c:a", "aac", "-b:a", "128k", "-movflags", "+faststart", "-f", "mp4", output]
    }

    /// The filter graph of `mixArguments`: each file split into its plays; each play resampled for
    /// its pitch, panned, delayed to its time; all summed (not averaged: a sound is as loud with
    /// others as alone) onto `duration` seconds of silence, whose end ends the track. (Padding the
    /// mix with `apad` instead stops at the last sound or never ends with ffmpeg 5's `amix`.)
    public static func filterGraph(cues: [AudioCue], duration: Double) -> String {
        let files = distinctFiles(cues)
        var lines: [String] = []
        var labels: [[String]] = files.map { _ in [] }
        for (j, cue) in cues.enumerated() { labels[files.firstIndex(of: cue.file)!].append("c\(j)") }
        let format = "aformat=sample_fmts=fltp:sample_rates=\(sampleRate):channel_layouts=stereo"
        for (k, uses) in labels.enumerated() where !uses.isEmpty {
            let outputs = uses.map { "[\($0)in]" }.joined()
            lines.append("[\(k + 1):a]\(format),asplit=\(uses.count)\(outputs)")
        }
        for (j, cue) in cues.enumerated() {
            let rate = Int((Double(sampleRate) * cue.pitch).rounded())
            let delay = Int((cue.time * 1000).rounded())
            lines.append("[c\(j)in]asetrate=\(rate),aresample=\(sampleRate),"
                         + "pan=stereo|c0=\(gain(cue.left))*c0|c1=\(gain(cue.right))*c1,"
                         + "adelay=delays=\(delay):all=1[c\(j)]")
        }
        let inputs = cues.indices.map { "[c\($0)]" }.joined()
        lines.append("anullsrc=r=\(sampleRate):cl=stereo:d=\(duration)[silence]")
        lines.append("[silence]\(inputs)amix=inputs=\(cues.count + 1):normalize=0:duration=first[track]")
        return lines.joined(separator: ";\n")
    }

    private static func distinctFiles(_ cues: [AudioCue]) -> [String] {
        var files: [String] = []
        for cue in cues where !files.contains(cue.file) { files.append(cue.file) }
        return files
    }

    private static func gain(_ g: Double) -> String { String(format: "%.4f", max(0, min(1, g))) }
}
