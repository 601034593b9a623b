// Joint storage shared by every kind, body links, and per-step dispatch to the kind's prepare,
// warm-start and solve functions (one file per kind, as in Box2D v3).

/// What the engine keeps about one joint between steps: its definition, its links in the bodies'
/// joint lists, and the impulses it carries from step to step (warm starting). A target joint has no
/// body A (`bodyA == −1`): its body is `bodyB` and the world target plays A. Fields a kind does not
/// use keep their defaults. The solver does not work on it: each step it makes a `JointRecord` of
/// every active joint and writes the impulses back after the substeps.
struct JointData: BodyEdges {
    // The fields a revolute joint's step reads come first, within the first three cache lines: the
    // preparation reads the joints in colour order, jumping through the store.
    var kind = JointKind.distance
    var enableLimit = false, enableMotor = false, enableSpring = false
    var bodyA: Int32 = -1, bodyB: Int32 = -1

    // MARK: Accumulated impulses, warm-starting the next step
    var linearImpulse = Vec2.zero
    var motorImpulse = 0.0, lowerImpulse = 0.0, upperImpulse = 0.0
    var angularImpulse = 0.0, impulse = 0.0, springImpulse = 0.0

    // MARK: Definition
    /// Anchors relative to each body's origin, in its frame.
    var localAnchorA = Vec2.zero, localAnchorB = Vec2.zero
    var referenceAngle = 0.0
    /// Limits (radians or length) and motor (rad/s or length/s) of revolute and prismatic joints.
    var lower = 0.0, upper = 0.0
    var motorSpeed = 0.0
    /// Torque (revolute) or force (prismatic) cap of the motor.
    var maxMotor = 0.0
    // Target.
    var target = Vec2.zero, maxForce = Double.greatestFiniteMagnitude, targetAngle = 0.0
    var collideConnected = false
    var edgeA = Edge(), edgeB = Edge()
    // Distance.
    var length = 1.0, minLength = 0.0, maxLength = Double.greatestFiniteMagnitude
    var hertz = 0.0, dampingRatio = 0.0
    var localAxisA = Vec2(1, 0)
    // Weld.
    var linearHertz = 0.0, angularHertz = 0.0, linearDampingRatio = 1.0, angularDampingRatio = 1.0
}

/// One active joint as the solver passes see it for one step (Box2D v3's `b2JointSim`): the
/// definition fields the passes read, the terms `prepareJoint` computes from the bodies, and the
/// accumulated impulses. The records of a step lie in one array in the passes' order
/// (`SolverBuffers.jointRecords`, colour after colour), so each pass streams through them instead of
/// jumping through the joint store; `storeJointImpulses` writes the impulses back to the store.
/// Revolute joints, the most common kind, read only the first group of fields.
struct JointRecord {
    // MARK: Read by every kind
    var kind = JointKind.distance
    var enableLimit = false, enableMotor = false, enableSpring = false
    /// Distance joint: rod (no spring, no room between the limits).
    var isRigidRod = false
    /// The joint's index in the store, where its impulses go back.
    var joint: Int32 = 0
    var indexA: Int32 = 0, indexB: Int32 = 0
    var mA = 0.0, iA = 0.0, mB = 0.0, iB = 0.0
    /// Anchors relative to the centres of mass, world-aligned at the start of the step.
    var anchorA = Vec2.zero, anchorB = Vec2.zero
    /// cB − cA at the start of the step (target joint: cB − target).
    var deltaCenter = Vec2.zero
    /// Joint angle at the start of the step: angleB − angleA − referenceAngle, in (−π, π]. Not set
    /// for the kinds that do not read it (distance, revolute without limits).
    var deltaAngle = 0.0
    var linearImpulse = Vec2.zero
    var axialMass = 0.0
    var lowerImpulse = 0.0, upperImpulse = 0.0, motorImpulse = 0.0
    var lower = 0.0, upper = 0.0
    var motorSpeed = 0.0, maxMotor = 0.0
    /// Caps on the accumulated impulses for this step (`boundImpulses`), set by `prepareJoint`.
    var impulseLimit = Double.infinity, angularImpulseLimit = Double.infinity
    /// The relative anchor speed a point constraint's impulse may change (`boundPointImpulse`).
    var relativeSpeedLimit = Double.infinity

