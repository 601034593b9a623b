// The geometry values of the public API in points (y down): sizes, rectangles and edge insets, as
// UIKit's CGSize, CGRect and UIEdgeInsets; and a vector read and written as an angle and a length.
import Foundation
import Physics

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

// MARK: - A vector as an angle and a length (gravity and push directions)

extension Vec2 {
    /// The vector of `length` at `angle` (radians from +x toward +y, clockwise on screen); a negative
    /// length points the other way.
    init(length: Double, angle: Double) { self.init(length * cos(angle), length * sin(angle)) }

    /// The direction, radians from +x toward +y; 0 for the zero vector, so writing a magnitude of 0
    /// resets the angle (UIKit's gravity).
    var angle: Double { self == .zero ? 0 : atan2(y, x) }
}
