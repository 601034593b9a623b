// The world: owns bodies, shapes, joints and contacts in contiguous storage, and steps them.
// CONTRACT: the public signatures in this file (and `step(by:substeps:)` in Step/Step.swift) are what
// `Dynamics` is written against.
// Stale ids, and ids another world made: getters stop the program with a message naming the getter
// and the id (ask `isValid` first; docs/semantics.md, handles); mutating calls ignore them; throwing
// calls throw `PhysicsError` naming the id and why it was refused.

/// A contact began between two shapes during the last step.
public struct ContactBeginEvent: Hashable, Sendable {
    public var shapeA: ShapeID
    public var shapeB: ShapeID
    /// World contact point (midpoint of the manifold points when there are two).
    public var point: Vec2
    /// World normal from A to B.
    public var normal: Vec2
    /// How fast the shapes were closing along `normal` at `point` as the step began, in the
    /// world's length units per second, ≥ 0 (Box2D v3's `approachSpeed`): −(v_B − v_A)·n, each body's velocity taken at
    /// the point (v + ω × r). The narrow phase runs before the solve, so these are the step's
    /// starting velocities.
    public var approachSpeed: Double
    public init(shapeA: ShapeID, shapeB: ShapeID, point: Vec2, normal: Vec2, approachSpeed: Double = 0) {
        self.shapeA = shapeA; self.shapeB = shapeB; self.point = point; self.normal = normal
        self.approachSpeed = approachSpeed
    }
}

/// A contact ended between two shapes during the last step (or because a shape was destroyed).
public struct ContactEndEvent: Hashable, Sendable {
    public var shapeA: ShapeID
    public var shapeB: ShapeID
    public init(shapeA: ShapeID, shapeB: ShapeID) { self.shapeA = shapeA; self.shapeB = shapeB }
}

/// The result of a ray cast.
public struct RayHit: Hashable, Sendable {
    public var shape: ShapeID
    public var point: Vec2
    public var normal: Vec2
    /// Fraction of the ray's length at the hit, 0…1.
    public var fraction: Double
}

/// A joint's kind, for drawing and inspection.
public enum JointKind: Hashable, Sendable { case distance, revolute, weld, prismatic, target }

/// A 2D rigid-body world. Not thread-safe: use from one thread.
public final class World {
    /// Numbers this world among the process's (from 1); every id it makes carries it, so an id
    /// from another world is refused like a stale one.
    public let serial = WorldSerial.next()

    // MARK: - Storage
    // The world is used from one thread and the engine never re-enters itself, so the runtime
    // exclusivity checks on these stored properties (one per access, several hundred per step) are
    // turned off; the compiler's static checks still apply.
    let def: WorldDef
    /// Box2D's metre tolerances (Step/Tuning.swift) in world units.
    let linearSlop: Double
    let speculativeDistance: Double
    let aabbMargin: Double

    @exclusivity(unchecked) var bodyStore: ContiguousArray<BodyData> = []
    @exclusivity(unchecked) var bodyPool = SlotPool()
    @exclusivity(unchecked) var nextSequence = 0
    @exclusivity(unchecked) var shapes: ContiguousArray<ShapeData> = []
    @exclusivity(unchecked) var shapePool = SlotPool()
    /// Polygon vertices and normals by shape slot (ShapeData.polygonCount).
    @exclusivity(unchecked) var polygonPoints: ContiguousArray<Vec2> = []
    @exclusivity(unchecked) var contacts: ContiguousArray<ContactData> = []
    @exclusivity(unchecked) var contactPool = SlotPool()
    @exclusivity(unchecked) var jointStore: ContiguousArray<JointData> = []
    @exclusivity(unchecked) var jointPool = SlotPool()
    @exclusivity(unchecked) var broadPhase = BroadPhase()
    @exclusivity(unchecked) var refilterQueue: ContiguousArray<Int32> = []
    /// Set by anything that can change the islands (touching, contacts and joints created or
    /// destroyed, bodies woken, put to sleep, created, destroyed or retyped); while clear, the last
    /// step's island search result is reused.
    @exclusivity(unchecked) var islandsDirty = true

    /// The last step's constants, reused while dt and substeps stay the same.
    @exclusivity(unchecked) var stepContext = StepContext()
    /// The step's scratch (Step/SolverBuffers.swift), allocated once.
    let buffers = SolverBuffers()
    /// The threads of the large stages (Step/Workers.swift): none for a step on the calling thread
    /// alone, and the pool, made on the first step that needs it.
    let serialWorkers = Workers(count: 1)
    @exclusivity(unchecked) var workerPool: Workers?

