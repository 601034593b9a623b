// Sounds a level plays: the sample files `kinetic.sound(path)` loads (WAV or Ogg Vorbis, header
// checked before any host decodes them) and the record of every `Sound:play`, in simulated time.
import KineticLuaBridge

/// A sound file a level loaded: its path as the level named it, the real file, and what its
/// header says.
public struct SoundSample: Sendable, Equatable {
    /// The file formats a level may play.
    public enum Format: String, Sendable { case wav, ogg }

    /// Largest sound file a level may load: 8 MiB holds about 47 s of 16-bit stereo at 44.1 kHz,
    /// far more than an effect needs; hosts decode every file into memory.
    public static let sizeLimit = 8 << 20
    /// Sound files a level may load at once (loading the same file again reuses it).
    public static let countLimit = 256

    /// The path as the level gave it (what `world:sounds()` reports).
    public var path: String
    /// The real path of the file, for the hosts that decode it (window, video).
    public var file: String
    public var format: Format
    /// Seconds, from the header (WAV only; nil for Ogg, whose length needs decoding).
    public var duration: Double?

    /// Checks the header of `bytes`, the contents of the file `path`: a RIFF/WAVE file with a PCM
    /// (or float) `fmt ` chunk of 1 or 2 channels, 8 000 to 192 000 samples a second and 8, 16, 24
    /// or 32 bits, followed by a `data` chunk; or an Ogg stream whose first packet is a Vorbis
    /// identification header. The error says what is wrong.
    public static func check(_ bytes: [UInt8], path: String, file: String) throws(SoundError) -> SoundSample {
        if bytes.starts(with: Array("RIFF".utf8)) { return try wav(bytes, path: path, file: file) }
        if bytes.starts(with: Array("OggS".utf8)) {
            // Page header: 27 bytes, then the segment table; the first packet starts "\u{1}vorbis".
            guard bytes.count > 27 else { throw SoundError("\(path): truncated Ogg header") }
            let start = 27 + Int(bytes[26])
            guard bytes.count >= start + 7, bytes[start] == 1, Array(bytes[(start + 1)..<(start + 7)]) == Array("vorbis".utf8) else {
                throw SoundError("\(path): an Ogg file that is not Ogg Vorbis (only Vorbis is played)")
            }
            return SoundSample(path: path, file: file, format: .ogg, duration: nil)
        }
        throw SoundError("\(path): not a WAV or Ogg Vorbis file (its first bytes are neither RIFF nor OggS)")
    }

    private static func wav(_ b: [UInt8], path: String, file: String) throws(SoundError) -> SoundSample {
        func u32(_ i: Int) -> Int { Int(b[i]) | Int(b[i + 1]) << 8 | Int(b[i + 2]) << 16 | Int(b[i + 3]) << 24 }
        func u16(_ i: Int) -> Int { Int(b[i]) | Int(b[i + 1]) << 8 }
        guard b.count >= 12, Array(b[8..<12]) == Array("WAVE".utf8) else { throw SoundError("\(path): a RIFF file that is not WAVE") }
        var format: (channels: Int, rate: Int, bytesPerSecond: Int)?
        var offset = 12
        while offset + 8 <= b.count {
            let id = String(decoding: b[offset..<(offset + 4)], as: UTF8.self)
            let size = u32(offset + 4)
            let body = offset + 8
            if id == "fmt " {
                guard size >= 16, body + 16 <= b.count else { throw SoundError("\(path): truncated WAV 'fmt ' chunk") }
                let encoding = u16(body), channels = u16(body + 2), rate = u32(body + 4), bits = u16(body + 14)
                // 0xFFFE (extensible) wraps PCM or float too; SDL_mixer and ffmpeg read it.
                guard [1, 3, 0xFFFE].contains(encoding) else { throw SoundError("\(path): WAV encoding \(encoding) is not PCM or float") }
                guard (1...2).contains(channels) else { throw SoundError("\(path): \(channels) channels; a sound may have 1 or 2") }
                guard (8000...192_000).contains(rate) else { throw SoundError("\(path): \(rate) samples a second; a sound may have 8000 to 192000") }
                guard [8, 16, 24, 32].contains(bits) else { throw SoundError("\(path): \(bits) bits a sample; a sound may have 8, 16, 24 or 32") }
                format = (channels, rate, channels * rate * bits / 8)
            } else if id == "data" {
                guard let format else { throw SoundError("\(path): WAV 'data' before its 'fmt ' chunk") }
                let available = min(size, b.count - body)
                return SoundSample(path: path, file: file, format: .wav, duration: Double(available) / Double(format.bytesPerSecond))
            }
            offset = body + size + (size & 1)  // chunks are padded to an even size
        }
        throw SoundError("\(path): a WAV file without \(format == nil ? "a 'fmt ' chunk" : "a 'data' chunk")")
    }
}

/// A sound file a level may not play, and why.
public struct SoundError: Error, Sendable, CustomStringConvertible {
    public var message: String
    public init(_ message: String) { self.message = message }
    public var description: String { message }
}

/// One `Sound:play{...}`: when (simulated seconds and the step it fell in), what, and how.
public struct SoundPlay: Sendable, Equatable {
    /// Simulated seconds of the world when it was played (`world.time`).
    public var time: Double
    /// The sound's path as the level gave it to `kinetic.sound`.
    public var path: String
    /// The real file (for the hosts that decode it).
    public var file: String
    /// Loudness, 0 (silent) to 1 (as recorded).
    public var volume: Double
    /// Playback rate: 2 plays an octave higher and twice as fast, 0.5 an octave lower and half as fast.
    public var pitch: Double
    /// Stereo position, -1 (left) to 1 (right).
    public var pan: Double

    public init(time: Double, path: String, file: String, volume: Double = 1, pitch: Double = 1, pan: Double = 0) {
        self.time = time; self.path = path; self.file = file
        self.volume = volume; self.pitch = pitch; self.pan = pan
    }

    /// Gains of the left and right channels, 0 to 1: the volume, with the channel the sound pans
    /// away from fading out (at pan 0 both play at the volume). The window and the video use it.
    public var gains: (left: Double, right: Double) {
        (volume * min(1, 1 - pan), volume * min(1, 1 + pan))
    }

    /// Allowed values of `volume`, `pitch` and `pan`.
    public static let volumeRange = 0.0...1.0
    public static let pitchRange = 0.25...4.0
    public static let panRange = -1.0...1.0
}
