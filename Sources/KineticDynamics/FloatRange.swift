// A closed range of values, as UIKit's UIFloatRange (`AttachmentBehavior.attachmentRange`).

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
