// Handles to engine objects: a slot index, a generation and the world they belong to (Box2D v3's
// id.h), so a stale handle, or one from another world, is refused rather than silently naming
// whatever else is in that slot (slots and generations: Storage/SlotPool.swift).
import Foundation

/// What the three handle kinds share, so one lookup and one message serve them all.
protocol WorldObjectID: CustomStringConvertible {
    var index: Int32 { get }
    var generation: UInt32 { get }
    var world: UInt32 { get }
    var isNull: Bool { get }
}

/// A handle to a body. `.null` never names a body; `World.isValid(_:)` tells whether a handle is live.
@frozen public struct BodyID: Hashable, Sendable, CustomStringConvertible, WorldObjectID {
    /// Slot in the world's body storage.
    public var index: Int32
    /// The slot's generation when the body was made: odd, and moved on when the body is destroyed.
    public var generation: UInt32
    /// `World.serial` of the world that made it.
    public var world: UInt32
    @inlinable public init(index: Int32, generation: UInt32, world: UInt32) {
        self.index = index; self.generation = generation; self.world = world
    }
    public static let null = BodyID(index: -1, generation: 0, world: 0)
    @inlinable public var isNull: Bool { index < 0 }
    public var description: String { "body#\(index).\(generation)" }
}

/// A handle to a shape attached to a body.
@frozen public struct ShapeID: Hashable, Sendable, CustomStringConvertible, WorldObjectID {
    /// Slot in the world's shape storage.
    public var index: Int32
    /// The slot's generation when the shape was made: odd, and moved on when the shape is destroyed.
    public var generation: UInt32
    /// `World.serial` of the world that made it.
    public var world: UInt32
    @inlinable public init(index: Int32, generation: UInt32, world: UInt32) {
        self.index = index; self.generation = generation; self.world = world
    }
    public static let null = ShapeID(index: -1, generation: 0, world: 0)
    @inlinable public var isNull: Bool { index < 0 }
    public var description: String { "shape#\(index).\(generation)" }
}

/// A handle to a joint between two bodies.
@frozen public struct JointID: Hashable, Sendable, CustomStringConvertible, WorldObjectID {
    /// Slot in the world's joint storage.
    public var index: Int32
    /// The slot's generation when the joint was made: odd, and moved on when the joint is destroyed.
    public var generation: UInt32
    /// `World.serial` of the world that made it.
    public var world: UInt32
    @inlinable public init(index: Int32, generation: UInt32, world: UInt32) {
        self.index = index; self.generation = generation; self.world = world
    }
    public static let null = JointID(index: -1, generation: 0, world: 0)
    @inlinable public var isNull: Bool { index < 0 }
    public var description: String { "joint#\(index).\(generation)" }
}

/// Numbers the worlds of the process from 1, so that no world's id tag is 0 (`.null`'s) and no two
/// worlds share one (an animator's items carry it too).
enum WorldSerial {
    private static let lock = NSLock()
    nonisolated(unsafe) private static var counter: UInt32 = 0
    static func next() -> UInt32 {
        lock.lock(); defer { lock.unlock() }
        counter &+= 1
        return counter
    }
}

// MARK: - Lookup

extension World {
    /// The slot an id names in `pool` if it is live and this world made it; nil for a stale,
    /// foreign or null id.
    @inline(__always) func slot(_ id: some WorldObjectID, in pool: borrowing SlotPool) -> Int? {
        guard id.world == serial, pool.isCurrent(id.index, id.generation) else { return nil }
        return Int(id.index)
    }

    /// The slot of a live object, for the getters: a stale, foreign or null id stops the program
    /// with a message naming the getter and the id (`refuse`).
    @inline(__always) func liveSlot(_ id: some WorldObjectID, in pool: borrowing SlotPool, _ getter: StaticString) -> Int {
        guard let slot = slot(id, in: pool) else { refuse(id, getter) }
        return slot
    }

    /// Why `slot` refused an id, for messages: the object was destroyed, another world made it, or
    /// it is `.null`.
    func refusal(_ id: some WorldObjectID) -> String {
        if id.isNull { return "\(id) is the null id" }
        return id.world == serial ? "\(id) was destroyed" : "\(id) belongs to another world"
    }

    /// A getter was given an id that names nothing here. Ids come from Swift code, never from a
    /// level, so this is the caller's mistake, stopped where it happens (Box2D v3 asserts the
    /// same): read as zero, it would pass for a body at rest at the origin. Out of line, so the
    /// getters stay one compare and a load.
    @inline(never) func refuse(_ id: some WorldObjectID, _ getter: StaticString) -> Never {
        fatalError("World.\(getter): \(refusal(id)); ask isValid(_:) first")
    }
}
