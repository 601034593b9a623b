// Flags shared by every command that loads a level.
import ArgumentParser
import Foundation
import KineticLua

struct LevelArguments: ParsableArguments {
    @Argument(help: "The level: a .lua file that returns a table, or a folder holding main.lua.")
    var level: String

    @Option(help: "Seed for math.random and noise (overrides the level's `seed`).")
    var seed: Int?

    @Flag(help: "Lift the sandbox: the level may use os, io and debug, and read files anywhere. Only for your own levels.")
    var trust = false

    @Option(help: ArgumentHelp("Folder world:screenshot writes into (default: the level's folder); the level cannot write outside it.", valueName: "folder"))
    var screenshots: String?

    func validate() throws {
        if let screenshots {
            var isFolder: ObjCBool = false
            guard FileManager.default.fileExists(atPath: screenshots, isDirectory: &isFolder), isFolder.boolValue else {
                throw ValidationError("--screenshots \(screenshots): no such folder")
            }
        }
    }

    /// The options a level is loaded with.
    func options() -> LevelOptions {
        var options = LevelOptions()
        options.seed = seed
        options.trusted = trust
        if let screenshots { options.screenshots = .folder(screenshots) }
        return options
    }
}
