// Dynamic items: the handle that names one, the definition that creates one, and the collision
// geometry (rectangle, ellipse, convex path, or a group of convex parts) built from it.
import Foundation
import KineticPhysics

/// A handle to a dynamic item of one animator: a slot index, the slot's generation (which moves on
/// when the item is removed) and the animator's serial number. A stale or foreign handle gives a
/// `DynamicsError` naming the item; it never aliases another item.
public struct ItemID: Hashable, Sendable, CustomStringConvertible {
    /// Slot in the animator's item storage.
    public let index: Int32
    /// The slot's generation when the item was made: odd, moved on when it is removed.
    public let generation: UInt32
    /// Serial number of the animator that created the item.
    public let animator: UInt32
    public init(index: Int32, generation: UInt32, animator: UInt32) {
        self.index = index; self.generation = generation; self.animator = animator
    }
    public var description: String { "item#\(index).\(generation)" }
}

/// The collision bounds of an item (UIDynamicItemCollisionBoundsType, plus groups).
public enum CollisionBounds: Hashable, Sendable {
    /// The item's `size` as a rectangle rotating with the item (UIKit's default).
    case rectangle
    /// An ellipse inscribed in the item's `size` (radii width/2, height/2).
    case ellipse
    /// A convex polygon, points relative to the item's center, any winding (O19). At most 16
    /// points; a concave outline is an error that points to `parts`.
    case path([Vec2])
    /// A UIDynamicItemGroup: one rigid item made of convex parts, so concave outlines work.
    /// Mass is the sum of the parts'. Parts cannot nest; at most `maximumPartCount` of them.
    case parts([ItemPart])

    /// Most parts one item may have (UIKit sets no limit). The parts of an item never collide with
    /// each other, yet every time the item moves the pair search meets each part overlapping
    /// another of the same item, and n parts piled in one spot cost n² per step whatever the
    /// contact cap. 256 convex parts outline far more than any level draws by hand.
    public static let maximumPartCount = 256
}

/// One convex part of a grouped item, placed relative to the item's center and rotation.
public struct ItemPart: Hashable, Sendable {
    /// `.rectangle`, `.ellipse` or `.path` (relative to the part's `center`); not `.parts`.
    public var bounds: CollisionBounds
    /// Part center relative to the item center, points, in the item's (rotating) frame.
    public var center: Vec2
    /// Part size, points; derived from the path when zero for `.path`.
    public var size: Size
    /// Part rotation relative to the item, radians, clockwise on screen.
    public var angle: Double
    /// A part; `size` may stay zero for a path.
    public init(bounds: CollisionBounds = .rectangle, center: Vec2 = .zero, size: Size = .zero, angle: Double = 0) {
        self.bounds = bounds; self.center = center; self.size = size; self.angle = angle
    }
}

/// Everything needed to create a dynamic item. Defaults are UIKit's.
public struct ItemDef: Sendable {
    /// Optional unique name; shown in errors ("item 'ball' was removed").
    public var name: String? = nil
    /// Center in reference coordinates, points.
    public var center: Vec2 = .zero
    /// Bounds size, points. Required (> 0) for `.rectangle` and `.ellipse`; derived from the
    /// outline when nil for `.path` and `.parts`.
    public var size: Size? = nil
    /// Rotation, radians, clockwise on screen.
    public var angle: Double = 0
    /// Collision bounds; also the shape that gives the mass (O1: true area × density / 10 000).
    public var bounds: CollisionBounds = .rectangle
    /// A sensor item moves as any other (or stays put when anchored) and keeps its mass, but never
    /// collides: no collision behaviour makes it touch an item or a boundary, so it pushes nothing
    /// and is never in a `began` or `ended` of a collision behaviour (Box2D's sensor shapes report
    /// sensor events, not contact events). A `SensorBehavior` carried by it reports its overlaps.
    /// Default false.
    public var isSensor = false
    /// A one-way item (a platform to jump up through): the side from which other items are
    /// stopped, as a direction in the item's own frame (it turns with the item; any length but
    /// zero). Screen up, the top of an unturned item, is (0, −1). From every other side items pass
    /// through; a contact acts while its normal is within 45° of the direction (docs/semantics.md,
    /// "One-way items"). nil (the default): the item collides from every side. A sensor item
    /// ignores it.
    public var oneWay: Vec2? = nil
    public init() {}
    public init(name: String? = nil, center: Vec2, size: Size? = nil, angle: Double = 0, bounds: CollisionBounds = .rectangle,
                isSensor: Bool = false) {
        self.name = name; self.center = center; self.size = size; self.angle = angle; self.bounds = bounds
        self.isSensor = isSensor
    }
}

// MARK: - Geometry

/// Validated item geometry: engine shapes in the item frame (origin = item center) and the size.
struct ItemGeometry {
    var shapes: [Geometry]
    var size: Size

    init(shapes: [Geometry], size: Size) { self.shapes = shapes; self.size = size }

