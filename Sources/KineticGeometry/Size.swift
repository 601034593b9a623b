// A width and height, as UIKit's CGSize.

/// A width and height in points. Lua writes it `{w, h}` or `{width = .., height = ..}`.
@frozen public struct Size: Hashable, Sendable, CustomStringConvertible {
    public var width: Double
    public var height: Double

    @inlinable public init(width: Double, height: Double) { self.width = width; self.height = height }
    @inlinable public init(_ width: Double, _ height: Double) { self.width = width; self.height = height }

    @inlinable public static var zero: Size { Size(0, 0) }

    public var description: String { "\(width) × \(height)" }
}
