// An axis-aligned rectangle, as UIKit's CGRect.

/// An axis-aligned rectangle in points: origin (top-left, y down) and size. Lua writes it
/// `{x, y, w, h}` or `{x =, y =, width =, height =}`.
@frozen public struct Rect: Hashable, Sendable, CustomStringConvertible {
    public var x: Double
    public var y: Double
    public var width: Double
    public var height: Double

    @inlinable public init(x: Double, y: Double, width: Double, height: Double) {
        self.x = x; self.y = y; self.width = width; self.height = height
    }
    /// The rectangle of `size` centred on `center`.
    @inlinable public init(center: Vec2, size: Size) {
        self.init(x: center.x - size.width / 2, y: center.y - size.height / 2, width: size.width, height: size.height)
    }

    @inlinable public var minX: Double { x }
    @inlinable public var minY: Double { y }
    @inlinable public var maxX: Double { x + width }
    @inlinable public var maxY: Double { y + height }
    @inlinable public var center: Vec2 { Vec2(x + width / 2, y + height / 2) }
    @inlinable public var size: Size { Size(width, height) }
    /// True when the two rectangles overlap or touch.
    @inlinable public func intersects(_ r: Rect) -> Bool {
        !(r.minX > maxX || r.minY > maxY || minX > r.maxX || minY > r.maxY)
    }
    @inlinable public func contains(_ p: Vec2) -> Bool { p.x >= minX && p.x <= maxX && p.y >= minY && p.y <= maxY }
    @inlinable public var isFinite: Bool { x.isFinite && y.isFinite && width.isFinite && height.isFinite }

    public var description: String { "(\(x), \(y), \(width) × \(height))" }
}