    // Events being gathered, and those of the last step.
    @exclusivity(unchecked) var beginEvents: [ContactBeginEvent] = []
    @exclusivity(unchecked) var pendingEndEvents: [ContactEndEvent] = []
    @exclusivity(unchecked) var publishedBeginEvents: [ContactBeginEvent] = []
    @exclusivity(unchecked) var publishedEndEvents: [ContactEndEvent] = []

    public init(_ def: WorldDef = WorldDef()) {
        self.def = def
        let unit = def.lengthUnitsPerMeter.isFinite && def.lengthUnitsPerMeter > 0 ? def.lengthUnitsPerMeter : 1
        linearSlop = Tuning.linearSlopMeters * unit
        speculativeDistance = Tuning.speculativeDistanceInSlops * linearSlop
        aabbMargin = Tuning.aabbMarginMeters * unit
    }

    // MARK: - Stepping

    // `step(by:substeps:)` is in Step/Step.swift, with every stage of the step in order.

    /// The begin events of the last step in a deterministic order (by shape pair ids).
    public var contactBeginEvents: [ContactBeginEvent] { publishedBeginEvents }
    /// The end events of the last step in a deterministic order (by shape pair ids). Includes contacts
    /// ended by destroying a shape or body since the previous step.
    public var contactEndEvents: [ContactEndEvent] { publishedEndEvents }
    /// Contacts the world holds: pairs of shapes whose fat bounds overlap, touching or not (for tests).
    var contactCount: Int { contactPool.liveCount }
    /// `WorldDef.maximumContactCount`.
    public var maximumContactCount: Int { def.maximumContactCount }
    /// True when the last step's pair search stopped at `WorldDef.maximumContactCount`: some
    /// overlapping shapes may have no contact yet, and pass through each other until contacts end.
    @exclusivity(unchecked) public internal(set) var isAtContactCapacity = false
    /// How often each of `WorldDef.safeguards` acted since the world was created.
    @exclusivity(unchecked) public internal(set) var safeguardCounts = SafeguardCounts()
    /// True when no dynamic or kinematic body is awake.
    public var isAtRest: Bool { awakeBodyCount == 0 }
    public var awakeBodyCount: Int {
        var count = 0
        for i in bodyStore.indices where bodyPool.isLive(i) && bodyStore[i].isSimulated { count += 1 }
        return count
    }
    /// A hash of every body's transform and velocity bits in creation order (determinism tests):
    /// FNV-1a over position x, y, rotation cosine, sine, linear velocity x, y and angular velocity.
    public func stateHash() -> UInt64 {
        var hash = FNV1a()
        for i in bodyIndicesInCreationOrder() {
            let b = bodyStore[i]
            for value in [b.xf.p.x, b.xf.p.y, b.xf.q.c, b.xf.q.s, b.v.x, b.v.y, b.w] { hash.add(bitsOf: value) }
        }
        return hash.value
    }

    func bodyIndicesInCreationOrder() -> [Int] {
        bodyStore.indices.filter { bodyPool.isLive($0) }.sorted { bodyStore[$0].sequence < bodyStore[$1].sequence }
    }

    // MARK: - Bodies

