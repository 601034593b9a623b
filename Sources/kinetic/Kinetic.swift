// The `kinetic` command: its subcommands live one per file.
import ArgumentParser
import KineticLua
import KineticRender

@main
struct Kinetic: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "kinetic",
        abstract: "A 2D physics runtime: UIKit Dynamics on Linux, driven by Lua levels.",
        discussion: """
        Examples:
          kinetic run examples/basketball
          kinetic run examples/basketball --headless --seconds 5
          kinetic watch my_level.lua
          kinetic render my_level.lua -o level.gif --seconds 3
          kinetic test
          kinetic run game.kinetic
          kinetic bundle examples/pachinko -o pachinko --tar

        Exit codes: 0 success, 1 a level or scenario failed, 64 bad command line.
        Errors go to standard error. Colour: NO_COLOR (non-empty) turns it off, FORCE_COLOR turns it on, TERM=dumb turns it off on a terminal. Docs: docs/cli.md.
        """,
        version: "0.1.0",
        subcommands: [
            Run.self,
            Watch.self,
            RenderLevel.self,
            TestScenarios.self,
            RecordLevel.self,
            ReplayRecording.self,
            Check.self,
            BundleGame.self,
            API.self,
            Bench.self,
        ]
    )

    /// Gives levels Render's PNG writer for `world:screenshot`, then runs the command line.
    static func main() {
        LevelOptions.pngWriter = { scene, path, warn in try Renderer(warn: warn).writePNG(scene, to: path) }
        main(nil)
    }

    @Flag(name: .customShort("V"), help: "Print the version and exit (the same as --version).")
    var printVersion = false

    func run() throws {
        guard printVersion else { throw CleanExit.helpRequest(self) }
        print(Self.configuration.version)
    }
}
