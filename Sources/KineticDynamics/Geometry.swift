// The geometry values of the public API in points (y down): edge insets, as UIKit's UIEdgeInsets,
// and a vector read and written as an angle and a length. `Vec2`, `Size` and `Rect` are
// KineticGeometry's, re-exported so that `import KineticDynamics` is all a host writes.
import Foundation
@_exported import KineticGeometry

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