    public func createBody(_ def: BodyDef) throws(PhysicsError) -> BodyID {
        try validate(def)
        let (index, isNew) = bodyPool.allocate()
        var body = BodyData()
        body.type = def.type
        body.sequence = nextSequence
        nextSequence += 1
        body.xf = Transform(def.position, def.angle)
        body.center = def.position; body.center0 = def.position; body.q0 = body.xf.q
        if def.type != .static {
            body.v = def.linearVelocity
            body.w = def.fixedRotation ? 0 : def.angularVelocity
        }
        body.linearDamping = def.linearDamping; body.angularDamping = def.angularDamping
        body.gravityScale = def.gravityScale
        body.fixedRotation = def.fixedRotation
        body.isBullet = def.isBullet
        body.allowSleep = def.allowSleep
        body.isAwake = def.type != .static && (def.isAwake || !def.allowSleep)
        body.userData = def.userData
        if isNew { bodyStore.append(body) } else { bodyStore[Int(index)] = body }
        islandsDirty = true
        updateMass(index)
        return bodyID(index)
    }
    /// Destroys the body, its shapes and its joints. Ignores a stale id.
    public func destroyBody(_ id: BodyID) {
        guard let b = slot(id) else { return }
        while bodyStore[b].jointHead >= 0 { removeJoint(Int(bodyStore[b].jointHead >> 1)) }
        destroyContacts(ofBody: b)
        var s = bodyStore[b].shapeHead
        while s >= 0 {
            let si = Int(s)
            s = shapes[si].next
            destroyProxy(si)
            shapes[si].inMoveBuffer = false
            shapePool.release(Int32(si))
        }
        bodyStore[b].shapeHead = -1
        bodyPool.release(Int32(b))
        islandsDirty = true
    }
    /// True while the id names a live body of this world. The getters refuse any other id: ask
    /// first when an id may have outlived its body.
    public func isValid(_ id: BodyID) -> Bool { slot(id) != nil }
    /// Live bodies in creation order.
    public var bodies: [BodyID] { bodyIndicesInCreationOrder().map { bodyID(Int32($0)) } }
    public var bodyCount: Int { bodyPool.liveCount }

