// The Lua API fuzzer: random call sequences over the whole `kinetic` surface, each call a chunk
// named `fuzz.lua` run in a real level (sandbox, instruction budget, memory cap) and followed by
// fixed steps, pointer and key events and, now and then, a hot reload. Checked after every call:
//   1. a failure is a Lua error whose message starts with `file:line:` (memory errors excepted:
//      Lua gives them no position), never a crash, a hang or an empty message;
//   2. every item of every world has a finite centre, angle and velocity;
//   3. no call raises the process's peak memory by more than `hostMemoryGrowth` (memory the host
//      spends for the level, which the Lua cap does not see).
import Foundation
import KineticLua
import KineticLuaBridge

/// What one Lua fuzz run does.
public struct LuaFuzzOptions: Sendable {
    /// Calls per sequence (each sequence is a fresh level).
    public var calls = 150
    /// Instruction budget of one host call (deterministic; stops runaway callbacks).
    public var instructionBudget = 2_000_000
    /// Memory cap of the Lua state, bytes.
    public var memoryLimit = 64 << 20
    /// A call that takes longer than this (seconds) is reported as a hang.
    public var slowCall = 10.0
    /// A call that raises the process's peak resident memory by more than this (bytes) is reported.
    public var hostMemoryGrowth = 256 << 20
    public init() {}
}

/// A broken invariant, with what reproduces it.
public struct LuaFuzzFinding: Error, CustomStringConvertible, Sendable {
    public var seed: UInt64
    public var call: Int
    public var snippet: String
    public var problem: String
    public var description: String {
        "seed \(seed) call \(call): \(problem)\n    \(snippet.prefix(400))\n    (replay: kinetic-fuzz lua --seed \(seed) --sequences 1 --calls \(call + 1) --verbose)"
    }
}

/// Counts of what a run did.
public struct LuaFuzzStats: Sendable {
    public var sequences = 0
    public var calls = 0
    /// Calls that raised a Lua error (as they should for bad input).
    public var luaErrors = 0
    public var memoryErrors = 0
    public var budgetErrors = 0
    public var steps = 0
    public var reloads = 0
    /// Distinct error messages with their positions removed, for the report.
    public var messages: [String: Int] = [:]
    public init() {}

    mutating func add(_ o: LuaFuzzStats) {
        sequences += o.sequences; calls += o.calls; luaErrors += o.luaErrors; memoryErrors += o.memoryErrors
        budgetErrors += o.budgetErrors; steps += o.steps; reloads += o.reloads
        for (m, n) in o.messages { messages[m, default: 0] += n }
    }
}

/// The level every sequence runs in: a floor, a few named items and hooks the fuzzer fills in.
let fuzzLevelSource = """
    local level = { title = "fuzz", LEVEL_FIELDS }
    function level.load(world, state)
      W = world; I = I or {}; B = B or {}; R = R or {}; WORLDS = WORLDS or {}
      WORLDS[1] = world
      I[1] = world:addItem{ name = "ball", center = {100, 100}, size = {40, 40}, bounds = "ellipse" }
      I[2] = world:addItem{ name = "box", center = {200, 150}, size = {60, 30} }
      I[3] = world:addItem{ name = "floor", frame = {0, 600, 375, 20} }
      B[1] = kinetic.gravity{ items = { I[1], I[2] } }
      B[2] = kinetic.collision{ items = { I[1], I[2], I[3] }, referenceBounds = true }
      B[3] = kinetic.itemBehavior{ items = { I[3] }, anchored = true }
      for i = 1, 3 do world:addBehavior(B[i]) end
    end
    function level.update(world, dt) if UPDATE then UPDATE(world, dt) end end
    function level.pointer(world, e) if POINTER then POINTER(world, e) end end
    function level.key(world, k, d) if KEY then KEY(world, k, d) end end
    function level.draw(world, canvas) if DRAW then DRAW(world, canvas) end end
    return level
    """

