// ScenarioSuite in this process: the summary line, filter, shards, and the JUnit and TAP reports.
import Foundation
import KineticLua
import Testing
#if canImport(FoundationXML)
import FoundationXML
#endif

@Suite struct ScenarioSuiteTests {
    /// A folder with the mixed fixture and the free-fall scenario as `*_test.lua` files, plus a
    /// file that fails to load: 5 + 1 + 1 cases.
    func suiteFolder() throws -> String {
        try Fixtures.scratch([("mixed.scenario.lua", "a/mixed_test.lua"), ("falling.lua", "a/falling.lua"),
                              ("broken.scenario.lua", "b/broken_test.lua"), ("pile.scenario.lua", "b/pile_test.lua"),
                              ("falling.lua", "b/.hidden/ignored_test.lua")])
    }

    func options(_ dir: String) -> SuiteOptions {
        var options = SuiteOptions()
        options.paths = [dir]
        options.jobs = 2
        options.settings.instructionBudget = 5_000_000
        return options
    }

    func run(_ options: SuiteOptions) throws -> (SuiteReport, String) {
        let text = TextSink()
        let report = try ScenarioSuite.run(options, executor: InProcessExecutor()) { text.append($0) }
        return (report, text.value)
    }

    @Test func findsTestFilesSortedAndSkipsHiddenFolders() throws {
        let dir = try suiteFolder()
        let files = try ScenarioDiscovery.files(in: [dir, dir + "/a/mixed_test.lua"])
        #expect(files == [dir + "/a/mixed_test.lua", dir + "/b/broken_test.lua", dir + "/b/pile_test.lua"])
        #expect(throws: ScenarioError.self) { try ScenarioDiscovery.files(in: [dir + "/missing"]) }
    }

    @Test func reportEndsWithTheSummaryLine() throws {
        let (report, text) = try run(options(try suiteFolder()))
        // mixed: passes, after the hang / fails, errors, hangs; pile: passes; broken: load error.
        #expect(report.passed == 3 && report.failed == 4)
        #expect(text.lastLine == "3 passed, 4 failed")
        let lines = text.split(separator: "\n").map(String.init)
        #expect(lines.filter { $0.hasPrefix("ok ") }.count == 3)
        #expect(lines.filter { $0.hasPrefix("FAIL ") }.count == 1)
        #expect(lines.filter { $0.hasPrefix("ERROR ") }.count == 3)
        // Cases are reported in file order, then registration order.
        let order = lines.filter { $0.hasPrefix("ok ") || $0.hasPrefix("FAIL ") || $0.hasPrefix("ERROR ") }
            .map { $0.components(separatedBy: " › ").last!.withoutTimings }
        #expect(order == ["passes", "fails", "errors", "hangs", "after the hang", "(load)", "pile"])
    }

    @Test func filterLeavesCasesOutAsSkipped() throws {
        var o = options(try suiteFolder())
        o.selection.filters = ["mixed_test.lua › pa"]
        let (report, text) = try run(o)
        #expect(report.cases.map(\.name) == ["passes"])
        #expect(text.lastLine == "1 passed, 0 failed, 6 skipped")
    }

    @Test func shardsRunEveryCaseExactlyOnce() throws {
        let dir = try suiteFolder()
        var seen: [String] = []
        for i in 1...3 {
            var o = options(dir)
            o.selection.shard = .init(index: i, count: 3)
            let (report, text) = try run(o)
            seen += report.cases.map(\.title)
            #expect(text.lastLine.hasSuffix(", \(7 - report.cases.count) skipped"))
        }
        let (all, _) = try run(options(dir))
        #expect(seen.sorted() == all.cases.map(\.title).sorted())
        #expect(Set(seen).count == seen.count)
        #expect(ScenarioSuite.parseShard("2/3")! == (2, 3))
        #expect(ScenarioSuite.parseShard("4/3") == nil && ScenarioSuite.parseShard("0/3") == nil && ScenarioSuite.parseShard("x") == nil)
    }

