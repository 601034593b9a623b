// The generated luacheck configuration: the committed .luacheckrc is what `kinetic api --luacheckrc`
// writes today, and luacheck with it finds nothing in examples/ but does find planted mistakes.
import Foundation
import Testing
@testable import KineticLua

@Suite struct LuacheckConfigurationTests {
    @Test func committedConfigurationMatchesTheAPI() throws {
        let committed = try String(contentsOfFile: packageRoot + "/.luacheckrc", encoding: .utf8)
        #expect(committed == LuacheckConfiguration().text(), "regenerate it: kinetic api --luacheckrc --force")
    }

    @Test func configurationHasTheSandboxKineticAndScenarioGlobals() {
        let text = LuacheckConfiguration().text()
        #expect(text.contains("    debug = { fields = {\n      traceback = {},\n    } },\n"), "the sandbox keeps only debug.traceback")
        #expect(text.contains("    os = { fields = {} },\n"), "the sandbox's os is empty")
        #expect(text.contains("      gravity = {},\n"))
        #expect(text.contains("      infinite = { other_fields = true },\n"))
        for global in scenarioGlobals { #expect(text.contains("\n    \(global.name) = {"), "\(global.name)") }
        #expect(text.contains("files[\"**/*_test.lua\"] = { std = \"+kinetic_scenarios\" }"))
    }

    @Test(.enabled(if: findTool("luacheck") != nil, "luacheck is not on PATH (scripts/install-deps.sh --test installs Debian's lua-check)"))
    func examplesHaveNoLuacheckWarnings() {
        let (status, output) = runTool(findTool("luacheck")!, ["examples", "--no-color", "--formatter", "plain"], in: packageRoot)
        #expect(status == 0 && output.isEmpty, "luacheck examples/:\n\(output)")
    }

    @Test(.enabled(if: findTool("luacheck") != nil, "luacheck is not on PATH (scripts/install-deps.sh --test installs Debian's lua-check)"))
    func plantedMistakesAreReported() throws {
        let folder = temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try LuacheckConfiguration().write(to: folder + "/.luacheckrc")
        try """
            local unused = 1
            kinetic.gravity = nil
            print(kinetic.gravty, os.time())
            scenario("x", function() end)

            """.write(toFile: folder + "/main.lua", atomically: true, encoding: .utf8)
        try "scenario(\"x\", function() expectNear(1, 1, 0) end)\n".write(toFile: folder + "/main_test.lua", atomically: true, encoding: .utf8)
        let (_, output) = runTool(findTool("luacheck")!, [".", "--no-color", "--formatter", "plain"], in: folder)
        let lines = Set(output.split(separator: "\n").map(String.init))
        #expect(lines == [
            "main.lua:1:7: unused variable 'unused'",
            "main.lua:2:1: setting read-only field 'gravity' of global 'kinetic'",
            "main.lua:3:7: accessing undefined field 'gravty' of global 'kinetic'",
            "main.lua:3:23: accessing undefined field 'time' of global 'os'",
            "main.lua:4:1: accessing undefined variable 'scenario'",
        ], "\(output)")
    }
}
