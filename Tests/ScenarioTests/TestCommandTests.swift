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

    @Test("a disguised case is shown as it is", arguments: [false, true])
    func controlCharactersAreShownNotObeyed(tap: Bool) throws {
        // The name paints itself green and returns the cursor to write over its own status; the
        // message and the output try the same; in TAP the name adds a `# SKIP` directive.
        let dir = try folder()
        try """
        scenario("looks \\27[32mok\\27[0m\\r# SKIP", function()
          print("clear \\27[2J screen")
          expect(false, "bad\\r\\27[1Aok")
        end)
        """.write(toFile: dir + "/disguise_test.lua", atomically: true, encoding: .utf8)
        let result = try Fixtures.run(["test", "disguise_test.lua"] + (tap ? ["--tap"] : []), in: dir)
        #expect(result.status == 1)
        #expect(!result.out.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" }, "raw control characters: \(result.out)")
        #expect(result.out.contains("looks \\x1b[32mok\\x1b[0m\\x0d"), "\(result.out)")
        #expect(result.out.contains("clear \\x1b[2J screen"), "\(result.out)")
        if tap {
            #expect(result.out.contains("not ok 1 - disguise_test.lua › looks \\x1b[32mok\\x1b[0m\\x0d\\# SKIP"), "\(result.out)")
            #expect(result.out.contains(#"message: "bad\x0D\x1B[1Aok: expected a true value, got false""#), "\(result.out)")
        } else {
            #expect(result.out.contains("disguise_test.lua:3: bad\\x0d\\x1b[1Aok"), "\(result.out)")
        }
    }

    @Test("workers die with an interrupted parent", arguments: [SIGINT, SIGTERM, SIGKILL])
    func workersDieWithTheParent(signal: Int32) throws {
        let dir = try folder()
        try """
        scenario("spins", function() while true do end end)
        """.write(toFile: dir + "/spin_test.lua", atomically: true, encoding: .utf8)
        let parent = Process()
        // The test runner may ignore SIGINT, and children inherit that: `env --default-signal=INT`
        // restores the default disposition, as in a terminal.
        parent.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        parent.arguments = ["--default-signal=INT", try Fixtures.kinetic(), "test", dir + "/spin_test.lua",
                            "--instruction-budget", "0", "--timeout", "120", "--jobs", "1"]
        parent.standardOutput = FileHandle.nullDevice
        parent.standardError = FileHandle.nullDevice
        try parent.run()
        var worker: Int32?
        let deadline = Date().addingTimeInterval(60)
        while worker == nil, parent.isRunning, Date() < deadline {
            worker = Self.children(of: parent.processIdentifier).first
            usleep(50_000)
        }
        let pid = try #require(worker, "no worker process appeared")
        kill(parent.processIdentifier, signal)
        parent.waitUntilExit()
        #expect(parent.terminationReason == .uncaughtSignal && parent.terminationStatus == signal,
                "the parent did not end by the signal")
        // The worker ends within moments (a zombie waiting for its new parent counts as ended);
        // before, it spun until --timeout.
        let gone = Date().addingTimeInterval(30)
        while Self.isRunning(pid), Date() < gone { usleep(50_000) }
        #expect(!Self.isRunning(pid), "worker \(pid) outlived its parent")
        if Self.isRunning(pid) { kill(pid, SIGKILL) }
    }

    /// The processes whose parent is `pid` (from /proc/PID/task/*/children).
    static func children(of pid: Int32) -> [Int32] {
        let tasks = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/task")) ?? []
        return tasks.flatMap { task in
            ((try? String(contentsOfFile: "/proc/\(pid)/task/\(task)/children", encoding: .utf8)) ?? "")
                .split(separator: " ").compactMap { Int32($0) }
        }
    }

    /// Whether `pid` exists and is not a zombie.
    static func isRunning(_ pid: Int32) -> Bool {
        guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
              let close = stat.lastIndex(of: ")") else { return false }
        return !stat[stat.index(close, offsetBy: 2)...].hasPrefix("Z")
    }
}
