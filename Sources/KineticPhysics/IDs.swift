// Handles to engine objects: a slot index, a generation and the world they belong to (Box2D v3's
// id.h), so a stale handle, or one from another world, is refused rather than silently naming
// whatever else is in that slot (slots and generations: Storage/SlotPool.swift).
import Foundation

/// A handle to a body, shape or joint (`BodyID`, `ShapeID`, `JointID`). `.null` never names
/// anything; `World.isValid(_:)` tells whether a handle is live.
@frozen public struct ObjectID<Tag: ObjectTag>: Hashable, Sendable, CustomStringConvertible {
    /// Slot in the world's storage of such objects.
    public var index: Int32
    /// The slot's generation when the object was made: odd, and moved on when it is destroyed.
    public var generation: UInt32
    /// `World.serial` of the world that made it.
    public var world: UInt32
    @inlinable public init(index: Int32, generation: UInt32, world: UInt32) {
        self.index = index; self.generation = generation; self.world = world
    }
    @inlinable public static var null: Self { Self(index: -1, generation: 0, world: 0) }
    @inlinable public var isNull: Bool { index < 0 }
    public var description: String { "\(Tag.name)#\(index).\(generation)" }
}

/// What an `ObjectID` names, which keeps a body's id from being passed where a shape's is wanted.
public protocol ObjectTag: Sendable {
    /// The word an id's description starts with.
    static var name: String { get }
}
public enum BodyTag: ObjectTag { public static var name: String { "body" } }
public enum ShapeTag: ObjectTag { public static var name: String { "shape" } }
public enum JointTag: ObjectTag { public static var name: String { "joint" } }

/// A handle to a body.
public typealias BodyID = ObjectID<BodyTag>
/// A handle to a shape attached to a body.
public typealias ShapeID = ObjectID<ShapeTag>
/// A handle to a joint between two bodies.
public typealias JointID = ObjectID<JointTag>

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
    @inline(__always) func slot(_ id: ObjectID<some ObjectTag>, in pool: borrowing SlotPool) -> Int? {
        guard id.world == serial, pool.isCurrent(id.index, id.generation) else { return nil }
        return Int(id.index)
    }

    /// The slot of a live object, for the getters: a stale, foreign or null id stops the program
    /// with a message naming the getter and the id (`refuse`).
    @inline(__always) func liveSlot(_ id: ObjectID<some ObjectTag>, in pool: borrowing SlotPool, _ getter: StaticString) -> Int {
        guard let slot = slot(id, in: pool) else { refuse(id, getter) }
        return slot
    }

    /// Why `slot` refused an id, for messages: the object was destroyed, another world made it, or
    /// it is `.null`.
    func refusal(_ id: ObjectID<some ObjectTag>) -> String {
        if id.isNull { return "\(id) is the null id" }
        return id.world == serial ? "\(id) was destroyed" : "\(id) belongs to another world"
    }

    /// A getter was given an id that names nothing here. Ids come from Swift code, never from a
    /// level, so this is the caller's mistake, stopped where it happens (Box2D v3 asserts the
    /// same): read as zero, it would pass for a body at rest at the origin. Out of line, so the
    /// getters stay one compare and a load.
    @inline(never) func refuse(_ id: ObjectID<some ObjectTag>, _ getter: StaticString) -> Never {
        fatalError("World.\(getter): \(refusal(id)); ask isValid(_:) first")
    }
}
