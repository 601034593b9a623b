// Small helpers shared by the collision tests.
@testable import KineticPhysics

/// |a − b| ≤ tolerance for scalars and vectors.
func near(_ a: Double, _ b: Double, _ tolerance: Double) -> Bool { abs(a - b) <= tolerance }
func near(_ a: Vec2, _ b: Vec2, _ tolerance: Double) -> Bool { (a - b).length <= tolerance }

/// A fixed-seed generator (SplitMix64) so random tests are repeatable.
struct SplitMix64: RandomNumberGenerator {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

/// Box2D's speculative distance in Kinetic units: 4 × 0.5 pt.
let speculative = 2.0

func box(_ hw: Double, _ hh: Double, center: Vec2 = .zero, angle: Double = 0, radius: Double = 0) -> Geometry {
    .polygon(try! Polygon.box(halfWidth: hw, halfHeight: hh, center: center, angle: angle, radius: radius))
}
