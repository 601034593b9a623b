// The scenario globals have one table (ScenarioGlobals.swift): what a scenario file gets bound must be
// in it, so the LuaLS definitions and the luacheck configuration generated from it match the runner.
import Foundation
import KineticLuaBridge
import Testing
@testable import KineticLua

@Suite struct ScenarioGlobalsTests {
    /// Global names a scenario session has that a level's runtime lacks, or has with another type.
    static func boundNames() throws -> Set<String> {
        let folder = temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let file = folder + "/probe_test.lua"
        try "".write(toFile: file, atomically: true, encoding: .utf8)
        let session = try ScenarioSession(file: file, settings: ScenarioSettings())
        let plain = try LuaState(options: LuaOptions())
        Runtime.install(in: plain, options: LevelOptions())
        let list = "local names = {} for k, v in pairs(_G) do names[#names + 1] = k .. '=' .. type(v) end "
            + "table.sort(names) return table.concat(names, '\\n')"
        func globals(_ state: LuaState) throws -> [String: String] {
            guard case .string(let text)? = try state.run(list, name: "=globals").first else { return [:] }
            return Dictionary(text.split(separator: "\n").map { line in
                let parts = line.split(separator: "=", maxSplits: 1).map(String.init)
                return (parts[0], parts.count > 1 ? parts[1] : "")
            }, uniquingKeysWith: { a, _ in a })
        }
        let before = try globals(plain), after = try globals(session.state)
        return Set(after.filter { name, value in
            // New, or of another type (Lua's `assert` function replaced by a callable table); the
            // addresses `tostring` shows differ between any two states, so only types are compared.
            guard let old = before[name] else { return true }
            return old != value
        }.keys)
    }

    @Test func everyBoundNameIsInTheTable() throws {
        // Names starting with `__` are the runner's own plumbing, never documented to scenarios.
        let bound = try Self.boundNames().filter { !$0.hasPrefix("__") }
        let table = Set(scenarioGlobals.map(\.name))
        #expect(bound.subtracting(table).isEmpty, "bound but missing from ScenarioGlobals.swift: \(bound.subtracting(table).sorted())")
        #expect(bound.contains("expectTrace") && bound.contains("scenario"), "the probe finds nothing: \(bound.sorted())")
    }

    /// The busted-style names are in the table ahead of the runner that binds them; once they are
    /// bound this set must shrink to empty (the test fails until it does, so the table stays honest).
    @Test func everyTableNameIsBound() throws {
        let awaitingTheRunner: Set = ["describe", "it", "before_each", "after_each", "pending", "spy", "stub", "assert", "match"]
        let bound = try Self.boundNames()
        let unbound = Set(scenarioGlobals.map(\.name)).subtracting(bound)
        #expect(unbound == awaitingTheRunner, "update awaitingTheRunner: names in the table but not bound: \(unbound.sorted())")
    }
}