    public func type(of id: BodyID) -> BodyType { bodyStore[liveSlot(id)].type }
    /// Changes the body's type: mass is recomputed, its contacts are rebuilt on the next step.
    public func setType(_ type: BodyType, of id: BodyID) {
        guard let b = slot(id), bodyStore[b].type != type else { return }
        destroyContacts(ofBody: b)
        bodyStore[b].type = type
        if type == .static { bodyStore[b].v = .zero; bodyStore[b].w = 0 }
        bodyStore[b].isAwake = type != .static
        islandsDirty = true
        bodyStore[b].sleepTime = 0
        updateMass(Int32(b))
        var s = bodyStore[b].shapeHead
        while s >= 0 { recreateProxy(Int(s)); s = shapes[Int(s)].next }
        var key = bodyStore[b].jointHead
        while key >= 0 {
            let j = Int(key >> 1), side = Int(key & 1)
            let other = side == 0 ? jointStore[j].bodyB : jointStore[j].bodyA
            if other >= 0 { wake(Int(other)) }
            key = jointStore[j].edge(side).next
        }
    }
    public func userData(of id: BodyID) -> Int { bodyStore[liveSlot(id)].userData }
    /// Body origin, world.
    public func position(of id: BodyID) -> Vec2 { bodyStore[liveSlot(id)].xf.p }
    /// Radians.
    public func angle(of id: BodyID) -> Double { bodyStore[liveSlot(id)].xf.q.angle }
    public func transform(of id: BodyID) -> Transform { bodyStore[liveSlot(id)].xf }
    /// Teleports the body (wakes it; velocity kept). Throws on a position beyond ±World.largestCoordinate or an angle beyond ±World.largestInput (or NaN).
    public func setTransform(position: Vec2, angle: Double, of id: BodyID) throws(PhysicsError) {
        guard let b = slot(id) else { throw PhysicsError("setTransform: \(refusal(id))") }
        guard position.isUsableCoordinate, angle.isUsableInput else {
            throw PhysicsError("setTransform: position \(position) must be finite and within ±\(World.largestCoordinate), angle \(angle) within ±\(World.largestInput)")
        }
        teleport(b, to: Transform(position, angle))
    }
    /// Teleports the body keeping its rotation exactly (no round trip through an angle); wakes it,
    /// velocity kept. Throws on a position beyond ±World.largestCoordinate (or NaN).
    public func setPosition(_ position: Vec2, of id: BodyID) throws(PhysicsError) {
        guard let b = slot(id) else { throw PhysicsError("setPosition: \(refusal(id))") }
        guard position.isUsableCoordinate else {
            throw PhysicsError("setPosition: position \(position) must be finite and within ±\(World.largestCoordinate)")
        }
        teleport(b, to: Transform(p: position, q: bodyStore[b].xf.q))
    }
    private func teleport(_ b: Int, to xf: Transform) {
        bodyStore[b].xf = xf
        bodyStore[b].center = bodyStore[b].xf.apply(bodyStore[b].localCenter)
        bodyStore[b].center0 = bodyStore[b].center
        bodyStore[b].q0 = bodyStore[b].xf.q
        resetShapeBounds(b)
        wake(b)
        var key = bodyStore[b].contactHead
        while key >= 0 {
            let c = Int(key >> 1)
            wakeContactBodies(c)
            key = contacts[c].edge(Int(key & 1)).next
        }
    }
    /// Centre of mass, world.
    public func worldCenter(of id: BodyID) -> Vec2 { bodyStore[liveSlot(id)].center }
    /// Velocity of the centre of mass, length/s.
    public func linearVelocity(of id: BodyID) -> Vec2 { bodyStore[liveSlot(id)].v }
    /// Ignored for static bodies; wakes the body when non-zero.
    public func setLinearVelocity(_ v: Vec2, of id: BodyID) throws(PhysicsError) {
        guard let b = slot(id) else { throw PhysicsError("setLinearVelocity: \(refusal(id))") }
        guard v.isUsableInput else { throw PhysicsError("setLinearVelocity: velocity \(v) must be finite and within ±\(World.largestInput)") }
        guard bodyStore[b].type != .static else { return }
        if v.lengthSquared > 0 { wake(b) }
        bodyStore[b].v = v
    }
    /// rad/s.
    public func angularVelocity(of id: BodyID) -> Double { bodyStore[liveSlot(id)].w }
    /// Ignored for static and fixed-rotation bodies; wakes the body when non-zero.
    public func setAngularVelocity(_ w: Double, of id: BodyID) throws(PhysicsError) {
        guard let b = slot(id) else { throw PhysicsError("setAngularVelocity: \(refusal(id))") }
        guard w.isUsableInput else { throw PhysicsError("setAngularVelocity: angular velocity \(w) must be finite and within ±\(World.largestInput)") }
        guard bodyStore[b].type != .static, !bodyStore[b].fixedRotation else { return }
        if w != 0 { wake(b) }
        bodyStore[b].w = w
    }
    /// Velocity of a world point attached to the body.
    public func velocity(atWorldPoint p: Vec2, of id: BodyID) -> Vec2 {
        let b = liveSlot(id)
        return bodyStore[b].v + cross(bodyStore[b].w, p - bodyStore[b].center)
    }
    /// Force (mass·length/s²) at a world point, applied during the next step, then cleared.
    /// Only dynamic bodies respond; a sleeping body ignores it unless `wake`. Input beyond ±World.largestInput (or NaN), and input that would make the acceleration infinite, is ignored.
    public func applyForce(_ f: Vec2, at point: Vec2, to id: BodyID, wake: Bool = true) {
        guard let b = prepareToApply(id, wake: wake), f.isUsableInput, point.isUsableInput else { return }
        let force = bodyStore[b].force + f, torque = bodyStore[b].torque + cross(point - bodyStore[b].center, f)
        guard accelerationIsFinite(b, force, torque) else { return }
        bodyStore[b].force = force
        bodyStore[b].torque = torque
    }
    public func applyForceToCenter(_ f: Vec2, to id: BodyID, wake: Bool = true) {
        guard let b = prepareToApply(id, wake: wake), f.isUsableInput, accelerationIsFinite(b, bodyStore[b].force + f, bodyStore[b].torque) else { return }
        bodyStore[b].force += f
    }
    public func applyTorque(_ t: Double, to id: BodyID, wake: Bool = true) {
        guard let b = prepareToApply(id, wake: wake), t.isUsableInput, accelerationIsFinite(b, bodyStore[b].force, bodyStore[b].torque + t) else { return }
        bodyStore[b].torque += t
    }
    /// Impulse (mass·length/s) at a world point: changes velocity immediately.
    public func applyLinearImpulse(_ j: Vec2, at point: Vec2, to id: BodyID, wake: Bool = true) {
        guard let b = prepareToApply(id, wake: wake), j.isUsableInput, point.isUsableInput else { return }
        bodyStore[b].v += bodyStore[b].invMass * j
        bodyStore[b].w += bodyStore[b].invI * cross(point - bodyStore[b].center, j)
    }
    public func applyAngularImpulse(_ j: Double, to id: BodyID, wake: Bool = true) {
        guard let b = prepareToApply(id, wake: wake), j.isUsableInput else { return }
        bodyStore[b].w += bodyStore[b].invI * j
    }
    /// Finite forces can still sum, or divide by a small mass, to an infinite acceleration, which the
    /// step would turn into NaN: such a force is ignored.
    private func accelerationIsFinite(_ b: Int, _ force: Vec2, _ torque: Double) -> Bool {
        (bodyStore[b].invMass * force).isFinite && (bodyStore[b].invI * torque).isFinite
    }
    /// The dynamic body's slot if it is (or is woken to be) awake.
    private func prepareToApply(_ id: BodyID, wake shouldWake: Bool) -> Int? {
        guard let b = slot(id), bodyStore[b].type == .dynamic else { return nil }
        if shouldWake { wake(b) }
        return bodyStore[b].isAwake ? b : nil
    }
    /// Mass (area × density summed over shapes); 0 for static and kinematic bodies.
    public func mass(of id: BodyID) -> Double {
        let i = liveSlot(id)
        return bodyStore[i].type == .dynamic ? bodyStore[i].mass : 0
    }
    /// About the centre of mass.
    public func rotationalInertia(of id: BodyID) -> Double { bodyStore[liveSlot(id)].inertia }
    public func gravityScale(of id: BodyID) -> Double { bodyStore[liveSlot(id)].gravityScale }
    /// Non-finite values, and values that make the gravity infinite, are ignored.
    public func setGravityScale(_ s: Double, of id: BodyID) {
        guard let b = slot(id), s.isUsableInput, (s * def.gravity).isFinite else { return }
        bodyStore[b].gravityScale = s
        wake(b)
    }
    public func linearDamping(of id: BodyID) -> Double { bodyStore[liveSlot(id)].linearDamping }
    /// Negative or non-finite values are ignored.
    public func setLinearDamping(_ d: Double, of id: BodyID) {
        guard let b = slot(id), d.isUsableInput, d >= 0 else { return }
        bodyStore[b].linearDamping = d
    }
    public func angularDamping(of id: BodyID) -> Double { bodyStore[liveSlot(id)].angularDamping }
    public func setAngularDamping(_ d: Double, of id: BodyID) {
        guard let b = slot(id), d.isUsableInput, d >= 0 else { return }
        bodyStore[b].angularDamping = d
    }
    public func setFixedRotation(_ flag: Bool, of id: BodyID) {
        guard let b = slot(id), bodyStore[b].fixedRotation != flag else { return }
        bodyStore[b].fixedRotation = flag
        if flag { bodyStore[b].w = 0 }
        updateMass(Int32(b))
        wake(b)
    }
    public func isBullet(_ id: BodyID) -> Bool { bodyStore[liveSlot(id)].isBullet }
    public func setBullet(_ flag: Bool, of id: BodyID) {
        guard let b = slot(id) else { return }
        bodyStore[b].isBullet = flag
    }
    public func isAwake(_ id: BodyID) -> Bool { bodyStore[liveSlot(id)].isSimulated }
    /// Waking resets the sleep timer; putting to sleep zeroes the velocity (a body touching an awake
    /// one is woken again by the next step).
    public func setAwake(_ flag: Bool, of id: BodyID) {
        guard let b = slot(id), bodyStore[b].type != .static else { return }
        if flag { wake(b) } else { sleep(b); bodyStore[b].sleepTime = 0 }
    }
    /// World AABB of all the body's shapes (a point box at the origin when it has none).
    public func aabb(of id: BodyID) -> AABB {
        let b = liveSlot(id)
        var s = bodyStore[b].shapeHead
        guard s >= 0 else { return AABB(lower: bodyStore[b].xf.p, upper: bodyStore[b].xf.p) }
        var box = shapes[Int(s)].geometry.aabb(bodyStore[b].xf)
        s = shapes[Int(s)].next
        while s >= 0 {
            box = box.union(shapes[Int(s)].geometry.aabb(bodyStore[b].xf))
            s = shapes[Int(s)].next
        }
        return box
    }

