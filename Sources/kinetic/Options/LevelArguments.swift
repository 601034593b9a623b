// Flags shared by every command that loads a level.
import ArgumentParser
import KineticLua

struct LevelArguments: ParsableArguments {
    @Argument(help: "The level: a .lua file that returns a table, or a folder holding main.lua.")
    var level: String

    @Option(parsing: .unconditional, help: "Seed for math.random and noise (overrides the level's `seed`; any integer, also negative).")
    var seed: Int?

    @Flag(help: "Lift the sandbox: the level may use os, io and debug, and read files anywhere. Only for your own levels.")
    var trust = false

    /// The options a level is loaded with.
    func options() -> LevelOptions {
        var options = LevelOptions()
        options.seed = seed
        options.trusted = trust
        return options
    }
}