    /// The fields of the other kinds, in the record's slot of `SolverBuffers.jointKindTerms`, set by
    /// `prepareJoint` each step. Box2D v3 keeps the kinds' fields in a union; here they are a side
    /// record so that the passes, which stream the records front to back several times a substep,
    /// read no bytes a revolute joint does not use. Reached through the properties below.
    var terms: UnsafeMutablePointer<JointKindTerms>?
    @inline(__always) private var kindTerms: UnsafeMutablePointer<JointKindTerms> { terms.unsafelyUnwrapped }

    // MARK: Weld, prismatic, target (in `terms`)
    @inline(__always) var axis: Vec2 {
        get { kindTerms.pointee.axis } nonmutating set { kindTerms.pointee.axis = newValue }
    }
    @inline(__always) var angularImpulse: Double {
        get { kindTerms.pointee.angularImpulse } nonmutating set { kindTerms.pointee.angularImpulse = newValue }
    }
    @inline(__always) var linearHertz: Double {
        get { kindTerms.pointee.linearHertz } nonmutating set { kindTerms.pointee.linearHertz = newValue }
    }
    @inline(__always) var angularHertz: Double {
        get { kindTerms.pointee.angularHertz } nonmutating set { kindTerms.pointee.angularHertz = newValue }
    }
    @inline(__always) var maxForce: Double {
        get { kindTerms.pointee.maxForce } nonmutating set { kindTerms.pointee.maxForce = newValue }
    }
    @inline(__always) var linearSoftness: Softness {
        get { kindTerms.pointee.linearSoftness } nonmutating set { kindTerms.pointee.linearSoftness = newValue }
    }
    @inline(__always) var angularSoftness: Softness {
        get { kindTerms.pointee.angularSoftness } nonmutating set { kindTerms.pointee.angularSoftness = newValue }
    }

    // MARK: Distance (in `terms`)
    @inline(__always) var impulse: Double {
        get { kindTerms.pointee.impulse } nonmutating set { kindTerms.pointee.impulse = newValue }
    }
    @inline(__always) var springImpulse: Double {
        get { kindTerms.pointee.springImpulse } nonmutating set { kindTerms.pointee.springImpulse = newValue }
    }
    @inline(__always) var length: Double {
        get { kindTerms.pointee.length } nonmutating set { kindTerms.pointee.length = newValue }
    }
    @inline(__always) var minLength: Double {
        get { kindTerms.pointee.minLength } nonmutating set { kindTerms.pointee.minLength = newValue }
    }
    @inline(__always) var maxLength: Double {
        get { kindTerms.pointee.maxLength } nonmutating set { kindTerms.pointee.maxLength = newValue }
    }
    @inline(__always) var hertz: Double {
        get { kindTerms.pointee.hertz } nonmutating set { kindTerms.pointee.hertz = newValue }
    }
    @inline(__always) var springSoftness: Softness {
        get { kindTerms.pointee.springSoftness } nonmutating set { kindTerms.pointee.springSoftness = newValue }
    }
    @inline(__always) var fixedAxialMass: Double? {
        get { kindTerms.pointee.fixedAxialMass } nonmutating set { kindTerms.pointee.fixedAxialMass = newValue }
    }
    /// The pose terms of the current substep (`DistancePose`).
    @inline(__always) var distancePose: DistancePose {
        get { kindTerms.pointee.distancePose } nonmutating set { kindTerms.pointee.distancePose = newValue }
    }

