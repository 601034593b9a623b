// The recording format: a level, its seed and rate, the input events with the fixed step they
// arrived before, and the final state's hash. Plain JSON, one event per line; see docs/recordings.md.
import KineticDynamics
import Foundation
import KineticLuaBridge
import KineticPhysics

/// One input a user gave a level.
public enum RecordedInput: Sendable, Equatable {
    /// A pointer event, as `level.pointer(world, e)` receives it (points, pt/s).
    case pointer(PointerEvent)
    /// A key, as `level.key(world, key, down)` receives it.
    case key(String, down: Bool)
}

/// An input and the step it belongs to: it is delivered after `step` fixed steps have run (before
/// step `step + 1`).
public struct RecordedEvent: Sendable, Equatable, Codable {
    public var step: Int
    public var input: RecordedInput
    /// Seconds, when an event script gave `"time"` instead of `"step"` (never written).
    var time: Double?

    public init(step: Int, input: RecordedInput) {
        self.step = step
        self.input = input
    }

    enum Key: String, CodingKey { case step, time, type, phase, x, y, vx, vy, id, key, down }

    /// Reads `{"step": n, "type": "pointer", "phase": …, "x": …, "y": …, "vx": …, "vy": …, "id": …}` or
    /// `{"step": n, "type": "key", "key": "space", "down": true}`. An event script may give `"time"`
    /// in seconds instead of `"step"`; it is converted with the level's rate by the reader.
    public init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: Key.self)
        if let step = try c.decodeIfPresent(Int.self, forKey: .step) {
            guard step >= 0 else { throw DecodingError.dataCorruptedError(forKey: .step, in: c, debugDescription: "step must be >= 0, got \(step)") }
            self.step = step
        } else if let time = try c.decodeIfPresent(Double.self, forKey: .time), time >= 0, time.isFinite {
            self.step = 0
            self.time = time  // an event script's seconds; `withStepsFromTimes(fps:)` turns them into steps
        } else {
            throw DecodingError.keyNotFound(Key.step, .init(codingPath: c.codingPath, debugDescription: "an event needs \"step\" (or \"time\" in seconds >= 0)"))
        }
        switch try c.decode(String.self, forKey: .type) {
        case "pointer":
            let phaseName = try c.decodeIfPresent(String.self, forKey: .phase) ?? "began"
            guard let phase = PointerEvent.Phase(rawValue: phaseName) else {
                throw DecodingError.dataCorruptedError(forKey: .phase, in: c, debugDescription: "phase must be \"began\", \"moved\" or \"ended\", got \"\(phaseName)\"")
            }
            input = .pointer(PointerEvent(phase: phase, x: try c.decode(Double.self, forKey: .x), y: try c.decode(Double.self, forKey: .y),
                                          vx: try c.decodeIfPresent(Double.self, forKey: .vx) ?? 0,
                                          vy: try c.decodeIfPresent(Double.self, forKey: .vy) ?? 0,
                                          id: try c.decodeIfPresent(Int.self, forKey: .id) ?? 1))
        case "key":
            let key = try c.decode(String.self, forKey: .key)
            if let problem = KeyName.problem(key) { throw DecodingError.dataCorruptedError(forKey: .key, in: c, debugDescription: problem) }
            input = .key(key, down: try c.decodeIfPresent(Bool.self, forKey: .down) ?? true)
        case let other:
            throw DecodingError.dataCorruptedError(forKey: .type, in: c, debugDescription: "type must be \"pointer\" or \"key\", got \"\(other)\"")
        }
    }

    public func encode(to encoder: Encoder) throws {
        var c = encoder.container(keyedBy: Key.self)
        try c.encode(step, forKey: .step)
        switch input {
        case .pointer(let e):
            try c.encode("pointer", forKey: .type)
            try c.encode(e.phase.rawValue, forKey: .phase)
            try c.encode(e.x, forKey: .x); try c.encode(e.y, forKey: .y)
            try c.encode(e.vx, forKey: .vx); try c.encode(e.vy, forKey: .vy)
            try c.encode(e.id, forKey: .id)
        case .key(let name, let down):
            try c.encode("key", forKey: .type)
            try c.encode(name, forKey: .key)
            try c.encode(down, forKey: .down)
        }
    }

    /// The event as one line of JSON, keys in a fixed order.
    var json: String {
        switch input {
        case .pointer(let e):
            return "{\"step\": \(step), \"type\": \"pointer\", \"phase\": \"\(e.phase.rawValue)\", \"x\": \(e.x), \"y\": \(e.y), "
                + "\"vx\": \(e.vx), \"vy\": \(e.vy), \"id\": \(e.id)}"
        case .key(let name, let down):
            return "{\"step\": \(step), \"type\": \"key\", \"key\": \(jsonString(name)), \"down\": \(down)}"
        }
    }
}

