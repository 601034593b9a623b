// Checkpoints of an animator: its world's stores (WorldCheckpoint), its item and boundary stores,
// its clock and pending events, and every behaviour of its tree with its parameters. Restoring one
// and stepping again gives bit-identical states.
import KineticPhysics

/// Everything an animator's next step depends on, as of `DynamicAnimator.checkpoint()`.
/// Behaviours are held by reference together with their saved state: a behaviour removed since
/// comes back into the tree, one added since leaves it.
public struct AnimatorCheckpoint {
    /// The animator it was taken of (its world's serial): `restore` refuses another's.
    public let serial: UInt32
    /// Simulated seconds and steps at the checkpoint.
    public let elapsedTime: Double
    public let stepCount: Int
    /// Shared by the copies of a checkpoint: one allocation however often it is passed around.
    fileprivate let saved: Box

    fileprivate final class Box {
        let contents: SavedAnimator
        init(_ contents: SavedAnimator) { self.contents = contents }
    }

    /// Bytes the checkpoint holds, as if it shared nothing with the animator (for memory budgets):
    /// the world's stores, the item records with their shape lists, and the per-item arrays.
    public var byteCount: Int {
        let c = saved.contents
        let shapeIDs = c.records.reduce(0) { $0 + $1.shapes.capacity + $1.collidesWithItemsOf.count + $1.collidesWithBoundariesOf.count }
        return c.world.byteCount + c.records.capacity * MemoryLayout<ItemRecord>.stride + shapeIDs * MemoryLayout<ShapeID>.stride
            + c.itemOrder.capacity * 4 + c.forces.capacity * MemoryLayout<Vec2>.stride + c.velocityOverridden.capacity + c.forceWakes.capacity
            + c.pairs.capacity * (MemoryLayout<PairKey>.stride + MemoryLayout<PairState>.stride)
            + c.behaviorStates.count * 256 + c.boundaryRecords.capacity * MemoryLayout<BoundaryRecord>.stride
    }
}

/// What an `AnimatorCheckpoint` keeps besides its clock.
fileprivate struct SavedAnimator {
    let world: WorldCheckpoint
    let isRunning: Bool
    let nonFiniteStateError: DynamicsError?
    let noiseSeed: Int
    let collisionEvents: [CollisionEvent]
    let sensorEvents: [SensorEvent]
    let itemPool: SlotPool
    let records: [ItemRecord]
    let itemOrder: [Int32]
    let behaviors: [DynamicBehavior]
    let flat: [DynamicBehavior]
    let treeDirty: Bool
    let needsSync: Bool
    let needsResume: Bool
    let pendingEvents: [AnimatorEvent]
    let attachCounter: Int
    let behaviorCount: Int
    let resetClockOnResume: Bool
    let ground: BodyID
    let boundaryPool: SlotPool
    let boundaryRecords: [BoundaryRecord]
    let pairs: [PairKey: PairState]
    let wakeQueue: [ItemID]
    let simulatedItemCount: Int
    let warnedAtContactCapacity: Bool
    let forces: [Vec2]
    let velocityOverridden: [Bool]
    let forceWakes: [Bool]
    let behaviorStates: [(behavior: DynamicBehavior, restore: () -> Void)]
}

extension DynamicAnimator {
    /// A checkpoint of the animator and its world (`AnimatorCheckpoint`). Not while stepping.
    public func checkpoint() -> AnimatorCheckpoint {
        refreshTree()
        let contents = SavedAnimator(
            world: world.checkpoint(),
            isRunning: isRunning, nonFiniteStateError: nonFiniteStateError, noiseSeed: noiseSeed,
            collisionEvents: collisionEvents, sensorEvents: sensorEvents, itemPool: itemPool, records: records,
            itemOrder: itemOrder, behaviors: behaviors, flat: flat, treeDirty: treeDirty, needsSync: needsSync,
            needsResume: needsResume, pendingEvents: pendingEvents, attachCounter: attachCounter,
            behaviorCount: behaviorCount, resetClockOnResume: resetClockOnResume, ground: ground,
            boundaryPool: boundaryPool, boundaryRecords: boundaryRecords, pairs: pairs, wakeQueue: wakeQueue,
            simulatedItemCount: simulatedItemCount, warnedAtContactCapacity: warnedAtContactCapacity,
            forces: forces, velocityOverridden: velocityOverridden, forceWakes: forceWakes,
            behaviorStates: flat.map { ($0, $0.savedState()) })
        return AnimatorCheckpoint(serial: serial, elapsedTime: elapsedTime, stepCount: stepCount, saved: .init(contents))
    }

    /// Puts the animator back as it was at `checkpoint`: items removed since are back with the
    /// same ids, items added since are stale, behaviours are back in their places with their
    /// parameters. Throws for another animator's checkpoint, while stepping, and when a behaviour
    /// of the checkpoint has since joined another animator (it cannot be in two trees).
    public func restore(_ checkpoint: AnimatorCheckpoint) throws(DynamicsError) {
        guard checkpoint.serial == serial else {
            throw DynamicsError("the checkpoint was taken of another world (#\(checkpoint.serial), not #\(serial))")
        }
        guard !isStepping else { throw DynamicsError("a world cannot be restored from inside its own step") }
        let saved = checkpoint.saved.contents
        for (b, _) in saved.behaviorStates where b.animator != nil && b.animator !== self {
            throw DynamicsError("\(b.kindName) of the checkpoint is now in another world's tree; remove it there first")
        }
        do { try world.restore(saved.world) } catch { throw DynamicsError(error.message) }
        refreshTree()
        let current = flat
        for (_, restore) in saved.behaviorStates { restore() }
        let kept = Set(saved.behaviorStates.map { ObjectIdentifier($0.behavior) })
        for b in current where !kept.contains(ObjectIdentifier(b)) { b.leaveRestoredTree(of: self) }
        // Last: the behaviours' setters above queued changes the checkpoint did not have.
        isRunning = saved.isRunning
        elapsedTime = checkpoint.elapsedTime
        stepCount = checkpoint.stepCount
        nonFiniteStateError = saved.nonFiniteStateError
        noiseSeed = saved.noiseSeed
        collisionEvents = saved.collisionEvents
        sensorEvents = saved.sensorEvents
        itemPool.restore(saved.itemPool)
        records = saved.records
        itemOrder = saved.itemOrder
        behaviors = saved.behaviors
        flat = saved.flat
        treeDirty = saved.treeDirty
        needsSync = saved.needsSync
        needsResume = saved.needsResume
        pendingEvents = saved.pendingEvents
        attachCounter = saved.attachCounter
        behaviorCount = saved.behaviorCount
        resetClockOnResume = saved.resetClockOnResume
        ground = saved.ground
        boundaryPool.restore(saved.boundaryPool)
        boundaryRecords = saved.boundaryRecords
        pairs = saved.pairs
        wakeQueue = saved.wakeQueue
        simulatedItemCount = saved.simulatedItemCount
        warnedAtContactCapacity = saved.warnedAtContactCapacity
        forces = saved.forces
        velocityOverridden = saved.velocityOverridden
        forceWakes = saved.forceWakes
        // Whether the saved materials were current is not kept: reads resolve them until a step.
        syncedBehaviorChanges = behaviorChanges &- 1
        pendingMaterials = nil
    }

    /// The state hash of its world (bodies' transforms and velocities, creation order).
    public func stateHash() -> UInt64 { world.stateHash() }
}