    /// Sets the definition fields the passes read and the impulses from the joint at `index`; the
    /// terms of the step are `prepareJoint`'s. Field by field, and for distance and revolute joints
    /// only the fields their kind reads (`isPassive` included): a whole new record would write every
    /// field, the ones this kind never reads included. The other fields of such a record are stale;
    /// a revolute joint's `terms` are never read.
    @inline(__always) mutating func take(_ j: UnsafePointer<JointData>, index: Int32) {
        kind = j.pointee.kind
        enableLimit = j.pointee.enableLimit; enableMotor = j.pointee.enableMotor; enableSpring = j.pointee.enableSpring
        joint = index
        lowerImpulse = j.pointee.lowerImpulse; upperImpulse = j.pointee.upperImpulse
        if kind == .revolute {
            linearImpulse = j.pointee.linearImpulse; motorImpulse = j.pointee.motorImpulse
            lower = j.pointee.lower; upper = j.pointee.upper
            motorSpeed = j.pointee.motorSpeed; maxMotor = j.pointee.maxMotor
        } else {
            takeOtherKind(j)
        }
    }

    /// `take` for the kinds other than revolute. Out of line: inlined, its loads were hoisted above
    /// the kind test and read lines of the joint that a revolute joint does not use.
    @inline(never) private mutating func takeOtherKind(_ j: UnsafePointer<JointData>) {
        impulse = j.pointee.impulse; springImpulse = j.pointee.springImpulse
        length = j.pointee.length; minLength = j.pointee.minLength; maxLength = j.pointee.maxLength
        hertz = j.pointee.hertz
        guard kind != .distance else { return }
        linearImpulse = j.pointee.linearImpulse; motorImpulse = j.pointee.motorImpulse
        lower = j.pointee.lower; upper = j.pointee.upper
        motorSpeed = j.pointee.motorSpeed; maxMotor = j.pointee.maxMotor
        angularImpulse = j.pointee.angularImpulse
        linearHertz = j.pointee.linearHertz; angularHertz = j.pointee.angularHertz
        maxForce = j.pointee.maxForce
    }
}

/// The fields of a joint record that revolute joints do not read (`JointRecord.terms`).
struct JointKindTerms {
    // MARK: Weld, prismatic, target
    /// Prismatic axis in world at the start of the step.
    var axis = Vec2.zero
    var angularImpulse = 0.0
    var linearHertz = 0.0, angularHertz = 0.0
    var maxForce = 0.0
    var linearSoftness = Softness(), angularSoftness = Softness()

    // MARK: Distance
    var impulse = 0.0, springImpulse = 0.0
    var length = 0.0, minLength = 0.0, maxLength = 0.0
    var hertz = 0.0
    var springSoftness = Softness()
    var fixedAxialMass: Double? = nil
    var distancePose = DistancePose()
}

extension JointData {
    /// Takes the accumulated impulses of this step's record: those its kind has (`JointRecord.take`).
    @inline(__always) mutating func storeImpulses(_ r: JointRecord) {
        lowerImpulse = r.lowerImpulse; upperImpulse = r.upperImpulse
        if r.kind != .revolute { impulse = r.impulse; springImpulse = r.springImpulse }
        guard r.kind != .distance else { return }
        linearImpulse = r.linearImpulse; motorImpulse = r.motorImpulse
        if r.kind != .revolute { angularImpulse = r.angularImpulse }
    }
}

/// Solves K x = b for a point constraint between anchors rA and rB (weld, revolute, target):
/// K = (mA + mB)·I + iA·r̃A r̃Aᵀ + iB·r̃B r̃Bᵀ, r̃ the anchor turned a quarter. Its determinant is the sum
/// of non-negative terms m² + m·(iA|rA|² + iB|rB|²) + iA·iB·(rA × rB)², computed as such: as
/// k11·k22 − k12² it cancels when a light body's inertia term dwarfs the masses (an anchor thousands
/// of radii outside a small body) and comes out 0, negative or far too small, giving overflowing
/// impulses and then NaN. Zero when K is singular (both bodies static) or overflows.
@inline(__always)
func solvePoint(_ mA: Double, _ iA: Double, _ rA: Vec2, _ mB: Double, _ iB: Double, _ rB: Vec2, _ b: Vec2) -> Vec2 {
    let m = mA + mB
    let k11 = m + rA.y * rA.y * iA + rB.y * rB.y * iB
    let k12 = -rA.y * rA.x * iA - rB.y * rB.x * iB
    let k22 = m + rA.x * rA.x * iA + rB.x * rB.x * iB
    let c = cross(rA, rB)
    let det = m * m + m * (iA * rA.lengthSquared + iB * rB.lengthSquared) + iA * iB * c * c
    guard det > 0, det.isFinite else { return .zero }
    let inverse = 1 / det
    return Vec2(inverse * (k22 * b.x - k12 * b.y), inverse * (k11 * b.y - k12 * b.x))
}

