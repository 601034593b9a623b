// `kinetic test --coverage`: line hits counted by the budget hook, code lines read from the compiled
// chunk, and the LCOV and luacov files built from them.
import Foundation
import KineticLua
import KineticLuaBridge
import Testing

@Suite struct CoverageReportTests {
    /// A module whose loop body runs n times and whose `never` is never called.
    static let module = """
    local M = {}
    function M.twice(n)
      local s = 0
      for i = 1, n do
        s = s + 2
      end
      return s
    end
    function M.never()
      return 1
    end
    return M
    """

    @Test func codeLinesAreTheLinesHoldingInstructions() throws {
        // Line 6, the loop's `end`, holds no instruction (the loop jumps back from line 4), nor do
        // blank and comment lines; a function's `end` line holds the instruction that makes it.
        let lines = try #require(LineCoverage.codeLines(of: Self.module))
        #expect(lines == [1, 2, 3, 4, 5, 7, 8, 9, 10, 11, 12])
        #expect(LineCoverage.codeLines(of: "-- a comment\n\nlocal x = 1\n") == [3])
        #expect(LineCoverage.codeLines(of: "local = 1") == nil)
    }

    @Test func lcovAndLuacovHoldTheHitsOfEveryLevelLine() throws {
        let dir = try Fixtures.scratch([])
        try "".write(toFile: dir + "/.luarc.json", atomically: true, encoding: .utf8)
        try Self.module.write(toFile: dir + "/lib.lua", atomically: true, encoding: .utf8)
        try """
        scenario("three", function() expectEqual(require("lib").twice(3), 6) end)
        scenario("one", function() expectEqual(require("lib").twice(1), 2) end)
        """.write(toFile: dir + "/lib_test.lua", atomically: true, encoding: .utf8)
        var options = SuiteOptions()
        options.paths = [dir]
        options.jobs = 1
        options.lcov = dir + "/lcov.info"
        options.luacovStats = dir + "/luacov.stats.out"
        options.settings.coverage = true
        let text = TextSink()
        let report = try ScenarioSuite.run(options, executor: InProcessExecutor()) { text.append($0) }
        #expect(report.passed == 2, "\(text.value)")
        // 10 of the 11 code lines ran: all but M.never's body.
        #expect(text.value.contains("coverage: 90.9% of 11 lines in 1 file"), "\(text.value)")

        let lcov = try String(contentsOfFile: dir + "/lcov.info", encoding: .utf8)
        let records = lcov.components(separatedBy: "end_of_record\n").filter { $0.contains("SF:") }
        #expect(records.count == 1, "only the level file, not the scenario: \(lcov)")
        let record = try #require(records.first)
        #expect(record.contains("SF:\(URL(fileURLWithPath: dir + "/lib.lua").standardizedFileURL.path)\n"))
        // Summed over both cases: the loop body ran 3 + 1 times, the function body once per call.
        for expected in ["DA:3,2\n", "DA:5,4\n", "DA:7,2\n", "DA:10,0\n", "LF:11\n", "LH:10\n"] {
            #expect(record.contains(expected), "\(expected) in \(record)")
        }

        // luacov: "max:path", then the hits of lines 1...max.
        let stats = try String(contentsOfFile: dir + "/luacov.stats.out", encoding: .utf8).split(separator: "\n")
        #expect(stats.count == 2 && stats[0].hasPrefix("12:") && stats[0].hasSuffix("/lib.lua"), "\(stats)")
        let hits = stats[1].split(separator: " ").compactMap { Int($0) }
        #expect(hits.count == 12 && hits[2] == 2 && hits[4] == 4 && hits[5] == 0 && hits[9] == 0, "\(hits)")
    }

    /// With coverage on and no instruction budget the hook counts lines only; the time budget must
    /// still stop a one-line loop (the watchdog's count hook can be lost to a racing line event).
    @Test func timeBudgetStillStopsAHangUnderCoverage() throws {
        let dir = try Fixtures.scratch([])
        try "scenario(\"hangs\", function() while true do end end)\n".write(toFile: dir + "/hang_test.lua", atomically: true, encoding: .utf8)
        var settings = ScenarioSettings()
        settings.coverage = true
        settings.instructionBudget = nil
        settings.timeout = 0.5
        let result = ScenarioCaseRunner.run(file: dir + "/hang_test.lua", case: "hangs", settings: settings)
        #expect(result.status == .error && result.message?.contains("time budget") == true, "\(result)")
    }
}