    // MARK: - Shapes

    /// Attaches a shape; the body's mass is recomputed from all its shapes' densities. Throws when the
    /// shape's mass or rotational inertia (density × area) would be infinite or too small to invert
    /// (`MassData.isInvertible`).
    public func createShape(on body: BodyID, _ def: ShapeDef, _ geometry: Geometry) throws(PhysicsError) -> ShapeID {
        guard let b = slot(body) else { throw PhysicsError("createShape: \(refusal(body))") }
        try geometry.validate()
        try validate(def)
        // Finite sizes and densities can still give an infinite mass, or one so small (subnormal)
        // that its inverse is infinite; the step turns either into NaN.
        let md = geometry.massData(density: def.density)
        guard md.isInvertible, geometry.area.isFinite else {
            throw PhysicsError("createShape: mass \(md.mass) and rotational inertia \(md.rotationalInertia) of density \(def.density) over \(geometry) must be normal numbers (or both 0)")
        }
        let id = attachShape(def, geometry, to: b)
        updateMass(Int32(b))
        wake(b)
        return id
    }
    /// A chain of two-sided segments through `points` (closed when `isLoop`), for boundaries; each
    /// segment knows its neighbours so boxes slide across the joints. Throws for fewer than 2 points (3 for a loop), non-finite points or repeated consecutive points.
    public func createChain(on body: BodyID, points: [Vec2], isLoop: Bool, _ def: ShapeDef) throws(PhysicsError) -> [ShapeID] {
        guard let b = slot(body) else { throw PhysicsError("createChain: \(refusal(body))") }
        let needed = isLoop ? 3 : 2
        guard points.count >= needed else {
            throw PhysicsError("createChain: a \(isLoop ? "loop" : "chain") needs at least \(needed) points, got \(points.count)")
        }
        try validate(def)
        // Each segment knows its neighbours' far points, so polygons slide over the joints.
        let segments = Segment.chain(through: points, isLoop: isLoop)
        for (i, segment) in segments.enumerated() {
            do { try Geometry.segment(segment).validate() } catch {
                throw PhysicsError("createChain: segment \(i) from point \(i) to point \((i + 1) % points.count): \(error.message)")
            }
        }
        let ids = segments.map { attachShape(def, .segment($0), to: b) }
        updateMass(Int32(b))
        return ids
    }
    /// Ignores a stale id. Contacts of the shape end (end events on the next step).
    public func destroyShape(_ id: ShapeID) {
        guard let s = slot(id) else { return }
        let b = Int(shapes[s].body)
        detachShape(s)
        updateMass(Int32(b))
        wake(b)
    }
    public func isValid(_ id: ShapeID) -> Bool { slot(id) != nil }
    /// The body's shapes, most recently created first.
    public func shapes(of body: BodyID) -> [ShapeID] {
        let b = liveSlot(body)
        var result: [ShapeID] = []
        var s = bodyStore[b].shapeHead
        while s >= 0 { result.append(shapeID(s)); s = shapes[Int(s)].next }
        return result
    }
    public func body(of shape: ShapeID) -> BodyID { bodyID(shapes[liveSlot(shape)].body) }
    public func geometry(of shape: ShapeID) -> Geometry { shapes[liveSlot(shape)].geometry }
    public func userData(of shape: ShapeID) -> Int { shapes[liveSlot(shape)].userData }
    public func friction(of shape: ShapeID) -> Double { shapes[liveSlot(shape)].friction }
    /// Also updates the shape's existing contacts. Negative values and values beyond World.largestInput (or NaN) are ignored.
    public func setFriction(_ f: Double, of shape: ShapeID) {
        guard let s = slot(shape), f.isUsableInput, f >= 0 else { return }
        shapes[s].friction = f
        refreshContactMaterials(s)
    }
    public func restitution(of shape: ShapeID) -> Double { shapes[liveSlot(shape)].restitution }
    public func setRestitution(_ e: Double, of shape: ShapeID) {
        guard let s = slot(shape), e.isUsableInput, e >= 0 else { return }
        shapes[s].restitution = e
        refreshContactMaterials(s)
    }
    public func density(of shape: ShapeID) -> Double { shapes[liveSlot(shape)].density }
    /// Recomputes the body's mass. Densities that are not 0 or within [1/World.largestInput, World.largestInput], and densities whose mass would overflow or underflow (`MassData.isInvertible`), are ignored.
    public func setDensity(_ d: Double, of shape: ShapeID) {
        guard let s = slot(shape), d.isUsableDensity else { return }
        guard shapes[s].geometry.massData(density: d).isInvertible else { return }
        shapes[s].density = d
        updateMass(shapes[s].body)
    }
    public func filter(of shape: ShapeID) -> Filter { shapes[liveSlot(shape)].filter }
    /// Re-filters existing contacts on the next step.
    public func setFilter(_ f: Filter, of shape: ShapeID) {
        guard let s = slot(shape) else { return }
        shapes[s].filter = f
        recreateProxy(s)
        refilter(shape)
    }
    /// Tight world bounds.
    public func aabb(of shape: ShapeID) -> AABB { shapes[liveSlot(shape)].aabb }