/// Applies the impulse of a joint that holds two anchors together (revolute, weld) when warm
/// starting: P at the levers rA, rB, and `angular` about both bodies.
@inline(__always)
func applyPointImpulse(_ P: Vec2, angular: Double, _ rA: Vec2, _ rB: Vec2, _ j: JointRecord,
                       _ a: inout BodyState, _ b: inout BodyState) {
    a.v -= j.mA * P
    a.w -= j.iA * (cross(rA, P) + angular)
    b.v += j.mB * P
    b.w += j.iB * (cross(rB, P) + angular)
}

/// The velocity solve of a point constraint (revolute, weld): the impulse that brings the anchors'
/// relative velocity to −bias, softened by `massScale` and `impulseScale`, added to `linearImpulse`
/// and applied at the levers rA, rB. Returns the impulse.
@inline(__always) @discardableResult
func solvePointConstraint(_ j: inout JointRecord, _ rA: Vec2, _ rB: Vec2, bias: Vec2, massScale: Double, impulseScale: Double,
                          _ a: inout BodyState, _ b: inout BodyState) -> Vec2 {
    let cdot = b.v + cross(b.w, rB) - a.v - cross(a.w, rA)
    let x = solvePoint(j.mA, j.iA, rA, j.mB, j.iB, rB, cdot + bias)
    let impulse = Vec2(-massScale * x.x - impulseScale * j.linearImpulse.x, -massScale * x.y - impulseScale * j.linearImpulse.y)
    j.linearImpulse += impulse
    a.v -= j.mA * impulse
    a.w -= j.iA * cross(rA, impulse)
    b.v += j.mB * impulse
    b.w += j.iB * cross(rB, impulse)
    return impulse
}

/// One side of a joint limit (Box2D's lower and upper limit blocks): the impulse that keeps `gap`,
/// the distance to the limit, from closing at `speed`, the rate at which the gap grows. While apart
/// the gap may close within the substep (speculative); past the limit the joint softness pushes back
/// when `useBias`. The accumulated impulse only ever pushes; returns the change to apply.
@inline(__always)
func limitImpulse(gap: Double, speed: Double, mass: Double, accumulated: inout Double, _ ctx: StepContext,
                  useBias: Bool) -> Double {
    var bias = 0.0, massScale = 1.0, impulseScale = 0.0
    if gap > 0 {
        bias = gap * ctx.invH
    } else if useBias {
        bias = ctx.jointSoftness.biasRate * gap
        massScale = ctx.jointSoftness.massScale
        impulseScale = ctx.jointSoftness.impulseScale
    }
    let impulse = -mass * massScale * (speed + bias) - impulseScale * accumulated
    // Zero first: a limit out of reach (a distance joint's maxLength is "no limit" up to ∞) has
    // an infinite speculative bias, and with no mass along the axis (two static or kinematic
    // bodies) 0 × ∞ is NaN; `max(0, NaN)` is 0, no push, where `max(NaN, 0)` is NaN.
    let newImpulse = Swift.max(0, accumulated + impulse)
    let change = newImpulse - accumulated
    accumulated = newImpulse
    return change
}

/// An angle wrapped into (−π, π].
@inline(__always)
func unwind(_ angle: Double) -> Double {
    if angle < -Double.pi { return angle + 2 * Double.pi }
    if angle > Double.pi { return angle - 2 * Double.pi }
    return angle
}