/// One item of the final state: points, radians, pt/s, rad/s.
public struct RecordedItem: Codable, Sendable, Equatable {
    public var name: String?
    public var x: Double, y: Double, angle: Double
    public var vx: Double, vy: Double, angularVelocity: Double

    public init(name: String?, x: Double, y: Double, angle: Double, vx: Double, vy: Double, angularVelocity: Double) {
        self.name = name; self.x = x; self.y = y; self.angle = angle
        self.vx = vx; self.vy = vy; self.angularVelocity = angularVelocity
    }

    init(_ s: ItemState) {
        self.init(name: s.name, x: s.x, y: s.y, angle: s.angle, vx: s.vx, vy: s.vy, angularVelocity: s.angularVelocity)
    }
}

/// The state a run ended in: its hash (the authority) and the items (to say what differs).
public struct FinalState: Codable, Sendable, Equatable {
    /// `SnapshotHash.hex` of the items.
    public var hash: String
    public var items: [RecordedItem]

    public init(items: [RecordedItem]) {
        self.items = items
        hash = SnapshotHash.hex(items)
    }
}

/// A recorded run of a level.
public struct Recording: Codable, Sendable, Equatable {
    public static let formatName = "kinetic-recording"
    public static let currentVersion = 1

    /// Always `kinetic-recording`.
    public var format: String = Recording.formatName
    /// The format's version (1).
    public var version: Int = Recording.currentVersion
    /// The level, relative to the recording's folder (a `.lua` file or a folder holding `main.lua`).
    public var level: String
    /// The seed the level ran with.
    public var seed: Int
    /// Fixed steps per second of the level; a replay at another rate is refused.
    public var fps: Double
    /// The inputs, in the order they were given (steps never decrease).
    public var events: [RecordedEvent]
    /// Fixed steps the run took in all.
    public var steps: Int
    /// The state after the last step and the events at step `steps`.
    public var final: FinalState?

    public init(level: String, seed: Int, fps: Double, events: [RecordedEvent] = [], steps: Int = 0, final: FinalState? = nil) {
        self.level = level
        self.seed = seed
        self.fps = fps
        self.events = events
        self.steps = steps
        self.final = final
    }

    /// Reads an event script for `kinetic record --script`: a JSON array of events, or an object
    /// with an `"events"` array; `"time"` (seconds) is turned into a step at `fps`. Sorted by step,
    /// keeping the file's order within a step.
    public static func events(script path: String, fps: Double) throws(RecordingError) -> [RecordedEvent] {
        struct Wrapper: Decodable { var events: [RecordedEvent] }
        let data = try contents(of: path, "the event script")
        var events: [RecordedEvent]
        do {
            // An array of events, or an object holding one: decode the shape the text starts with,
            // so that an error names the offending event.
            if data.first(where: { ![0x20, 0x09, 0x0A, 0x0D].contains($0) }) == UInt8(ascii: "[") {
                events = try JSONDecoder().decode([RecordedEvent].self, from: data)
            } else {
                events = try JSONDecoder().decode(Wrapper.self, from: data).events
            }
        } catch let error as DecodingError {
            throw RecordingError("\(path): not an event script: \(describe(error, in: data))")
        } catch {
            throw RecordingError("\(path): not an event script: \(error)")
        }
        for i in events.indices {
            guard let time = events[i].time else { continue }
            guard let step = SimulatedTime.steps(time, fps: fps) else {
                throw RecordingError("\(path): events[\(i + 1)] \"time\" must be \(SimulatedTime.rule), got \(time)")
            }
            events[i].step = step
            events[i].time = nil
        }
        return events.enumerated().sorted { ($0.element.step, $0.offset) < ($1.element.step, $1.offset) }.map(\.element)
    }

