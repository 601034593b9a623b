// `kinetic bench`: times the benchmark scenes of bench/SCENES.md with the peers' protocol and prints
// the peers' seven-field result lines, so `table.py` merges ours with theirs.
import ArgumentParser
import KineticDynamics
import Foundation
import KineticPhysics
import KineticBenchScenes

struct Bench: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Time the benchmark scenes of SCENES.md and print one result line per scene.",
        discussion: """
            Protocol (SCENES.md): build the scene (untimed), W warm-up steps (untimed), then N steps of \
            1/60 s, each timed on its own with the monotonic clock read right around World.step. Median \
            and p90 are nearest-rank over the N step times, in milliseconds. After every 10th timed step a \
            guard stops the scene if a dynamic body is non-finite, beyond 1000 m on an axis or faster \
            than 500 m/s (DIVERGED@n,) or if the timed steps used more than 60 s (TIMECAP@n,).

            Solver budget: 4 substeps per step unless --substeps says otherwise (the Box2D v3 peer's \
            setting); one thread unless --workers says otherwise; sleeping off. Build with \
            `swift build -c release` for timings.

            Output, one line per scene on stdout:
              kinetic-<version> scene bodies steps median_ms p90_ms sanity=key:value,...
            (the engine is kinetic-<version>-avx2 from a KINETIC_AVX2 build (Package.swift), gets \
            -s<N> when --substeps N is not 4, -safeguards-<spec> when --safeguards is not all, and \
            -w<N> with --workers N above 1, as the peers' box2d-3.1.1-c-w<N>).
            Sanity figures are in SCENES.md's units (meters, y up; joules) and compare with the peers'.
            After each scene, stderr says how often each safeguard acted \
            (Sources/KineticPhysics/Safeguards/README.md).
            BENCH_QUICK=1 acts as --quick; BENCH_GRID_N=n changes the joint grid's size (experiments only).

            Scale scenes (docs/benchmarks.md, "Scale"): `kinetic bench pyramid --bodies N` and             `kinetic bench rain --bodies N` run large_pyramid and falling_circles generalised to N bodies,             with step counts chosen by N; scripts/scale-curve.sh runs them against Box2D 3.1.
            """
    )

    @Argument(help: ArgumentHelp(
        "Scenes to run, in this order: large_pyramid, falling_circles, joint_grid, newtons_cradle (default: all); with --bodies: pyramid, rain.",
        valueName: "scene"))
    var scenes: [String] = []

    @Flag(help: "Time a tenth of the steps (at least 10): a smoke test, not a timing. BENCH_QUICK=1 does the same.")
    var quick = false

    @Option(parsing: .unconditional, help: "Solver substeps per 1/60 s step, 1 to 64; 4 is the Box2D v3 peer's setting, other values rename the engine kinetic-<version>-s<N>.")
    var substeps = 4

    @Option(help: ArgumentHelp(
        "Kinetic's safeguards to run with: all (the default), none, list (print their names and exit), names joined by commas (only those), or names each prefixed with - (all but those).",
        valueName: "spec"))
    var safeguards = "all"

    @Option(help: "Threads each step's large stages run on (WorldDef.workers), 1 to 16; above 1 the engine is kinetic-<version>-w<N>.")
    var workers = 1

    @Option(parsing: .unconditional, help: ArgumentHelp(
        "Run the scale scenes (pyramid, rain) with this many dynamic bodies, 1 to 100000.",
        valueName: "n"))
    var bodies: Int?

    /// The substep count the peers' Box2D v3 uses; other counts are marked in the engine name.
    static let referenceSubsteps = 4

    func validate() throws {
        if let bodies {
            guard !scenes.isEmpty else {
                throw ValidationError("--bodies needs a scale scene: \(Scenes.scaleNames.joined(separator: ", "))")
            }
            for name in scenes where !Scenes.scaleNames.contains(name) {
                throw ValidationError("--bodies runs the scale scenes \(Scenes.scaleNames.joined(separator: ", ")), not '\(name)'")
            }
            guard Scenes.scaleBodies.contains(bodies) else {
                throw ValidationError("--bodies must be an integer from \(Scenes.scaleBodies.lowerBound) to \(Scenes.scaleBodies.upperBound), got \(bodies)")
            }
        } else {
            for name in scenes where !Scenes.benchmarkNames.contains(name) {
                if Scenes.scaleNames.contains(name) {
                    throw ValidationError("the scale scene '\(name)' needs --bodies <n>, e.g. kinetic bench \(name) --bodies 5000")
                }
                throw ValidationError("unknown scene '\(name)'; the scenes are \(Scenes.benchmarkNames.joined(separator: ", ")) (and with --bodies: \(Scenes.scaleNames.joined(separator: ", ")))")
            }
        }
        guard (1...DynamicAnimator.maximumSubsteps).contains(substeps) else {
            throw ValidationError("--substeps must be an integer from 1 to \(DynamicAnimator.maximumSubsteps), got \(substeps)")
        }
        _ = try Self.gridSize(ProcessInfo.processInfo.environment["BENCH_GRID_N"])
        if safeguards != "list" { _ = try Self.safeguards(safeguards) }
        guard (1...16).contains(workers) else {
            throw ValidationError("--workers must be an integer from 1 to 16, got \(workers)")
        }
    }

    /// The safeguards `spec` names (see --safeguards).
    static func safeguards(_ spec: String) throws -> Safeguards {
        switch spec {
        case "all": return .all
        case "none": return .none
        default: break
        }
        let names = spec.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
        let removing = names.allSatisfy { $0.hasPrefix("-") }
        guard removing || names.allSatisfy({ !$0.hasPrefix("-") }) else {
            throw ValidationError("--safeguards: either list the safeguards to keep or prefix every name with - to leave it out, got '\(spec)'")
        }
        var chosen: Safeguards = removing ? .all : .none
        for name in names {
            let bare = removing ? String(name.dropFirst()) : name
            guard let match = Safeguards.named.first(where: { $0.name == bare }) else {
                throw ValidationError("--safeguards: unknown safeguard '\(bare)'; they are all, none, \(Safeguards.named.map(\.name).joined(separator: ", "))")
            }
            if removing { chosen.remove(match.safeguard) } else { chosen.insert(match.safeguard) }
        }
        return chosen
    }

    /// The joint grid's N: SCENES.md's 100 unless BENCH_GRID_N (experiments only) says otherwise.
    static func gridSize(_ text: String?) throws -> Int {
        guard let text else { return JointGrid.publishedSize }
        guard let n = Int(text), n >= 8 else {
            throw ValidationError("BENCH_GRID_N must be an integer of at least 8, got '\(text)'")
        }
        return n
    }

    func run() throws {
        if safeguards == "list" {
            for (name, _) in Safeguards.named { print(name) }
            return
        }
        let chosenSafeguards = try Self.safeguards(safeguards)
        let environment = ProcessInfo.processInfo.environment
        let quickRun = quick || Self.isSet(environment["BENCH_QUICK"])
        let gridSize = try Self.gridSize(environment["BENCH_GRID_N"])
        var engine = "kinetic-\(Kinetic.configuration.version)"
        if let variant = EngineBuild.variant { engine += "-\(variant)" }
        if substeps != Self.referenceSubsteps { engine += "-s\(substeps)" }
        if chosenSafeguards != .all { engine += "-safeguards-\(safeguards.replacingOccurrences(of: ",", with: "+"))" }
        if workers > 1 { engine += "-w\(workers)" }

        #if DEBUG
        Self.note("warning: debug build; times are only meaningful from `swift build -c release`")
        #endif
        Self.note("kinetic bench: \(EngineBuild.variant.map { "\($0) build, " } ?? "")dt 1/60 s, \(substeps) substeps, \(workers == 1 ? "1 thread" : "\(workers) threads"), sleeping off, safeguards \(safeguards)\(quickRun ? ", quick (N/10 steps)" : "")")

        for name in scenes.isEmpty ? Scenes.benchmarkNames : scenes {
            let built: (any BenchmarkScene)?
            if let bodies {
                built = try Scenes.scaled(named: name, bodies: bodies, safeguards: chosenSafeguards, workers: workers)
            } else {
                built = try Scenes.benchmark(named: name, gridSize: gridSize, safeguards: chosenSafeguards, workers: workers)
            }
            guard var scene = built else { continue }
            let timedSteps = quickRun ? max(scene.timedSteps / 10, 10) : scene.timedSteps
            let result = Self.measure(&scene, warmUp: scene.warmUpSteps, timed: timedSteps, substeps: substeps)
            let line = "\(engine) \(name) \(scene.dynamicBodies.count) \(result.times.count) "
                + "\(String(format: "%.5g", result.median)) \(String(format: "%.5g", result.p90)) "
                + "sanity=\(result.flag)\(scene.sanity())"
            // Written unbuffered, so each line is out even if a later scene fails.
            FileHandle.standardOutput.write(Data((line + "\n").utf8))
            Self.note("\(name): safeguards acted: \(Self.describe(scene.world.safeguardCounts))")
        }
    }

    // MARK: - Protocol

    /// What one timed run produced.
    struct Measurement {
        /// Per-step times, ms, in step order.
        var times: [Double]
        /// "" or "DIVERGED@n," / "TIMECAP@n,".
        var flag: String
        /// Nearest-rank quantiles of `times`, ms.
        var median: Double { Bench.quantile(times.sorted(), percent: 50) }
        var p90: Double { Bench.quantile(times.sorted(), percent: 90) }
    }

    /// The guard's limits in SCENES.md's units: meters per axis, meters per second, milliseconds in all.
    static let positionLimit = 1000.0
    static let speedLimit = 500.0
    static let timeCap = 60_000.0

    /// Runs the warm-up and the timed steps of `scene`, calling `didStep` after each one (untimed)
    /// and the guard after every 10th timed step.
    static func measure(_ scene: inout any BenchmarkScene, warmUp: Int, timed: Int, substeps: Int) -> Measurement {
        let world = scene.world
        let dt = Scenes.timeStep
        var stepsDone = 0
        for _ in 0..<warmUp {
            world.step(by: dt, substeps: substeps)
            stepsDone += 1
            scene.didStep(stepsDone)
        }
        var result = Measurement(times: [], flag: "")
        result.times.reserveCapacity(timed)
        var total = 0.0
        for _ in 0..<timed {
            let start = monotonicNanoseconds()
            world.step(by: dt, substeps: substeps)
            let end = monotonicNanoseconds()
            let ms = Double(end - start) * 1e-6
            result.times.append(ms)
            total += ms
            stepsDone += 1
            scene.didStep(stepsDone)
            guard result.times.count % 10 == 0 else { continue }
            if hasDiverged(world, scene.dynamicBodies) {
                result.flag = "DIVERGED@\(result.times.count),"
                break
            }
            if total > timeCap {
                result.flag = "TIMECAP@\(result.times.count),"
                break
            }
        }
        return result
    }

    /// True when a body's position is non-finite or beyond 1000 m on an axis, or its speed exceeds 500 m/s.
    static func hasDiverged(_ world: World, _ bodies: [BodyID]) -> Bool {
        for body in bodies {
            let p = SceneUnits.meters(world.position(of: body))
            let v = SceneUnits.meters(world.linearVelocity(of: body))
            // Written so that NaN fails every comparison and counts as diverged.
            let inside = abs(p.x) <= positionLimit && abs(p.y) <= positionLimit
                && v.lengthSquared <= speedLimit * speedLimit
            if !inside { return true }
        }
        return false
    }

    /// Nearest-rank quantile of ascending `sorted`: sorted[ceil(N·p/100) − 1].
    static func quantile(_ sorted: [Double], percent: Int) -> Double {
        guard !sorted.isEmpty else { return 0 }
        let rank = max((sorted.count * percent + 99) / 100, 1)
        return sorted[rank - 1]
    }

    /// CLOCK_MONOTONIC, the peers' clock, in nanoseconds.
    @inline(__always) static func monotonicNanoseconds() -> UInt64 {
        var ts = timespec()
        clock_gettime(CLOCK_MONOTONIC, &ts)
        return UInt64(ts.tv_sec) * 1_000_000_000 + UInt64(ts.tv_nsec)
    }

    /// The peers' reading of BENCH_QUICK: set, non-empty and not "0".
    static func isSet(_ value: String?) -> Bool {
        guard let value, !value.isEmpty else { return false }
        return value != "0"
    }

    /// `counts` as name=value pairs.
    static func describe(_ counts: SafeguardCounts) -> String {
        "impactsPropagated=\(counts.impactsPropagated) warmStartsScaledBack=\(counts.warmStartsScaledBack) "
            + "relaxPassesScaledBack=\(counts.relaxPassesScaledBack) "
            + "bouncesScaledBack=\(counts.bouncesScaledBack) staticPushOuts=\(counts.staticPushOuts)"
    }

    static func note(_ text: String) {
        FileHandle.standardError.write(Data((text + "\n").utf8))
    }
}