/// Checks every item of every world made so far; raises `nonfinite` naming the first bad one.
let finiteCheckSource = """
    for wi, w in ipairs(WORLDS) do
      local ok, items = pcall(w.items, w)
      if ok then
        for _, it in ipairs(items) do
          local c, v, a, av = it.center, it.velocity, it.angle, it.angularVelocity
          local function bad(x) return x ~= x or x == math.huge or x == -math.huge end
          if bad(c.x) or bad(c.y) or bad(v.x) or bad(v.y) or bad(a) or bad(av) then
            error(string.format("nonfinite: world %d item %s centre (%s, %s) velocity (%s, %s) angle %s", wi, tostring(it.name), c.x, c.y, v.x, v.y, a), 0)
          end
        end
      end
    end
    """

/// One sequence: a fresh level in its own folder, `options.calls` random calls.
public final class LuaFuzzSequence {
    let seed: UInt64
    var generator: LuaCallGenerator
    public private(set) var stats = LuaFuzzStats()
    /// Print every call (to minimise a failing seed by hand).
    public static nonisolated(unsafe) var verbose = false

    public init(seed: UInt64, surface: APISurface) {
        self.seed = seed
        generator = LuaCallGenerator(seed: seed, surface: surface)
    }

    /// A `file:line:` prefix (`fuzz.lua:1:`, `main.lua:12:`, `[string "…"]:3:`).
    static func hasPosition(_ message: String) -> Bool {
        message.range(of: #"^[^\s:][^:]*:\d+: \S"#, options: .regularExpression) != nil
    }

    public func run(_ options: LuaFuzzOptions) -> [LuaFuzzFinding] {
        stats.sequences = 1
        let levelFields = generator.levelFields()
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("kinetic-fuzz-\(seed)-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: folder) }
        func writeLevel(_ fields: String) throws {
            try fuzzLevelSource.replacingOccurrences(of: "LEVEL_FIELDS", with: fields)
                .write(toFile: folder + "/main.lua", atomically: true, encoding: .utf8)
        }
        do {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            try writeLevel(levelFields)
            try Data([0x89, 0x50, 0x4e, 0x47, 0, 1, 2]).write(to: URL(fileURLWithPath: folder + "/corrupt.png"))
        } catch {
            return [LuaFuzzFinding(seed: seed, call: 0, snippet: "", problem: "cannot write the fuzz level: \(error)")]
        }
        var levelOptions = LevelOptions()
        levelOptions.instructionBudget = options.instructionBudget
        levelOptions.memoryLimit = options.memoryLimit
        levelOptions.print = { _ in }
        levelOptions.warn = { _ in }
        var loaded = Result { () throws(LevelError) in try Level.load(path: folder, options: levelOptions) }
        // Hostile level fields must be refused with a message naming the file (and the field's line),
        // never a trap; the sequence then goes on with the usual fields.
        if case .failure(let error) = loaded, levelFields != LuaCallGenerator.usualLevelFields,
           error.message.hasPrefix("main.lua:"), error.message.contains(": level field ") {
            stats.luaErrors += 1
            loaded = Result { () throws(LevelError) in
                do { try writeLevel(LuaCallGenerator.usualLevelFields) } catch { throw LevelError(message: "\(error)") }
                return try Level.load(path: folder, options: levelOptions)
            }
        }
        let level: Level
        switch loaded {
        case .success(let l): level = l
        case .failure(let error): return [LuaFuzzFinding(seed: seed, call: 0, snippet: "", problem: "the fuzz level does not load: \(error)")]
        }
        var findings: [LuaFuzzFinding] = []
        for call in 0..<options.calls {
            let snippet: String
            var action = generator.rng.int(0...19)
            if call == 0 { action = 19 }
            switch action {
            case 0: snippet = "(step)"
            case 1: snippet = "(reload)"
            case 2: snippet = "(pointer)"
            case 3: snippet = "(key)"
            case 4: snippet = "(scene)"
            default: snippet = generator.statement()
            }
            if Self.verbose { print("[\(call)] \(snippet)") }
            let started = Date(), peakBefore = peakResidentBytes()
            var failure: (message: String, kind: LuaError.Kind?)? = nil
            do throws(LevelError) {
                switch snippet {
                case "(step)":
                    for _ in 0..<generator.rng.int(1...5) { try level.step(); stats.steps += 1 }
                case "(reload)":
                    try level.reload(); stats.reloads += 1
                case "(pointer)":
                    let phase = generator.rng.pick([PointerEvent.Phase.began, .moved, .ended])
                    try level.pointer(PointerEvent(phase: phase, x: generator.rng.uniform(-100...500), y: generator.rng.uniform(-100...800)))
                case "(key)":
                    try level.key(generator.rng.pick(["space", "left", "a", "r"]), down: generator.rng.chance(0.5))
                case "(scene)":
                    if let error = level.scene().hudError { throw error }
                default:
                    do { _ = try level.luaState.run(snippet, name: "fuzz.lua") } catch {
                        failure = (error.message, error.kind)
                    }
                }
            } catch {
                failure = (error.message, nil)
            }
            stats.calls += 1
            let elapsed = Date().timeIntervalSince(started)
            func found(_ problem: String) { findings.append(LuaFuzzFinding(seed: seed, call: call, snippet: snippet, problem: problem)) }
            if elapsed > options.slowCall { found("the call took \(Int(elapsed)) s (a hang)") }
            let growth = peakResidentBytes() - peakBefore
            if growth > options.hostMemoryGrowth { found("the call raised the process's peak memory by \(growth >> 20) MiB") }
            if let (message, kind) = failure {
                stats.luaErrors += 1
                if kind == .memory || message.contains("not enough memory") {
                    stats.memoryErrors += 1
                } else {
                    if kind == .instructionBudget || kind == .timeBudget || message.contains("budget") { stats.budgetErrors += 1 }
                    if !Self.hasPosition(message) { found("error without file:line: \(message.debugDescription)") }
                }
                let general = message.replacingOccurrences(of: #"^[^:]*:\d+: "#, with: "", options: .regularExpression)
                    .replacingOccurrences(of: #"0x[0-9a-f]+|-?\d+(\.\d+)?(e[-+]?\d+)?"#, with: "#", options: .regularExpression)
                stats.messages[String(general.prefix(120)), default: 0] += 1
            }
            // Finite state, checked from Swift (the level's world) and from Lua (every world).
            for item in level.snapshot() where ![item.x, item.y, item.angle, item.vx, item.vy, item.angularVelocity].allSatisfy(\.isFinite) {
                found("non-finite state of item \(item.name ?? "?"): \(item)")
                break
            }
            do { _ = try level.luaState.run(finiteCheckSource, name: "check.lua") } catch {
                if error.message.contains("nonfinite") { found(error.message) }
            }
            if findings.count >= 5 { break }
        }
        return findings
    }
}

/// The peak resident memory of this process so far, bytes.
func peakResidentBytes() -> Int {
    var usage = rusage()
    #if os(Linux)
    getrusage(RUSAGE_SELF.rawValue, &usage)
    return usage.ru_maxrss * 1024
    #else
    getrusage(RUSAGE_SELF, &usage)
    return usage.ru_maxrss
    #endif
}

/// Runs `count` sequences from seed `firstSeed` on.
public func fuzzLua(firstSeed: UInt64, count: Int, options: LuaFuzzOptions = LuaFuzzOptions(),
                    progress: ((UInt64, LuaFuzzStats) -> Void)? = nil) -> (LuaFuzzStats, [LuaFuzzFinding]) {
    let surface = APISurface.current()
    var total = LuaFuzzStats()
    var findings: [LuaFuzzFinding] = []
    for i in 0..<UInt64(max(0, count)) {
        let sequence = LuaFuzzSequence(seed: firstSeed &+ i, surface: surface)
        findings += sequence.run(options)
        total.add(sequence.stats)
        progress?(firstSeed &+ i, total)
    }
    return (total, findings)
}
