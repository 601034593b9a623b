// `kinetic test --coverage`: the lines each case ran, summed over the suite, written as luacov's
// `luacov.stats.out` and as LCOV (what CI coverage tools read).
import Foundation
import KineticLuaBridge

public enum CoverageReport {
    /// One file's lines: those holding code (from its compiled chunk) and every line that ran.
    struct FileLines {
        var path: String
        /// Hits by line, for every line holding code (0: never ran).
        var hits: [Int: Int]
    }

    /// Writes the files `options` asks for and returns the summary line.
    static func write(_ results: [CaseResult], options: SuiteOptions) throws -> String {
        let files = lines(of: results)
        let here = FileManager.default.currentDirectoryPath
        var written: [String] = []
        if let path = options.luacovStats {
            try save(luacovStats(files), to: path, flag: "--coverage")
            written.append(path)
        }
        if let path = options.lcov {
            try save(lcov(files, relativeTo: here), to: path, flag: "--coverage-lcov")
            written.append(path)
        }
        let found = files.reduce(0) { $0 + $1.hits.count }
        let hit = files.reduce(0) { $0 + $1.hits.values.filter { $0 > 0 }.count }
        let share = found == 0 ? "no lines" : String(format: "%.1f%% of %d lines", Double(hit) * 100 / Double(found), found)
        return "coverage: \(share) in \(files.count) file\(files.count == 1 ? "" : "s") (\(written.joined(separator: ", ")))"
    }

    /// Every file some case ran, sorted by path, with its hits summed over the cases.
    static func lines(of results: [CaseResult]) -> [FileLines] {
        var sums: [String: [Int]] = [:]  // lookups only; the order comes from sorting
        for result in results {
            for covered in result.coverage ?? [] {
                var total = sums[covered.file] ?? []
                if total.count < covered.hits.count { total += Array(repeating: 0, count: covered.hits.count - total.count) }
                for (line, count) in covered.hits.enumerated() { total[line] += count }
                sums[covered.file] = total
            }
        }
        return sums.keys.sorted().map { path in
            let counted = sums[path]!
            var hits: [Int: Int] = [:]
            let text = try? String(contentsOfFile: path, encoding: .utf8)
            for line in text.flatMap(LineCoverage.codeLines(of:)) ?? [] { hits[line] = 0 }
            for (line, count) in counted.enumerated() where count > 0 { hits[line] = count }
            return FileLines(path: path, hits: hits)
        }
    }

    /// LCOV tracefile: `SF`, one `DA:line,hits` per line holding code, `LF`/`LH`, `end_of_record`.
    static func lcov(_ files: [FileLines], relativeTo here: String) -> String {
        var out = "TN:kinetic test\n"
        for file in files {
            let path = file.path.hasPrefix(here + "/") ? String(file.path.dropFirst(here.count + 1)) : file.path
            out += "SF:\(path)\n"
            for line in file.hits.keys.sorted() { out += "DA:\(line),\(file.hits[line]!)\n" }
            out += "LF:\(file.hits.count)\nLH:\(file.hits.values.filter { $0 > 0 }.count)\nend_of_record\n"
        }
        return out
    }

    /// luacov's stats file: per file `max:path`, then the hits of lines 1...max separated by spaces.
    static func luacovStats(_ files: [FileLines]) -> String {
        var out = ""
        for file in files {
            let max = file.hits.filter { $0.value > 0 }.keys.max() ?? 0
            out += "\(max):\(file.path)\n"
            out += (max == 0 ? "" : (1...max).map { String(file.hits[$0] ?? 0) + " " }.joined()) + "\n"
        }
        return out
    }

    static func save(_ text: String, to path: String, flag: String) throws {
        do { try text.write(toFile: path, atomically: true, encoding: .utf8) } catch {
            throw ScenarioError("\(flag) \(path): cannot write: \(error.localizedDescription)")
        }
    }
}
