// Axis-aligned bounding box, used by the broad phase and by queries.

/// An axis-aligned box from `lower` (min x, min y) to `upper` (max x, max y).
@frozen public struct AABB: Hashable, Sendable {
    public var lower: Vec2
    public var upper: Vec2

    @inlinable public init(lower: Vec2, upper: Vec2) { self.lower = lower; self.upper = upper }
    /// A box from a frame: origin (x, y) and size (width, height).
    @inlinable public init(x: Double, y: Double, width: Double, height: Double) {
        lower = Vec2(x, y); upper = Vec2(x + width, y + height)
    }

    @inlinable public var center: Vec2 { 0.5 * (lower + upper) }
    @inlinable public var extents: Vec2 { 0.5 * (upper - lower) }
    @inlinable public var perimeter: Double { 2 * ((upper.x - lower.x) + (upper.y - lower.y)) }
    @inlinable public func overlaps(_ b: AABB) -> Bool {
        !(b.lower.x > upper.x || b.lower.y > upper.y || lower.x > b.upper.x || lower.y > b.upper.y)
    }
    @inlinable public func contains(_ b: AABB) -> Bool {
        lower.x <= b.lower.x && lower.y <= b.lower.y && b.upper.x <= upper.x && b.upper.y <= upper.y
    }
    @inlinable public func contains(point v: Vec2) -> Bool {
        v.x >= lower.x && v.x <= upper.x && v.y >= lower.y && v.y <= upper.y
    }
    @inlinable public func union(_ b: AABB) -> AABB { AABB(lower: min(lower, b.lower), upper: max(upper, b.upper)) }
    @inlinable public func expanded(by margin: Double) -> AABB {
        AABB(lower: Vec2(lower.x - margin, lower.y - margin), upper: Vec2(upper.x + margin, upper.y + margin))
    }
}
