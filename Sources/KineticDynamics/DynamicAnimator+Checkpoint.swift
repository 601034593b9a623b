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
    fileprivate let world: WorldCheckpoint
    fileprivate let isRunning: Bool
    fileprivate let nonFiniteStateError: DynamicsError?
    fileprivate let noiseSeed: Int
    fileprivate let collisionEvents: [CollisionEvent]
    fileprivate let sensorEvents: [SensorEvent]
    fileprivate let itemPool: SlotPool
    fileprivate let records: [ItemRecord]
    fileprivate let itemOrder: [Int32]
    fileprivate let behaviors: [DynamicBehavior]
    fileprivate let flat: [DynamicBehavior]
    fileprivate let treeDirty: Bool
    fileprivate let needsSync: Bool
    fileprivate let needsResume: Bool
    fileprivate let pendingEvents: [AnimatorEvent]
    fileprivate let attachCounter: Int
    fileprivate let behaviorCount: Int
    fileprivate let resetClockOnResume: Bool
    fileprivate let ground: BodyID
    fileprivate let boundaryPool: SlotPool
    fileprivate let boundaryRecords: [BoundaryRecord]
    fileprivate let pairs: [PairKey: PairState]
    fileprivate let wakeQueue: [ItemID]
    fileprivate let simulatedItemCount: Int
    fileprivate let warnedAtContactCapacity: Bool
    fileprivate let forces: [Vec2]
    fileprivate let velocityOverridden: [Bool]
    fileprivate let forceWakes: [Bool]
    /// Every behaviour of the tree, depth-first, with the closure that puts its state back.
    fileprivate let behaviorStates: [(behavior: DynamicBehavior, restore: () -> Void)]

    /// Bytes the checkpoint holds, as if it shared nothing with the animator (for memory budgets):
    /// the world's stores, the item records with their shape lists, and the per-item arrays.
    public var byteCount: Int {
        let shapeIDs = records.reduce(0) { $0 + $1.shapes.capacity + $1.collidesWithItemsOf.count + $1.collidesWithBoundariesOf.count }
        return world.byteCount + records.capacity * MemoryLayout<ItemRecord>.stride + shapeIDs * MemoryLayout<ShapeID>.stride
            + itemOrder.capacity * 4 + forces.capacity * MemoryLayout<Vec2>.stride + velocityOverridden.capacity + forceWakes.capacity
            + pairs.capacity * (MemoryLayout<PairKey>.stride + MemoryLayout<PairState>.stride)
            + behaviorStates.count * 256 + boundaryRecords.capacity * MemoryLayout<BoundaryRecord>.stride
    }
}

extension DynamicAnimator {
    /// A checkpoint of the animator and its world (`AnimatorCheckpoint`). Not while stepping.
    public func checkpoint() -> AnimatorCheckpoint {
        refreshTree()
        return AnimatorCheckpoint(
            serial: serial, elapsedTime: elapsedTime, stepCount: stepCount, world: world.checkpoint(),
            isRunning: isRunning, nonFiniteStateError: nonFiniteStateError, noiseSeed: noiseSeed,
            collisionEvents: collisionEvents, sensorEvents: sensorEvents, itemPool: itemPool, records: records,
            itemOrder: itemOrder, behaviors: behaviors, flat: flat, treeDirty: treeDirty, needsSync: needsSync,
            needsResume: needsResume, pendingEvents: pendingEvents, attachCounter: attachCounter,
            behaviorCount: behaviorCount, resetClockOnResume: resetClockOnResume, ground: ground,
            boundaryPool: boundaryPool, boundaryRecords: boundaryRecords, pairs: pairs, wakeQueue: wakeQueue,
            simulatedItemCount: simulatedItemCount, warnedAtContactCapacity: warnedAtContactCapacity,
            forces: forces, velocityOverridden: velocityOverridden, forceWakes: forceWakes,
            behaviorStates: flat.map { ($0, $0.savedState()) })
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
        for (b, _) in checkpoint.behaviorStates where b.animator != nil && b.animator !== self {
            throw DynamicsError("\(b.kindName) of the checkpoint is now in another world's tree; remove it there first")
        }
        do { try world.restore(checkpoint.world) } catch { throw DynamicsError(error.message) }
        refreshTree()
        let current = flat
        for (_, restore) in checkpoint.behaviorStates { restore() }
        let kept = Set(checkpoint.behaviorStates.map { ObjectIdentifier($0.behavior) })
        for b in current where !kept.contains(ObjectIdentifier(b)) { b.leaveRestoredTree(of: self) }
        // Last: the behaviours' setters above queued changes the checkpoint did not have.
        isRunning = checkpoint.isRunning
        elapsedTime = checkpoint.elapsedTime
        stepCount = checkpoint.stepCount
        nonFiniteStateError = checkpoint.nonFiniteStateError
        noiseSeed = checkpoint.noiseSeed
        collisionEvents = checkpoint.collisionEvents
        sensorEvents = checkpoint.sensorEvents
        itemPool.restore(checkpoint.itemPool)
        records = checkpoint.records
        itemOrder = checkpoint.itemOrder
        behaviors = checkpoint.behaviors
        flat = checkpoint.flat
        treeDirty = checkpoint.treeDirty
        needsSync = checkpoint.needsSync
        needsResume = checkpoint.needsResume
        pendingEvents = checkpoint.pendingEvents
        attachCounter = checkpoint.attachCounter
        behaviorCount = checkpoint.behaviorCount
        resetClockOnResume = checkpoint.resetClockOnResume
        ground = checkpoint.ground
        boundaryPool.restore(checkpoint.boundaryPool)
        boundaryRecords = checkpoint.boundaryRecords
        pairs = checkpoint.pairs
        wakeQueue = checkpoint.wakeQueue
        simulatedItemCount = checkpoint.simulatedItemCount
        warnedAtContactCapacity = checkpoint.warnedAtContactCapacity
        forces = checkpoint.forces
        velocityOverridden = checkpoint.velocityOverridden
        forceWakes = checkpoint.forceWakes
    }

    /// The state hash of its world (bodies' transforms and velocities, creation order).
    public func stateHash() -> UInt64 { world.stateHash() }
}
