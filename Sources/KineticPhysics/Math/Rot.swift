// A rotation stored as cosine and sine, so rotating a vector costs four multiplies and no trig.
import Foundation

/// A rotation by an angle in radians (positive turns +x toward +y: clockwise on a y-down screen).
@frozen public struct Rot: Hashable, Sendable {
    public var c: Double
    public var s: Double

    @inlinable public init(c: Double, s: Double) { self.c = c; self.s = s }
    @inlinable public init(angle: Double) { c = cos(angle); s = sin(angle) }

    public static let identity = Rot(c: 1, s: 0)

    /// The angle in (-π, π].
    @inlinable public var angle: Double { atan2(s, c) }
    @inlinable public func rotate(_ v: Vec2) -> Vec2 { Vec2(c * v.x - s * v.y, s * v.x + c * v.y) }
    @inlinable public func inverseRotate(_ v: Vec2) -> Vec2 { Vec2(c * v.x + s * v.y, -s * v.x + c * v.y) }
    /// self ∘ other: rotate by other, then by self.
    @inlinable public func multiplied(by q: Rot) -> Rot { Rot(c: c * q.c - s * q.s, s: s * q.c + c * q.s) }
    /// selfᵀ ∘ other: the rotation from self to other.
    @inlinable public func inverseMultiplied(by q: Rot) -> Rot { Rot(c: c * q.c + s * q.s, s: c * q.s - s * q.c) }
    /// Integrates an angular change `da` (small) and renormalises.
    @inlinable public func integrated(by da: Double) -> Rot {
        let c2 = c - da * s, s2 = s + da * c
        let mag = (c2 * c2 + s2 * s2).squareRoot()
        let inv = mag > 0 ? 1 / mag : 0
        return Rot(c: c2 * inv, s: s2 * inv)
    }
    /// The relative angle from `a` to `b` in (-π, π].
    @inlinable public static func relativeAngle(_ a: Rot, _ b: Rot) -> Double {
        let s = a.c * b.s - a.s * b.c, c = a.c * b.c + a.s * b.s
        return atan2(s, c)
    }
}
