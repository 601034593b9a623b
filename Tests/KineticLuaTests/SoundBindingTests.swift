// kinetic.sound, Sound:play and world:sounds: header checks, the one path check, option ranges,
// and the record of plays in simulated time.
import Foundation
import Testing
@testable import KineticLua

/// A 16-bit mono PCM WAV of `frames` silent samples at `rate` Hz (or a header made wrong by `edit`).
func wavBytes(frames: Int = 441, rate: Int = 44_100, channels: Int = 1, bits: Int = 16, edit: (inout [UInt8]) -> Void = { _ in }) -> [UInt8] {
    func le32(_ v: Int) -> [UInt8] { (0..<4).map { UInt8((v >> (8 * $0)) & 0xFF) } }
    func le16(_ v: Int) -> [UInt8] { (0..<2).map { UInt8((v >> (8 * $0)) & 0xFF) } }
    let data = [UInt8](repeating: 0, count: frames * channels * bits / 8)
    var b = Array("RIFF".utf8) + le32(36 + data.count) + Array("WAVE".utf8)
    b += Array("fmt ".utf8) + le32(16) + le16(1) + le16(channels) + le32(rate) + le32(rate * channels * bits / 8)
        + le16(channels * bits / 8) + le16(bits)
    b += Array("data".utf8) + le32(data.count) + data
    edit(&b)
    return b
}

/// A level folder holding `main.lua` and the binary `files`.
func soundLevel(_ source: String, files: [String: [UInt8]] = ["hit.wav": wavBytes()]) throws -> String {
    let folder = try makeFolder(["main.lua": source])
    for (name, bytes) in files { try Data(bytes).write(to: URL(fileURLWithPath: folder + "/" + name)) }
    return folder
}

/// The message of loading a level that fails.
func loadError(_ folder: String) -> String {
    do { _ = try Level.load(path: folder, options: quietOptions()); return "" } catch { return error.message }
}

@Suite struct SoundBindingTests {
    @Test func aWavHeaderGivesTheDuration() throws {
        let sample = try SoundSample.check(wavBytes(frames: 22_050), path: "hit.wav", file: "/x/hit.wav")
        #expect(sample.format == .wav && sample.duration == 0.5)
        let ogg = Array("OggS".utf8) + [UInt8](repeating: 0, count: 22) + [1, 30] + [1] + Array("vorbis".utf8)
        #expect(try SoundSample.check(ogg, path: "a.ogg", file: "/x/a.ogg").format == .ogg)
    }

    static let ogg: [UInt8] = Array("OggS".utf8) + [UInt8](repeating: 0, count: 22) + [1, 8]
    static let badHeaders: [(bytes: [UInt8], message: String)] = [
        (wavBytes { $0[8] = UInt8(ascii: "X") }, "hit.wav: a RIFF file that is not WAVE"),
        (wavBytes(channels: 6), "hit.wav: 6 channels; a sound may have 1 or 2"),
        (wavBytes(rate: 4000), "hit.wav: 4000 samples a second; a sound may have 8000 to 192000"),
        (wavBytes(bits: 12), "hit.wav: 12 bits a sample; a sound may have 8, 16, 24 or 32"),
        (wavBytes { $0[20] = 2 }, "hit.wav: WAV encoding 2 is not PCM or float"),
        (Array(wavBytes().prefix(36)), "hit.wav: a WAV file without a 'data' chunk"),
        (Array("ID3 an mp3".utf8), "hit.wav: not a WAV or Ogg Vorbis file (its first bytes are neither RIFF nor OggS)"),
        (ogg + Array("OpusHead".utf8), "hit.wav: an Ogg file that is not Ogg Vorbis (only Vorbis is played)"),
    ]

    @Test(arguments: SoundBindingTests.badHeaders)
    func aBadHeaderIsAnErrorAtTheLine(_ bad: (bytes: [UInt8], message: String)) throws {
        let (bytes, message) = bad
        let folder = try soundLevel("""
            local level = {}
            local hit = kinetic.sound("hit.wav")
            function level.load(world) end
            return level
            """, files: ["hit.wav": bytes])
        #expect(loadError(folder) == "main.lua:2: kinetic.sound: \(message)")
    }

