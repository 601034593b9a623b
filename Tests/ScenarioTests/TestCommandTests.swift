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
        // With no instruction budget, the 1 s --timeout stops `while true do end` inside the worker.
        let dir = try folder()
        let result = try Fixtures.run(["test", "a", "--timeout", "1", "--instruction-budget", "0", "--filter", "hang"], in: dir)
        #expect(result.status == 1)
        #expect(result.out.contains("time budget of 1 s"), "\(result.out)")
        #expect(result.out.contains("ok    a/mixed_test.lua › after the hang"))
        #expect(result.out.lastLine == "1 passed, 1 failed, 3 skipped")
    }

    @Test func badCommandLines() throws {
        let dir = try folder()
        #expect(try Fixtures.run(["test", "--shard", "3/2"], in: dir).status == 64)
        #expect(try Fixtures.run(["test", "--jobs", "0"], in: dir).status == 64)
        #expect(try Fixtures.run(["test", "--instruction-budget", "-1"], in: dir).status == 64)
        // A missing path is an error entry; the other paths still run and the summary stays last.
        let missing = try Fixtures.run(["test", "nowhere", "b"], in: dir)
        #expect(missing.status == 1)
        #expect(missing.out.contains("ERROR nowhere › (load)"))
        #expect(missing.out.contains("nowhere: no such file or folder"))
        #expect(missing.out.lastLine == "1 passed, 1 failed")
    }

    @Test func caseThatHangsOutsideLuaIsStoppedAndTheSuiteGoesOn() throws {
        // world:run(3600) at 1000 fps (3.6·10⁶ steps, the most one call may take) steps in Swift with no
        // Lua running, so the count hook cannot stop it; each step asks the watchdog, so the case ends
        // at its 1 s budget with a traceback.
        let dir = try folder()
        try """
        scenario("steps forever", function() local w = kinetic.world{fps = 1000} while true do w:run(3600) end end)
        scenario("next", function() expect(true) end)
        """.write(toFile: dir + "/forever_test.lua", atomically: true, encoding: .utf8)
        let result = try Fixtures.run(["test", "forever_test.lua", "--timeout", "1"], in: dir)
        #expect(result.status == 1)
        #expect(result.out.contains("ERROR forever_test.lua › steps forever"))
        #expect(result.out.contains("stopped: script exceeded its time budget of 1 s while stepping the world (--timeout)"), "\(result.out)")
        #expect(result.out.contains("forever_test.lua:1: in function"), "\(result.out)")
        #expect(result.out.lastLine == "1 passed, 1 failed")
    }

    @Test func seedIsTheDefaultOfKineticLoad() throws {
        let dir = try folder()
        try """
        scenario("seed", function()
          expectEqual(kinetic.load("a/falling.lua").seed, 42, "the --seed")
          expectEqual(kinetic.load("a/falling.lua", { seed = 5 }).seed, 5, "an explicit seed wins")
        end)
        """.write(toFile: dir + "/seed_test.lua", atomically: true, encoding: .utf8)
        #expect(try Fixtures.run(["test", "seed_test.lua", "--seed", "42"], in: dir).status == 0)
        let unseeded = try Fixtures.run(["test", "seed_test.lua"], in: dir)
        #expect(unseeded.status == 1)
        #expect(unseeded.out.contains("seed_test.lua:2: the --seed: expected 42, got 0"), "\(unseeded.out)")
    }
}
