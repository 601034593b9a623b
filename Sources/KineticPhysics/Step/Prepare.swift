// The solver's preparation stages, once per step before the substeps (Box2D v3 solver.c: the body
// states of b2SolverStep, b2_stagePrepareContacts, b2_stagePrepareJoints): body states and
// integration constants, the contacts' colouring and constraints, the joints' anchors and masses,
// and the contact passes of the lane-wide solve. The lists are sized first (`prepareBodies`,
// `colorContactConstraints`, `listActiveJoints`), then filled through `SolverViews`.

extension World {
    /// Body states and integration constants of the awake bodies: sized when the awake set changes,
    /// then written in place (appending element by element checked the arrays' uniqueness each time).
    func prepareBodies(_ ctx: StepContext) {
        let buffers = self.buffers
        let n = buffers.awakeBodies.count
        if buffers.states.count != n + 1 {
            buffers.states.reset(count: n + 1, to: BodyState())
        }
        if buffers.integration.count != n {
            buffers.integration.reset(count: n, to: BodyIntegration())
        }
        let states = buffers.states.buffer, integration = buffers.integration.buffer, awake = buffers.awakeBodies.buffer
        bodyStore.withUnsafeMutableBufferPointer { bodies in
            for i in 0..<n {
                let body = bodies.baseAddress! + Int(awake[i])
                states[i] = BodyState(v: body.pointee.v, w: body.pointee.w, dp: .zero, dq: .identity)
                var bi = BodyIntegration()
                if body.pointee.type == .dynamic {
                    bi.isDynamic = true
                    bi.invMass = body.pointee.invMass; bi.invI = body.pointee.invI
                    bi.linearAcceleration = body.pointee.gravityScale * ctx.gravity + body.pointee.invMass * body.pointee.force
                    bi.angularAcceleration = body.pointee.invI * body.pointee.torque
                    bi.linearDampingFactor = 1 / (1 + ctx.h * body.pointee.linearDamping)
                    bi.angularDampingFactor = 1 / (1 + ctx.h * body.pointee.angularDamping)
                }
                integration[i] = bi
            }
        }
        states[n] = BodyState()  // shared state of static (and sleeping) bodies
    }

    /// Colours the contacts that get a constraint this step and sizes the constraint lists. The
    /// colouring depends only on which contacts touch and which bodies are awake and dynamic; each of
    /// those changes marks the islands, so while they hold last step's colouring is reused. Returns
    /// true when the colouring and the number of constraints are last step's: constraint k is then
    /// last step's contact k, and `prepareContactConstraints` compares its point count.
    func colorContactConstraints(islandsChanged: Bool) -> Bool {
        let buffers = self.buffers
        let n = Int32(buffers.awakeBodies.count)
        let coloringKept = !islandsChanged && !buffers.colorStarts.isEmpty
        if coloringKept {
            validateColoring(n)
        } else {
            colorContacts(n)
        }
        // Sized when the number of contacts changes, then written in place: emptying a list calls
        // into the standard library, and each append checks the array's uniqueness. The restitution
        // lists hold at most one entry per constraint; their lengths are kept beside them.
        let count = buffers.solverOrder.count
        let kept = coloringKept && buffers.constraints.count == count
        buffers.constraints.resize(to: count, filler: ContactConstraint())
        buffers.pairingInputs.resize(to: count, filler: PairingInput())
        buffers.solverSlots.resize(to: contacts.count, filler: -1)
        buffers.restitutionConstraints.resize(to: count, filler: 0)
        buffers.impactConstraints.resize(to: count, filler: 0)
        return kept
    }

    /// Lists the joints with an awake body and colours them. The list and the colours change only
    /// with the islands (joints created or destroyed, bodies woken or put to sleep, a body's type
    /// changed all mark them).
    func listActiveJoints(islandsChanged: Bool) {
        guard islandsChanged else { return }
        let buffers = self.buffers
        let n = buffers.awakeBodies.count
        buffers.activeJoints.clear()
        for j in jointStore.indices where jointPool.isLive(j) {
            let a = jointStore[j].bodyA >= 0 ? Int(buffers.solverIndex[Int(jointStore[j].bodyA)]) : n
            let b = Int(buffers.solverIndex[Int(jointStore[j].bodyB)])
            if a != n || b != n { buffers.activeJoints.append(Int32(j)) }
        }
        colorJoints(Int32(n))
        buffers.jointRecords.resize(to: buffers.jointOrder.count, filler: JointRecord())
        buffers.jointKindTerms.resize(to: buffers.jointOrder.count, filler: JointKindTerms())
    }
}

