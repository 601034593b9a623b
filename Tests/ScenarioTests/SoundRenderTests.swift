// `kinetic render -o x.mp4` mixes the sounds a level played into the video's audio track at their
// simulated times; --mute and GIFs have none. Needs ffmpeg and ffprobe (as the render tests do).
import Foundation
import KineticLua
import Testing

@Suite struct SoundRenderTests {
    /// A ball that plays hit.wav on each landing (Fixtures/sound).
    static let level = Fixtures.path("sound")

    @Test func aScenarioAssertsTheSoundsOfACollision() throws {
        let run = try Fixtures.run(["test", "sound/sound_test.lua"], in: Fixtures.folder)
        #expect(run.status == 0, "\(run.out)")
        #expect(run.out.contains("1 passed, 0 failed"))
    }

    /// Runs a tool (ffprobe, ffmpeg) and returns its standard output.
    func tool(_ name: String, _ arguments: [String]) throws -> Data {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = [name] + arguments
        let out = Pipe()
        process.standardOutput = out
        process.standardError = FileHandle.nullDevice
        try process.run()
        let data = out.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return data
    }

    /// The streams of a file, as "type,duration" lines.
    func streams(_ file: String) throws -> [String] {
        let text = String(decoding: try tool("ffprobe", ["-v", "error", "-show_entries", "stream=codec_type,duration", "-of", "csv=p=0", file]), as: UTF8.self)
        return text.split(separator: "\n").map(String.init)
    }

    @Test func anMP4CarriesTheLevelsSoundsAtTheirTimes() throws {
        let dir = try Fixtures.scratch([])
        let render = try Fixtures.run(["render", Self.level, "-o", "hit.mp4", "--quiet"], in: dir)
        try #require(render.status == 0, "\(render.err)")
        // The level lasts 2 s: the audio track as long as the video.
        #expect(try streams(dir + "/hit.mp4") == ["video,2.000000", "audio,2.000000"])

        // The first play, as the headless level reports it (the same run: same sounds).
        let level = try Level.load(path: Self.level)
        while level.soundPlays.isEmpty, level.time < 2 { try level.step() }
        let first = try #require(level.soundPlays.first).time

        // Mono 8 kHz samples of the track: silence before the first play, the hit right at it.
        let pcm = try tool("ffmpeg", ["-v", "error", "-i", dir + "/hit.mp4", "-vn", "-ac", "1", "-ar", "8000", "-f", "s16le", "-"])
        let samples = pcm.withUnsafeBytes { Array($0.bindMemory(to: Int16.self)) }
        #expect(samples.count > 15_000)  // 2 s
        let loud = try #require(samples.firstIndex { abs(Int($0)) > 1000 }, "the track is silent")
        let heard = Double(loud) / 8000
        // AAC frames shift the onset by a few milliseconds at most; a step is 17 ms.
        #expect(abs(heard - first) < 0.02, "the first hit is heard at \(heard) s, played at \(first) s")
        let before = samples[..<max(0, loud - 80)].map { abs(Int($0)) }.max() ?? 0
        #expect(before < 50, "silence before the first play (peak \(before))")

        let muted = try Fixtures.run(["render", Self.level, "-o", "muted.mp4", "--mute", "--quiet"], in: dir)
        #expect(muted.status == 0)
        #expect(try streams(dir + "/muted.mp4") == ["video,2.000000"])
        let gif = try Fixtures.run(["render", Self.level, "-o", "hit.gif", "--fps", "10", "--quiet"], in: dir)
        #expect(gif.status == 0)
        #expect(try streams(dir + "/hit.gif").allSatisfy { $0.hasPrefix("video") })
        // No intermediate file is left beside the outputs.
        let left = try FileManager.default.contentsOfDirectory(atPath: dir).sorted()
        #expect(left == ["hit.gif", "hit.mp4", "muted.mp4"])
    }

    @Test func theSameRecordingPlaysTheSameSounds() throws {
        // examples/hit_sound: a click drops a ball, whose landing sounds too.
        let example = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("../../examples/hit_sound").standardized.path
        let click = RecordedEvent(step: 30, input: .pointer(PointerEvent(phase: .began, x: 187.5, y: 200)))
        let recording = try Recorder.recordHeadless(Level.load(path: example), events: [click], steps: 150,
                                                    recordingPath: example + "/session.json")
        func plays() throws -> [SoundPlay] {
            let level = try Level.load(path: example)
            try Replayer.replay(recording, on: level)
            #expect(Replayer.result(recording, of: level).matches)
            return level.soundPlays
        }
        let first = try plays(), second = try plays()
        #expect(!first.isEmpty && first == second)
        #expect(first.contains { abs($0.pan) < 0.01 && $0.time > 0.5 }, "the dropped ball's landing, in the middle")
    }
}