    @Test func pathsGoThroughTheLevelFolderCheck() throws {
        let outside = try makeFolder([:])
        try Data(wavBytes()).write(to: URL(fileURLWithPath: outside + "/out.wav"))
        let folder = try soundLevel("""
            local level = {}
            local s = kinetic.sound("\(outside)/out.wav")
            function level.load(world) end
            return level
            """)
        #expect(loadError(folder) == "main.lua:2: kinetic.sound: \(outside)/out.wav: access outside the level folder is not allowed")
        let missing = try soundLevel("""
            local level = {}
            local s = kinetic.sound("sounds/none.wav")
            function level.load(world) end
            return level
            """)
        #expect(loadError(missing) == "main.lua:2: kinetic.sound: sounds/none.wav: No such file or directory")
        let big = try soundLevel("""
            local level = {}
            local s = kinetic.sound("big.wav")
            function level.load(world) end
            return level
            """, files: ["big.wav": wavBytes(frames: SoundSample.sizeLimit / 2)])
        #expect(loadError(big) == "main.lua:2: kinetic.sound: big.wav: larger than the 8 MiB a sound may be")
    }

    @Test(arguments: [
        ("{ volume = 1.5 }", "main.lua:4: Sound:play: 'volume' must be a number in 0.0...1.0, got 1.5"),
        ("{ pitch = 0 }", "main.lua:4: Sound:play: 'pitch' must be a number in 0.25...4.0, got 0.0"),
        ("{ pan = -2 }", "main.lua:4: Sound:play: 'pan' must be a number in -1.0...1.0, got -2.0"),
        ("{ volume = 0 / 0 }", "main.lua:4: Sound:play: 'volume' must be a finite number, got nan"),
        ("{ loud = true }", "main.lua:4: Sound:play: unknown field 'loud'"),
    ])
    func optionsOutOfRangeAreErrorsAtTheLine(options: String, message: String) throws {
        let folder = try soundLevel("""
            local level = {}
            local hit = kinetic.sound("hit.wav")
            function level.load(world)
              hit:play\(options)
            end
            return level
            """)
        #expect(loadError(folder).hasPrefix(message))
    }

    @Test func playsAreRecordedInSimulatedTimeAndListedByTheWorld() throws {
        let folder = try soundLevel("""
            local level = {}
            local hit = kinetic.sound("hit.wav")
            local same = kinetic.sound("./hit.wav")
            function level.load(world, state)
              state.same, state.world = rawequal(hit, same), world
              hit:play()
            end
            function level.update(world)
              if world.time == 0.5 then hit:play{ volume = 0.25, pitch = 2, pan = -1 } end
            end
            function level.key(world, key, down) if down then hit:play{ pan = 1 } end end
            return level
            """)
        let level = try Level.load(path: folder, options: quietOptions())
        for _ in 0..<60 { try level.step() }
        try level.key("x", down: true)
        let plays = level.soundPlays
        #expect(plays.map(\.time) == [0, 0.5, 1])
        #expect(plays.map(\.path) == ["hit.wav", "hit.wav", "hit.wav"])
        #expect(plays[1].volume == 0.25 && plays[1].pitch == 2 && plays[1].pan == -1)
        #expect(plays[1].gains == (left: 0.25, right: 0))
        #expect(plays[2].gains == (left: 0, right: 1))
        #expect(plays[0].file.hasSuffix("/hit.wav"))
        #expect(try evaluate(level, "state.same").first == .boolean(true))
        let listed = try evaluate(level, "#state.world:sounds(), state.world:sounds()[2].time, state.world:sounds()[2].sound, "
                                  + "state.world:sounds()[2].volume, state.world:sounds()[2].pitch, state.world:sounds()[2].pan")
        #expect(listed == [.integer(3), .number(0.5), .string("hit.wav"), .number(0.25), .number(2), .number(-1)])
        #expect(try evaluate(level, "kinetic.sound('hit.wav').duration").first == .number(0.01))
    }

    @Test func playingOutsideEveryWorldsCallbackIsAnError() throws {
        let folder = try soundLevel("""
            local level = {}
            local hit = kinetic.sound("hit.wav")
            hit:play()
            function level.load(world) end
            return level
            """)
        #expect(loadError(folder).hasPrefix("main.lua:3: Sound:play: no world is running"))
    }
}