extension World {
    /// The slot of a live joint of this world, or nil for a stale, foreign or null handle.
    @inline(__always) func slot(_ id: JointID) -> Int? { slot(id, in: jointPool) }
    /// The slot of a live joint, for the getters (`liveSlot(_:in:_:)`).
    @inline(__always) func liveSlot(_ id: JointID, _ getter: StaticString = #function) -> Int { liveSlot(id, in: jointPool, getter) }

    func jointID(_ index: Int32) -> JointID { JointID(index: index, generation: jointPool.generation(index), world: serial) }

    func insertJoint(_ joint: JointData) -> JointID {
        let (index, isNew) = jointPool.allocate()
        if isNew { jointStore.append(joint) } else { jointStore[Int(index)] = joint }
        islandsDirty = true
        if joint.bodyA >= 0 { linkJoint(Int(index), side: 0) }
        linkJoint(Int(index), side: 1)
        // Bodies joined without collideConnected lose their contacts with each other.
        if joint.bodyA >= 0 && !joint.collideConnected { destroyContacts(between: Int(joint.bodyA), Int(joint.bodyB)) }
        if joint.bodyA >= 0 { wake(Int(joint.bodyA)) }
        wake(Int(joint.bodyB))
        return jointID(index)
    }

    func removeJoint(_ j: Int) {
        let joint = jointStore[j]
        if joint.bodyA >= 0 { unlinkJoint(j, side: 0); wake(Int(joint.bodyA)) }
        unlinkJoint(j, side: 1)
        wake(Int(joint.bodyB))
        jointPool.release(Int32(j))
        islandsDirty = true
        // A pair the joint kept apart may collide now.
        if joint.bodyA >= 0 && !joint.collideConnected {
            for b in [Int(joint.bodyA), Int(joint.bodyB)] {
                var s = bodyStore[b].shapeHead
                while s >= 0 { bufferMove(Int(s)); s = shapes[Int(s)].next }
            }
        }
    }

    private func linkJoint(_ j: Int, side: Int) {
        let b = Int(jointStore[j].body(side))
        jointStore.link(j, side: side, head: &bodyStore[b].jointHead)
    }

    private func unlinkJoint(_ j: Int, side: Int) {
        let b = Int(jointStore[j].body(side))
        jointStore.unlink(j, side: side, head: &bodyStore[b].jointHead)
    }

    func destroyContacts(between a: Int, _ b: Int) {
        var key = bodyStore[a].contactHead
        while key >= 0 {
            let c = Int(key >> 1)
            let next = contacts[c].edge(Int(key & 1)).next
            if (contacts[c].bodyA == Int32(a) && contacts[c].bodyB == Int32(b)) || (contacts[c].bodyA == Int32(b) && contacts[c].bodyB == Int32(a)) {
                destroyContact(c, reportEnd: true)
            }
            key = next
        }
    }
}

// MARK: - Per-step dispatch

/// Fills the record of the joint at `index`: its definition fields and impulses, the shared solver
/// fields (masses, anchors, centres), then the kind's own. Fields the kind does not read keep
/// whatever the slot held.
func prepareJoint(_ record: UnsafeMutablePointer<JointRecord>, _ terms: UnsafeMutablePointer<JointKindTerms>, _ index: Int32,
                  _ joints: UnsafeBufferPointer<JointData>, _ bodies: UnsafeBufferPointer<BodyData>, _ solverIndex: UnsafeBufferPointer<Int32>,
                  dummy: Int32, _ ctx: StepContext) {
    let joint = joints.baseAddress! + Int(index)
    record.pointee.terms = terms
    record.pointee.take(joint, index: index)
    let b = Int(joint.pointee.bodyB)
    let bodyB = bodies.baseAddress! + b
    record.pointee.indexB = solverIndex[b]
    record.pointee.mB = bodyB.pointee.invMass; record.pointee.iB = bodyB.pointee.invI
    record.pointee.anchorB = bodyB.pointee.xf.q.rotate(joint.pointee.localAnchorB - bodyB.pointee.localCenter)
    var centerA = joint.pointee.target, qA = Rot.identity
    if joint.pointee.bodyA >= 0 {
        let a = Int(joint.pointee.bodyA)
        let bodyA = bodies.baseAddress! + a
        record.pointee.indexA = solverIndex[a]
        record.pointee.mA = bodyA.pointee.invMass; record.pointee.iA = bodyA.pointee.invI
        record.pointee.anchorA = bodyA.pointee.xf.q.rotate(joint.pointee.localAnchorA - bodyA.pointee.localCenter)
        centerA = bodyA.pointee.center; qA = bodyA.pointee.xf.q
    } else {
        record.pointee.indexA = dummy
        record.pointee.mA = 0; record.pointee.iA = 0
        record.pointee.anchorA = .zero
    }
    let qB = bodyB.pointee.xf.q
    record.pointee.deltaCenter = bodyB.pointee.center - centerA
    // Distance joints, and revolute joints without limits, ignore the relative angle; skipping its
    // atan2 matters for small worlds and for chains of hinges.
    let kind = joint.pointee.kind
    if kind != .distance && (kind != .revolute || joint.pointee.enableLimit) {
        record.pointee.deltaAngle = unwind(Rot.relativeAngle(qA, qB) - joint.pointee.referenceAngle)
    }
    switch kind {
    case .distance: prepareDistance(&record.pointee, joint.pointee, ctx)
    case .revolute: prepareRevolute(&record.pointee, ctx)
    case .weld: prepareWeld(&record.pointee, joint.pointee, ctx)
    case .prismatic: preparePrismatic(&record.pointee, joint.pointee, qA: qA, ctx)
    case .target: prepareTarget(&record.pointee, joint.pointee, qB: qB, ctx)
    }
    setImpulseLimits(&record.pointee, ctx)
}

/// Distance joints inline (the passes run them for every joint of a small world, where the call
/// cost as much as the rod's arithmetic), the other kinds out of line.
@inline(__always) func warmStartJoint(_ j: inout JointRecord, _ states: UnsafeMutableBufferPointer<BodyState>) {
    if j.kind == .distance {
        boundImpulses(&j)
        warmStartDistance(&j, states)
    } else {
        warmStartOtherJoint(&j, states)
    }
}

@inline(never) private func warmStartOtherJoint(_ j: inout JointRecord, _ states: UnsafeMutableBufferPointer<BodyState>) {
    boundImpulses(&j)
    switch j.kind {
    case .distance: warmStartDistance(&j, states)
    case .revolute: warmStartRevolute(&j, states)
    case .weld: warmStartWeld(&j, states)
    case .prismatic: warmStartPrismatic(&j, states)
    case .target: warmStartTarget(&j, states)
    }
}

/// The caps on a joint's accumulated impulses: what could reverse the fastest relative motion the
/// speed caps allow. A linear impulse: K ≥ (mA + mB)·I, so no substep needs more than
/// (2·maxLinearSpeed + maxAngularSpeed·(|rA| + |rB|)) / (mA + mB); an angular one
/// 2·maxAngularSpeed / (iA + iB), plus the torque that holds a capped linear impulse at the longest
/// lever (weld, prismatic). Beyond that an impulse is wind-up: a joint that cannot be satisfied while
/// the speed caps hold the velocities keeps adding to its impulse until it overflows. Masses and
/// anchors are fixed for the step, so the caps are computed once, in `prepareJoint`.
@inline(__always) func setImpulseLimits(_ j: inout JointRecord, _ ctx: StepContext) {
    let m = j.mA + j.mB, iSum = j.iA + j.iB
    guard m > 0 || iSum > 0 else {
        j.impulseLimit = .infinity; j.angularImpulseLimit = .infinity; j.relativeSpeedLimit = .infinity
        return
    }
    let anchors = j.anchorA.length + j.anchorB.length
    let lever = anchors + j.deltaCenter.length
    let speed = 2 * ctx.maxLinearSpeed + ctx.maxAngularSpeed * anchors
    let limit = m > 0 ? speed / m : 0
    j.relativeSpeedLimit = speed
    j.impulseLimit = limit
    j.angularImpulseLimit = iSum > 0 ? 2 * ctx.maxAngularSpeed / iSum + lever * limit : 0
}

/// Clamps the joint's accumulated impulses to the step's caps (see `setImpulseLimits`); called
/// before each warm start, so an impulse that wound up in one substep is not carried into the next.
@inline(__always) func boundImpulses(_ j: inout JointRecord) {
    let limit = j.impulseLimit, angularLimit = j.angularImpulseLimit
    @inline(__always) func bound(_ x: inout Double, _ limit: Double) { x = Swift.min(Swift.max(x, -limit), limit) }
    switch j.kind {
    case .revolute:
        boundPointImpulse(&j)
        bound(&j.lowerImpulse, angularLimit); bound(&j.upperImpulse, angularLimit); bound(&j.motorImpulse, angularLimit)
    case .weld, .target:
        boundPointImpulse(&j)
        bound(&j.angularImpulse, angularLimit)
    case .distance:
        bound(&j.impulse, limit); bound(&j.springImpulse, limit); bound(&j.lowerImpulse, limit); bound(&j.upperImpulse, limit)
    case .prismatic:
        bound(&j.linearImpulse.x, limit); bound(&j.linearImpulse.y, angularLimit)
        bound(&j.lowerImpulse, limit); bound(&j.upperImpulse, limit); bound(&j.motorImpulse, limit)
    }
}

/// A rigid point constraint's position correction, as a velocity, no faster than
/// `Tuning.jointBiasSpeedFraction` of the speed cap. An anchor thousands of points out on a
/// fast-spinning body drifts by hundreds of points per substep; pulled back at biasRate × drift, the
/// correction left velocity the relax pass did not take back, and closed fuzz scenes gained energy
/// many times over. joint_grid's figures are unchanged by the cap; a tighter one kept falling
/// hinges from coming to rest.
@inline(__always) func clampedJointBias(_ bias: Vec2, _ ctx: StepContext) -> Vec2 {
    let limit = Tuning.jointBiasSpeedFraction * ctx.maxLinearSpeed
    let lengthSquared = bias.lengthSquared
    return lengthSquared > limit * limit ? (limit / lengthSquared.squareRoot()) * bias : bias
}

/// Scales a point constraint's accumulated impulse P down so that K·P, the change of relative anchor
/// velocity it makes (K as in `solvePoint`), stays within the step's `relativeSpeedLimit`. Since
/// K ≥ (mA + mB)·I this implies |P| ≤ `impulseLimit`, and it also holds in the directions where K is
/// large: an impulse within `impulseLimit` applied at an anchor thousands of radii outside a small
/// body would spin it far past the caps, which the soft constraints' relaxation then fed back.
@inline(__always) func boundPointImpulse(_ j: inout JointRecord) {
    let P = j.linearImpulse, rA = j.anchorA, rB = j.anchorB
    let kP = (j.mA + j.mB) * P + (j.iA * cross(rA, P)) * rA.leftPerp + (j.iB * cross(rB, P)) * rB.leftPerp
    let speedSquared = kP.lengthSquared, limit = j.relativeSpeedLimit
    if speedSquared > limit * limit { j.linearImpulse = (limit / speedSquared.squareRoot()) * P }
}

/// Refreshes the terms a joint keeps that depend on positions only (distance joints: `DistancePose`),
/// right after `integratePositions` moved the bodies; the relax pass, the next warm start and biased
/// solve read them.
@inline(__always) func updateJointPose(_ j: inout JointRecord, _ states: UnsafeMutableBufferPointer<BodyState>) {
    if j.kind == .distance { j.updateDistancePose(states[Int(j.indexA)], states[Int(j.indexB)]) }
}

/// Inline: a rigid rod's solve, and the call to the other kinds' (one call, as before the rods).
@inline(__always) func solveJoint(_ j: inout JointRecord, _ states: UnsafeMutableBufferPointer<BodyState>, _ ctx: StepContext, useBias: Bool) {
    switch j.kind {
    case .distance:
        if j.isRigidRod { solveRigidRod(&j, states, ctx, useBias: useBias) } else { solveDistance(&j, states, ctx, useBias: useBias) }
    case .revolute: solveRevolute(&j, states, ctx, useBias: useBias)
    case .weld: solveWeld(&j, states, ctx, useBias: useBias)
    case .prismatic: solvePrismatic(&j, states, ctx, useBias: useBias)
    case .target: solveTarget(&j, states, ctx, useBias: useBias)
    }
}
