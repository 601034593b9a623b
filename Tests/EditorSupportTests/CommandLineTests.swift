// The `kinetic api` and `kinetic check` commands as a user runs them. They need the executable:
// `swift build --product kinetic` first (or set KINETIC_BINARY); without it these tests record an issue.
import Foundation
import Testing
@testable import KineticLua

@Suite struct CommandLineTests {
    /// `.build/debug/kinetic` beside the test bundle, or $KINETIC_BINARY.
    static var binary: String? {
        if let path = ProcessInfo.processInfo.environment["KINETIC_BINARY"] { return path }
        let bundle = Bundle.main.bundleURL.deletingLastPathComponent()
        let candidates = [bundle.appendingPathComponent("kinetic").path, packageRoot + "/.build/debug/kinetic"]
        return candidates.first { FileManager.default.isExecutableFile(atPath: $0) }
    }

    func kinetic(_ arguments: [String], in directory: String? = nil, environment: [String: String]? = nil) throws -> (Int32, String, String) {
        guard let binary = Self.binary else {
            Issue.record("no kinetic executable: run `swift build --product kinetic` first")
            throw CancellationError()
        }
        return runToolSeparately(binary, arguments, in: directory, environment: environment)
    }

    @Test func apiPrintsTheBoundSurface() throws {
        // The binding's own test holds APISurface against LUA-API.md; this holds the CLI to APISurface.
        let (status, out, _) = try kinetic(["api"])
        #expect(status == 0)
        let printed = try JSONDecoder().decode(APISurface.self, from: Data(out.utf8))
        #expect(printed == APISurface.current())
        #expect(printed.allNames.contains("kinetic.field{kind}"))
        // Byte-identical on every run (hash-seeded key order would differ between processes).
        for _ in 0..<3 { #expect(try kinetic(["api"]).1 == out) }
    }

    @Test func apiWritesLuaLSDefinitions() throws {
        let project = temporaryFolder()
        let (status, out, _) = try kinetic(["api", "--luals", ".luals", "--luarc"], in: project)
        #expect(status == 0)
        #expect(out == "wrote .luals/kinetic.lua\nwrote .luarc.json\n")
        let text = try String(contentsOfFile: project + "/.luals/kinetic.lua", encoding: .utf8)
        #expect(text.hasPrefix("---@meta kinetic"))
        let rc = try String(contentsOfFile: project + "/.luarc.json", encoding: .utf8)
        #expect(rc.contains("\"workspace.library\": [\".luals\"]"))
        // A second --luarc keeps the user's file unless --force.
        let (again, _, err) = try kinetic(["api", "--luals", ".luals", "--luarc"], in: project)
        #expect(again == 1 && err.contains(".luarc.json exists"))
        #expect(try kinetic(["api", "--luals", ".luals", "--luarc", "--force"], in: project).0 == 0)
    }

    @Test func apiWritesALuacheckConfiguration() throws {
        let project = temporaryFolder()
        let (status, out, _) = try kinetic(["api", "--luacheckrc"], in: project)
        #expect(status == 0 && out == "wrote .luacheckrc\n", "\(out)")
        let written = try String(contentsOfFile: project + "/.luacheckrc", encoding: .utf8)
        #expect(written == LuacheckConfiguration().text())
        // A second one keeps the user's file unless --force.
        try "-- mine\n".write(toFile: project + "/.luacheckrc", atomically: true, encoding: .utf8)
        let (again, _, err) = try kinetic(["api", "--luacheckrc"], in: project)
        #expect(again == 1 && err.contains(".luacheckrc exists"), "\(err)")
        #expect(try String(contentsOfFile: project + "/.luacheckrc", encoding: .utf8) == "-- mine\n")
        #expect(try kinetic(["api", "--luacheckrc", "--force"], in: project).0 == 0)
        #expect(try String(contentsOfFile: project + "/.luacheckrc", encoding: .utf8) == written)
    }

    @Test func apiRejectsLuarcWithoutAFolder() throws {
        let (status, _, err) = try kinetic(["api", "--luarc"])
        #expect(status == 64)
        #expect(err.contains("--luarc needs --luals"))
    }

    @Test func checkPassesACleanLevel() throws {
        let (status, out, err) = try kinetic(["check", "good"], in: fixtures)
        #expect(status == 0)
        #expect(out == "ok: good\n")
        #expect(err == "")
    }

    @Test func checkReportsEveryProblemToStandardErrorAndFails() throws {
        let (status, out, err) = try kinetic(["check", "syntax_error.lua", "unknown_field", "unknown_kind", "missing_image", "good"],
                                             in: fixtures, environment: ["NO_COLOR": "1"])
        #expect(status == 1)
        #expect(out == "ok: good\n")
        let lines = err.split(separator: "\n").map(String.init)
        let locations = lines.map { $0.split(separator: ":").prefix(3).joined(separator: ":") }
        #expect(locations == ["syntax_error.lua:5:1", "unknown_field/main.lua:6:5", "unknown_field/main.lua:10:38",
                              "unknown_kind/main.lua:7:5", "missing_image/main.lua:6:54", "missing_image/main.lua:11:16",
                              "missing_image/main.lua:1:1"])
    }

    @Test func checkKeepsItsLinesInOrderWhenBothStreamsGoToOneFile() throws {
        // `kinetic check a b 2>&1 | tee log` in CI: a clean level's `ok` line comes before the next
        // level's problems, not after them all when the buffered output is flushed at exit.
        guard let binary = Self.binary else { Issue.record("no kinetic executable"); return }
        let (status, out, _) = runToolSeparately("/bin/sh", ["-c", "'\(binary)' check good unknown_field 2>&1"],
                                                 in: fixtures, environment: ["NO_COLOR": "1"])
        #expect(status == 1)
        #expect(out.split(separator: "\n").first == "ok: good", "\(out)")
    }

    @Test func checkPrintsJSON() throws {
        let (status, out, _) = try kinetic(["check", "unknown_kind", "--format", "json"], in: fixtures)
        #expect(status == 1)
        let problems = try JSONDecoder().decode([LevelProblem].self, from: Data(out.utf8))
        #expect(problems.map(\.file) == ["unknown_kind/main.lua"])
        #expect(problems.map(\.line) == [7])
        #expect(problems.map(\.column) == [5])
    }

    @Test func checkNeedsALevel() throws {
        let (status, _, err) = try kinetic(["check"])
        #expect(status == 64)
        #expect(err.contains("Usage"))
    }

    @Test func everyCommandHasHelpWithExamples() throws {
        for command in ["api", "check"] {
            let (status, out, _) = try kinetic([command, "--help"])
            #expect(status == 0)
            #expect(out.contains("Examples:") && out.contains("Exit codes:"), "\(command) --help")
        }
    }
}
