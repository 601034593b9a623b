// Scenario files: cases run in order, a failure ends its case only and reports file:line.
import Foundation
import LuaBridge
import Testing
@testable import KineticLua

@Suite struct ScenarioTests {
    @Test func passingScenarios() {
        let outcomes = ScenarioRunner.run(file: fixtures + "/drop/drop_test.lua", options: quietOptions())
        #expect(outcomes.map(\.name) == ["the ball lands on the floor exactly once", "a drag is a began, moves and an ended"])
        #expect(outcomes.map(\.location) == ["drop_test.lua:3", "drop_test.lua:12"])
        let failures = outcomes.compactMap(\.failure)
        #expect(failures.isEmpty, "\(failures)")
    }

    @Test func failuresReportFileAndLine() throws {
        // The first math.random(1, 10) after seeding with 0, for the last case to compare against.
        var options = LuaOptions()
        options.output = { _ in }
        let first = try LuaState(options: options).run("math.randomseed(0) return math.random(1, 10)")[0]
        let folder = try makeFolder([:])
        try FileManager.default.copyItem(atPath: fixtures + "/drop", toPath: folder + "/drop")
        let file = folder + "/drop/failing_scenarios.lua"
        let source = try String(contentsOfFile: file, encoding: .utf8)
        try ("SEEDED_FIRST = \(first)\n" + source).write(toFile: file, atomically: true, encoding: .utf8)
        let outcomes = ScenarioRunner.run(file: file, options: quietOptions())
        #expect(outcomes.map(\.failure) == [
            "failing_scenarios.lua:6: expectation failed: five landings",
            "failing_scenarios.lua:11: expectation failed: close enough (got 1.5, expected 1 within 0.1)",
            "failing_scenarios.lua:16: Item:moveTo: 'x' must be a number, got \"x\"",
            nil,
        ])
        #expect(outcomes[0].traceback.contains { $0.hasPrefix("failing_scenarios.lua:6:") }, "\(outcomes[0].traceback)")
    }

    @Test func aFileThatDoesNotLoadIsOneFailure() throws {
        let folder = try makeFolder(["broken_test.lua": "scenario('x', function() end)\nthis is not lua"])
        let outcomes = ScenarioRunner.run(file: folder + "/broken_test.lua", options: quietOptions())
        #expect(outcomes.count == 1 && outcomes[0].name == "(file)")
        #expect(outcomes[0].failure?.hasPrefix("broken_test.lua:2:") == true)
    }
}
