import ArgumentParser

@main
struct Kinetic: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "kinetic",
        abstract: "A 2D physics runtime: UIKit Dynamics on Linux, driven by Lua levels.",
        version: "0.1.0",
        subcommands: [Bench.self]
    )
}
