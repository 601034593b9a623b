// A checkpoint of a world: a value copy of every store a step reads. The stores are contiguous
// arrays of value types, so taking one copies no element until the world writes to that store again
// (copy-on-write); restoring assigns the copies back, and the next steps are bit-identical to the
// steps taken after the checkpoint was made.

/// Everything a world's next step depends on, as of `World.checkpoint()`.
public struct WorldCheckpoint {
    /// The world it was taken from: `restore` refuses another world's.
    public let worldSerial: UInt32
    fileprivate let bodyStore: ContiguousArray<BodyData>
    fileprivate let bodyPool: SlotPool
    fileprivate let nextSequence: Int
    fileprivate let shapes: ContiguousArray<ShapeData>
    fileprivate let shapePool: SlotPool
    fileprivate let polygonPoints: ContiguousArray<Vec2>
    fileprivate let contacts: ContiguousArray<ContactData>
    fileprivate let contactPool: SlotPool
    fileprivate let jointStore: ContiguousArray<JointData>
    fileprivate let jointPool: SlotPool
    fileprivate let broadPhase: BroadPhase
    fileprivate let refilterQueue: ContiguousArray<Int32>
    fileprivate let stepContext: StepContext
    fileprivate let beginEvents: [ContactBeginEvent]
    fileprivate let pendingEndEvents: [ContactEndEvent]
    fileprivate let publishedBeginEvents: [ContactBeginEvent]
    fileprivate let publishedEndEvents: [ContactEndEvent]
    fileprivate let isAtContactCapacity: Bool
    fileprivate let safeguardCounts: SafeguardCounts

    /// Bytes the checkpoint's stores hold (their capacity, as if none were shared with the world),
    /// for memory budgets.
    public var byteCount: Int {
        func size<T>(_ a: ContiguousArray<T>) -> Int { a.capacity * MemoryLayout<T>.stride }
        func size<T>(_ a: [T]) -> Int { a.capacity * MemoryLayout<T>.stride }
        return size(bodyStore) + size(shapes) + size(polygonPoints) + size(contacts) + size(jointStore)
            + size(refilterQueue)
            + bodyPool.byteCount + shapePool.byteCount + contactPool.byteCount + jointPool.byteCount
            + broadPhase.byteCount + size(beginEvents) + size(pendingEndEvents)
            + size(publishedBeginEvents) + size(publishedEndEvents) + MemoryLayout<WorldCheckpoint>.size
    }
}

extension World {
    /// A checkpoint of the whole world (`WorldCheckpoint`): bodies, shapes, contacts with their
    /// warm-start impulses, joints, the broad-phase trees and pairs, islands and sleep timers, the
    /// id pools with their generations, and the world's counters and events.
    public func checkpoint() -> WorldCheckpoint {
        WorldCheckpoint(
            worldSerial: serial, bodyStore: bodyStore, bodyPool: bodyPool, nextSequence: nextSequence,
            shapes: shapes, shapePool: shapePool, polygonPoints: polygonPoints,
            contacts: contacts, contactPool: contactPool, jointStore: jointStore, jointPool: jointPool,
            broadPhase: broadPhase, refilterQueue: refilterQueue,
            stepContext: stepContext, beginEvents: beginEvents, pendingEndEvents: pendingEndEvents,
            publishedBeginEvents: publishedBeginEvents, publishedEndEvents: publishedEndEvents,
            isAtContactCapacity: isAtContactCapacity, safeguardCounts: safeguardCounts)
    }

    /// Puts the world back as it was at `checkpoint`: ids made since go stale, ids destroyed since
    /// are valid again with their old generation. Throws for another world's checkpoint (its ids
    /// would name this world's objects).
    public func restore(_ checkpoint: WorldCheckpoint) throws(PhysicsError) {
        guard checkpoint.worldSerial == serial else {
            throw PhysicsError("restore: the checkpoint was taken of world #\(checkpoint.worldSerial), not of this world #\(serial)")
        }
        bodyStore = checkpoint.bodyStore
        bodyPool.restore(checkpoint.bodyPool)
        nextSequence = checkpoint.nextSequence
        shapes = checkpoint.shapes
        shapePool.restore(checkpoint.shapePool)
        polygonPoints = checkpoint.polygonPoints
        contacts = checkpoint.contacts
        contactPool.restore(checkpoint.contactPool)
        jointStore = checkpoint.jointStore
        jointPool.restore(checkpoint.jointPool)
        broadPhase = checkpoint.broadPhase
        refilterQueue = checkpoint.refilterQueue
        // A step reuses the last island search, colouring and joint lists while nothing that shapes
        // the islands changed; they are a function of the stores, so the next step rebuilds them
        // from the restored ones.
        islandsDirty = true
        stepContext = checkpoint.stepContext
        beginEvents = checkpoint.beginEvents
        pendingEndEvents = checkpoint.pendingEndEvents
        publishedBeginEvents = checkpoint.publishedBeginEvents
        publishedEndEvents = checkpoint.publishedEndEvents
        isAtContactCapacity = checkpoint.isAtContactCapacity
        safeguardCounts = checkpoint.safeguardCounts
    }
}

extension SlotPool {
    /// Bytes its arrays hold.
    var byteCount: Int { (generations.capacity + slotCount - liveCount) * MemoryLayout<UInt32>.stride }
}

extension BroadPhase {
    /// Bytes its trees, move buffer and pair table hold.
    var byteCount: Int {
        (staticTree.nodes.capacity + movingTree.nodes.capacity) * MemoryLayout<DynamicTree.Node>.stride
            + rebuildScratch.byteCount
            + moveBuffer.capacity * MemoryLayout<Int32>.stride
            + pairs.capacity * (MemoryLayout<UInt64>.stride + MemoryLayout<Int32>.stride)
            + newPairs.capacity * MemoryLayout<(Int32, Int32)>.stride
    }
}
