// `kinetic check`: reports a level's problems without running it, for CI and editors.
import ArgumentParser
import Foundation
import KineticLua
import KineticLuaBridge

struct Check: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "check",
        abstract: "Check levels without running them: syntax, unknown fields and members, API misuse at load, missing images, level fields.",
        discussion: """
        Each LEVEL is a .lua file, a folder holding main.lua, or a folder of levels (every */main.lua
        one level deep, in name order). For each level: every Lua file is compiled; constructor tables
        written in place (kinetic.field{...}, world:addItem{...}) are read for unknown fields, bad
        string values and missing images, and kinetic.<name> and the members of locals whose type is
        plain (local ball = world:item("ball") ... ball.velocty) for unknown names, also inside
        callbacks; the level table's fields are type-checked; then the file runs and
        load(world, state) is called, with no step taken.

        Problems go to standard error, one per line as `file:line:column: message` like luacheck (paths
        relative to the current directory), or to standard output as JSON with --format json:
        [{"file": ..., "line": ..., "column": ..., "message": ...}]. A clean level prints `ok: LEVEL`.
        A line ending in `-- luacheck: ignore` gets no report from the static passes.

        Exit codes: 0 no problem, 1 at least one problem, 64 bad command line.

        Examples:
          kinetic check examples/basketball
          kinetic check examples            # every examples/*/main.lua
          kinetic check level.lua --format json
        """
    )

    enum Format: String, ExpressibleByArgument, CaseIterable { case text, json }

    @Argument(help: ArgumentHelp("Levels: .lua files, level folders, or folders of level folders.", valueName: "level"))
    var levels: [String]

    @Option(help: "Output format: text (problems to stderr) or json (an array on stdout).")
    var format: Format = .text

    @Flag(help: "Check with the sandbox lifted, as `kinetic run --trust` would load the level.")
    var trust = false

    func validate() throws {
        if levels.isEmpty { throw ValidationError("give at least one level (a .lua file or a folder)") }
        if let game = levels.first(where: LevelArchive.isArchive) {
            throw ValidationError("\(game): check takes level folders and .lua files; check the folder the game was packed from (`kinetic bundle` checks that a game loads)")
        }
    }

    func run() throws {
        var options = LevelOptions()
        options.trusted = trust
        let (found, pathProblems) = LevelChecker.levels(in: levels)
        var all = pathProblems
        report(pathProblems)
        for level in found {
            let problems = LevelChecker.check(level: level, options: options)
            all += problems
            report(problems)
            if problems.isEmpty, format == .text {
                print("ok: \(level)")
                fflush(nil)  // before the next level's problems on standard error, also into one file
            }
        }
        if format == .json {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
            let data = (try? encoder.encode(all)) ?? Data("[]".utf8)
            print(String(decoding: data, as: UTF8.self))
        }
        if !all.isEmpty { throw ExitCode.failure }
    }

    private func report(_ problems: [LevelProblem]) {
        guard format == .text else { return }
        for p in problems { FileHandle.standardError.write(Data((p.description + "\n").utf8)) }
    }
}
