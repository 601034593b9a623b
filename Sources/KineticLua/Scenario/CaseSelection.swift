// Which cases a run takes, and in what order: filters (plain text or Lua patterns), tags, shard,
// shuffle and repeat, applied in that order so that shards stay a partition of the sorted list.
import Foundation
import KineticLuaBridge

/// What `--filter`, `--filter-out`, `--tags`, `--exclude-tags`, `--shard`, `--shuffle` and `--repeat`
/// ask for.
public struct CaseSelection: Sendable, Equatable {
    /// A case runs when it matches any of these (none: every case).
    public var filters: [String] = []
    /// A case that matches any of these does not run.
    public var filtersOut: [String] = []
    /// A case runs only when its name has one of these tags (none: every case).
    public var tags: [String] = []
    /// A case whose name has one of these tags does not run.
    public var excludedTags: [String] = []
    /// Shard `index` of `count` (1-based): cases whose position in the selected list, modulo count, is index - 1.
    public var shard: Shard?
    /// Run the selected cases in the order this seed shuffles them to.
    public var shuffleSeed: UInt64?
    /// Run the selection this many times, one round after another.
    public var repeatCount = 1

    public struct Shard: Sendable, Equatable {
        public var index: Int
        public var count: Int
        public init(index: Int, count: Int) { self.index = index; self.count = count }
    }

    public init() {}

    /// The cases to run, with their positions in `cases`. A filter matches a case when its
    /// `file › name` contains the filter as plain text (what `--filter` always meant), or when its
    /// name or `file › name` matches the filter as a Lua pattern; a filter that is not a valid
    /// pattern (`100%`) is plain text only.
    public func apply(to cases: [ScenarioCase]) throws -> [(case: ScenarioCase, position: Int)] {
        let matcher = filters.isEmpty && filtersOut.isEmpty ? nil : try LuaPatternMatcher()
        func matches(_ scenario: ScenarioCase, _ filter: String) -> Bool {
            if filter.isEmpty || scenario.baseTitle.contains(filter) { return true }
            return matcher!.matches(scenario.name ?? "", filter) || matcher!.matches(scenario.baseTitle, filter)
        }
        var kept: [(case: ScenarioCase, position: Int)] = []
        for (position, scenario) in cases.enumerated() {
            if !filters.isEmpty, !filters.contains(where: { matches(scenario, $0) }) { continue }
            if filtersOut.contains(where: { !$0.isEmpty && matches(scenario, $0) }) { continue }
            // A file that failed to load has no tags, and is kept so that it is seen.
            if scenario.name != nil {
                let tags = scenario.tags
                if !self.tags.isEmpty, !tags.contains(where: self.tags.contains) { continue }
                if tags.contains(where: excludedTags.contains) { continue }
            }
            kept.append((scenario, position))
        }
        if let shard { kept = kept.enumerated().filter { $0.offset % shard.count == shard.index - 1 }.map(\.element) }
        if let shuffleSeed { kept = Self.shuffled(kept, seed: shuffleSeed) }
        guard repeatCount > 1 else { return kept }
        var rounds: [(case: ScenarioCase, position: Int)] = []
        for run in 1...repeatCount {
            for (scenario, position) in kept {
                var repeated = scenario
                repeated.run = run
                repeated.runs = repeatCount
                rounds.append((repeated, position))
            }
        }
        return rounds
    }

    /// Fisher–Yates with SplitMix64: the same seed gives the same order on every machine.
    static func shuffled<T>(_ items: [T], seed: UInt64) -> [T] {
        var result = items
        var state = seed
        func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
        guard result.count > 1 else { return result }
        for i in stride(from: result.count - 1, to: 0, by: -1) {
            result.swapAt(i, Int(next() % UInt64(i + 1)))
        }
        return result
    }

    /// The `#tag` words of a case name (busted's tags): `#` followed by letters, digits, `_` or `-`.
    public static func hashTags(in name: String) -> [String] {
        var found: [String] = []
        var current: String?
        for character in name + " " {
            if character.isLetter || character.isNumber || character == "_" || character == "-" {
                current?.append(character)
            } else {
                if let tag = current, !tag.isEmpty, !found.contains(tag) { found.append(tag) }
                current = character == "#" ? "" : nil
            }
        }
        return found
    }
}

/// Lua's `string.find` for `--filter` patterns, in a state of its own.
final class LuaPatternMatcher {
    private let state: LuaState
    private let find: LuaReference

    init() throws {
        do {
            state = try LuaState(options: LuaOptions())
            find = try state.load("local s, p = ... return string.find(s, p) ~= nil", name: "=filter")
        } catch {
            throw ScenarioError("cannot start Lua to match filters: \(error.message)")
        }
    }

    /// False also for a pattern Lua rejects.
    func matches(_ text: String, _ pattern: String) -> Bool {
        (try? state.call(find, [.string(text), .string(pattern)]).first) == .boolean(true)
    }
}
