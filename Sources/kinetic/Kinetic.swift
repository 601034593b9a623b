// The `kinetic` command: its subcommands live one per file.
import ArgumentParser

@main
struct Kinetic: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "kinetic",
        abstract: "A 2D physics runtime: UIKit Dynamics on Linux, driven by Lua levels.",
        discussion: "Exit codes: 0 success, 1 a level or scenario failed, 64 bad command line.",
        version: "0.1.0",
        subcommands: [
            Run.self,
            Watch.self,
            RenderLevel.self,
            TestScenarios.self,
            RecordLevel.self,
            ReplayRecording.self,
            Check.self,
            API.self,
            Bench.self,
        ]
    )
}
