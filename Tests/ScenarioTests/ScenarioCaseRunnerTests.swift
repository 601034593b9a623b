// ScenarioCaseRunner: one case per fresh state; pass, FAIL with file:line, ERROR with traceback,
// a hanging case stopped by the instruction budget, and the cases after it unaffected.
import Foundation
import KineticLua
import Testing

@Suite struct ScenarioCaseRunnerTests {
    static var settings: ScenarioSettings {
        var s = ScenarioSettings()
        s.instructionBudget = 5_000_000  // `while true do end` stops after a fraction of a second
        return s
    }
    let mixed = Fixtures.path("mixed.scenario.lua")

    @Test func listsCasesInRegistrationOrder() {
        let listing = ScenarioCaseRunner.listCases(file: mixed, settings: Self.settings)
        #expect(listing.error == nil)
        #expect(listing.cases.map(\.name) == ["passes", "fails", "errors", "hangs", "after the hang"])
    }

    @Test func passingCase() {
        let result = ScenarioCaseRunner.run(file: mixed, case: "passes", settings: Self.settings)
        #expect(result.status == .passed, "\(result)")
    }

    @Test func failedExpectationReportsItsLineWithExpectedAndActual() {
        let result = ScenarioCaseRunner.run(file: mixed, case: "fails", settings: Self.settings)
        #expect(result.status == .failed)
        // expectNear(1 + 1, 3, 0.001, "arithmetic") is on line 10 of the fixture.
        #expect(result.location?.hasSuffix("mixed.scenario.lua:10") == true, "\(result)")
        #expect(result.message == "arithmetic: expected 3 ± 0.001, got 2 (off by 1)")
    }

    @Test func luaErrorIsAnErrorWithTraceback() {
        let result = ScenarioCaseRunner.run(file: mixed, case: "errors", settings: Self.settings)
        #expect(result.status == .error)
        #expect(result.location?.hasSuffix("mixed.scenario.lua:15") == true, "\(result)")
        #expect(result.message?.contains("attempt to index a nil value") == true)
        #expect(result.details.first == "stack traceback:")
        #expect(result.details.contains { $0.contains("mixed.scenario.lua:15") })
    }

    @Test func hangingCaseIsStoppedByTheInstructionBudget() {
        let result = ScenarioCaseRunner.run(file: mixed, case: "hangs", settings: Self.settings)
        #expect(result.status == .error)
        #expect(result.message?.contains("instruction budget of 5000000") == true, "\(result)")
        #expect(result.location?.hasSuffix("mixed.scenario.lua:19") == true)
    }

    @Test func hangingCaseIsStoppedByTheWallClockWithoutAnInstructionBudget() {
        var settings = ScenarioSettings()
        settings.instructionBudget = nil
        settings.timeout = 0.3
        let result = ScenarioCaseRunner.run(file: mixed, case: "hangs", settings: settings)
        #expect(result.status == .error)
        #expect(result.message?.contains("time budget") == true, "\(result)")
    }

    @Test func caseAfterTheHangRunsInItsOwnState() {
        // Also covers expectEqual and expectError with plain text and with a Lua pattern.
        let result = ScenarioCaseRunner.run(file: mixed, case: "after the hang", settings: Self.settings)
        #expect(result.status == .passed, "\(result)")
    }

    @Test func fileThatFailsToLoadIsReportedOnce() {
        let listing = ScenarioCaseRunner.listCases(file: Fixtures.path("broken.scenario.lua"))
        #expect(listing.cases.isEmpty)
        #expect(listing.error?.status == .error)
        #expect(listing.error?.location?.hasSuffix("broken.scenario.lua:4") == true, "\(String(describing: listing.error))")
    }

    @Test func unknownCaseIsAnError() {
        let result = ScenarioCaseRunner.run(file: mixed, case: "no such case", settings: Self.settings)
        #expect(result.status == .error)
        #expect(result.message?.contains("no scenario named 'no such case'") == true)
    }

    @Test func printedOutputIsKeptWithTheResult() throws {
        let dir = try Fixtures.scratch([])
        let file = dir + "/print_test.lua"
        try "scenario('talks', function() print('hello', 42) expect(false, 'stop') end)".write(toFile: file, atomically: true, encoding: .utf8)
        let result = ScenarioCaseRunner.run(file: file, case: "talks")
        #expect(result.status == .failed)
        #expect(result.output == ["hello\t42"])
        #expect(result.message == "stop: expected a true value, got false")
    }

    @Test func expectErrorFailsWhenTheMessageDoesNotMatch() throws {
        let dir = try Fixtures.scratch([])
        let file = dir + "/errors_test.lua"
        try """
        scenario("wrong message", function() expectError(function() error("boom") end, "bang") end)
        scenario("no error", function() expectError(function() end) end)
        scenario("plain text with magic characters", function()
          expectError(function() error("size (w) must be > 0") end, "size (w) must be > 0")
        end)
        """.write(toFile: file, atomically: true, encoding: .utf8)
        let wrong = ScenarioCaseRunner.run(file: file, case: "wrong message")
        #expect(wrong.status == .failed)
        #expect(wrong.message?.contains("expected an error matching \"bang\"") == true, "\(wrong)")
        #expect(wrong.location?.hasSuffix("errors_test.lua:1") == true)
        #expect(ScenarioCaseRunner.run(file: file, case: "no error").status == .failed)
        let magic = ScenarioCaseRunner.run(file: file, case: "plain text with magic characters")
        #expect(magic.status == .passed, "\(magic)")
    }
}

@Suite struct ScenarioOutputTests {
    @Test func floodedOutputIsCapped() throws {
        let dir = try Fixtures.scratch([])
        let file = dir + "/loud_test.lua"
        try "scenario('loud', function() for i = 1, 2000 do print(i) end end)".write(toFile: file, atomically: true, encoding: .utf8)
        let result = ScenarioCaseRunner.run(file: file, case: "loud")
        #expect(result.status == .passed)
        // 500 lines kept, then one line counting the other 1500.
        #expect(result.output.count == 501)
        #expect(result.output.first == "1" && result.output[499] == "500")
        #expect(result.output.last == "(1500 more lines)")
    }
}
