// `kinetic test` as a user runs it: worker processes, --jobs, exit codes, the last line.
import Foundation
import Testing

@Suite struct TestCommandTests {
    func folder() throws -> String {
        try Fixtures.scratch([("mixed.scenario.lua", "a/mixed_test.lua"), ("falling.lua", "a/falling.lua"),
                              ("pile.scenario.lua", "b/pile_test.lua")])
    }

    @Test func jobsOneAndTwoGiveTheSameReport() throws {
        let dir = try folder()
        _ = try Fixtures.run(["test", "b"], in: dir)  // writes the pile's golden trace, so both runs compare with it
        let one = try Fixtures.run(["test", "--jobs", "1", "--instruction-budget", "5000000"], in: dir)
        let two = try Fixtures.run(["test", "--jobs", "2", "--instruction-budget", "5000000"], in: dir)
        #expect(one.status == 1 && two.status == 1)
        #expect(one.out.withoutTimings == two.out.withoutTimings)
        #expect(one.out.lastLine == "3 passed, 3 failed")
        #expect(one.out.contains("ok    a/mixed_test.lua › after the hang"))
    }

    @Test func passingSuiteExitsZero() throws {
        let dir = try folder()
        let result = try Fixtures.run(["test", "b"], in: dir)
        #expect(result.status == 0, "\(result)")
        #expect(result.out.lastLine == "1 passed, 0 failed")
    }

    @Test func missingGoldenFailsUnderCI() throws {
        let dir = try folder()
        let ci = try Fixtures.run(["test", "b"], in: dir, environment: ["CI": "true"])
        #expect(ci.status == 1)
        #expect(ci.out.contains("no golden trace b/pile_test.lua.traces/pile-pile.trace"), "\(ci.out)")
        let update = try Fixtures.run(["test", "b", "--update-golden"], in: dir, environment: ["CI": "true"])
        #expect(update.status == 0)
        #expect(FileManager.default.fileExists(atPath: dir + "/b/pile_test.lua.traces/pile-pile.trace"))
        let again = try Fixtures.run(["test", "b"], in: dir, environment: ["CI": "true"])
        #expect(again.status == 0, "\(again.out)")
    }

    @Test func wallClockTimeoutStopsACaseAndTheSuiteGoesOn() throws {
        // With no effective instruction budget, the 1 s --timeout stops `while true do end`.
        let dir = try folder()
        let result = try Fixtures.run(["test", "a", "--timeout", "1", "--instruction-budget", "2000000000", "--filter", "hang"], in: dir)
        #expect(result.status == 1)
        #expect(result.out.contains("time budget of 1 s"), "\(result.out)")
        #expect(result.out.contains("ok    a/mixed_test.lua › after the hang"))
        #expect(result.out.lastLine == "1 passed, 1 failed, 3 skipped")
    }

    @Test func badCommandLines() throws {
        let dir = try folder()
        #expect(try Fixtures.run(["test", "--shard", "3/2"], in: dir).status == 64)
        #expect(try Fixtures.run(["test", "--jobs", "0"], in: dir).status == 64)
        let missing = try Fixtures.run(["test", "nowhere"], in: dir)
        #expect(missing.status == 1)
        #expect(missing.err.contains("nowhere: no such file or folder"))
    }
}