/// Builds one constraint per contact of `v.solverOrder` (Box2D b2_stagePrepareContacts), each
/// straight into where the substeps solve it: a bundled contact into its lane of the contact schedule
/// (ContactSolverWide.swift), a single one into `v.constraints`. A bundled contact's constraint is
/// left as it was, unless it bounces: the restitution stages read its whole constraint, and its
/// impulses are exchanged with its lane around the restitution stage (`exchangeBouncingImpulses`).
/// Then lists the constraints with restitution. `kept`: `colorContactConstraints` kept last step's
/// colouring and count; the schedule is then last step's unless a point count or restitution changed.
func prepareContactConstraints(_ v: SolverViews, kept: Bool, _ workers: Workers) {
    // The contacts are read in their storage order and each constraint written to its slot: in
    // solver order every contact's record was a cache miss.
    let slots = v.buffers.solverSlots.buffer
    slots.update(repeating: -1)
    for k in 0..<v.solverOrder.count { slots[Int(v.solverOrder[k])] = Int32(k) }
    // Pairing reads only the point counts and restitutions: those first, and the schedule is
    // built again only when one of them is not last step's.
    // Blocks of contacts on the workers, each marking its contacts; the marks are combined after.
    var combined: UInt8 = 0
    let inputs = v.buffers.pairingInputs.buffer, marks = v.buffers.contactMarks
    marks.resize(to: slots.count, filler: 0)
    if let contacts = v.contacts.baseAddress, let inputBase = inputs.baseAddress {
        workers.forEachRange(slots.count, minimum: World.minimumContactBlock, ReadPairingInputs(
            contacts: contacts, inputs: inputBase, slots: UnsafeBufferPointer(slots), marks: marks.buffer))
        for mark in marks.buffer { combined |= mark }
    } else {
        marks.buffer.update(repeating: 0)
    }
    let scheduleKept = kept && v.buffers.contactSchedule.lanes.count == v.constraints.count
        && combined & ContactMark.changed == 0
    let anyRestitution = combined & ContactMark.bounces != 0
    let colorStarts = v.buffers.colorStarts.buffer
    if scheduleKept {
        validateContactSchedule(v.buffers.contactSchedule, UnsafeBufferPointer(inputs), UnsafeBufferPointer(colorStarts))
    } else {
        v.buffers.contactSchedule.build(UnsafeBufferPointer(inputs), UnsafeBufferPointer(colorStarts))
    }
    prepareContacts(v, UnsafeBufferPointer(slots), workers)
    // The restitution lists in solver order, as the restitution stage solves them.
    var restitutionCount = 0, impactCount = 0
    if anyRestitution {
        for k in 0..<inputs.count where inputs[k].restitution > 0 {
            v.restitutionSlots[restitutionCount] = Int32(k)
            restitutionCount += 1
            if !v.constraints[k].isStaticPair {
                v.impactSlots[impactCount] = Int32(k)
                impactCount += 1
            }
        }
    }
    v.buffers.restitutionConstraintCount = restitutionCount
    v.buffers.impactConstraintCount = impactCount
}

/// What the preparation found about a contact this step (`SolverBuffers.contactMarks`), as bits.
enum ContactMark {
    /// Its point count or restitution is not its constraint's of last step (`ReadPairingInputs`).
    static let changed: UInt8 = 1
    /// It has restitution (`ReadPairingInputs`).
    static let bounces: UInt8 = 2
    /// One of its bodies is static or kinematic (`PrepareContacts`): the static push-out looks
    /// only at these.
    static let againstStatic: UInt8 = 4
}

/// Writes each solved contact's `PairingInput` (point count and restitution) for its constraint and
/// marks the contact (`ContactMark.changed`, `.bounces`); an unsolved contact's mark is 0. Each
/// contact writes its constraint's input and its mark only.
private struct ReadPairingInputs: WorkerStage {
    let contacts: UnsafeMutablePointer<ContactData>, inputs: UnsafeMutablePointer<PairingInput>
    let slots: UnsafeBufferPointer<Int32>, marks: UnsafeMutableBufferPointer<UInt8>

    func run(_ range: Range<Int>) {
        for ci in range {
            guard slots[ci] >= 0 else { marks[ci] = 0; continue }
            let input = inputs + Int(slots[ci]), contact = contacts + ci
            let pointCount = contact.pointee.manifold.pointCount, restitution = contact.pointee.restitution
            var mark: UInt8 = restitution > 0 ? ContactMark.bounces : 0
            if input.pointee.pointCount != pointCount || input.pointee.restitution != restitution { mark |= ContactMark.changed }
            input.pointee = PairingInput(pointCount: pointCount, restitution: restitution)
            marks[ci] = mark
        }
    }
}

/// Prepares every contact with a solver slot (`slots`, by contact) into the place the contact
/// schedule gives it (Box2D b2_stagePrepareContacts). Each contact writes only its constraint and
/// its own lane of its bundle, so blocks of contacts run on the workers.
private func prepareContacts(_ v: SolverViews, _ slots: UnsafeBufferPointer<Int32>, _ workers: Workers) {
    let buffers = v.buffers
    if let contacts = v.contacts.baseAddress, let bodies = v.bodies.baseAddress, let constraints = v.constraints.baseAddress {
        workers.forEachRange(slots.count, minimum: World.minimumContactBlock, PrepareContacts(
            contacts: contacts, bodies: bodies, integration: v.integration, solverIndex: v.solverIndex,
            constraints: constraints, slots: slots, lanes: UnsafeBufferPointer(buffers.contactSchedule.lanes.buffer),
            bundles: buffers.contactSchedule.bundles.buffer.baseAddress, marks: buffers.contactMarks.buffer))
    }
    // Read back from the lanes: the first bundle with friction ends the walk.
    let bundles = buffers.contactSchedule.bundles.buffer
    var frictionless = true
    for p in 0..<buffers.contactSchedule.bundleCount where !bundles[p].isFrictionless { frictionless = false; break }
    buffers.contactSchedule.bundlesFrictionless = frictionless
}

