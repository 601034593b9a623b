// A rigid transform: rotation then translation.

/// Position `p` and rotation `q` of a body's origin.
@frozen public struct Transform: Hashable, Sendable {
    public var p: Vec2
    public var q: Rot

    @inlinable public init(p: Vec2, q: Rot) { self.p = p; self.q = q }
    @inlinable public init(_ p: Vec2, _ angle: Double) { self.p = p; self.q = Rot(angle: angle) }

    public static let identity = Transform(p: .zero, q: .identity)

    /// Local point to world point.
    @inlinable public func apply(_ v: Vec2) -> Vec2 { q.rotate(v) + p }
    /// World point to local point.
    @inlinable public func applyInverse(_ v: Vec2) -> Vec2 { q.inverseRotate(v - p) }
    /// self⁻¹ ∘ other: `other` expressed in this transform's frame.
    @inlinable public func inverseMultiplied(by b: Transform) -> Transform {
        Transform(p: q.inverseRotate(b.p - p), q: q.inverseMultiplied(by: b.q))
    }
    /// self ∘ other.
    @inlinable public func multiplied(by b: Transform) -> Transform {
        Transform(p: q.rotate(b.p) + p, q: q.multiplied(by: b.q))
    }
}
