// Scenario files through the case runner `kinetic test` uses: each case in a fresh state, a failure
// ends its case only and reports file:line.
import Foundation
import KineticLuaBridge
import Testing
@testable import KineticLua

@Suite struct ScenarioTests {
    /// Every case of `file`, each run in its own state.
    func runAll(_ file: String) -> (cases: [String], results: [CaseResult], error: CaseResult?) {
        let listing = ScenarioCaseRunner.listCases(file: file)
        let names = listing.cases.map(\.name)
        return (names, names.map { ScenarioCaseRunner.run(file: file, case: $0) }, listing.error)
    }

    @Test func passingScenarios() {
        let (cases, results, error) = runAll(fixtures + "/drop/drop_test.lua")
        #expect(error == nil)
        #expect(cases == ["the ball lands on the floor exactly once", "a drag is a began, moves and an ended"])
        #expect(results.allSatisfy { $0.status == .passed }, "\(results)")
    }

    @Test func failuresReportFileAndLine() throws {
        // The first math.random(1, 10) of a fresh state seeded with 0, for the last case to compare
        // against: every case starts from the same seed.
        var options = LuaOptions()
        options.output = { _ in }
        let first = try LuaState(options: options).run("return math.random(1, 10)")[0]
        let folder = try makeFolder([:])
        try FileManager.default.copyItem(atPath: fixtures + "/drop", toPath: folder + "/drop")
        let file = folder + "/drop/failing_scenarios.lua"
        let source = try String(contentsOfFile: file, encoding: .utf8)
        try ("SEEDED_FIRST = \(first)\n" + source).write(toFile: file, atomically: true, encoding: .utf8)
        let (_, results, error) = runAll(file)
        #expect(error == nil)
        #expect(results.map(\.status) == [.failed, .failed, .error, .passed], "\(results)")
        #expect(results.map { $0.location.map { ($0 as NSString).lastPathComponent } } == [
            "failing_scenarios.lua:6", "failing_scenarios.lua:11", "failing_scenarios.lua:16", nil,
        ])
        #expect(results.map(\.message) == [
            "five landings: expected a true value, got false",
            "close enough: expected 1 ± 0.1, got 1.5 (off by 0.5)",
            "Item:moveTo: 'x' must be a number, got \"x\"",
            nil,
        ])
        // The failed expect ended its case: the error after it never ran.
        #expect(!(results[0].message ?? "").contains("never reached"))
        #expect(results[2].details.contains { $0.contains("failing_scenarios.lua:16") }, "\(results[2].details)")
    }

    @Test func aFileThatDoesNotLoadIsOneFailure() throws {
        let folder = try makeFolder(["broken_test.lua": "scenario('x', function() end)\nthis is not lua"])
        let (cases, _, error) = runAll(folder + "/broken_test.lua")
        #expect(cases.isEmpty)
        #expect(error?.status == .error)
        #expect(error?.location.map { ($0 as NSString).lastPathComponent } == "broken_test.lua:2", "\(String(describing: error))")
    }
}