    @Test func junitHasTheUsualShape() throws {
        let dir = try suiteFolder()
        var o = options(dir)
        o.junit = dir + "/report.xml"
        _ = try run(o)
        let xml = try String(contentsOfFile: dir + "/report.xml", encoding: .utf8)
        #if canImport(FoundationXML) || os(macOS)
        let document = try XMLDocument(xmlString: xml)
        let root = try #require(document.rootElement())
        #expect(root.name == "testsuites")
        #expect(root.attribute(forName: "tests")?.stringValue == "7")
        #expect(root.attribute(forName: "failures")?.stringValue == "1")
        #expect(root.attribute(forName: "errors")?.stringValue == "3")
        let suites = root.elements(forName: "testsuite")
        #expect(suites.map { $0.attribute(forName: "name")?.stringValue ?? "" } == [dir + "/a/mixed_test.lua", dir + "/b/broken_test.lua", dir + "/b/pile_test.lua"])
        let cases = suites.flatMap { $0.elements(forName: "testcase") }
        #expect(cases.count == 7)
        for testcase in cases {
            // The file's path without `.lua` and without dots, which CI tools split into packages.
            let file = try #require(testcase.attribute(forName: "file")?.stringValue)
            #expect(file.hasPrefix(dir) && file.hasSuffix("_test.lua"))
            #expect(testcase.attribute(forName: "classname")?.stringValue
                    == String(file.dropLast(4)).replacingOccurrences(of: ".", with: "_"))
            #expect(Double(testcase.attribute(forName: "time")?.stringValue ?? "") != nil)
        }
        for suite in suites {
            #expect(suite.attribute(forName: "hostname")?.stringValue?.isEmpty == false)
            let timestamp = try #require(suite.attribute(forName: "timestamp")?.stringValue)
            #expect(timestamp.wholeMatch(of: /\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d/) != nil)
        }
        let fails = cases.first { $0.attribute(forName: "name")?.stringValue == "fails" }
        let failure = try #require(fails?.elements(forName: "failure").first)
        #expect(failure.attribute(forName: "message")?.stringValue?.hasSuffix("mixed_test.lua:10: arithmetic: expected 3 ± 0.001, got 2 (off by 1)") == true)
        let errors = cases.filter { !$0.elements(forName: "error").isEmpty }.map { $0.attribute(forName: "name")?.stringValue ?? "" }
        #expect(errors == ["errors", "hangs", "(load)"])
        #else
        #expect(xml.contains("<testsuites ") && xml.contains("<testcase classname="))
        #endif
    }

    /// Readers total a report from its root: passed = tests - failures - errors - skipped. A filtered
    /// or sharded run lists only the cases it ran, so every count must be of those.
    @Test func junitCountsOnlyTheCasesItLists() throws {
        let dir = try suiteFolder()
        var o = options(dir)
        o.selection.filters = ["mixed_test.lua › pa"]
        o.junit = dir + "/report.xml"
        _ = try run(o)
        let xml = try String(contentsOfFile: dir + "/report.xml", encoding: .utf8)
        #expect(xml.contains("<!-- 6 other cases were left out by the filter or the shard -->"))
        #if canImport(FoundationXML) || os(macOS)
        let root = try #require(try XMLDocument(xmlString: xml).rootElement())
        let cases = root.elements(forName: "testsuite").flatMap { $0.elements(forName: "testcase") }
        let skipped = cases.filter { !$0.elements(forName: "skipped").isEmpty }.count
        #expect(root.attribute(forName: "tests")?.stringValue == "\(cases.count)")
        #expect(root.attribute(forName: "skipped")?.stringValue == "\(skipped)")
        #expect(cases.map { $0.attribute(forName: "name")?.stringValue } == ["passes"])
        #else
        #expect(xml.contains("tests=\"1\"") && xml.contains("skipped=\"0\"") && !xml.contains("skipped=\"6\""))
        #endif
    }

    @Test func junitClassnamesHaveNoDots() {
        #expect(JUnitReport.classname("examples/basketball/basketball_test.lua") == "examples/basketball/basketball_test")
        #expect(JUnitReport.classname("./Tests/Scenarios/issue-0001.free-fall_test.lua") == "Tests/Scenarios/issue-0001_free-fall_test")
    }

    @Test func tapReport() throws {
        var o = options(try suiteFolder())
        o.tap = true
        let (_, text) = try run(o)
        let lines = text.split(separator: "\n").map(String.init)
        #expect(lines[0] == "TAP version 13")
        #expect(lines[1] == "1..7")
        #expect(lines.filter { $0.hasPrefix("ok ") }.count == 3)
        #expect(lines.filter { $0.hasPrefix("not ok ") }.count == 4)
        #expect(lines.contains { $0.hasPrefix("not ok 2 - ") && $0.hasSuffix("mixed_test.lua › fails") })
        #expect(text.lastLine == "# 3 passed, 4 failed")
    }
}

final class TextSink: @unchecked Sendable {
    private let lock = NSLock()
    private var text = ""
    func append(_ s: String) { lock.lock(); text += s; lock.unlock() }
    var value: String { lock.lock(); defer { lock.unlock() }; return text }
}