    // MARK: - Joints

    /// Throws for stale bodies, a joint from a body to itself, non-finite values, non-positive lengths
    /// and inverted ranges.
    public func createJoint(_ def: JointDef) throws(PhysicsError) -> JointID {
        insertJoint(try makeJoint(def))
    }
    public func destroyJoint(_ id: JointID) {
        guard let j = slot(id) else { return }
        removeJoint(j)
    }
    public func isValid(_ id: JointID) -> Bool { slot(id) != nil }
    /// Live joints in index order.
    public var joints: [JointID] { jointStore.indices.filter { jointPool.isLive($0) }.map { jointID(Int32($0)) } }
    public func kind(of joint: JointID) -> JointKind { jointStore[liveSlot(joint)].kind }
    /// A target joint returns (its body, `.null`).
    public func bodies(of joint: JointID) -> (BodyID, BodyID) {
        let j = liveSlot(joint)
        if jointStore[j].bodyA < 0 { return (bodyID(jointStore[j].bodyB), .null) }
        return (bodyID(jointStore[j].bodyA), bodyID(jointStore[j].bodyB))
    }
    /// The two anchors in world coordinates (for a target joint: the body anchor and the target).
    public func worldAnchors(of joint: JointID) -> (Vec2, Vec2) {
        let j = liveSlot(joint)
        let anchorB = bodyStore[Int(jointStore[j].bodyB)].xf.apply(jointStore[j].localAnchorB)
        if jointStore[j].bodyA < 0 { return (anchorB, jointStore[j].target) }
        return (bodyStore[Int(jointStore[j].bodyA)].xf.apply(jointStore[j].localAnchorA), anchorB)
    }
    /// Distance joint: rest length, limits and spring. Invalid values (NaN, negative, lengths beyond World.largestCoordinate, others beyond World.largestInput) are ignored.
    public func setLength(_ length: Double, of joint: JointID) {
        guard let j = slot(joint, .distance), length.isUsableCoordinate, length > 0 else { return }
        jointStore[j].length = length
        wakeJoint(j)
    }
    public func setLengthRange(min: Double, max: Double, enabled: Bool, of joint: JointID) {
        guard let j = slot(joint, .distance), min.isUsableCoordinate, min >= 0, !max.isNaN, max >= min else { return }
        jointStore[j].minLength = min; jointStore[j].maxLength = max; jointStore[j].enableLimit = enabled
        wakeJoint(j)
    }
    public func setSpring(hertz: Double, dampingRatio: Double, enabled: Bool, of joint: JointID) {
        guard let j = slot(joint, .distance), hertz.isUsableInput, hertz >= 0, dampingRatio.isUsableInput, dampingRatio >= 0 else { return }
        jointStore[j].hertz = hertz; jointStore[j].dampingRatio = dampingRatio; jointStore[j].enableSpring = enabled
        wakeJoint(j)
    }
    /// Revolute: angle limits (radians) and motor; prismatic: translation limits and motor.
    public func setLimits(lower: Double, upper: Double, enabled: Bool, of joint: JointID) {
        guard let j = slot(joint), jointStore[j].kind == .revolute || jointStore[j].kind == .prismatic,
              lower.isUsableCoordinate, upper.isUsableCoordinate, lower <= upper else { return }
        jointStore[j].lower = lower; jointStore[j].upper = upper; jointStore[j].enableLimit = enabled
        wakeJoint(j)
    }
    public func setMotor(speed: Double, maxTorqueOrForce: Double, enabled: Bool, of joint: JointID) {
        guard let j = slot(joint), jointStore[j].kind == .revolute || jointStore[j].kind == .prismatic,
              speed.isUsableInput, maxTorqueOrForce.isFinite, maxTorqueOrForce >= 0 else { return }
        jointStore[j].motorSpeed = speed; jointStore[j].maxMotor = maxTorqueOrForce; jointStore[j].enableMotor = enabled
        wakeJoint(j)
    }
    /// Revolute joint angle (angleB − angleA − reference), prismatic translation.
    public func jointAngle(of joint: JointID) -> Double {
        let j = liveSlot(joint)
        let qA = jointStore[j].bodyA >= 0 ? bodyStore[Int(jointStore[j].bodyA)].xf.q : .identity
        return unwind(Rot.relativeAngle(qA, bodyStore[Int(jointStore[j].bodyB)].xf.q) - jointStore[j].referenceAngle)
    }
    /// Prismatic: position of anchor B along the axis from anchor A. Other kinds: anchor distance.
    public func jointTranslation(of joint: JointID) -> Double {
        let j = liveSlot(joint)
        let (pA, pB) = worldAnchors(of: joint)
        guard jointStore[j].kind == .prismatic, jointStore[j].bodyA >= 0 else { return distance(pA, pB) }
        return dot(bodyStore[Int(jointStore[j].bodyA)].xf.q.rotate(jointStore[j].localAxisA), pB - pA)
    }
    /// Target joint: move the target (wakes the body), and change its spring.
    public func setTarget(_ p: Vec2, of joint: JointID) {
        guard let j = slot(joint, .target), p.isUsableCoordinate else { return }
        jointStore[j].target = p
        wakeJoint(j)
    }
    public func setTargetSpring(hertz: Double, dampingRatio: Double, maxForce: Double, of joint: JointID) {
        guard let j = slot(joint, .target), hertz.isUsableInput, hertz >= 0, dampingRatio.isUsableInput, dampingRatio >= 0,
              !maxForce.isNaN, maxForce >= 0 else { return }
        jointStore[j].hertz = hertz; jointStore[j].dampingRatio = dampingRatio; jointStore[j].maxForce = maxForce
        wakeJoint(j)
    }
    /// Moves the anchor that is on the static/world side (body A) of any joint, in world coordinates.
    /// For a target joint this moves the target.
    public func setWorldAnchorA(_ p: Vec2, of joint: JointID) {
        guard let j = slot(joint), p.isUsableCoordinate else { return }
        if jointStore[j].bodyA < 0 {
            jointStore[j].target = p
        } else {
            jointStore[j].localAnchorA = bodyStore[Int(jointStore[j].bodyA)].xf.applyInverse(p)
        }
        wakeJoint(j)
    }

