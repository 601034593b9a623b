// UIDynamicAnimator: owns the engine world, the items and the behaviour tree, and advances them
// in fixed steps. Items and behaviours may change at any time, also from callbacks.
import Foundation
import KineticPhysics

/// The animator: a reference coordinate space (points, y down), its items, and a tree of
/// behaviours, stepped at a fixed rate.
///
/// One `step()` does (reference §6): apply behaviour changes → gravity, pushes, fields →
/// engine step → collision began/ended per collision behaviour → sensor began/ended → `action`
/// callbacks (depth-first)
/// → rest check with pause/resume events. While paused (everything at rest) `step()` does nothing
/// until something changes.
public final class DynamicAnimator {
    /// Distinguishes this animator's item handles from every other animator's: its world's
    /// `World.serial`, which the world's own ids carry too.
    public let serial: UInt32
    /// Size of the reference bounds (origin at 0, 0), or nil for an abstract space (UIKit init()).
    public let referenceBounds: Size?
    /// Fixed steps per second (default 60).
    public let fps: Double
    /// Engine substeps per step (default 4).
    public let substeps: Int
    /// Seconds per step: 1 / fps.
    public var stepDuration: Double { 1 / fps }

    /// False while paused because everything is at rest (and before the first step with work).
    public internal(set) var isRunning = false
    /// Simulated seconds while running; frozen while paused; reset to 0 when the animator
    /// resumes after it paused with no behaviours (O18).
    public internal(set) var elapsedTime = 0.0
    /// Steps taken while running.
    public internal(set) var stepCount = 0
    /// Set by a step that left an item with a non-finite position, angle or velocity (naming it);
    /// cleared when the next step starts. Hosts report it as an error.
    public internal(set) var nonFiniteStateError: DynamicsError?
    /// Read by the renderer: draw outlines, attachments, contacts and field vectors.
    public var debugEnabled = false
    /// Picks the pattern of noise and turbulence fields (a level's `seed`): the same seed gives the
    /// same pattern, another seed another one. Default 0.
    public var noiseSeed = 0

    /// The collision began and ended events of the last step, in the order the closures heard them
    /// (`deliverCollisionEvents`); emptied when the next step starts. A host pulls them after
    /// `step()` rather than copying each one in a closure.
    public internal(set) var collisionEvents: [CollisionEvent] = []
    /// The sensor began and ended events of the last step, in order (`updateSensors`); emptied when
    /// the next step starts.
    public internal(set) var sensorEvents: [SensorEvent] = []

    /// Called when the animator pauses / is about to resume, and for warnings.
    public var onPause: (() -> Void)?
    public var onResume: (() -> Void)?
    public var onWarning: ((String) -> Void)?

    let world: World
    /// Item slots and their generations; `records` and the per-step scratch below are indexed by
    /// them. Unchecked: scripts read item state through `liveBody` once per property read, and a
    /// dynamic exclusivity check costs as much as the rest of that read.
    @exclusivity(unchecked) var itemPool = SlotPool()
    /// Per item slot, the item; a freed slot keeps its last item's name for `staleError`.
    @exclusivity(unchecked) var records: [ItemRecord] = []
    /// Live item slots in insertion order.
    var itemOrder: [Int32] = []
    /// Top-level behaviours in insertion order (children: `childBehaviors`, all: `allBehaviors`).
    public internal(set) var behaviors: [DynamicBehavior] = []

    // Caches rebuilt when the tree changes.
    var flat: [DynamicBehavior] = []
    var treeDirty = true
    var needsSync = true
    /// Changes to the item behaviours in the tree (added, removed, their items or settings changed),
    /// and the count the last `syncItems` applied: while they differ, reads resolve an item's
    /// material as the next step will (`pendingMaterial`).
    var behaviorChanges = 0, syncedBehaviorChanges = -1
    /// `resolveMaterials()` at `behaviorChanges`, for reads between a change and the next step.
    var pendingMaterials: (changes: Int, materials: [Material])?
    var needsResume = false
    var pendingEvents: [AnimatorEvent] = []
    var attachCounter = 0
    /// Behaviours in the tree (`flat.count` once it is refreshed).
    var behaviorCount = 0
    var resetClockOnResume = false
    var isStepping = false
    var ground: BodyID = .null
    /// Boundary slots and their generations; `boundaryRecords` is indexed by them.
    var boundaryPool = SlotPool()
    var boundaryRecords: [BoundaryRecord] = []
    var pairs: [PairKey: PairState] = [:]
    var wakeQueue: [ItemID] = []
    var simulatedItemCount = 0
    var warnedAtContactCapacity = false
    // Per-step scratch, indexed by item slot.
    var forces: [Vec2] = []
    var velocityOverridden: [Bool] = []
    var forceWakes: [Bool] = []

    /// A new animator. `referenceBounds` nil is UIKit's `init()`: no reference-bounds boundary.
    /// Throws for a non-positive or non-finite size, fps or substep count.
    public convenience init(referenceBounds: Size? = nil, fps: Double = 60, substeps: Int = 4) throws(DynamicsError) {
        try self.init(referenceBounds: referenceBounds, fps: fps, substeps: substeps, worldDef: WorldDef())
    }

