// Lua's `Sound`: `kinetic.sound(path)` loads a WAV or Ogg Vorbis file from the level's folder,
// `sound:play{volume=, pitch=, pan=}` plays it, and `world:sounds()` lists what a world played.
import KineticLuaBridge

/// A loaded sound: its index in `Runtime.sounds` (sounds are never unloaded, so no generation).
struct SoundHandle: LuaHandleRepresentable {
    let index: Int32
    init(index: Int32) { self.index = index }
    init(luaKey: Int64) { index = Int32(truncatingIfNeeded: luaKey) }
    var luaKey: Int64 { Int64(index) }
}

enum SoundBinding {
    static let playFields = ["volume", "pitch", "pan"]
    /// Plays one world keeps: past it, plays are dropped with one warning (see docs/sandbox.md).
    static let playLimit = 100_000

    static func register(_ rt: Runtime) -> LuaHandleType<SoundHandle> {
        LuaHandleType(in: rt.state, name: "Sound", members: members(rt), describe: { [unowned rt] h in
            "Sound('\(rt.sounds[Int(h.index)].path)')"
        })
    }

    /// `kinetic.sound(path) → Sound`: the path relative to the calling script's folder (the level's),
    /// inside the level folder unless trusted; the same file loaded twice is one sound.
    static func construct(_ rt: Runtime, _ lua: Lua) throws -> Int32 {
        let path = try lua.string(1, "path")
        let base = rt.state.folder ?? "."
        let caller = rt.callerFolder(lua)
        let relative = caller.isEmpty || path.hasPrefix("/") ? path : caller + "/" + path
        let sample: SoundSample
        do {
            let file = try LevelFiles.resolve(relative, from: base, inside: rt.options.trusted ? nil : rt.state.folder)
            if let known = rt.soundIndex[file] {
                rt.soundType.push(SoundHandle(index: known), on: lua)
                return 1
            }
            let bytes = try LevelFiles.read(file, named: path, limit: SoundSample.sizeLimit, kind: "a sound")
            sample = try SoundSample.check(bytes, path: path, file: file)
        } catch let error as LevelFileError {
            throw LuaBindingError("kinetic.sound: \(LevelFileError(path, error.reason).message)")
        } catch let error as SoundError {
            throw LuaBindingError("kinetic.sound: \(error.message)")
        }
        guard rt.sounds.count < SoundSample.countLimit else {
            throw LuaBindingError("kinetic.sound: a level may load at most \(SoundSample.countLimit) sound files")
        }
        let index = Int32(rt.sounds.count)
        rt.sounds.append(sample)
        rt.soundIndex[sample.file] = index
        rt.soundType.push(SoundHandle(index: index), on: lua)
        return 1
    }

    static func members(_ rt: Runtime) -> [LuaMember<SoundHandle>] {
        unowned(unsafe) let rt = rt  // the member tables live and die with the runtime
        return [
            .readOnly("path") { lua, h in lua.push(rt.sounds[Int(h.index)].path) },
            .readOnly("duration") { lua, h in lua.push(optional: rt.sounds[Int(h.index)].duration) },
            .method("play") { lua, h in
                var volume = 1.0, pitch = 1.0, pan = 0.0
                if !lua.isNil(2) {
                    let options = try lua.table(2, "options")
                    try options.checkFields(playFields)
                    func read(_ field: String, _ range: ClosedRange<Double>, _ value: inout Double) throws {
                        guard let x = try options.optionalNumber(field) else { return }
                        guard range.contains(x) else {
                            throw LuaArgumentError(.field(field), mustBe: "a number in \(range.lowerBound)...\(range.upperBound)", got: "\(x)")
                        }
                        value = x
                    }
                    try read("volume", SoundPlay.volumeRange, &volume)
                    try read("pitch", SoundPlay.pitchRange, &pitch)
                    try read("pan", SoundPlay.panRange, &pan)
                }
                guard let world = rt.soundWorld else {
                    throw LuaBindingError("Sound:play: no world is running; play sounds from a level's callbacks (load, update, pointer, key, collisions, actions)")
                }
                let sample = rt.sounds[Int(h.index)]
                if world.soundPlays.count < playLimit {
                    world.soundPlays.append(SoundPlay(time: world.time, path: sample.path, file: sample.file,
                                                      volume: volume, pitch: pitch, pan: pan))
                } else if !world.soundPlaysDropped {
                    world.soundPlaysDropped = true
                    rt.options.warn("a world keeps at most \(playLimit) sound plays; further plays are not played or listed")
                }
                return 0
            },
        ]
    }

    /// `world:sounds() → {{time=, sound=, volume=, pitch=, pan=}, ...}`: every play of the world
    /// since it started, in the order played.
    static func pushPlays(_ plays: [SoundPlay], on lua: Lua) {
        lua.reserve(4)
        lua.pushTable(array: Int32(plays.count))
        for (i, play) in plays.enumerated() {
            lua.pushTable(fields: 5)
            lua.push(play.time); lua.setField("time", inTableAt: -2)
            lua.push(play.path); lua.setField("sound", inTableAt: -2)
            lua.push(play.volume); lua.setField("volume", inTableAt: -2)
            lua.push(play.pitch); lua.setField("pitch", inTableAt: -2)
            lua.push(play.pan); lua.setField("pan", inTableAt: -2)
            lua.setIndex(i + 1, inTableAt: -2)
        }
    }
}