    /// Reads and checks a recording file.
    public init(contentsOf path: String) throws(RecordingError) {
        let data = try Self.contents(of: path, "the recording")
        do {
            self = try JSONDecoder().decode(Recording.self, from: data)
        } catch let error as DecodingError {
            throw RecordingError("\(path): not a kinetic recording: \(describe(error, in: data))")
        } catch {
            throw RecordingError("\(path): not a kinetic recording: \(error)")
        }
        guard format == Self.formatName else { throw RecordingError("\(path): \"format\" must be \"\(Self.formatName)\", got \"\(format)\"") }
        guard version == Self.currentVersion else {
            throw RecordingError("\(path): recording version \(version) is not supported (this kinetic reads version \(Self.currentVersion))")
        }
        guard fps > 0, fps <= DynamicAnimator.maximumFPS else {
            throw RecordingError("\(path): \"fps\" must be > 0 and at most \(Int(DynamicAnimator.maximumFPS)), got \(fps)")
        }
        guard !level.isEmpty, !level.hasPrefix("/") else {
            throw RecordingError("\(path): \"level\" must be a path relative to the recording, got \(jsonString(level))")
        }
        let most = SimulatedTime.maximumSteps(fps: fps)
        guard steps >= 0, steps <= most else {
            throw RecordingError("\(path): \"steps\" must be from 0 to \(most) (one hour of simulated time at \(fps) fps), got \(steps)")
        }
        for (i, event) in events.enumerated() {
            guard event.step >= 0, event.step <= steps else {
                throw RecordingError("\(path): events[\(i + 1)] has step \(event.step), outside 0...\(steps)")
            }
            if i > 0, event.step < events[i - 1].step {
                throw RecordingError("\(path): events[\(i + 1)] has step \(event.step), before the previous event's \(events[i - 1].step)")
            }
        }
    }

    /// The file text: fields in a fixed order, one event per line, numbers in shortest round-trip form.
    public var json: String {
        var lines = ["{", "  \"format\": \(jsonString(format)),", "  \"version\": \(version),",
                     "  \"level\": \(jsonString(level)),", "  \"seed\": \(seed),", "  \"fps\": \(fps),"]
        if events.isEmpty {
            lines.append("  \"events\": [],")
        } else {
            lines.append("  \"events\": [")
            lines += events.enumerated().map { "    " + $1.json + ($0 == events.count - 1 ? "" : ",") }
            lines.append("  ],")
        }
        lines.append("  \"steps\": \(steps)" + (final == nil ? "" : ","))
        if let final {
            lines.append("  \"final\": {")
            lines.append("    \"hash\": \(jsonString(final.hash)),")
            lines.append("    \"items\": [")
            lines += final.items.enumerated().map { i, item in
                "      {\"name\": \(item.name.map(jsonString) ?? "null"), \"x\": \(item.x), \"y\": \(item.y), \"angle\": \(item.angle), "
                    + "\"vx\": \(item.vx), \"vy\": \(item.vy), \"angularVelocity\": \(item.angularVelocity)}"
                    + (i == final.items.count - 1 ? "" : ",")
            }
            lines.append("    ]")
            lines.append("  }")
        }
        lines.append("}")
        return lines.joined(separator: "\n") + "\n"
    }

    /// Writes the recording.
    public func write(to path: String) throws(RecordingError) {
        do {
            let folder = (path as NSString).deletingLastPathComponent
            if !folder.isEmpty { try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true) }
            try json.write(toFile: path, atomically: true, encoding: .utf8)
        } catch {
            throw RecordingError("\(path): cannot write the recording: \(error.localizedDescription)")
        }
    }

    /// The level's path as seen from the current folder, for a recording stored at `path`: `level`
    /// relative to the recording's folder, naming a `.lua` file or a folder (holding `main.lua`), so
    /// that a recording cannot make the host parse any other file as Lua.
    public func levelPath(recordingAt path: String) throws(RecordingError) -> String {
        guard !level.isEmpty, !level.hasPrefix("/") else {
            throw RecordingError("\(path): \"level\" must be a path relative to the recording, got \(jsonString(level))")
        }
        let folder = (path as NSString).deletingLastPathComponent
        let full = folder.isEmpty ? level : (folder as NSString).appendingPathComponent(level)
        let isFolder: Bool
        do { isFolder = try LevelFiles.isFolder(full) } catch {
            throw RecordingError("\(path): level \(error.message)")
        }
        guard isFolder || full.hasSuffix(".lua") else {
            throw RecordingError("\(path): \"level\" must name a .lua file or a level folder, got \(jsonString(level))")
        }
        return full
    }

    /// A recording or event script's bytes (a regular file of at most `LevelFiles.sizeLimit` bytes).
    static func contents(of path: String, _ what: String) throws(RecordingError) -> Data {
        do { return Data(try LevelFiles.read(path)) } catch {
            throw RecordingError("\(path): cannot read \(what): \(error.reason)")
        }
    }
}

