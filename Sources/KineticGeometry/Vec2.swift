// A 2D vector in the world's length unit (points in Kinetic). y grows downward on screen, but the
// engine itself is orientation-agnostic: only cross-product signs depend on the axes' handedness.
// The one point and vector type of every layer: the physics step, the UIKit layer, Lua's `{x, y}`
// tables and the frames a renderer draws.

/// A 2D vector or point, in points (y down). Lua writes it `{x, y}` or `{x = .., y = ..}`.
@frozen public struct Vec2: Hashable, Sendable, CustomStringConvertible {
    public var x: Double
    public var y: Double

    @inlinable public init(_ x: Double, _ y: Double) { self.x = x; self.y = y }
    @inlinable public init(x: Double, y: Double) { self.x = x; self.y = y }

    /// Computed and inlinable rather than a stored `static let`, so the other modules' hot loops read
    /// a constant instead of calling the global's accessor.
    @inlinable public static var zero: Vec2 { Vec2(0, 0) }

    @inlinable public static func + (a: Vec2, b: Vec2) -> Vec2 { Vec2(a.x + b.x, a.y + b.y) }
    @inlinable public static func - (a: Vec2, b: Vec2) -> Vec2 { Vec2(a.x - b.x, a.y - b.y) }
    @inlinable public static prefix func - (a: Vec2) -> Vec2 { Vec2(-a.x, -a.y) }
    @inlinable public static func * (s: Double, a: Vec2) -> Vec2 { Vec2(s * a.x, s * a.y) }
    @inlinable public static func * (a: Vec2, s: Double) -> Vec2 { Vec2(s * a.x, s * a.y) }
    @inlinable public static func / (a: Vec2, s: Double) -> Vec2 { Vec2(a.x / s, a.y / s) }
    @inlinable public static func += (a: inout Vec2, b: Vec2) { a.x += b.x; a.y += b.y }
    @inlinable public static func -= (a: inout Vec2, b: Vec2) { a.x -= b.x; a.y -= b.y }
    @inlinable public static func *= (a: inout Vec2, s: Double) { a.x *= s; a.y *= s }

    @inlinable public var length: Double { (x * x + y * y).squareRoot() }
    @inlinable public var lengthSquared: Double { x * x + y * y }
    /// This vector scaled to length 1, or zero when its length is (nearly) zero.
    @inlinable public var normalized: Vec2 {
        let l = length
        return l < 1e-12 ? .zero : Vec2(x / l, y / l)
    }
    /// (-y, x): the vector turned a quarter in the positive-angle direction.
    @inlinable public var leftPerp: Vec2 { Vec2(-y, x) }
    /// (y, -x): the vector turned a quarter in the negative-angle direction.
    @inlinable public var rightPerp: Vec2 { Vec2(y, -x) }
    @inlinable public var isFinite: Bool { x.isFinite && y.isFinite }

    public var description: String { "(\(x), \(y))" }
}

@inlinable public func dot(_ a: Vec2, _ b: Vec2) -> Double { a.x * b.x + a.y * b.y }
/// z of the 3D cross product of (a, 0) and (b, 0).
@inlinable public func cross(_ a: Vec2, _ b: Vec2) -> Double { a.x * b.y - a.y * b.x }
/// cross((0, 0, s), (v, 0)).
@inlinable public func cross(_ s: Double, _ v: Vec2) -> Vec2 { Vec2(-s * v.y, s * v.x) }
/// cross((v, 0), (0, 0, s)).
@inlinable public func cross(_ v: Vec2, _ s: Double) -> Vec2 { Vec2(s * v.y, -s * v.x) }
@inlinable public func distance(_ a: Vec2, _ b: Vec2) -> Double { (a - b).length }
@inlinable public func distanceSquared(_ a: Vec2, _ b: Vec2) -> Double { (a - b).lengthSquared }
@inlinable public func lerp(_ a: Vec2, _ b: Vec2, _ t: Double) -> Vec2 { Vec2(a.x + t * (b.x - a.x), a.y + t * (b.y - a.y)) }
@inlinable public func min(_ a: Vec2, _ b: Vec2) -> Vec2 { Vec2(Swift.min(a.x, b.x), Swift.min(a.y, b.y)) }
@inlinable public func max(_ a: Vec2, _ b: Vec2) -> Vec2 { Vec2(Swift.max(a.x, b.x), Swift.max(a.y, b.y)) }
