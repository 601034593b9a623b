// Handles to engine objects: a slot index plus a generation, so a stale handle is detected rather
// than silently aliasing a newer object that reused the slot (Box2D v3's id.h).

/// A handle to a body. `.null` never names a body; `World.isValid(_:)` tells whether a handle is live.
@frozen public struct BodyID: Hashable, Sendable, CustomStringConvertible {
    public var index: Int32
    public var generation: UInt16
    @inlinable public init(index: Int32, generation: UInt16) { self.index = index; self.generation = generation }
    public static let null = BodyID(index: -1, generation: 0)
    @inlinable public var isNull: Bool { index < 0 }
    public var description: String { "body#\(index).\(generation)" }
}

/// A handle to a shape attached to a body.
@frozen public struct ShapeID: Hashable, Sendable, CustomStringConvertible {
    public var index: Int32
    public var generation: UInt16
    @inlinable public init(index: Int32, generation: UInt16) { self.index = index; self.generation = generation }
    public static let null = ShapeID(index: -1, generation: 0)
    @inlinable public var isNull: Bool { index < 0 }
    public var description: String { "shape#\(index).\(generation)" }
}

/// A handle to a joint between two bodies.
@frozen public struct JointID: Hashable, Sendable, CustomStringConvertible {
    public var index: Int32
    public var generation: UInt16
    @inlinable public init(index: Int32, generation: UInt16) { self.index = index; self.generation = generation }
    public static let null = JointID(index: -1, generation: 0)
    @inlinable public var isNull: Bool { index < 0 }
    public var description: String { "joint#\(index).\(generation)" }
}
