// UIRegion: an immutable shape around the origin, placed by a field's `position`. A small CSG tree
// (circle, centred rectangle, everything, nothing; not, or, and) evaluated per point.
import KineticPhysics

/// A field's domain of effect, defined around the origin (0, 0) and centred on the field's
/// `position` (O12). A value type: combining regions makes new ones.
///
/// Combining a region with itself shares its tree, so a few calls can describe a tree far larger
/// than the memory it takes; every walk (`contains`, `description`, equality) visits the tree as
/// written out. `nodeCount` counts that, and a region may not exceed `maxNodeCount`: the bound
/// keeps every walk short and every recursion shallow.
public struct Region: Hashable, Sendable, CustomStringConvertible {
    indirect enum Node: Hashable, Sendable {
        case infinite
        case empty
        case circle(radius: Double)
        case rectangle(halfWidth: Double, halfHeight: Double)
        case inverse(Node)
        case union(Node, Node)
        case intersection(Node, Node)
        case difference(Node, Node)
    }
    let node: Node
    /// Shapes and operations in the tree as written out (a shared subtree counts each time it appears).
    public let nodeCount: Int

    /// The most shapes and operations a region may have (sandbox.md, "Host limits").
    public static let maxNodeCount = 1024

    init(node: Node, nodeCount: Int) { self.node = node; self.nodeCount = nodeCount }

    /// Every point (UIRegion.infinite). The default region of a field.
    public static let infinite = Region(node: .infinite, nodeCount: 1)
    /// No point: the inverse of `infinite`.
    public static let empty = Region(node: .empty, nodeCount: 1)

    /// A disc of `radius` points centred on the origin; the circle itself is inside.
    public init(radius: Double) throws(DynamicsError) {
        try requireNonNegative(radius, "region radius")
        self.init(node: .circle(radius: radius), nodeCount: 1)
    }

    /// An axis-aligned rectangle of `size` centred on the origin (not anchored at its top-left).
    public init(size: Size) throws(DynamicsError) {
        try requireNonNegative(size.width, "region width")
        try requireNonNegative(size.height, "region height")
        self.init(node: .rectangle(halfWidth: size.width / 2, halfHeight: size.height / 2), nodeCount: 1)
    }

    /// The complement. The inverse of `infinite` is `empty` and vice versa.
    public func inverse() throws(DynamicsError) -> Region {
        switch node {
        case .infinite: return .empty
        case .empty: return .infinite
        case .inverse(let inner): return Region(node: inner, nodeCount: nodeCount - 1)
        default: return try Region(combining: .inverse(node), nodeCount: nodeCount + 1)
        }
    }
    /// Points in either region.
    public func union(_ other: Region) throws(DynamicsError) -> Region {
        try Region(combining: .union(node, other.node), nodeCount: nodeCount + other.nodeCount + 1)
    }
    /// Points in both regions.
    public func intersection(_ other: Region) throws(DynamicsError) -> Region {
        try Region(combining: .intersection(node, other.node), nodeCount: nodeCount + other.nodeCount + 1)
    }
    /// Points in this region and not in `other` (UIRegion.difference(from:) is "receiver minus
    /// argument" despite its name).
    public func difference(_ other: Region) throws(DynamicsError) -> Region {
        try Region(combining: .difference(node, other.node), nodeCount: nodeCount + other.nodeCount + 1)
    }

    private init(combining node: Node, nodeCount: Int) throws(DynamicsError) {
        guard nodeCount <= Self.maxNodeCount else {
            throw DynamicsError("the region would have \(nodeCount) shapes and operations; a region may have at most \(Self.maxNodeCount)")
        }
        self.init(node: node, nodeCount: nodeCount)
    }

    /// True when the point (in the region's own coordinates, origin at the centre) is inside.
    /// Boundaries are inside.
    public func contains(_ p: Vec2) -> Bool { Self.contains(node, p) }

    public var isInfinite: Bool { node == .infinite }

    static func contains(_ node: Node, _ p: Vec2) -> Bool {
        switch node {
        case .infinite: return true
        case .empty: return false
        case .circle(let r): return p.lengthSquared <= r * r
        case .rectangle(let hw, let hh): return abs(p.x) <= hw && abs(p.y) <= hh
        case .inverse(let a): return !contains(a, p)
        case .union(let a, let b): return contains(a, p) || contains(b, p)
        case .intersection(let a, let b): return contains(a, p) && contains(b, p)
        case .difference(let a, let b): return contains(a, p) && !contains(b, p)
        }
    }

    public var description: String { Self.describe(node) }

    static func describe(_ node: Node) -> String {
        switch node {
        case .infinite: return "infinite"
        case .empty: return "empty"
        case .circle(let r): return "radius \(r)"
        case .rectangle(let hw, let hh): return "size \(2 * hw) × \(2 * hh)"
        case .inverse(let a): return "inverse(\(describe(a)))"
        case .union(let a, let b): return "union(\(describe(a)), \(describe(b)))"
        case .intersection(let a, let b): return "intersection(\(describe(a)), \(describe(b)))"
        case .difference(let a, let b): return "difference(\(describe(a)), \(describe(b)))"
        }
    }
}
