// busted's spellings in scenario files (describe/it, hooks, pending, assert/spy/stub) and the
// selection flags (--filter patterns, tags, --shuffle-seed, --repeat, --list).
import Foundation
import KineticLua
import Testing
#if canImport(FoundationXML)
import FoundationXML
#endif

@Suite struct BustedStyleTests {
    let file = Fixtures.path("busted.scenario.lua")

    func run(_ name: String) -> CaseResult {
        ScenarioCaseRunner.run(file: file, case: name, settings: ScenarioCaseRunnerTests.settings)
    }

    @Test func namesJoinTheDescribeBlocksAndKeepTheirLines() {
        let listing = ScenarioCaseRunner.listCases(file: file, settings: ScenarioCaseRunnerTests.settings)
        #expect(listing.error == nil, "\(listing)")
        #expect(listing.cases == [
            ListedCase(name: "outer inner #fast passes", line: 13),
            ListedCase(name: "outer inner #fast fails an assertion", line: 14),
            ListedCase(name: "outer spies #slow", line: 19),
            ListedCase(name: "outer is pending", line: 24, pending: true),
            ListedCase(name: "a pending #slow case", line: 27, pending: true),
            ListedCase(name: "stops itself as pending", line: 28),
            ListedCase(name: "old assert still works", line: 29),
        ])
    }

    @Test func hooksRunOuterFirstBeforeAndInnerFirstAfter() {
        let result = run("outer inner #fast passes")
        #expect(result.status == .passed, "\(result)")
        #expect(result.output == ["file before", "outer before", "inner before", "case",
                                  "inner after", "outer after", "file after"])
    }

    @Test func afterEachRunsAfterAFailureAndTheFailureIsAFailAtTheAssertionsLine() {
        let result = run("outer inner #fast fails an assertion")
        #expect(result.status == .failed, "\(result)")
        #expect(result.location?.hasSuffix("busted.scenario.lua:15") == true, "\(result)")
        #expect(result.message == "sum: expected 3, got 2")
        #expect(result.output.suffix(3) == ["inner after", "outer after", "file after"])
    }

    @Test func spyAssertionFailsWithTheCallsItSaw() {
        let result = run("outer spies #slow")
        #expect(result.status == .failed, "\(result)")
        #expect(result.location?.hasSuffix("busted.scenario.lua:22") == true, "\(result)")
        #expect(result.message == "expected a call with (22); the calls were: (21)")
    }

    @Test func pendingCasesNeverRun() {
        #expect(run("outer is pending").status == .pending)
        #expect(run("a pending #slow case").status == .pending)
        let stopped = run("stops itself as pending")
        #expect(stopped.status == .pending && stopped.message == "waits for a fix", "\(stopped)")
    }

    @Test func plainAssertIsStillLuasOwn() {
        let result = run("old assert still works")
        // assert(4, "four") returned both values; assert(false, …) raised a plain error.
        #expect(result.status == .error, "\(result)")
        #expect(result.message == "plain assert is an error", "\(result)")
    }

    @Test func luassertVocabulary() throws {
        let dir = try Fixtures.scratch([])
        let path = dir + "/vocabulary_test.lua"
        try """
        scenario("holds", function()
          local t = { f = function(a) return a + 1 end }
          local s = spy.on(t, "f")
          assert.equals(3, t.f(2)); assert.are.equal(1, 1); assert.is_not.equal(1, 2); assert.not_equals(1, 2)
          assert.same({ 1, { a = "x" } }, { 1, { a = "x" } }); assert.are_not.same({ 1 }, { 2 })
          assert.is_true(true); assert.is_false(false); assert.is_nil(nil); assert.is_not_nil(0)
          assert.truthy(0); assert.falsy(nil); assert.is_number(1); assert.is_string("s"); assert.is_table({})
          assert.near(1, 1.05, 0.1); assert.matches("^%d+$", "42")
          assert.has_error(function() error("boom") end, "boom"); assert.has_no.errors(function() end)
          assert.error_matches(function() error("code 7") end, "code %d")
          assert.spy(s).was.called(); assert.spy(s).was.called(1); assert.spy(s).was.called_with(2)
          assert.spy(s).was.returned_with(3); assert.spy(s).was_not.called_with(3)
          assert.spy(s).was.called_at_least(1); assert.spy(s).was.called_at_most(1)
          assert.spy(s).was.called_with(match._)
          s:revert(); t.f(0); assert.spy(s).was.called(1)
          local st = stub(t, "f", "a", "b")
          local x, y = t.f()
          assert.equals("a", x); assert.equals("b", y); assert.stub(st).was.called(1)
          st:returns(7); assert.equals(7, t.f())
          local none = spy.new(); assert.spy(none).was_not.called(); assert.spy(none).was.not_called()
        end)
        """.write(toFile: path, atomically: true, encoding: .utf8)
        let result = ScenarioCaseRunner.run(file: path, case: "holds", settings: ScenarioCaseRunnerTests.settings)
        #expect(result.status == .passed, "\(result)")
    }

    @Test("each failing form is a FAIL with its reason", arguments: [
        ("assert.equals(1, 2)", "expected 1, got 2"),
        ("assert.same({ a = 1 }, { a = 2 })", "expected the same as {a = 1}, got {a = 2}"),
        ("assert.is_not.same({ 1 }, { 1 })", "expected a value not the same as {1}"),
        ("assert.is_true(1)", "expected true, got 1"),
        ("assert.is_nil('x')", "expected nil, got \"x\""),
        ("assert.near(1, 1.5, 0.25, 'close')", "close: expected 1 ± 0.25, got 1.5 (off by 0.5)"),
        ("assert.has_error(function() end)", "expected an error, but the function returned"),
        ("assert.has_no.error(function() error('x') end)", "expected no error, got \"x\""),
        ("assert.spy(spy.new()).was.called()", "expected the spy to be called, it was called 0 times"),
        ("local s = spy.new(); s(); s(); assert.spy(s).was.called(1)", "expected the spy to be called 1 time, it was called 2 times"),
        ("local s = spy.new(); s(); assert.spy(s).was_not.called()", "expected the spy not to be called, it was called 1 time"),
    ])
    func failingForms(code: String, message: String) throws {
        let dir = try Fixtures.scratch([])
        let path = dir + "/forms_test.lua"
        try "scenario(\"x\", function()\n  \(code)\nend)\n".write(toFile: path, atomically: true, encoding: .utf8)
        let result = ScenarioCaseRunner.run(file: path, case: "x", settings: ScenarioCaseRunnerTests.settings)
        #expect(result.status == .failed, "\(result)")
        #expect(result.message == message)
        #expect(result.location?.hasSuffix("forms_test.lua:2") == true, "\(result)")
    }

    @Test func registeringInsideACaseIsAnError() throws {
        let dir = try Fixtures.scratch([])
        let path = dir + "/late_test.lua"
        try "it(\"x\", function() describe(\"y\", function() end) end)\n".write(toFile: path, atomically: true, encoding: .utf8)
        let result = ScenarioCaseRunner.run(file: path, case: "x", settings: ScenarioCaseRunnerTests.settings)
        #expect(result.status == .error)
        #expect(result.message?.contains("describe: blocks are declared while the file loads, not inside a case") == true, "\(result)")
    }

    // MARK: - Selection

    func cases(_ names: [String]) -> [ScenarioCase] { names.map { ScenarioCase(file: "a_test.lua", name: $0) } }

    @Test func tagsAreHashWords() {
        #expect(CaseSelection.hashTags(in: "outer #fast scores #slow-ish, #a_b #fast") == ["fast", "slow-ish", "a_b"])
        #expect(CaseSelection.hashTags(in: "no tags # here") == [])
    }

    @Test func tagsAndExcludedTags() throws {
        let all = cases(["a #fast", "b #slow", "c #fast #slow", "d"])
        var s = CaseSelection()
        s.tags = ["fast"]
        #expect(try s.apply(to: all).map(\.case.name) == ["a #fast", "c #fast #slow"])
        s.excludedTags = ["slow"]
        #expect(try s.apply(to: all).map(\.case.name) == ["a #fast"])
        s.tags = []
        #expect(try s.apply(to: all).map(\.case.name) == ["a #fast", "d"])
    }

    @Test func filtersArePlainTextOrLuaPatterns() throws {
        let all = cases(["free fall 1", "free fall 2", "bounce (100%)", "spin"])
        var s = CaseSelection()
        s.filters = ["free fall"]
        #expect(try s.apply(to: all).map(\.case.name) == ["free fall 1", "free fall 2"])
        s.filters = ["^free fall %d$", "^spin"]
        s.filtersOut = ["2$"]
        #expect(try s.apply(to: all).map(\.case.name) == ["free fall 1", "spin"])
        // Not a valid pattern: plain text only.
        s.filters = ["(100%)"]
        s.filtersOut = []
        #expect(try s.apply(to: all).map(\.case.name) == ["bounce (100%)"])
        // The file is part of what a filter sees.
        s.filters = ["a_test.lua › sp"]
        #expect(try s.apply(to: all).map(\.case.name) == ["spin"])
    }

    @Test func shuffleIsAPermutationFixedByTheSeed() throws {
        let all = cases((1...20).map { "case \($0)" })
        var s = CaseSelection()
        s.shuffleSeed = 42
        let first = try s.apply(to: all).map(\.position), again = try s.apply(to: all).map(\.position)
        #expect(first == again)
        #expect(first.sorted() == Array(0..<20) && first != Array(0..<20))
        s.shuffleSeed = 43
        #expect(try s.apply(to: all).map(\.position) != first)
    }

    @Test func repeatRunsRoundAfterRound() throws {
        var s = CaseSelection()
        s.repeatCount = 2
        let titles = try s.apply(to: cases(["x", "y"])).map(\.case.title)
        #expect(titles == ["a_test.lua › x (run 1 of 2)", "a_test.lua › y (run 1 of 2)",
                           "a_test.lua › x (run 2 of 2)", "a_test.lua › y (run 2 of 2)"])
    }

    // MARK: - Reports

    func suite(_ configure: (inout SuiteOptions) -> Void = { _ in }) throws -> (SuiteReport, String) {
        let dir = try Fixtures.scratch([("busted.scenario.lua", "busted_test.lua")])
        var options = SuiteOptions()
        options.paths = [dir]
        options.jobs = 2
        options.settings.instructionBudget = 5_000_000
        configure(&options)
        let text = TextSink()
        let report = try ScenarioSuite.run(options, executor: InProcessExecutor()) { text.append($0) }
        return (report, text.value)
    }

    @Test func pendingIsCountedApartAndSkippedInReports() throws {
        let junit = NSTemporaryDirectory() + "kinetic-busted-\(UUID().uuidString).xml"
        let (report, text) = try suite { $0.junit = junit; $0.tap = true }
        #expect(report.passed == 1 && report.failed == 3 && report.pending == 3)
        #expect(text.lastLine == "# 1 passed, 3 failed, 3 pending")
        #expect(text.contains(Regex(/ok 4 - \S*busted_test.lua › outer is pending # SKIP pending\n/)))
        #expect(text.contains(Regex(/ok 6 - \S*busted_test.lua › stops itself as pending # SKIP pending: waits for a fix\n/)))
        let xml = try String(contentsOfFile: junit, encoding: .utf8)
        let document = try XMLDocument(xmlString: xml)
        let root = try #require(document.rootElement())
        #expect(root.attribute(forName: "skipped")?.stringValue == "3")
        #expect(root.attribute(forName: "tests")?.stringValue == "7")
        #expect(try document.nodes(forXPath: "//testcase/skipped").count == 3)
    }

    @Test func listPrintsFileLineAndNameAndRunsNothing() throws {
        let (report, text) = try suite { $0.list = true; $0.selection.tags = ["slow"] }
        #expect(report.results.allSatisfy { $0.output.isEmpty })
        let lines = text.split(separator: "\n").map { String($0).components(separatedBy: "/").last! }
        #expect(lines == ["busted_test.lua:19: outer spies #slow", "busted_test.lua:27: a pending #slow case (pending)"])
    }
}

