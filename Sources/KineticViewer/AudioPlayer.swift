// The window's sound: samples played through SDL2_mixer on the default audio device. A machine
// without one (a CI runner, Xvfb) gets one warning and a silent window, never an error.
import CKineticSDL2
import CKineticSDL2Mixer

/// Plays WAV and Ogg Vorbis files. The device opens on the first `play`, so a level without
/// sounds never touches it.
public final class AudioPlayer {
    private enum DeviceState { case closed, open, unavailable }

    /// A decoded sample in the device's format (16-bit stereo). A resampled copy (another pitch)
    /// owns its samples; SDL_mixer frees the rest with the chunk.
    private final class Sample {
        let chunk: UnsafeMutablePointer<Mix_Chunk>
        let samples: UnsafeMutablePointer<Int16>?
        init(chunk: UnsafeMutablePointer<Mix_Chunk>, samples: UnsafeMutablePointer<Int16>? = nil) {
            self.chunk = chunk
            self.samples = samples
        }
        func free() {
            Mix_FreeChunk(chunk)
            samples?.deallocate()
        }
    }

    /// Device sample rate, Hz.
    static let rate: Int32 = 44_100
    /// Sounds that can play at once; a play when all are busy stops the oldest.
    static let channels: Int32 = 32
    /// Resampled copies kept before the ones not playing are freed.
    static let pitchedLimit = 64

    private var device = DeviceState.closed
    /// Decoded files by path; nil for one that could not be decoded (reported once).
    private var originals: [String: Sample?] = [:]  // lookups only
    /// Resampled copies by path and pitch in hundredths (a difference the ear cannot tell).
    private var pitched: [String: Sample] = [:]  // lookups only; freed in no particular order

    public init() {}

    deinit { close() }

    /// Plays `file` now at `pitch` (playback rate) with channel gains `left` and `right` (0 to 1).
    /// Throws once when the audio device cannot be opened (later plays are silent), and once per
    /// file SDL_mixer cannot decode.
    public func play(file: String, pitch: Double, left: Double, right: Double) throws(ViewerError) {
        guard try openDevice(), let sample = try sample(file, pitch: pitch) else { return }
        var channel = Mix_GroupAvailable(-1)
        if channel < 0 {
            channel = Mix_GroupOldest(-1)
            Mix_HaltChannel(channel)
        }
        guard channel >= 0 else { return }
        _ = Mix_Volume(channel, MIX_MAX_VOLUME)
        _ = Mix_SetPanning(channel, Self.byte(left), Self.byte(right))
        _ = kinetic_Mix_PlayChannel(channel, sample.chunk)
    }

    /// Stops every sound, frees the samples and closes the device.
    public func close() {
        guard device == .open else { return }
        Mix_HaltChannel(-1)
        for case let sample? in originals.values { sample.free() }
        for sample in pitched.values { sample.free() }
        originals.removeAll()
        pitched.removeAll()
        Mix_CloseAudio()
        Mix_Quit()
        SDL_QuitSubSystem(UInt32(SDL_INIT_AUDIO))
        device = .closed
    }

    // MARK: - Device and samples

    private func openDevice() throws(ViewerError) -> Bool {
        switch device {
        case .open: return true
        case .unavailable: return false
        case .closed: break
        }
        guard SDL_InitSubSystem(UInt32(SDL_INIT_AUDIO)) == 0 else {
            device = .unavailable
            throw ViewerError("no sound: \(String(cString: SDL_GetError())); the window runs silent")
        }
        _ = Mix_Init(Int32(MIX_INIT_OGG.rawValue))
        // No format changes allowed: the resampling below writes 16-bit stereo.
        guard Mix_OpenAudioDevice(Self.rate, UInt16(AUDIO_S16LSB), 2, 1024, nil, 0) == 0 else {
            device = .unavailable
            let reason = String(cString: SDL_GetError())
            Mix_Quit()
            SDL_QuitSubSystem(UInt32(SDL_INIT_AUDIO))
            throw ViewerError("no sound: cannot open the audio device (\(reason)); the window runs silent")
        }
        _ = Mix_AllocateChannels(Self.channels)
        device = .open
        return true
    }

    private func sample(_ file: String, pitch: Double) throws(ViewerError) -> Sample? {
        let original: Sample?
        if let known = originals[file] {
            original = known
        } else {
            original = Mix_LoadWAV(file).map { Sample(chunk: $0) }
            originals[file] = original
            if original == nil { throw ViewerError("cannot play \(file): \(String(cString: SDL_GetError()))") }
        }
        guard let original else { return nil }
        let hundredths = Int((pitch * 100).rounded())
        guard hundredths != 100, original.chunk.pointee.alen >= 4 else { return original }
        let key = "\(hundredths) \(file)"
        if let known = pitched[key] { return known }
        if pitched.count >= Self.pitchedLimit { freeSilentPitched() }
        let copy = Self.resample(original.chunk, rate: Double(hundredths) / 100)
        pitched[key] = copy
        return copy
    }

    /// Frees the resampled copies no channel is playing.
    private func freeSilentPitched() {
        var playing: Set<UnsafeMutablePointer<Mix_Chunk>> = []
        for channel in 0..<Self.channels where Mix_Playing(channel) != 0 {
            if let chunk = Mix_GetChunk(channel) { playing.insert(chunk) }
        }
        for (key, sample) in pitched where !playing.contains(sample.chunk) {
            sample.free()
            pitched[key] = nil
        }
    }

    /// A copy of a 16-bit stereo chunk played `rate` times faster (and higher), by linear interpolation.
    private static func resample(_ chunk: UnsafeMutablePointer<Mix_Chunk>, rate: Double) -> Sample {
        let frames = Int(chunk.pointee.alen) / 4
        let source = UnsafeRawPointer(chunk.pointee.abuf!).assumingMemoryBound(to: Int16.self)
        let count = max(1, Int(Double(frames) / rate))
        let samples = UnsafeMutablePointer<Int16>.allocate(capacity: count * 2)
        for i in 0..<count {
            let position = Double(i) * rate
            let a = min(Int(position), frames - 1), b = min(a + 1, frames - 1)
            let t = position - Double(a)
            for c in 0..<2 {
                let x = Double(source[a * 2 + c]) * (1 - t) + Double(source[b * 2 + c]) * t
                samples[i * 2 + c] = Int16(max(-32768, min(32767, x.rounded())))
            }
        }
        let copy = Mix_QuickLoad_RAW(UnsafeMutableRawPointer(samples).assumingMemoryBound(to: UInt8.self), UInt32(count * 4))!
        return Sample(chunk: copy, samples: samples)
    }

    private static func byte(_ gain: Double) -> UInt8 { UInt8(max(0, min(1, gain)) * 255) }
}