/// A recording that cannot be read, written or replayed.
public struct RecordingError: Error, CustomStringConvertible, Sendable {
    public var message: String
    public init(_ message: String) { self.message = message }
    public var description: String { message }
}

/// A 64-bit FNV-1a hash over the raw IEEE bits of every item's state in creation order (name,
/// centre, angle, velocity, angular velocity): equal only for bit-identical states.
public enum SnapshotHash {
    public static func hash(_ items: [RecordedItem]) -> UInt64 {
        var hash = FNV1a()
        for item in items {
            // A name ends with a zero byte; 0xFF (never in UTF-8) stands for no name.
            if let name = item.name { for b in name.utf8 { hash.add(b) }; hash.add(0) } else { hash.add(0xFF) }
            for v in [item.x, item.y, item.angle, item.vx, item.vy, item.angularVelocity] { hash.add(bitsOf: v) }
        }
        return hash.value
    }

    /// The hash as 16 hex digits.
    public static func hex(_ items: [RecordedItem]) -> String {
        let digits = String(hash(items), radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }

    /// The first item that differs between two states, described (nil if none).
    public static func firstDifference(expected: [RecordedItem], actual: [RecordedItem]) -> String? {
        for (i, e) in expected.enumerated() {
            guard i < actual.count else { return "item \(i + 1) ('\(e.name ?? "unnamed")') is missing" }
            let a = actual[i]
            if a.name != e.name { return "item \(i + 1) is '\(a.name ?? "unnamed")', expected '\(e.name ?? "unnamed")'" }
            let fields: [(String, Double, Double)] = [("x", e.x, a.x), ("y", e.y, a.y), ("angle", e.angle, a.angle),
                                                      ("vx", e.vx, a.vx), ("vy", e.vy, a.vy),
                                                      ("angularVelocity", e.angularVelocity, a.angularVelocity)]
            for (field, ev, av) in fields where ev.bitPattern != av.bitPattern {
                return "item '\(e.name ?? "#\(i + 1)")' \(field): expected \(ev), got \(av)"
            }
        }
        if actual.count > expected.count { return "item \(expected.count + 1) ('\(actual[expected.count].name ?? "unnamed")') is extra" }
        return nil
    }
}

/// A JSON string literal.
func jsonString(_ s: String) -> String {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.withoutEscapingSlashes]
    let data = (try? encoder.encode(s)) ?? Data("\"\"".utf8)
    return String(decoding: data, as: UTF8.self)
}

/// A decoding error in a sentence naming the field, or for a JSON syntax error the line and column
/// of `data` where it was found.
func describe(_ error: DecodingError, in data: Data) -> String {
    func path(_ context: DecodingError.Context) -> String {
        context.codingPath.map { $0.intValue.map { "[\($0 + 1)]" } ?? "." + $0.stringValue }.joined()
    }
    if case .dataCorrupted(let context) = error, context.codingPath.isEmpty, let place = jsonSyntaxErrorPlace(data) {
        return "not valid JSON at \(place)"
    }
    switch error {
    case .keyNotFound(let key, let context): return "missing \"\(key.stringValue)\" at \(path(context).isEmpty ? "top level" : path(context))"
    case .typeMismatch(_, let context), .valueNotFound(_, let context), .dataCorrupted(let context):
        return "\(path(context).isEmpty ? "" : path(context) + ": ")\(context.debugDescription)"
    @unknown default: return "\(error)"
    }
}

/// "line L, column C" (1-based, in bytes) of a JSON syntax error in `data`: the decoder's message says
/// only that the data is not valid JSON; the serialization parser names the offset ("around
/// character N"), which this turns into a place a person finds in an editor.
func jsonSyntaxErrorPlace(_ data: Data) -> String? {
    do { _ = try JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed]); return nil } catch {
        let text = (error as NSError).userInfo[NSDebugDescriptionErrorKey] as? String ?? ""
        guard let range = text.range(of: #"character (\d+)"#, options: .regularExpression),
              let offset = Int(text[range].dropFirst("character ".count)) else { return nil }
        let before = data.prefix(min(offset, data.count))
        let line = before.filter { $0 == 0x0A }.count + 1
        let column = before.count - (before.lastIndex(of: 0x0A).map { $0 + 1 } ?? 0) + 1
        return "line \(line), column \(column)"
    }
}
