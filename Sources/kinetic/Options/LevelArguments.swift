// Flags shared by every command that loads a level.
import ArgumentParser
import Foundation
import KineticLua
import KineticLuaBridge

struct LevelArguments: ParsableArguments {
    @Argument(help: "The level: a .lua file that returns a table, a folder holding main.lua, or a game in one file (.kinetic, a zip of a level folder).")
    var level: String

    @Option(parsing: .unconditional, help: "Seed for math.random and noise (overrides the level's `seed`; any integer, also negative).")
    var seed: Int?

    @Flag(help: "Lift the sandbox: the level may use os, io and debug, and read files anywhere. Only for your own levels.")
    var trust = false

    @Option(help: ArgumentHelp("Folder world:screenshot writes into (default: the level's folder); the level cannot write outside it.", valueName: "folder"))
    var screenshots: String?

    @Option(name: .customLong("data-dir"), help: ArgumentHelp("Folder kinetic.save keeps each level's data in, as <folder>/<level name>/saved.json (default: $XDG_DATA_HOME/kinetic, or ~/.local/share/kinetic).", valueName: "folder"))
    var dataDir: String?

    @Option(name: .customLong("time-budget"), parsing: .unconditional, help: ArgumentHelp("Wall-clock seconds one call into the level (load, update, a callback) may run before it is stopped with a file:line error (default 2). For benchmarks and heavy trusted levels.", valueName: "seconds"))
    var timeBudget: Double?

    @Option(name: .customLong("checkpoint-every"), parsing: .unconditional, help: ArgumentHelp("Simulated seconds between the checkpoints the level's world keeps for rewinding and scrubbing (default 1).", valueName: "seconds"))
    var checkpointEvery: Double?

    @Option(name: .customLong("checkpoints"), parsing: .unconditional, help: ArgumentHelp("How many of those checkpoints are kept, the oldest dropped first (default 10; 0 keeps none: no rewind or scrubbing). Each costs up to about 6 MiB for a 1,000-item level.", valueName: "n"))
    var checkpointCount: Int?

    func validate() throws {
        if let timeBudget, !(timeBudget > 0 && timeBudget <= 3600) {
            throw ValidationError("--time-budget must be a number of seconds above 0 and at most 3600, got \(timeBudget)")
        }
        if let checkpointEvery, !CheckpointSettings.isValid(interval: checkpointEvery) {
            throw ValidationError("--checkpoint-every must be \(CheckpointSettings.intervalRule), got \(checkpointEvery)")
        }
        if let checkpointCount, !CheckpointSettings.isValid(count: checkpointCount) {
            throw ValidationError("--checkpoints must be \(CheckpointSettings.countRule), got \(checkpointCount)")
        }
        // Errors name the level's files from where the command ran (Diagnostics.fromHere).
        var isFolder: ObjCBool = false
        let named = FileManager.default.fileExists(atPath: level, isDirectory: &isFolder) && isFolder.boolValue
        // A game's files live in a temporary folder: messages name them as the archive holds them.
        Diagnostics.levelFolder = named ? level : LevelArchive.isArchive(level) ? "" : (level as NSString).deletingLastPathComponent
        if let screenshots {
            var isFolder: ObjCBool = false
            guard FileManager.default.fileExists(atPath: screenshots, isDirectory: &isFolder), isFolder.boolValue else {
                throw ValidationError("--screenshots \(screenshots): no such folder")
            }
        }
    }

    /// The level, loaded with `options()`; one that fails to load is printed and the command exits with 1.
    func load() throws -> Level {
        do {
            return try Level.load(path: path(), options: options())
        } catch {
            throw Diagnostics.failure(error)
        }
    }

    /// The path to load: the level as named, or the folder a `.kinetic` game was unpacked into.
    func path() throws -> String { try UnpackedGames.folder(for: level) }

    /// Refuses a `.kinetic` game for a command that needs the level's own files (`why` says which).
    func requireNotArchive(_ why: String) throws {
        guard LevelArchive.isArchive(level) else { return }
        throw Diagnostics.failure("\(level): \(why)")
    }

    /// The options a level is loaded with.
    func options() -> LevelOptions {
        var options = LevelOptions()
        options.seed = seed
        options.trusted = trust
        if let timeBudget { options.callbackTimeBudget = timeBudget }
        if let screenshots { options.screenshots = .folder(screenshots) }
        if let dataDir { options.dataFolder = .folder((dataDir as NSString).standardizingPath) }
        // Checked in `validate`.
        options.checkpoints = (try? CheckpointSettings.checked(interval: checkpointEvery ?? CheckpointSettings.standard.interval,
                                                               count: checkpointCount ?? CheckpointSettings.standard.count)) ?? .standard
        return options
    }
}

/// `--strict`, shared by the commands that play a level (`run`, `watch`, `render`).
struct CheckArguments: ParsableArguments {
    @Flag(help: "Treat what `kinetic check` finds in a level that loads (unknown level fields or callbacks, unknown constructor fields, missing images) as errors: exit 1 before running.")
    var strict = false
}

extension LevelArguments {
    /// Prints what `kinetic check` finds in the loaded level as warnings; with `strict` they are
    /// errors and the command exits with 1 before the level runs.
    func reportCheckProblems(_ loaded: Level, strict: Bool) throws {
        let problems = LevelChecker.warnings(level: try path(), loaded: loaded, options: options())
        for p in problems {
            if strict { Diagnostics.error(p.description) } else { Diagnostics.warning(p.description) }
        }
        if strict, !problems.isEmpty {
            Diagnostics.note("stopped: --strict turns what `kinetic check` finds into errors")
            throw ExitCode.failure
        }
    }
}

/// The `.kinetic` games this process unpacked (`LevelArchive`), each once, removed when it ends.
enum UnpackedGames {
    nonisolated(unsafe) private static var unpacked: [String: LevelArchive.Unpacked] = [:]

    /// `path` itself, or for a `.kinetic` file the level folder it unpacks to. A refused archive is
    /// printed and the command exits with 1.
    static func folder(for path: String) throws -> String {
        guard LevelArchive.isArchive(path) else { return path }
        if let done = unpacked[path] { return done.folder }
        do {
            let game = try LevelArchive.unpack(path)
            if unpacked.isEmpty { atexit { UnpackedGames.removeAll() } }
            unpacked[path] = game
            return game.folder
        } catch {
            throw Diagnostics.failure(error)
        }
    }

    /// Deletes every unpacked game (at exit, and before a signal ends the process).
    static func removeAll() {
        for game in unpacked.values { game.remove() }
        unpacked = [:]
    }
}