@Suite struct TestConfigTests {
    func folder(_ text: String) throws -> String {
        let dir = try Fixtures.scratch([])
        try text.write(toFile: dir + "/" + TestConfig.fileName, atomically: true, encoding: .utf8)
        return dir
    }

    @Test func readsBustedStyleOptions() throws {
        let dir = try folder("""
        return { default = { tags = { "fast", "unit" }, ["exclude-tags"] = "slow", jobs = 2, output = "tap",
                             filter = { "a,b", "^c" }, coverage = true } }
        """)
        let config = try #require(try TestConfig.read(folder: dir))
        #expect(config["tags"] == ["fast", "unit"] && config["exclude-tags"] == ["slow"])
        #expect(config["jobs"] == ["2"] && config["output"] == ["tap"] && config["coverage"] == ["true"])
        #expect(config["filter"] == ["a,b", "^c"], "a comma inside a pattern stays")
    }

    @Test func noFileNoOptions() throws {
        #expect(try TestConfig.read(folder: try Fixtures.scratch([])) == nil)
    }

    @Test("a bad file is an error naming it", arguments: [
        ("return { tagz = 'x' }", "unknown option 'tagz' (did you mean 'tags'?)"),
        ("return 5", ".kinetic-test: must return a table of options, got number"),
        ("return { jobs = function() end }", "option 'jobs' must be a string, number, boolean or list, got function"),
        ("os.execute('true')", "os.execute is not available in a sandboxed level"),
    ])
    func badFiles(text: String, message: String) throws {
        let dir = try folder(text)
        #expect {
            _ = try TestConfig.read(folder: dir)
        } throws: { error in
            "\(error)".contains(message)
        }
    }

    @Test func commandLineWinsOverTheFile() throws {
        let dir = try Fixtures.scratch([("busted.scenario.lua", "busted_test.lua")])
        try "return { tags = 'slow', output = 'tap' }".write(toFile: dir + "/" + TestConfig.fileName, atomically: true, encoding: .utf8)
        let fromFile = try Fixtures.run(["test", "--list"], in: dir)
        #expect(fromFile.out.split(separator: "\n").map { $0.components(separatedBy: "/").last! }
                == ["busted_test.lua:19: outer spies #slow", "busted_test.lua:27: a pending #slow case (pending)"], "\(fromFile)")
        let given = try Fixtures.run(["test", "--tags", "fast"], in: dir)
        #expect(given.out.hasPrefix("TAP version 13\n1..2\n"), "\(given)")
        #expect(given.out.lastLine == "# 1 passed, 1 failed, 5 skipped", "\(given)")
    }
}

