// The hostile-level corpus (Tests/Hostile, format in its README): every case run through the built
// `kinetic` binary, which must end by itself, without a signal, within a time and memory cap.
import Foundation
import Testing

/// One case of the corpus: a level file or folder and the header lines that say how to run it.
struct HostileCase: CustomStringConvertible, Sendable {
    /// The case's path relative to Tests/Hostile (`escapes/screenshot_overwrite.lua`).
    let name: String
    let source: String
    let run: String
    let exit: Int32
    let setup: [String]
    let checks: [String]
    let stderr: [String]
    let stdout: [String]
    let timeout: Int

    var description: String { name }

    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Hostile").path

    /// Every case below Tests/Hostile, in a stable order.
    static func all() -> [HostileCase] {
        let files = FileManager.default
        let classes = ((try? files.contentsOfDirectory(atPath: root)) ?? []).sorted()
        var cases: [HostileCase] = []
        for group in classes {
            var isFolder: ObjCBool = false
            guard files.fileExists(atPath: root + "/" + group, isDirectory: &isFolder), isFolder.boolValue else { continue }
            for entry in ((try? files.contentsOfDirectory(atPath: root + "/" + group)) ?? []).sorted() {
                let path = root + "/" + group + "/" + entry
                files.fileExists(atPath: path, isDirectory: &isFolder)
                let header = isFolder.boolValue ? path + "/main.lua" : path
                guard isFolder.boolValue || entry.hasSuffix(".lua") else { continue }
                cases.append(parse(name: group + "/" + entry, source: path, header: (try? String(contentsOfFile: header, encoding: .utf8)) ?? ""))
            }
        }
        return cases
    }

    /// Reads the leading `-- key: value` lines. A case with a missing required line gets `run` empty,
    /// which the test reports.
    static func parse(name: String, source: String, header: String) -> HostileCase {
        var values: [String: [String]] = [:]
        for line in header.split(separator: "\n", omittingEmptySubsequences: false) {
            guard line.hasPrefix("--") else { break }
            let text = line.dropFirst(2).drop { $0 == " " }
            guard let colon = text.firstIndex(of: ":") else { continue }
            let key = String(text[..<colon])
            let value = text[text.index(after: colon)...].trimmingCharacters(in: .whitespaces)
            values[key, default: []].append(value)
        }
        return HostileCase(
            name: name, source: source, run: values["run"]?.first ?? "",
            exit: Int32(values["exit"]?.first ?? "") ?? -1,
            setup: values["setup"] ?? [], checks: values["check"] ?? [],
            stderr: values["stderr"] ?? [], stdout: values["stdout"] ?? [],
            timeout: Int(values["timeout"]?.first ?? "") ?? 30)
    }
}

@Suite("Hostile-level corpus")
struct HostileCorpusTests {
    /// The address-space cap each case runs under (KiB, for `ulimit -v`).
    static let memoryCapKiB = 2 << 20

    @Test("the corpus has a case for every class of attack")
    func everyClassHasCases() {
        let classes = Set(HostileCase.all().map { String($0.name.prefix { $0 != "/" }) })
        for expected in ["escapes", "memory", "crashes", "hangs", "corruption", "messages"] {
            #expect(classes.contains(expected), "Tests/Hostile/\(expected)/ has no case")
        }
    }

    @Test("the host holds", arguments: HostileCase.all())
    func hostHolds(_ hostile: HostileCase) throws {
        try #require(!hostile.run.isEmpty && (hostile.exit == 0 || hostile.exit == 1),
                     "\(hostile.name): the header needs `-- run:` and `-- exit: 0|1`")
        let kinetic = try Self.kinetic()
        let scratch = NSTemporaryDirectory() + "kinetic-hostile-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: scratch, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: scratch) }
        let level = (hostile.source as NSString).lastPathComponent
        try FileManager.default.copyItem(atPath: hostile.source, toPath: scratch + "/" + level)

        for command in hostile.setup {
            let result = try shell(command, in: scratch)
            try #require(result.status == 0, "\(hostile.name): setup `\(command)` failed: \(result.err)")
        }
        // `timeout` ends a hang with status 124; a signal that kills kinetic comes back as 128 + N.
        // Under AddressSanitizer (scripts/sanitize.sh) the binary reserves terabytes of shadow address
        // space, so no address-space cap can apply, and it runs a few times slower.
        let sanitized = ProcessInfo.processInfo.environment["ASAN_OPTIONS"] != nil
        let arguments = hostile.run.replacingOccurrences(of: "{level}", with: level)
        let cap = sanitized ? "" : "ulimit -v \(Self.memoryCapKiB); "
        let timeout = sanitized ? 3 * hostile.timeout : hostile.timeout
        let command = cap + "exec timeout -k 5 \(timeout) \"$KINETIC\" \(arguments) </dev/null"
        let result = try shell(command, in: scratch, environment: ["KINETIC": kinetic])
        let said = "\(hostile.name): kinetic \(arguments)\n--- stderr ---\n\(result.err.prefix(4000))\n--- stdout ---\n\(result.out.prefix(2000))"
        #expect(result.status != 124, "hung past \(timeout) s. \(said)")
        #expect(result.status < 128, "killed by signal \(result.status - 128). \(said)")
        #expect(result.status == hostile.exit, "exit \(result.status), expected \(hostile.exit). \(said)")
        for text in hostile.stderr { #expect(result.err.contains(text), "stderr lacks \"\(text)\". \(said)") }
        for text in hostile.stdout { #expect(result.out.contains(text), "stdout lacks \"\(text)\". \(said)") }
        for check in hostile.checks {
            let after = try shell(check, in: scratch)
            #expect(after.status == 0, "check `\(check)` failed: \(after.out)\(after.err). \(said)")
        }
    }

    /// `.build/debug/kinetic` beside the test bundle (`swift build` builds it with the tests).
    static func kinetic() throws -> String {
        let candidates = [
            Bundle.main.bundleURL.deletingLastPathComponent().appendingPathComponent("kinetic").path,
            URL(fileURLWithPath: HostileCase.root).deletingLastPathComponent().deletingLastPathComponent()
                .appendingPathComponent(".build/debug/kinetic").path,
        ]
        let found = candidates.first { FileManager.default.isExecutableFile(atPath: $0) }
        return try #require(found, "the kinetic binary is not built (run `swift build`); looked in \(candidates)")
    }

    /// Runs `command` with /bin/sh in `folder`; standard output and error are read to the end.
    private func shell(_ command: String, in folder: String, environment: [String: String] = [:]) throws -> (out: String, err: String, status: Int32) {
        let outPath = folder + "/.hostile-stdout", errPath = folder + "/.hostile-stderr"
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", command + " >\"\(outPath)\" 2>\"\(errPath)\""]
        process.currentDirectoryURL = URL(fileURLWithPath: folder)
        var env = ProcessInfo.processInfo.environment
        env["NO_COLOR"] = "1"
        env["DISPLAY"] = nil
        for (key, value) in environment { env[key] = value }
        process.environment = env
        process.standardInput = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        let read = { (path: String) in (try? String(contentsOfFile: path, encoding: .utf8)) ?? "" }
        defer { try? FileManager.default.removeItem(atPath: outPath); try? FileManager.default.removeItem(atPath: errPath) }
        // `timeout -k` ends a command that ignores SIGTERM with SIGKILL to its whole group, itself included.
        let status = process.terminationReason == .uncaughtSignal ? 124 : process.terminationStatus
        return (read(outPath), read(errPath), status)
    }
}
