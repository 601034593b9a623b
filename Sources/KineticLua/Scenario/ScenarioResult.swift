// What running a scenario case produces, and the one-line form a worker process reports it in.
import Foundation

/// How a case ended.
public enum CaseStatus: String, Codable, Sendable {
    /// Every expectation held.
    case passed = "ok"
    /// An expectation failed.
    case failed = "FAIL"
    /// A Lua error, a stopped runaway case, or a crashed worker.
    case error = "ERROR"
    /// Registered without a function (`it(name)`, `pending(name)`): listed and reported, never run.
    case pending = "PEND"
}

/// The outcome of one case (or of loading a file, for the pseudo-case that reports a load error).
public struct CaseResult: Codable, Sendable, Equatable {
    public var status: CaseStatus
    /// `file:line` of the failed expectation or of the error, when known.
    public var location: String?
    /// One-line reason: `expected 3, got 4`, `attempt to index a nil value`.
    public var message: String?
    /// Extra lines shown under the reason: traceback, trace divergence.
    public var details: [String]
    /// What the case printed (`print`, warnings), in order.
    public var output: [String]
    /// Wall-clock seconds the case took.
    public var seconds: Double
    /// Notes that are not failures (`created golden trace …`).
    public var notes: [String]
    /// Lines the case ran, per file (only with `--coverage`).
    public var coverage: [CoveredFile]?

    public init(status: CaseStatus, location: String? = nil, message: String? = nil, details: [String] = [],
                output: [String] = [], seconds: Double = 0, notes: [String] = []) {
        self.status = status
        self.location = location
        self.message = message
        self.details = details
        self.output = output
        self.seconds = seconds
        self.notes = notes
    }

    /// An error result for something outside Lua (a worker that crashed, a file that cannot be read).
    public static func error(_ message: String, details: [String] = [], seconds: Double = 0) -> CaseResult {
        CaseResult(status: .error, message: message, details: details, seconds: seconds)
    }
}

/// How often each line of one file ran: `hits[line]` (index 0 unused).
public struct CoveredFile: Codable, Sendable, Equatable {
    public var file: String
    public var hits: [Int]
    public init(file: String, hits: [Int]) { self.file = file; self.hits = hits }
}

/// One case a file registers.
public struct ListedCase: Codable, Sendable, Equatable {
    /// The full name: the `describe` names and the case's own, joined with spaces.
    public var name: String
    /// The line of the `scenario`/`it`/`pending` call (0 if unknown).
    public var line: Int
    /// Registered without a function: reported as pending, never run.
    public var pending: Bool
    public init(name: String, line: Int = 0, pending: Bool = false) {
        self.name = name
        self.line = line
        self.pending = pending
    }
}

/// What a file registers: its cases in registration order, or the error that stopped it.
public struct FileListing: Codable, Sendable, Equatable {
    public var cases: [ListedCase]
    public var error: CaseResult?
    public init(cases: [ListedCase], error: CaseResult? = nil) { self.cases = cases; self.error = error }
}

/// The line protocol between `kinetic test` and its worker processes: the worker prints exactly one
/// line starting with `prefix` and holding JSON; anything else it prints is kept as output.
public enum WorkerLine {
    public static let prefix = "kinetic-worker-result "

    /// The line for a value (no newline inside: JSON escapes them).
    public static func encode<T: Encodable>(_ value: T) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        let data = (try? encoder.encode(value)) ?? Data("{}".utf8)
        return prefix + String(decoding: data, as: UTF8.self)
    }

    /// Finds the result line in a worker's output; returns it decoded and the other lines.
    public static func decode<T: Decodable>(_ type: T.Type, from text: String) -> (T?, [String]) {
        var value: T?
        var others: [String] = []
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix(prefix), value == nil {
                value = try? JSONDecoder().decode(T.self, from: Data(line.dropFirst(prefix.count).utf8))
            } else if !line.isEmpty {
                others.append(String(line))
            }
        }
        return (value, others)
    }
}
