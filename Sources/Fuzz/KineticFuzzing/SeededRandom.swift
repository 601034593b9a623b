// A small deterministic generator for the fuzzers: the same seed gives the same scene on every run
// and every machine, so a failure is reproduced from its seed alone.
import Foundation

/// SplitMix64 (Steele, Lea, Flood 2014): 64-bit state, full period, good enough for fuzzing.
public struct SeededRandom: RandomNumberGenerator {
    private var state: UInt64

    /// A generator whose whole output is decided by `seed`.
    public init(seed: UInt64) { state = seed }

    public mutating func next() -> UInt64 {
        state &+= 0x9e37_79b9_7f4a_7c15
        var z = state
        z = (z ^ (z >> 30)) &* 0xbf58_476d_1ce4_e5b9
        z = (z ^ (z >> 27)) &* 0x94d0_49bb_1331_11eb
        return z ^ (z >> 31)
    }

    /// Uniform in `range`.
    public mutating func uniform(_ range: ClosedRange<Double>) -> Double { Double.random(in: range, using: &self) }

    /// Log-uniform in `range` (both bounds > 0): every order of magnitude is equally likely, so tiny
    /// and huge values both turn up.
    public mutating func logUniform(_ range: ClosedRange<Double>) -> Double {
        exp(uniform(log(range.lowerBound)...log(range.upperBound)))
    }

    /// True with probability `p`.
    public mutating func chance(_ p: Double) -> Bool { uniform(0...1) < p }

    /// An integer in `range`.
    public mutating func int(_ range: ClosedRange<Int>) -> Int { Int.random(in: range, using: &self) }

    /// One element of a non-empty array.
    public mutating func pick<T>(_ items: [T]) -> T { items[int(0...(items.count - 1))] }

    /// A number that breaks naive code: NaN, ±infinity, huge, tiny, negative, zero.
    public mutating func hostileNumber() -> Double {
        pick([.nan, .infinity, -.infinity, 1e308, -1e308, 1e-308, -1, -1e9, 0, -0.0, .greatestFiniteMagnitude])
    }
}