    /// The same with the engine world's settings (tests use a small contact cap).
    init(referenceBounds: Size?, fps: Double, substeps: Int, worldDef: WorldDef) throws(DynamicsError) {
        if let b = referenceBounds {
            try requireLength(b.width, "reference bounds width")
            try requireLength(b.height, "reference bounds height")
        }
        try Self.requireStepRate(fps: fps, substeps: substeps)
        self.referenceBounds = referenceBounds
        self.fps = fps
        self.substeps = substeps
        self.world = World(worldDef)
        self.serial = world.serial
        world.customFilter = { [unowned self] a, b in self.shouldCollide(a, b) }
    }

    deinit {
        // Behaviours can outlive their animator (a script holds them): they leave its tree, so
        // their unowned `animator` never dangles.
        var list: [DynamicBehavior] = []
        for b in behaviors { b.subtree(into: &list) }
        for b in list { b.animator = nil }
    }

    /// The highest step rate and substep count. One step costs the same host time whatever its
    /// length, so an unbounded rate would let `run(0.05)` take minutes (1000 fps is ~16 steps per
    /// displayed frame; 64 substeps is 16 times the default).
    public static let maximumFPS = 1000.0
    public static let maximumSubsteps = 64

    static func requireStepRate(fps: Double, substeps: Int) throws(DynamicsError) {
        try requirePositive(fps, "fps")
        guard fps <= maximumFPS else { throw DynamicsError("fps must be at most \(Int(maximumFPS)), got \(fps)") }
        guard (1...maximumSubsteps).contains(substeps) else {
            throw DynamicsError("substeps must be an integer from 1 to \(maximumSubsteps), got \(substeps)")
        }
    }

    // MARK: - Behaviours

    /// Adds a top-level behaviour. Throws when it is already in a tree (this one — at any level —
    /// or another animator's), or when it refers to items this animator does not own or that
    /// were removed. Resumes a paused animator.
    public func addBehavior(_ behavior: DynamicBehavior) throws(DynamicsError) {
        guard behavior.animator == nil, behavior.parent == nil else {
            throw DynamicsError("\(behavior.kindName) is already in a behaviour tree; remove it first")
        }
        try validateTree(behavior)
        behaviors.append(behavior)
        attachTree(behavior)
    }

    /// Removes a behaviour from wherever it is in this animator's tree (ignored when it is not in
    /// it). Its items keep their position; an item no behaviour references any more loses its body.
    public func removeBehavior(_ behavior: DynamicBehavior) {
        guard behavior.animator === self else { return }
        if behavior.parent != nil {
            behavior.parent!.removeChild(behavior)
            return
        }
        guard let i = behaviors.firstIndex(where: { $0 === behavior }) else { return }
        behaviors.remove(at: i)
        detachTree(behavior)
    }

    /// Removes every top-level behaviour.
    public func removeAllBehaviors() {
        // Last first, as removing them one by one would, without searching the list for each.
        while let b = behaviors.popLast() { detachTree(b) }
    }

    /// Every behaviour in the tree, depth-first, parent before children, in insertion order.
    public var allBehaviors: [DynamicBehavior] { refreshTree(); return flat }

    /// The most behaviours an animator's tree may hold: each step walks all of them, and a script
    /// adding a few every step would otherwise grow the host without end.
    public static let maxBehaviors = 100_000

    func validateTree(_ root: DynamicBehavior) throws(DynamicsError) {
        var list: [DynamicBehavior] = []
        root.subtree(into: &list)
        guard behaviorCount + list.count <= Self.maxBehaviors else {
            throw DynamicsError("the animator would have \(behaviorCount + list.count) behaviours; it may have at most \(Self.maxBehaviors)")
        }
        for b in list {
            if b !== root, b.animator != nil {
                throw DynamicsError("\(b.kindName) is already in a behaviour tree; remove it first")
            }
            for item in b.items { try validate(item, in: b) }
            try b.validate(in: self)
        }
    }

    func attachTree(_ root: DynamicBehavior) {
        var list: [DynamicBehavior] = []
        root.subtree(into: &list)
        var sawGravity = false
        behaviorCount += list.count
        for b in list {
            b.animator = self
            attachCounter += 1
            b.attachSerial = attachCounter
            b.didAttach(to: self)
            if b is GravityBehavior { sawGravity = true }
            if b.drivesItems { wakeQueue.append(contentsOf: b.items) }
        }
        treeDirty = true
        if list.contains(where: { $0 is DynamicItemBehavior }) { behaviorChanges &+= 1 }
        noteChange()
        if sawGravity {
            refreshTree()
            let count = flat.reduce(0) { $0 + ($1 is GravityBehavior ? 1 : 0) }
            if count > 1 {
                warn("more than one GravityBehavior in the animator (\(count)); the most recently added one applies")
            }
        }
    }

