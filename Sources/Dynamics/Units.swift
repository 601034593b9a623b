// UIKit Dynamics units and the small value types of the public API (sizes, frames, insets, ranges).
// Every conversion between UIKit's units and the engine's lives here, with its derivation.
import Physics

/// UIKit Dynamics units expressed in the engine's units (points, seconds, engine mass).
///
/// The engine works in points and seconds; its mass equals the UIKit mass, so its force unit is
/// mass·pt/s². UIKit's anchors (reference §1.1): a 100 × 100 pt item of density 1 has mass 1; one
/// UIKit newton accelerates that item at 100 pt/s²; gravity magnitude 1.0 is 1000 pt/s². All are
/// consistent with PhysicsKit working in metres with 100 pt = 1 m.
public enum Units {
    /// Points in one PhysicsKit metre. Field falloff distances are measured in metres.
    public static let pointsPerMeter = 100.0
    /// Gravity acceleration for `GravityBehavior.magnitude` 1.0, pt/s².
    public static let gravityAcceleration = 1000.0
    /// Engine force (mass·pt/s²) of one UIKit newton: 1 N on mass 1 gives 100 pt/s².
    /// Also the engine impulse (mass·pt/s) of one UIKit newton-second.
    public static let newton = 100.0
    /// Field unit K (O9): strength 1 is 100 pt/s² for acceleration fields, 1 UIKit newton for
    /// force fields, 100 pt/s for velocity fields.
    public static let fieldUnit = 100.0
    /// Engine density for UIKit density 1: mass = area (pt²) × density / 10 000 (O1).
    public static let densityScale = 1.0 / 10_000
    /// Resistance rate c of O5: each substep v ← v / (1 + h·c·resistance), so speed decays as
    /// e^(−c·resistance·t). Calibrated to 1 (Box2D damping as is, PhysicsKit being Box2D-derived):
    /// the Newton's cradle seed uses resistance 2 and still swings, which c = 10 would prevent.
    public static let resistanceRate = 1.0
    /// Engine torque (mass·pt²/s²) of one UIKit newton-metre, for `frictionTorque`.
    public static let newtonMeter = newton * pointsPerMeter

    /// UIKit mass of a shape area (pt²) at a UIKit density.
    public static func mass(area: Double, density: Double) -> Double { area * density * densityScale }
}

/// An error for input the Dynamics layer refuses. The message names the offending value; the call
/// that threw changed nothing.
public struct DynamicsError: Error, Hashable, Sendable, CustomStringConvertible {
    public var message: String
    public init(_ message: String) { self.message = message }
    public var description: String { message }
}

/// A width and height in points.
public struct Size: Hashable, Sendable, CustomStringConvertible {
    public var width: Double
    public var height: Double
    public init(width: Double, height: Double) { self.width = width; self.height = height }
    public init(_ width: Double, _ height: Double) { self.width = width; self.height = height }
    public static let zero = Size(0, 0)
    public var description: String { "\(width) × \(height)" }
}

/// An axis-aligned rectangle in points: origin (top-left, y down) and size.
public struct Rect: Hashable, Sendable, CustomStringConvertible {
    public var x: Double
    public var y: Double
    public var width: Double
    public var height: Double
    public init(x: Double, y: Double, width: Double, height: Double) {
        self.x = x; self.y = y; self.width = width; self.height = height
    }
    /// The rectangle of `size` centred on `center`.
    public init(center: Vec2, size: Size) {
        self.init(x: center.x - size.width / 2, y: center.y - size.height / 2, width: size.width, height: size.height)
    }
    public var minX: Double { x }
    public var minY: Double { y }
    public var maxX: Double { x + width }
    public var maxY: Double { y + height }
    public var center: Vec2 { Vec2(x + width / 2, y + height / 2) }
    public var size: Size { Size(width, height) }
    /// True when the two rectangles overlap or touch.
    public func intersects(_ r: Rect) -> Bool {
        !(r.minX > maxX || r.minY > maxY || minX > r.maxX || minY > r.maxY)
    }
    public func contains(_ p: Vec2) -> Bool { p.x >= minX && p.x <= maxX && p.y >= minY && p.y <= maxY }
    public var isFinite: Bool { x.isFinite && y.isFinite && width.isFinite && height.isFinite }
    public var description: String { "(\(x), \(y), \(width) × \(height))" }
}

/// Insets of a rectangle's edges, points; positive moves an edge inward (UIEdgeInsets).
public struct EdgeInsets: Hashable, Sendable {
    public var top: Double
    public var left: Double
    public var bottom: Double
    public var right: Double
    public init(top: Double = 0, left: Double = 0, bottom: Double = 0, right: Double = 0) {
        self.top = top; self.left = left; self.bottom = bottom; self.right = right
    }
    public static let zero = EdgeInsets()
    public var isFinite: Bool { top.isFinite && left.isFinite && bottom.isFinite && right.isFinite }
}

/// A closed range of values (UIFloatRange); either end may be infinite.
public struct FloatRange: Hashable, Sendable, CustomStringConvertible {
    public var minimum: Double
    public var maximum: Double
    public init(minimum: Double, maximum: Double) { self.minimum = minimum; self.maximum = maximum }
    /// (−∞, +∞): no limit. The default of `AttachmentBehavior.attachmentRange`.
    public static let infinite = FloatRange(minimum: -.infinity, maximum: .infinity)
    /// (0, 0): locked.
    public static let zero = FloatRange(minimum: 0, maximum: 0)
    public var isInfinite: Bool { minimum == -.infinity && maximum == .infinity }
    public func contains(_ v: Double) -> Bool { v >= minimum && v <= maximum }
    public var description: String { "[\(minimum), \(maximum)]" }
}

// MARK: - Validation helpers (throwing, message names the value)

@inline(__always) func requireFinite(_ v: Double, _ what: @autoclosure () -> String) throws(DynamicsError) {
    guard v.isFinite else { throw DynamicsError("\(what()) must be a finite number, got \(v)") }
}

@inline(__always) func requireFinite(_ v: Vec2, _ what: @autoclosure () -> String) throws(DynamicsError) {
    guard v.isFinite else { throw DynamicsError("\(what()) must be finite, got \(v)") }
}

@inline(__always) func requirePositive(_ v: Double, _ what: @autoclosure () -> String) throws(DynamicsError) {
    guard v.isFinite, v > 0 else { throw DynamicsError("\(what()) must be a finite number > 0, got \(v)") }
}

/// A size of a shape or of the reference bounds: a normal number (a subnormal width makes a mass
/// whose inverse is infinite) no larger than the engine's coordinates (`World.largestCoordinate`).
@inline(__always) func requireLength(_ v: Double, _ what: @autoclosure () -> String) throws(DynamicsError) {
    guard v.isNormal, v > 0, v <= World.largestCoordinate else {
        throw DynamicsError("\(what()) must be a number > 0 and at most \(Int(World.largestCoordinate)) pt, got \(v)")
    }
}

@inline(__always) func requireNonNegative(_ v: Double, _ what: @autoclosure () -> String) throws(DynamicsError) {
    guard v.isFinite, v >= 0 else { throw DynamicsError("\(what()) must be a finite number ≥ 0, got \(v)") }
}