    /// Builds and validates the shapes of `def` (`label` names the item in errors).
    init(_ def: ItemDef, label: String) throws(DynamicsError) {
        try requireCoordinate(def.center, "\(label) center")
        try requireUsable(def.angle, "\(label) angle")
        if let s = def.size {
            try requireLength(s.width, "\(label) width")
            try requireLength(s.height, "\(label) height")
        }
        switch def.bounds {
        case .parts(let parts):
            guard !parts.isEmpty else { throw DynamicsError("\(label) parts must hold at least one part") }
            guard parts.count <= CollisionBounds.maximumPartCount else {
                throw DynamicsError("\(label) has \(parts.count) parts; an item may have at most \(CollisionBounds.maximumPartCount)")
            }
            var shapes: [Geometry] = []
            var box: AABB? = nil
            for (i, part) in parts.enumerated() {
                let partLabel = "\(label) part \(i + 1)"
                try requireCoordinate(part.center, "\(partLabel) center")
                try requireUsable(part.angle, "\(partLabel) angle")
                let built = try Self.single(part.bounds, size: part.size == .zero ? nil : part.size,
                                            center: part.center, angle: part.angle, label: partLabel)
                try Self.requireInvertibleMass(built.geometry, label: partLabel)
                shapes.append(built.geometry)
                box = box.map { $0.union(built.box) } ?? built.box
            }
            self.shapes = shapes
            // UIKit: a group's bounds enclose all members (the size is symmetric about the center
            // so that frame and center stay consistent).
            let b = box!
            let half = Vec2(Swift.max(abs(b.lower.x), abs(b.upper.x)), Swift.max(abs(b.lower.y), abs(b.upper.y)))
            size = def.size ?? Size(2 * half.x, 2 * half.y)
        default:
            let built = try Self.single(def.bounds, size: def.size, center: .zero, angle: 0, label: label)
            try Self.requireInvertibleMass(built.geometry, label: label)
            shapes = [built.geometry]
            let b = built.box
            let half = Vec2(Swift.max(abs(b.lower.x), abs(b.upper.x)), Swift.max(abs(b.lower.y), abs(b.upper.y)))
            size = def.size ?? Size(2 * half.x, 2 * half.y)
        }
    }

    /// Refuses a shape whose mass or rotational inertia at the smallest density the engine takes
    /// would not be a normal number: the engine could not invert it (a subnormal mass has an
    /// infinite inverse and turns the whole scene NaN).
    static func requireInvertibleMass(_ g: Geometry, label: String) throws(DynamicsError) {
        let md = g.massData(density: 1 / World.largestInput)
        guard md.mass.isNormal, md.rotationalInertia.isNormal else {
            throw DynamicsError("\(label) is too small for the engine: an area of \(g.area) pt² gives no usable mass")
        }
    }

    /// One convex shape placed at `center`, turned by `angle`, with its local bounding box.
    static func single(_ bounds: CollisionBounds, size: Size?, center: Vec2, angle: Double, label: String)
        throws(DynamicsError) -> (geometry: Geometry, box: AABB) {
        let xf = Transform(center, angle)
        switch bounds {
        case .rectangle:
            guard let s = size else { throw DynamicsError("\(label) needs a size for rectangle bounds") }
            try requireLength(s.width, "\(label) width"); try requireLength(s.height, "\(label) height")
            do {
                let poly = try Polygon.box(halfWidth: s.width / 2, halfHeight: s.height / 2, center: center, angle: angle)
                return (.polygon(poly), Geometry.polygon(poly).aabb(.identity))
            } catch { throw DynamicsError("\(label): \(error.message)") }
        case .ellipse:
            guard let s = size else { throw DynamicsError("\(label) needs a size for ellipse bounds") }
            try requireLength(s.width, "\(label) width"); try requireLength(s.height, "\(label) height")
            let g: Geometry = s.width == s.height
                ? .circle(Circle(center: center, radius: s.width / 2))
                : .ellipse(Ellipse(center: center, radii: Vec2(s.width / 2, s.height / 2), angle: angle))
            return (g, g.aabb(.identity))
        case .path(let points):
            guard points.count >= 3 else {
                throw DynamicsError("\(label) path needs at least 3 points, got \(points.count)")
            }
            for (i, p) in points.enumerated() where !p.isFinite {
                throw DynamicsError("\(label) path point \(i + 1) is not finite: \(p)")
            }
            do {
                let poly = try Polygon.make(points: points.map { xf.apply($0) })
                return (.polygon(poly), Geometry.polygon(poly).aabb(.identity))
            } catch {
                throw DynamicsError("\(label) path: \(error.message)" + (error.message.contains("parts") ? "" : " (concave outlines need `parts`)"))
            }
        case .parts:
            throw DynamicsError("\(label): groups cannot nest (a part cannot have parts)")
        }
    }

    /// Total shape area, pt² (O1: the true area, so mass = area × density / 10 000).
    var area: Double { shapes.reduce(0) { $0 + $1.area } }
}
