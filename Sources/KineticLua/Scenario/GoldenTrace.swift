// Golden traces: `expectTrace(world, name, {seconds=, every=, tolerance=})` steps the world and
// compares every item's state over time with a plain-text file stored beside the scenario.
import KineticDynamics
import Foundation
import KineticLuaBridge

/// Item states sampled while a world runs, and the text file they are stored in.
public struct Trace: Equatable, Sendable {
    /// One item at one sampled step: points, radians, pt/s, rad/s.
    public struct Sample: Equatable, Sendable {
        public var step: Int
        /// The item's name, or `#n` (its place in creation order, from 1) when it has none.
        public var item: String
        public var values: [Double]  // x, y, angle, vx, vy, angularVelocity

        public init(step: Int, item: String, values: [Double]) {
            self.step = step
            self.item = item
            self.values = values
        }
    }

    public static let valueNames = ["x", "y", "angle", "vx", "vy", "angularVelocity"]
    public var samples: [Sample] = []

    public init(samples: [Sample] = []) { self.samples = samples }

    /// The file text: a `#` header, then one line per sample, `step item x y angle vx vy angularVelocity`,
    /// numbers in shortest round-trip form (so a re-read trace is bit-identical).
    public func text(header: [String]) -> String {
        var lines = ["# kinetic trace 1"] + header.map { "# " + $0 }
        lines.append("# step item " + Self.valueNames.joined(separator: " "))
        for s in samples {
            lines.append("\(s.step) \(Self.escape(s.item)) " + s.values.map { String($0) }.joined(separator: " "))
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// Reads a trace file's text; nil if a line is malformed.
    public init?(text: String) {
        for line in text.split(separator: "\n") where !line.hasPrefix("#") && !line.isEmpty {
            let fields = line.split(separator: " ")
            guard fields.count == 2 + Self.valueNames.count, let step = Int(fields[0]) else { return nil }
            let values = fields.dropFirst(2).compactMap { Double($0) }
            guard values.count == Self.valueNames.count else { return nil }
            samples.append(Sample(step: step, item: Self.unescape(String(fields[1])), values: values))
        }
    }

    /// The first difference from `golden` larger than `tolerance`, described, or nil.
    public func firstDifference(from golden: Trace, tolerance: Double) -> String? {
        for (i, expected) in golden.samples.enumerated() {
            guard i < samples.count else {
                return "step \(expected.step), item '\(expected.item)': missing (the run has \(samples.count) samples, the golden \(golden.samples.count))"
            }
            let actual = samples[i]
            if actual.step != expected.step || actual.item != expected.item {
                return "step \(expected.step), item '\(expected.item)': the run has step \(actual.step), item '\(actual.item)' there (items were added or removed)"
            }
            for (k, name) in Self.valueNames.enumerated() {
                let a = actual.values[k], e = expected.values[k]
                if !(abs(a - e) <= tolerance) {
                    return "step \(expected.step), item '\(expected.item)': \(name) expected \(e), got \(a) (off by \(abs(a - e)), tolerance \(tolerance))"
                }
            }
        }
        if samples.count > golden.samples.count {
            let extra = samples[golden.samples.count]
            return "step \(extra.step), item '\(extra.item)': not in the golden trace (the run has \(samples.count) samples, the golden \(golden.samples.count))"
        }
        return nil
    }

    // Names are one field: spaces and `%` are percent-escaped.
    static func escape(_ name: String) -> String {
        name.replacingOccurrences(of: "%", with: "%25").replacingOccurrences(of: " ", with: "%20")
            .replacingOccurrences(of: "\t", with: "%09").replacingOccurrences(of: "\n", with: "%0A")
    }

    static func unescape(_ name: String) -> String {
        name.replacingOccurrences(of: "%0A", with: "\n").replacingOccurrences(of: "%09", with: "\t")
            .replacingOccurrences(of: "%20", with: " ").replacingOccurrences(of: "%25", with: "%")
    }
}

extension Trace {
    /// Samples the world now, then steps it `steps` times, sampling after every `every` steps.
    static func record(_ rt: Runtime, _ world: WorldModel, steps: Int, every: Int) throws -> Trace {
        var trace = Trace()
        func sample(_ k: Int) {
            for (i, item) in world.animator.snapshot().items.enumerated() {
                trace.samples.append(Sample(step: k, item: item.name ?? "#\(i + 1)",
                                            values: [item.center.x, item.center.y, item.angle,
                                                     item.velocity.x, item.velocity.y, item.angularVelocity]))
            }
        }
        sample(0)
        for k in stride(from: 1, through: steps, by: 1) {
            try rt.step(world)
            if k % every == 0 || k == steps { sample(k) }
        }
        return trace
    }
}

extension ScenarioSession {
    /// Where a golden trace lives: `<file>.traces/<case>-<name>.trace` beside the scenario.
    func tracePath(_ name: String) -> String {
        func clean(_ s: String) -> String {
            String(s.map { $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" ? $0 : "-" })
        }
        return file + ".traces/" + clean(currentCase) + "-" + clean(name) + ".trace"
    }

    func installTraces() {
        // expectTrace(world, name, {seconds = 1, every = 1, tolerance = 1e-9})
        bindGlobal("expectTrace") { [unowned self] lua in
            let world = runtime.world(try runtime.worldType.handle(lua, at: 1, "world"))
            let name = try lua.string(2, "name")
            var seconds = 1.0, every = 1, tolerance = 1e-9
            if !lua.isNil(3) {
                let options = try lua.table(3, "options")
                try options.checkFields(["seconds", "every", "tolerance"])
                seconds = try options.number("seconds", default: seconds)
                every = try options.optionalInteger("every") ?? every
                tolerance = try options.number("tolerance", default: tolerance)
            }
            guard let steps = SimulatedTime.steps(seconds, fps: world.fps) else {
                throw LuaArgumentError(.field("seconds"), mustBe: SimulatedTime.rule, got: String(seconds))
            }
            guard every >= 1 else { throw LuaArgumentError(.field("every"), mustBe: "a step count >= 1", got: String(every)) }
            guard tolerance >= 0 else { throw LuaArgumentError(.field("tolerance"), mustBe: "a number >= 0", got: String(tolerance)) }
            try WorldBinding.requireOutsideStep(world, "expectTrace")
            let trace = try Trace.record(runtime, world, steps: steps, every: every)

            let path = tracePath(name)
            let shown = display(String(path.dropFirst(root.count + 1)))
            let text = trace.text(header: ["\(displayFile) › \(currentCase) › \(name)",
                                           "\(format(world.fps)) steps/s, \(steps) steps, sampled every \(every)"])
            let stored = (try? LevelFiles.read(path)).map { String(decoding: $0, as: UTF8.self) }
            if settings.updateGolden {
                if stored.flatMap(Trace.init(text:)) != trace { try write(text, to: path, shown) }
                return 0
            }
            guard let stored else {
                if settings.requireGolden {
                    try fail(lua, message: nil, "trace '\(name)': no golden trace \(shown) (CI is set; run `kinetic test --update-golden` and commit the file)")
                }
                try write(text, to: path, shown)
                return 0
            }
            guard let golden = Trace(text: stored) else {
                try fail(lua, message: nil, "trace '\(name)': golden trace \(shown) is malformed (refresh it with --update-golden)")
            }
            if let difference = trace.firstDifference(from: golden, tolerance: tolerance) {
                try fail(lua, message: nil, "trace '\(name)' diverged from \(shown) at \(difference)")
            }
            return 0
        }
    }

    private func write(_ text: String, to path: String, _ shown: String) throws {
        do {
            try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            try text.write(toFile: path, atomically: true, encoding: .utf8)
        } catch {
            throw LuaBindingError("expectTrace: cannot write \(shown): \(error.localizedDescription)")
        }
        notes.append("wrote golden trace \(shown)")
    }
}
