// The window's sound: a machine without an audio device gets one warning and silence, never an
// error that stops the window; a file SDL_mixer cannot decode is reported once.
import Foundation
import Testing
@testable import KineticViewer

@Suite(.serialized) struct AudioPlayerTests {
    /// A 10 ms silent 16-bit mono WAV in a temporary file.
    func silentWAV() throws -> String {
        func le(_ v: Int, _ n: Int) -> [UInt8] { (0..<n).map { UInt8((v >> (8 * $0)) & 0xFF) } }
        let data = [UInt8](repeating: 0, count: 882)
        let bytes = Array("RIFF".utf8) + le(36 + data.count, 4) + Array("WAVEfmt ".utf8) + le(16, 4) + le(1, 2) + le(1, 2)
            + le(44_100, 4) + le(88_200, 4) + le(2, 2) + le(16, 2) + Array("data".utf8) + le(data.count, 4) + data
        let path = NSTemporaryDirectory() + "audio-\(UUID().uuidString).wav"
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        return path
    }

    @Test func noAudioDeviceIsOneWarningThenSilence() throws {
        setenv("SDL_AUDIODRIVER", "no-such-driver", 1)
        defer { unsetenv("SDL_AUDIODRIVER") }
        let player = AudioPlayer()
        let file = try silentWAV()
        #expect(throws: ViewerError.self) { try player.play(file: file, pitch: 1, left: 1, right: 1) }
        do {
            try player.play(file: file, pitch: 1, left: 1, right: 1)
        } catch {
            Issue.record("a second play must be silent, not a second warning: \(error)")
        }
    }

    @Test func playsAtAnyPitchAndReportsAnUndecodableFileOnce() throws {
        // SDL's dummy driver mixes into nothing: the whole path runs without a sound card.
        setenv("SDL_AUDIODRIVER", "dummy", 1)
        defer { unsetenv("SDL_AUDIODRIVER") }
        let player = AudioPlayer()
        defer { player.close() }
        let file = try silentWAV()
        try player.play(file: file, pitch: 1, left: 1, right: 0.5)
        try player.play(file: file, pitch: 2, left: 0, right: 1)      // a resampled copy
        try player.play(file: file, pitch: 0.25, left: 1, right: 1)
        let broken = NSTemporaryDirectory() + "audio-\(UUID().uuidString).wav"
        try Data("RIFF....WAVEnothing".utf8).write(to: URL(fileURLWithPath: broken))
        let error = #expect(throws: ViewerError.self) { try player.play(file: broken, pitch: 1, left: 1, right: 1) }
        #expect(error?.description.hasPrefix("cannot play \(broken)") == true)
        try player.play(file: broken, pitch: 1, left: 1, right: 1)   // reported once
    }
}