private struct PrepareContacts: WorkerStage {
    let contacts: UnsafeMutablePointer<ContactData>, bodies: UnsafeMutablePointer<BodyData>
    let integration: UnsafeBufferPointer<BodyIntegration>, solverIndex: UnsafeBufferPointer<Int32>
    let constraints: UnsafeMutablePointer<ContactConstraint>, slots: UnsafeBufferPointer<Int32>
    /// Where each constraint is solved (`ContactSchedule.lanes`); `bundles` is set when any lane is.
    let lanes: UnsafeBufferPointer<Int32>, bundles: UnsafeMutablePointer<ContactConstraintBundle>?
    let marks: UnsafeMutableBufferPointer<UInt8>

    /// Inverse mass and inertia, and whether the body is dynamic: from the compact `integration`
    /// array for awake bodies (it stays in cache), else from the body.
    @inline(__always) func massOf(_ body: Int32, _ index: Int32) -> (Double, Double, Bool) {
        if index < Int32(integration.count) {
            let bi = integration.baseAddress! + Int(index)
            return (bi.pointee.invMass, bi.pointee.invI, bi.pointee.isDynamic)
        }
        let b = bodies + Int(body)
        return (b.pointee.invMass, b.pointee.invI, b.pointee.type == .dynamic)
    }

    func run(_ range: Range<Int>) {
        for ci in range where slots[ci] >= 0 {
            let k = Int(slots[ci])
            let contact = contacts + ci
            let ia = solverIndex[Int(contact.pointee.bodyA)], ib = solverIndex[Int(contact.pointee.bodyB)]
            let (mA, iA, dynamicA) = massOf(contact.pointee.bodyA, ia)
            let (mB, iB, dynamicB) = massOf(contact.pointee.bodyB, ib)
            var c = ContactConstraint()
            c.indexA = ia; c.indexB = ib
            c.contact = Int32(ci)
            c.normal = contact.pointee.manifold.normal
            c.friction = contact.pointee.friction
            c.restitution = contact.pointee.restitution
            c.mA = mA; c.iA = iA
            c.mB = mB; c.iB = iB
            let bothDynamic = dynamicA && dynamicB
            // Against static or kinematic bodies contacts are twice as stiff (Box2D staticSoftness).
            c.isStaticPair = !bothDynamic
            if c.isStaticPair { marks[ci] |= ContactMark.againstStatic }
            c.pointCount = contact.pointee.manifold.pointCount
            prepareContactPoint(&c.p0, contact.pointee.manifold.point0, c)
            if c.pointCount > 1 { prepareContactPoint(&c.p1, contact.pointee.manifold.point1, c) }
            prepareCentralFriction(&c)
            let code = Int(lanes[k])
            let slot = constraints + k
            if code >= 0 { ContactConstraintBundle.setLane(code % Lanes.scalarCount, of: bundles! + code / Lanes.scalarCount, c) }
            if code < 0 || c.restitution > 0 {
                // Solved from here, or (bouncing) read here by the restitution stages. A bundled
                // contact that does not bounce leaves its constraint unwritten: the stages after
                // find it in its lane (`ContactPasses.forEachContact`).
                slot.pointee = c
            }
        }
    }
}

/// Makes the record of every active joint (Box2D b2_stagePrepareJoints), in `jointOrder`; each block
/// reads only the store and the bodies and writes only its records, so blocks run on the workers.
@inline(__always) func prepareJoints(_ v: SolverViews, _ ctx: StepContext, _ workers: Workers) {
    guard let records = v.jointRecords.baseAddress, let terms = v.jointKindTerms.baseAddress, !v.jointOrder.isEmpty else { return }
    workers.forEachRange(v.jointOrder.count, minimum: JointPasses.minimumBlock,
                         PrepareJoints(records: records, terms: terms, order: v.jointOrder, joints: UnsafeBufferPointer(v.joints),
                                       bodies: UnsafeBufferPointer(v.bodies), solverIndex: v.solverIndex,
                                       dummy: Int32(v.integration.count), ctx: ctx))
}

private struct PrepareJoints: WorkerStage {
    let records: UnsafeMutablePointer<JointRecord>, terms: UnsafeMutablePointer<JointKindTerms>
    let order: UnsafeBufferPointer<Int32>
    let joints: UnsafeBufferPointer<JointData>
    let bodies: UnsafeBufferPointer<BodyData>, solverIndex: UnsafeBufferPointer<Int32>
    let dummy: Int32, ctx: StepContext

    @inline(__always) func run(_ range: Range<Int>) {
        for i in range { prepareJoint(records + i, terms + i, order[i], joints, bodies, solverIndex, dummy: dummy, ctx) }
    }
}