    func detachTree(_ root: DynamicBehavior) {
        var list: [DynamicBehavior] = []
        root.subtree(into: &list)
        behaviorCount -= list.count
        for b in list {
            b.willDetach(from: self)
            if b.drivesItems { wakeQueue.append(contentsOf: b.items) }
            b.animator = nil
        }
        treeDirty = true
        if list.contains(where: { $0 is DynamicItemBehavior }) { behaviorChanges &+= 1 }
        noteChange()
        // Emptied while paused: the next run starts a new clock (O18).
        if behaviors.isEmpty && !isRunning { resetClockOnResume = true }
    }

    func behaviorDidChange(_ behavior: DynamicBehavior) {
        if behavior.drivesItems { wakeQueue.append(contentsOf: behavior.items) }
        if behavior is DynamicItemBehavior { behaviorChanges &+= 1 }
        noteChange()
    }

    /// Something changed: apply it on the next step and resume if paused.
    func noteChange() {
        needsSync = true
        needsResume = true
    }

    func refreshTree() {
        guard treeDirty else { return }
        flat.removeAll(keepingCapacity: true)
        for b in behaviors { b.subtree(into: &flat) }
        treeDirty = false
    }

    func warn(_ message: String) {
        pendingEvents.append(.warning(message))
        onWarning?(message)
    }

    // MARK: - Events

    /// Events since the last call, oldest first; the list is then emptied.
    public func drainEvents() -> [AnimatorEvent] {
        defer { pendingEvents.removeAll() }
        return pendingEvents
    }

    // MARK: - Stepping

    /// Advances one fixed step of 1/fps seconds (does nothing while paused and nothing changed).
    /// Calling it from inside a callback of the same animator is ignored.
    public func step() {
        guard !isStepping else { return }
        isStepping = true
        defer { isStepping = false }
        nonFiniteStateError = nil
        collisionEvents.removeAll(keepingCapacity: true)
        sensorEvents.removeAll(keepingCapacity: true)

        synchronize()
        if !isRunning {
            guard needsResume, simulatedItemCount > 0 else { needsResume = false; return }
            resume()
        }
        needsResume = false

        let dt = stepDuration
        applyBehaviors(dt: dt)
        world.step(by: dt, substeps: substeps)
        checkFiniteState()
        warnAtContactCapacity()
        elapsedTime += dt
        stepCount += 1
        deliverCollisionEvents()
        updateSensors()
        runActions()
        checkRest()
    }

    /// Takes `count` steps.
    public func step(count: Int) { for _ in 0..<max(0, count) { step() } }

    /// Runs for `seconds` of simulated time (rounded to whole steps). NaN, negative durations and
    /// step counts an `Int` cannot hold do nothing.
    public func run(seconds: Double) {
        guard seconds > 0, let count = Int(exactly: (seconds * fps).rounded()) else { return }
        step(count: count)
    }

    /// Records an error naming the first item the step left with a non-finite position, angle or
    /// velocity. Every input is checked where it enters, so this only reports what a check missed,
    /// at once, rather than letting NaN spread through contacts to every item it touches.
    func checkFiniteState() {
        guard let body = world.firstBodyWithNonFiniteState() else { return }
        let slot = world.userData(of: body)
        let name = records.indices.contains(slot) && records[slot].body == body ? label(itemID(slot: slot)) : "a boundary"
        nonFiniteStateError = DynamicsError("\(name) has a non-finite state after step \(stepCount + 1): position \(world.position(of: body)), "
            + "angle \(world.angle(of: body)), velocity \(world.linearVelocity(of: body)), angular velocity \(world.angularVelocity(of: body))")
    }

    /// The first time the world runs out of contacts: from then on, some items piled on each
    /// other pass through each other until other contacts end (WorldDef.maximumContactCount).
    func warnAtContactCapacity() {
        guard world.isAtContactCapacity, !warnedAtContactCapacity else { return }
        warnedAtContactCapacity = true
        warn("the world holds its maximum of \(world.maximumContactCount) contacts (pairs of items close enough to touch): "
            + "items piled on each other beyond that pass through each other until other contacts end")
    }

    func resume() {
        if resetClockOnResume { elapsedTime = 0; resetClockOnResume = false }
        isRunning = true
        pendingEvents.append(.resumed)
        onResume?()
    }

    func runActions() {
        let snapshot = flat
        for b in snapshot where b.animator === self {
            b.action?()
        }
    }

    func checkRest() {
        // Wake requests made by callbacks count as changes too.
        guard !needsResume, world.isAtRest, !hasPerpetualDrivers() else { return }
        isRunning = false
        resetClockOnResume = behaviors.isEmpty
        pendingEvents.append(.paused)
        onPause?()
    }

    /// Fields whose force changes with time alone keep the animator running (§2.11 composition).
    func hasPerpetualDrivers() -> Bool {
        for case let f as FieldBehavior in flat where !f.items.isEmpty {
            if f.kind == .custom || (f.kind == .noise && f.animationSpeed != 0) { return true }
        }
        return false
    }
}