    // MARK: - Filtering

    /// Asked once when the broad phase finds a new pair of shapes whose `Filter`s let them collide;
    /// returning false keeps them apart. Never called inside the solver's inner loops. Also asked by
    /// continuous collision before sweeping a fast shape against another. Shape ids come lower index first.
    /// It runs inside `step`, so it must only read the world: the world's storage skips Swift's
    /// runtime exclusivity checks, and a change made from here would go unnoticed mid-iteration.
    public var customFilter: ((ShapeID, ShapeID) -> Bool)?
    /// Re-runs filtering (Filter and `customFilter`) for the shape's existing and future pairs on the
    /// next step: call it after whatever `customFilter` depends on has changed.
    public func refilter(_ shape: ShapeID) {
        guard let s = slot(shape), !shapes[s].needsRefilter else { return }
        shapes[s].needsRefilter = true
        refilterQueue.append(Int32(s))
        wake(Int(shapes[s].body))
    }

    // MARK: - Queries

    /// Shapes whose AABB overlaps `box`, in ascending shape index order.
    public func queryAABB(_ box: AABB) -> [ShapeID] {
        collectOverlaps(box)
        return buffers.queryScratch.map { shapeID($0) }
    }
    /// Shapes containing the point, in ascending shape index order.
    public func queryPoint(_ p: Vec2) -> [ShapeID] {
        guard p.isFinite else { return [] }
        collectOverlaps(AABB(lower: p, upper: p))
        return buffers.queryScratch.filter { shapes[Int($0)].geometry.testPoint(p, bodyStore[Int(shapes[Int($0)].body)].xf) }.map { shapeID($0) }
    }
    /// Closest hit along the ray from `origin` to `origin + translation`, among shapes whose filter
    /// accepts `filter` (each one's category in the other's mask; nil: every shape, as the other queries).
    public func rayCast(from origin: Vec2, translation: Vec2, filter: Filter? = nil) -> RayHit? { castRay(origin, translation, filter) }
    /// Current contact points (world) of touching shapes, for debug drawing.
    public func contactPoints() -> [Vec2] {
        var points: [Vec2] = []
        for (i, c) in contacts.enumerated() where contactPool.isLive(i) && c.isTouching && !c.isSensor {
            for i in 0..<c.manifold.pointCount { points.append(c.manifold[i].point) }
        }
        return points
    }
}
