// How a suite is shown: one line per case with failure details and the summary line, or TAP 13.
import Foundation

/// Writes the terminal (or TAP) report of a suite as results arrive, in case order.
final class Reporter: @unchecked Sendable {
    let options: SuiteOptions
    let write: (String) -> Void
    let total: Int
    /// Failure details, shown together before the summary.
    private var details: [String] = []

    init(options: SuiteOptions, write: @escaping (String) -> Void, total: Int) {
        self.options = options
        self.write = write
        self.total = total
    }

    func begin() {
        if options.tap { write("TAP version 13\n1..\(total)\n") }
        if let seed = options.selection.shuffleSeed {
            write("\(options.tap ? "# " : "")shuffled with --shuffle-seed \(seed)\n")
        }
    }

    /// `kinetic test --list`: every selected case as `file:line: name`, pending ones marked, and the
    /// files that failed to load with their error.
    static func listing(_ report: SuiteReport) -> String {
        zip(report.cases, report.results).map { scenario, result in
            guard let name = scenario.name else {
                return "\(scenario.file): ERROR \(result.message ?? "")".visibleControls() + "\n"
            }
            let title = "\(scenario.file):\(scenario.line): \(name)" + (scenario.pending ? " (pending)" : "")
            return title.visibleControls() + "\n"
        }.joined()
    }

    func report(_ index: Int, _ scenario: ScenarioCase, _ result: CaseResult) {
        if options.tap { reportTAP(index, scenario, result); return }
        let word = result.status.rawValue.padding(toLength: 5, withPad: " ", startingAt: 0)
        write("\(paint(word, result.status)) \(scenario.title.visibleControls()) (\(timing(result.seconds)))\n")
        for note in result.notes { write("      \(note.visibleControls(keepingNewlines: true))\n") }
        if options.verbose, result.status == .passed {
            for line in result.output { write("      | \(line.visibleControls())\n") }
        }
        if result.status == .failed || result.status == .error { details.append(describe(scenario, result)) }
    }

    func end(_ report: SuiteReport) {
        if options.tap {
            write("# \(report.summary)\n")
            return
        }
        if !details.isEmpty { write("\n" + details.joined(separator: "\n") + "\n") }
        write(report.summary + "\n")
    }

    /// The full story of a failed case: where, why, traceback, what it printed. Everything that
    /// came from the scenario has its control characters made visible (`visibleControls`), so a
    /// case cannot recolour, overwrite or hide the report around it.
    func describe(_ scenario: ScenarioCase, _ result: CaseResult) -> String {
        var lines = ["\(paint(result.status.rawValue, result.status)): \(scenario.title.visibleControls())"]
        let reason = result.message ?? "(no message)"
        lines.append(("  " + (result.location.map { "\($0): " } ?? "") + reason).visibleControls(keepingNewlines: true))
        lines += result.details.map { "  " + $0.visibleControls(keepingNewlines: true) }
        if !result.output.isEmpty {
            lines.append("  output:")
            lines += result.output.map { "  | " + $0.visibleControls() }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// One TAP line per case; a failure adds a YAML block. The description is one line with `#`
    /// escaped (`\#`), so a name cannot add a `# SKIP` or `# TODO` directive, and the YAML holds
    /// no control characters (YAML forbids them; parsers reject the block).
    func reportTAP(_ index: Int, _ scenario: ScenarioCase, _ result: CaseResult) {
        let ok = result.status == .passed || result.status == .pending
        let title = scenario.title.visibleControls().replacingOccurrences(of: "#", with: "\\#")
        let skip = result.status == .pending
            ? " # SKIP pending" + (result.message.map { ": " + $0.visibleControls().replacingOccurrences(of: "#", with: "\\#") } ?? "") : ""
        write("\(ok ? "ok" : "not ok") \(index + 1) - \(title)\(skip)\n")
        guard !ok else { return }
        var yaml = ["  ---", "  severity: \(result.status == .failed ? "fail" : "error")",
                    "  message: \(yamlString(result.message ?? ""))"]
        if let location = result.location { yaml.append("  at: \(yamlString(location))") }
        if !result.details.isEmpty || !result.output.isEmpty {
            yaml.append("  details: |")
            yaml += (result.details + result.output)
                .flatMap { $0.split(separator: "\n", omittingEmptySubsequences: false) }
                .map { "    " + String($0).visibleControls() }
        }
        yaml.append("  duration_ms: \(Int(result.seconds * 1000))")
        yaml.append("  ...")
        write(yaml.joined(separator: "\n") + "\n")
    }

    /// A YAML double-quoted scalar: backslash, quote and every control character escaped.
    func yamlString(_ s: String) -> String {
        "\"" + s.replacingScalars { scalar in
            switch scalar {
            case "\\": return "\\\\"
            case "\"": return "\\\""
            case "\n": return "\\n"
            case "\t": return "\\t"
            default:
                let isControl = scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value)
                return isControl ? "\\x" + String(format: "%02X", scalar.value) : nil
            }
        } + "\""
    }

    func paint(_ word: String, _ status: CaseStatus) -> String {
        guard options.color else { return word }
        let code = status == .passed ? "32" : status == .pending ? "33" : "31"
        return "\u{1B}[\(code)m\(word)\u{1B}[0m"
    }

    func timing(_ seconds: Double) -> String {
        seconds < 1 ? "\(Int((seconds * 1000).rounded())) ms" : String(format: "%.2f s", seconds)
    }
}

/// The JUnit XML of a suite: `testsuites` › one `testsuite` per file › `testcase` with `failure`,
/// `error` or `skipped` (a pending case) children. Only the cases of this run are listed and
/// counted: a case `--filter`, the tags or `--shard` left out belongs to another run (merged shard
/// reports must count each case once), so `skipped` counts the `<skipped/>` elements and `tests` the
/// `testcase` elements, as GitLab and Jenkins total them.
public enum JUnitReport {
    /// The report of `report`, run on `hostname`.
    public static func xml(_ report: SuiteReport, hostname: String = ProcessInfo.processInfo.hostName) -> String {
        var files: [String] = []
        var byFile: [String: [(ScenarioCase, CaseResult)]] = [:]  // lookups only; order from `files`
        for (scenario, result) in zip(report.cases, report.results) {
            if byFile[scenario.file] == nil { files.append(scenario.file) }
            byFile[scenario.file, default: []].append((scenario, result))
        }
        func count(_ list: [(ScenarioCase, CaseResult)], _ status: CaseStatus) -> Int { list.filter { $0.1.status == status }.count }
        func seconds(_ list: [(ScenarioCase, CaseResult)]) -> String { String(format: "%.3f", list.reduce(0) { $0 + $1.1.seconds }) }
        let everything = Array(zip(report.cases, report.results))
        var out = ["<?xml version=\"1.0\" encoding=\"UTF-8\"?>",
                   "<testsuites name=\"kinetic test\" tests=\"\(everything.count)\" failures=\"\(count(everything, .failed))\" "
                   + "errors=\"\(count(everything, .error))\" skipped=\"\(count(everything, .pending))\" time=\"\(seconds(everything))\">"]
        if report.skipped > 0 {
            // Said in a comment, which every reader ignores (and "--" may not appear inside one).
            let cases = report.skipped == 1 ? "case was" : "cases were"
            out.append("  <!-- \(report.skipped) other \(cases) left out by the filter or the shard -->")
        }
        let started = timestamp(report.started), host = escape(hostname)
        for file in files {
            let list = byFile[file]!
            out.append("  <testsuite name=\"\(escape(file))\" tests=\"\(list.count)\" failures=\"\(count(list, .failed))\" "
                       + "errors=\"\(count(list, .error))\" skipped=\"\(count(list, .pending))\" time=\"\(seconds(list))\" "
                       + "timestamp=\"\(started)\" hostname=\"\(host)\">")
            for (scenario, result) in list {
                let open = "    <testcase classname=\"\(escape(classname(file)))\" name=\"\(escape((scenario.name ?? "(load)") + (scenario.runs > 1 ? " (run \(scenario.run) of \(scenario.runs))" : "")))\" "
                    + "file=\"\(escape(file))\" time=\"\(String(format: "%.3f", result.seconds))\""
                if result.status == .passed && result.output.isEmpty {
                    out.append(open + "/>")
                    continue
                }
                out.append(open + ">")
                if result.status == .pending {
                    out.append("      <skipped message=\"\(escape(result.message.map { "pending: " + $0 } ?? "pending"))\"/>")
                } else if result.status != .passed {
                    let tag = result.status == .failed ? "failure" : "error"
                    let message = (result.location.map { "\($0): " } ?? "") + (result.message ?? "")
                    let body = ([message] + result.details).joined(separator: "\n")
                    out.append("      <\(tag) message=\"\(escape(message))\" type=\"\(tag == "failure" ? "expectation" : "error")\">\(escape(body))</\(tag)>")
                }
                if !result.output.isEmpty {
                    out.append("      <system-out>\(escape(result.output.joined(separator: "\n")))</system-out>")
                }
                out.append("    </testcase>")
            }
            out.append("  </testsuite>")
        }
        out.append("</testsuites>")
        return out.joined(separator: "\n") + "\n"
    }

    /// A scenario file as a classname: the path without `.lua`, its other dots made `_`. CI tools split
    /// a classname at its dots into package and class, so `examples.basketball` would show as a
    /// package `examples`; slashes they leave alone.
    public static func classname(_ file: String) -> String {
        var path = Substring(file.hasSuffix(".lua") ? String(file.dropLast(4)) : file)
        while path.hasPrefix("./") { path = path.dropFirst(2) }
        return path.replacingOccurrences(of: ".", with: "_")
    }

    /// When the run started, in UTC, as the JUnit schema writes it (ISO 8601 without a zone).
    static func timestamp(_ date: Date) -> String {
        let formatter = ISO8601DateFormatter()
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.formatOptions = [.withFullDate, .withTime, .withColonSeparatorInTime, .withDashSeparatorInDate]
        return formatter.string(from: date)
    }

    /// XML text and attribute escaping; control characters XML 1.0 forbids are dropped.
    static func escape(_ s: String) -> String {
        s.replacingScalars { scalar in
            switch scalar {
            case "&": return "&amp;"
            case "<": return "&lt;"
            case ">": return "&gt;"
            case "\"": return "&quot;"
            case "\n": return "&#10;"
            case "\t", "\r": return nil
            default: return scalar.value < 0x20 ? "" : nil
            }
        }
    }
}
