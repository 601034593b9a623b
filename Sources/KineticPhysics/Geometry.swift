// Shape geometry in a body's local frame. These are plain values; validation happens in the
// throwing factories so that an invalid polygon can never reach the solver.

/// A circle of `radius` centred at `center` (body-local).
@frozen public struct Circle: Hashable, Sendable {
    public var center: Vec2
    public var radius: Double
    @inlinable public init(center: Vec2 = .zero, radius: Double) { self.center = center; self.radius = radius }
}

/// An ellipse with semi-axes `radii` (x, y), centred at `center` and turned by `angle` in the body frame.
/// Collision uses its exact support function, so it rolls smoothly.
@frozen public struct Ellipse: Hashable, Sendable {
    public var center: Vec2
    public var radii: Vec2
    public var angle: Double
    @inlinable public init(center: Vec2 = .zero, radii: Vec2, angle: Double = 0) {
        self.center = center; self.radii = radii; self.angle = angle
    }
}

/// A line segment from `p1` to `p2` (body-local). Two-sided; meant for static boundaries.
/// In a chain, `previous` and `next` are the chain's points before `p1` and after `p2` (nil at an
/// open end): with them, polygons slide over the joints instead of catching on them.
@frozen public struct Segment: Hashable, Sendable {
    public var p1: Vec2
    public var p2: Vec2
    public var previous: Vec2? = nil
    public var next: Vec2? = nil
    @inlinable public init(_ p1: Vec2, _ p2: Vec2) { self.p1 = p1; self.p2 = p2 }
    @inlinable public init(_ p1: Vec2, _ p2: Vec2, previous: Vec2?, next: Vec2?) {
        self.p1 = p1; self.p2 = p2; self.previous = previous; self.next = next
    }
}

/// A convex polygon with counter-clockwise winding in a y-up frame (positive cross products), up to
/// `Polygon.maxVertices` vertices, optionally rounded by `radius`. Build one with `Polygon.make` or
/// `Polygon.box`, which validate and normalise the input.
public struct Polygon: Hashable, Sendable {
    public static let maxVertices = 16
    public internal(set) var vertices: [Vec2]
    public internal(set) var normals: [Vec2]
    public internal(set) var centroid: Vec2
    public internal(set) var radius: Double

    @usableFromInline init(vertices: [Vec2], normals: [Vec2], centroid: Vec2, radius: Double) {
        self.vertices = vertices; self.normals = normals; self.centroid = centroid; self.radius = radius
    }
}

/// The geometry of one shape.
public enum Geometry: Hashable, Sendable {
    case circle(Circle)
    case ellipse(Ellipse)
    case polygon(Polygon)
    case segment(Segment)
}

/// Mass properties of a shape or body: `mass` (area × density), `center` (body-local centroid) and
/// `rotationalInertia` about `center`.
@frozen public struct MassData: Hashable, Sendable {
    public var mass: Double
    public var center: Vec2
    public var rotationalInertia: Double
    @inlinable public init(mass: Double, center: Vec2, rotationalInertia: Double) {
        self.mass = mass; self.center = center; self.rotationalInertia = rotationalInertia
    }

    /// Whether a body can take this mass: mass and rotational inertia both normal numbers (so
    /// their inverses are finite: a subnormal mass, from a shape 10⁻¹⁶⁰ pt across, has an infinite
    /// one), or both 0 (a massless shape: density 0, or a segment).
    @inlinable public var isInvertible: Bool {
        (mass.isNormal && rotationalInertia.isNormal) || (mass == 0 && rotationalInertia == 0)
    }
}

/// An error for input the engine refuses. The message names the offending value.
public struct PhysicsError: Error, Hashable, Sendable, CustomStringConvertible {
    public var message: String
    public init(_ message: String) { self.message = message }
    public var description: String { message }
}
