// What a CI reads from `kinetic`: exit codes and messages of `watch`, `run`, `render` and `test` on
// small levels written here (a missing level, misspelled callbacks, an unreachable display, a suite
// started from different folders).
import Foundation
import Testing

/// A fresh scratch folder holding `files` (path → contents); returns its absolute path.
func writeFolder(_ files: [String: String]) throws -> String {
    let dir = URL(fileURLWithPath: NSTemporaryDirectory() + "kinetic-cli-parity-" + UUID().uuidString)
        .resolvingSymlinksInPath().path
    for (path, contents) in files {
        let target = dir + "/" + path
        try FileManager.default.createDirectory(atPath: (target as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try contents.write(toFile: target, atomically: true, encoding: .utf8)
    }
    return dir
}

@Suite struct CommandLineParityTests {
    static let fallingBall = """
        return { width = 200, height = 200, load = function(world, state)
          local ball = world:addItem{ name = "ball", center = { 100, 50 }, size = { 20, 20 } }
          world:addBehavior(kinetic.gravity{ items = { ball } })
        end }
        """

    // MARK: - watch exit codes

    @Test func watchFailsWhenTheLevelNeverLoaded() throws {
        let dir = try writeFolder(["noreturn.lua": "local x = 1\n", "good.lua": Self.fallingBall,
                                   "stops.lua": "return { load = function() end, update = function() error('boom') end }\n"])
        let missing = try Fixtures.run(["watch", "missing.lua", "--headless", "--seconds", "0.3"], in: dir)
        #expect(missing.status == 1, "\(missing)")
        let noReturn = try Fixtures.run(["watch", "noreturn.lua", "--headless", "--seconds", "0.3"], in: dir)
        #expect(noReturn.status == 1, "\(noReturn)")
        #expect(noReturn.err.contains("a level must return a table"), "\(noReturn.err)")
        let stopped = try Fixtures.run(["watch", "stops.lua", "--headless", "--seconds", "0.3"], in: dir)
        #expect(stopped.status == 1, "\(stopped)")
        let good = try Fixtures.run(["watch", "good.lua", "--headless", "--seconds", "0.3"], in: dir)
        #expect(good.status == 0, "\(good)")
        #expect(good.err.contains("watching 1 file in "), "one file, in the singular: \(good.err)")
    }

    // MARK: - errors name files from where the command ran

    @Test func errorsNameTheLevelsFilesFromWhereTheCommandRan() throws {
        let dir = try writeFolder([
            "levels/drop/main.lua": "local util = require('lib.util')\nreturn { load = function(world) util.boom() end }\n",
            "levels/drop/lib/util.lua": "local M = {}\nfunction M.boom()\n  error('boom')\nend\nreturn M\n",
            "levels/single.lua": "return { load = function(world)\n  world:addItem{ size = {10, 10} }\nend }\n",
        ])
        let folder = try Fixtures.run(["run", "levels/drop", "--headless", "--steps", "1"], in: dir)
        #expect(folder.status == 1)
        #expect(folder.err.contains("error: levels/drop/lib/util.lua:3: boom"), "\(folder.err)")
        #expect(folder.err.contains("levels/drop/main.lua:2:"), "\(folder.err)")
        let file = try Fixtures.run(["run", "levels/single.lua", "--headless", "--steps", "1"], in: dir)
        #expect(file.status == 1)
        #expect(file.err.contains("error: levels/single.lua:2: World:addItem:"), "\(file.err)")
        // Run from the level's own folder, the names are the level's own.
        let here = try Fixtures.run(["run", "single.lua", "--headless", "--steps", "1"], in: dir + "/levels")
        #expect(here.err.contains("error: single.lua:2: World:addItem:"), "\(here.err)")
    }

    // MARK: - version and colour conventions

    @Test func versionFlagAndColourConventions() throws {
        let dir = try writeFolder(["x.txt": ""])
        let version = try Fixtures.run(["-V"], in: dir)
        #expect(version.status == 0 && version.out == "0.1.0\n", "\(version)")
        let red = "\u{1B}[31merror:"
        // Standard error is a pipe here: colour only when forced, and never against a non-empty NO_COLOR.
        let plain = try Fixtures.run(["run", "missing.lua", "--headless"], in: dir, environment: ["NO_COLOR": ""])
        #expect(plain.status == 1 && plain.err.contains("error: ") && !plain.err.contains(red), "\(plain.err)")
        let forced = try Fixtures.run(["run", "missing.lua", "--headless"], in: dir, environment: ["NO_COLOR": "", "FORCE_COLOR": "1"])
        #expect(forced.err.contains(red), "\(forced.err)")
        let refused = try Fixtures.run(["run", "missing.lua", "--headless"], in: dir, environment: ["NO_COLOR": "1", "FORCE_COLOR": "1"])
        #expect(!refused.err.contains(red), "\(refused.err)")
        let zero = try Fixtures.run(["run", "missing.lua", "--headless"], in: dir, environment: ["NO_COLOR": "", "FORCE_COLOR": "0"])
        #expect(!zero.err.contains(red), "\(zero.err)")
    }

    // MARK: - what `kinetic check` knows, as warnings

    static let misspelled = """
        local level = { width = 200, height = 200 }
        function level.load(world, state)
          world:addItem{ name = "ball", center = { 100, 50 }, size = { 20, 20 }, image = "ball.png" }
        end
        function level.updat(world, dt) end
        function level.pointers(world, e) end
        return level
        """

    @Test func runWatchAndRenderWarnWhatCheckFindsAndStrictMakesThemErrors() throws {
        let dir = try writeFolder(["level.lua": Self.misspelled, "clean.lua": Self.fallingBall])
        let commands: [[String]] = [
            ["run", "level.lua", "--headless", "--steps", "2"],
            ["watch", "level.lua", "--headless", "--seconds", "0.2"],
            ["render", "level.lua", "-o", "out.png", "--quiet"],
        ]
        for command in commands {
            let result = try Fixtures.run(command, in: dir)
            #expect(result.status == 0, "\(command): \(result)")
            #expect(result.err.contains("warning: level.lua:5:16: unknown level field 'updat'; did you mean 'update'?"), "\(command): \(result.err)")
            #expect(result.err.contains("warning: level.lua:6:16: unknown level field 'pointers'; did you mean 'pointer'?"), "\(command): \(result.err)")
            #expect(result.err.contains("warning: level.lua:3:74: image 'ball.png' not found"), "\(command): \(result.err)")

            let strict = try Fixtures.run(command + ["--strict"], in: dir)
            #expect(strict.status == 1, "\(command) --strict: \(strict)")
            #expect(strict.err.contains("error: level.lua:5:16: unknown level field 'updat'"), "\(command) --strict: \(strict.err)")

            let clean = command.map { $0 == "level.lua" ? "clean.lua" : $0 }
            let quiet = try Fixtures.run(clean + ["--strict"], in: dir)
            #expect(quiet.status == 0 && !quiet.err.contains("warning:"), "\(clean): \(quiet)")
        }
        // `run --watch` takes --strict too.
        let watched = try Fixtures.run(["run", "level.lua", "--watch", "--headless", "--seconds", "0.2", "--strict"], in: dir)
        #expect(watched.status == 1, "\(watched)")
    }

    @Test func watchWarnsAboutAVersionThatAReloadMadeCurrent() throws {
        let dir = try writeFolder(["level.lua": Self.fallingBall])
        // Saved while the watch runs: the new version loads, and its misspelled callback is named.
        let misspelled = Self.fallingBall.replacingOccurrences(of: "end }", with: "end, updat = function() end }")
        DispatchQueue.global().asyncAfter(deadline: .now() + 1) {
            try? misspelled.write(toFile: dir + "/level.lua", atomically: true, encoding: .utf8)
        }
        let result = try Fixtures.run(["watch", "level.lua", "--headless", "--seconds", "3"], in: dir)
        #expect(result.status == 0, "\(result)")
        let reloaded = try #require(result.err.range(of: "reloaded level.lua"), "\(result.err)")
        let warning = try #require(result.err.range(of: "warning: level.lua:4:6: unknown level field 'updat'; did you mean 'update'?"),
                                   "\(result.err)")
        #expect(reloaded.lowerBound < warning.lowerBound)
    }

    // MARK: - the display

    @Test func anUnreachableDisplayIsAnError() throws {
        let dir = try writeFolder(["level.lua": Self.fallingBall])
        // No X server listens on display 9753.
        let unreachable = try Fixtures.run(["run", "level.lua", "--steps", "2"], in: dir,
                                           environment: ["DISPLAY": ":9753", "WAYLAND_DISPLAY": ""])
        #expect(unreachable.status == 1, "\(unreachable)")
        #expect(unreachable.err.contains("error: cannot open a window: no display answers at DISPLAY=:9753"), "\(unreachable.err)")
        #expect(unreachable.err.split(separator: "\n").count == 1, "one clear line, no library noise: \(unreachable.err)")
        #expect(!unreachable.out.contains("done:"), "the level must not run headless instead")
        // --headless never needs the display; no display at all runs headless as before.
        let headless = try Fixtures.run(["run", "level.lua", "--steps", "2", "--headless"], in: dir,
                                        environment: ["DISPLAY": ":9753", "WAYLAND_DISPLAY": ""])
        #expect(headless.status == 0, "\(headless)")
        let none = try Fixtures.run(["run", "level.lua", "--steps", "2"], in: dir, environment: ["DISPLAY": "", "WAYLAND_DISPLAY": ""])
        #expect(none.status == 0 && none.out.contains("done:"), "\(none)")
    }

    // MARK: - kinetic test from any folder

    static let pongScenario = """
        scenario("the level loads", function()
          local world = kinetic.load("../levels/pong.lua")
          world:run(0.5)
          expect(world:item("ball").y > 50, "the ball fell")
        end)
        """

    @Test func aSuiteGivesTheSameResultFromEveryFolder() throws {
        let project = try writeFolder([".luarc.json": "{}\n", "levels/pong.lua": Self.fallingBall,
                                       "tests/pong_test.lua": Self.pongScenario])
        let runs = [
            try Fixtures.run(["test"], in: project),
            try Fixtures.run(["test", "tests"], in: project),
            try Fixtures.run(["test"], in: project + "/tests"),
            try Fixtures.run(["test", project + "/tests/pong_test.lua"], in: NSTemporaryDirectory()),
        ]
        for run in runs {
            #expect(run.status == 0, "\(run)")
            #expect(run.out.lastLine == "1 passed, 0 failed", "\(run.out)")
        }

        // Without a project marker the root is the scenario's folder, from everywhere: refused alike.
        let bare = try writeFolder(["levels/pong.lua": Self.fallingBall, "tests/pong_test.lua": Self.pongScenario])
        for run in [try Fixtures.run(["test"], in: bare), try Fixtures.run(["test"], in: bare + "/tests")] {
            #expect(run.status == 1, "\(run)")
            #expect(run.out.contains("is outside the folder"), "\(run.out)")
        }
    }

    @Test func aTrustedFolderLevelRequiresItsOwnModules() throws {
        let project = try writeFolder([
            ".luarc.json": "{}\n",
            "levels/box/util.lua": "return { size = 30 }\n",
            "levels/box/main.lua": """
                local util = require("util")
                return { load = function(world, state) state.size = util.size end }
                """,
            "tests/box_test.lua": """
                scenario("the level finds util.lua beside it", function()
                  local _, _, state = kinetic.load("../levels/box")
                  expectEqual(state.size, 30)
                end)
                """,
        ])
        for (arguments, folder) in [(["test", "--trust"], project), (["test", "--trust"], project + "/tests"),
                                    (["test"], project + "/tests")] {
            let run = try Fixtures.run(arguments, in: folder)
            #expect(run.status == 0, "\(arguments) in \(folder): \(run)")
        }
        // Trusted, a level outside the project root (no marker: the root is tests/) finds them too.
        try FileManager.default.removeItem(atPath: project + "/.luarc.json")
        let outside = try Fixtures.run(["test", "--trust"], in: project + "/tests")
        #expect(outside.status == 0, "\(outside)")
    }

    @Test func aFolderLevelsErrorsNameItsOwnFileAndLine() throws {
        let project = try writeFolder([
            ".luarc.json": "{}\n",
            "levels/box/main.lua": """
                local level = {}
                local missing = require("nowhere")
                return level
                """,
            "tests/box_test.lua": """
                scenario("the load error names the level's line", function()
                  kinetic.load("../levels/box")
                end)
                """,
        ])
        for arguments in [["test"], ["test", "--trust"]] {
            let run = try Fixtures.run(arguments, in: project)
            #expect(run.status == 1)
            #expect(run.out.contains("levels/box/main.lua:2: module 'nowhere' not found"), "\(arguments): \(run.out)")
            #expect(!run.out.contains("kinetic:"), "\(arguments): \(run.out)")
        }
    }
}