@Suite struct TAPYAMLTests {
    /// A YAML parser (PyYAML) reads every block of a TAP report whose failure and output carry ANSI
    /// escapes, a carriage return and a NUL. Skipped where python3 has no `yaml`.
    @Test func blocksParseAsYAML() throws {
        let probe = Process()
        probe.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        probe.arguments = ["python3", "-c", "import yaml"]
        probe.standardError = FileHandle.nullDevice
        guard (try? probe.run()) != nil else { return }
        probe.waitUntilExit()
        guard probe.terminationStatus == 0 else { return }

        let dir = try Fixtures.scratch([])
        try """
        scenario("ansi \\27[31mred", function()
          print("\\27[32mgreen\\27[0m and \\r carriage \\0 nul")
          assert.equals("\\27[1mbold", "x", "msg \\27[33m")
        end)
        it("pending \\27[2J", function() pending("why \\27[31m") end)
        """.write(toFile: dir + "/ansi_test.lua", atomically: true, encoding: .utf8)
        let run = try Fixtures.run(["test", "--tap"], in: dir)
        try run.out.write(toFile: dir + "/report.tap", atomically: true, encoding: .utf8)
        let check = Process()
        check.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        check.arguments = ["python3", "-c", """
        import re, sys, yaml
        text = open(sys.argv[1]).read()
        blocks = re.findall(r'\\n  ---\\n(.*?)\\n  \\.\\.\\.', text, re.S)
        assert len(blocks) == 1, blocks
        block = yaml.safe_load(blocks[0])
        assert block['message'] == 'msg \\x1b[33m: expected "\\\\27[1mbold", got "x"', block
        assert block['details'] == '\\\\x1b[32mgreen\\\\x1b[0m and \\\\x0d carriage \\\\x00 nul\\n', block
        """, dir + "/report.tap"]
        let errors = Pipe()
        check.standardError = errors
        try check.run()
        check.waitUntilExit()
        let message = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        #expect(check.terminationStatus == 0, "\(message)\n\(run.out)")
        #expect(run.out.contains("# SKIP pending: why \\x1b[31m\n"), "\(run.out)")
    }
}
