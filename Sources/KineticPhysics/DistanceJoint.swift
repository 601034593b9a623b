// Distance joint (Box2D v3 distance_joint.c): a rigid rod, a spring toward the rest length, and/or
// a length range (a rope is a range [0, length] with no rod).

/// A rod when neither spring nor range is on, or when the range leaves no room to move; with a range
/// and no spring the length is free inside [minLength, maxLength] (a rope).
@inline(__always) private func isRigid(_ j: JointRecord) -> Bool {
    (!j.enableSpring && !j.enableLimit) || (j.enableLimit && j.minLength >= j.maxLength)
}

/// A distance joint's terms that depend on the bodies' positions only: anchors, axis, length and
/// axial mass. Positions change once per substep (`integratePositions`, between the biased solve and
/// the relax pass), so the terms are computed once per substep, right after the positions moved
/// (`updateJointPose`; at preparation for the first substep), and read by the relax pass, the next
/// warm start and biased solve. Box2D v3 computes them in all three passes from the same positions:
/// the numbers are the same, with a third of the square roots and divisions.
struct DistancePose {
    var rA = Vec2.zero, rB = Vec2.zero
    var axis = Vec2.zero
    var length = 0.0
    var axialMass = 0.0
}

extension JointRecord {
    /// Sets `distancePose` from the bodies' states. (A method on the record, so the record is not
    /// copied to compute it.)
    @inline(__always) mutating func updateDistancePose(_ a: BodyState, _ b: BodyState) {
        let rA = a.dq.rotate(anchorA), rB = b.dq.rotate(anchorB)
        let d = b.dp - a.dp + deltaCenter + rB - rA
        distancePose.rA = rA; distancePose.rB = rB
        distancePose.length = d.length
        let axis = d.normalized
        distancePose.axis = axis
        if let fixed = fixedAxialMass {
            distancePose.axialMass = fixed
        } else {
            // The axial mass of the current pose (see solvePrismatic): an anchor far outside a small
            // body turns a few degrees of rotation into an orders-of-magnitude change of the lever arm.
            let crA = cross(rA, axis), crB = cross(rB, axis)
            let k = mA + mB + iA * crA * crA + iB * crB * crB
            distancePose.axialMass = k > 0 ? 1 / k : 0
        }
    }

    /// Sets `fixedAxialMass`: the axial mass when no pose can change it. Each body either cannot
    /// turn (inverse inertia 0) or holds its anchor at its centre of mass, so both lever terms of k
    /// are zero and k = mA + mB, the same number the pose would give (a pendulum's rod, a rope to a
    /// ball's centre). Nil otherwise.
    @inline(__always) mutating func updateFixedAxialMass() {
        guard iA == 0 || anchorA == .zero, iB == 0 || anchorB == .zero else { fixedAxialMass = nil; return }
        let k = mA + mB
        fixedAxialMass = k > 0 ? 1 / k : 0
    }
}

@inline(__always) func prepareDistance(_ j: inout JointRecord, _ def: JointData, _ ctx: StepContext) {
    j.springSoftness = Softness(hertz: def.hertz, dampingRatio: def.dampingRatio, h: ctx.h)
    let rigid = isRigid(j)
    if !j.enableLimit || rigid { j.lowerImpulse = 0; j.upperImpulse = 0 }
    if !j.enableSpring { j.springImpulse = 0 }
    j.isRigidRod = rigid
    j.updateFixedAxialMass()
    // Every body starts the step where its state says it is: no displacement, no rotation.
    j.updateDistancePose(BodyState(), BodyState())
}

/// Adds the impulse along the axis to the bodies' velocities. The last state is the one shared by
/// static bodies: a joint leaves it as it is (its masses are zero), so it is not written, which
/// also keeps one joint's pass from waiting on the previous joint's store to that shared state.
@inline(__always) private func applyAxialImpulse(_ impulse: Double, _ j: JointRecord, _ p: DistancePose,
                                                 _ states: UnsafeMutableBufferPointer<BodyState>) {
    let P = impulse * p.axis
    let shared = states.count &- 1
    let ia = Int(j.indexA), ib = Int(j.indexB)
    if ia != shared {
        states[ia].v -= j.mA * P
        states[ia].w -= j.iA * cross(p.rA, P)
    }
    if ib != shared {
        states[ib].v += j.mB * P
        states[ib].w += j.iB * cross(p.rB, P)
    }
}

@inline(__always) func warmStartDistance(_ j: inout JointRecord, _ states: UnsafeMutableBufferPointer<BodyState>) {
    let axialImpulse = j.impulse + j.springImpulse + j.lowerImpulse - j.upperImpulse
    applyAxialImpulse(axialImpulse, j, j.distancePose, states)
}

/// A rod: the length held by the joint softness (`useBias`) or the anchors' axial speed zeroed.
@inline(__always)
func solveRigidRod(_ j: inout JointRecord, _ states: UnsafeMutableBufferPointer<BodyState>, _ ctx: StepContext, useBias: Bool) {
    let p = j.distancePose
    let a = states[Int(j.indexA)], b = states[Int(j.indexB)]
    let axialSpeed = dot(p.axis, b.v + cross(b.w, p.rB) - a.v - cross(a.w, p.rA))
    let c = p.length - j.length
    var bias = 0.0, massScale = 1.0, impulseScale = 0.0
    if useBias {
        bias = ctx.jointSoftness.biasRate * c
        massScale = ctx.jointSoftness.massScale; impulseScale = ctx.jointSoftness.impulseScale
    }
    let impulse = -massScale * p.axialMass * (axialSpeed + bias) - impulseScale * j.impulse
    j.impulse += impulse
    applyAxialImpulse(impulse, j, p, states)
}

func solveDistance(_ j: inout JointRecord, _ states: UnsafeMutableBufferPointer<BodyState>, _ ctx: StepContext, useBias: Bool) {
    let p = j.distancePose
    let ia = Int(j.indexA), ib = Int(j.indexB)
    let axialMass = p.axialMass

    @inline(__always) func axialSpeed() -> Double {
        let a = states[ia], b = states[ib]
        return dot(p.axis, b.v + cross(b.w, p.rB) - a.v - cross(a.w, p.rA))
    }

    if j.isRigidRod {
        solveRigidRod(&j, states, ctx, useBias: useBias)
        return
    }
    // Spring toward the rest length (or free between the limits when hertz is 0).
    if j.enableSpring && j.hertz > 0 {
        let c = p.length - j.length
        let s = j.springSoftness
        let impulse = -s.massScale * axialMass * (axialSpeed() + s.biasRate * c) - s.impulseScale * j.springImpulse
        j.springImpulse += impulse
        applyAxialImpulse(impulse, j, p, states)
    }
    if j.enableLimit {
        // Lower: length ≥ minLength; upper: length ≤ maxLength.
        let lower = limitImpulse(gap: p.length - j.minLength, speed: axialSpeed(), mass: axialMass,
                                 accumulated: &j.lowerImpulse, ctx, useBias: useBias)
        applyAxialImpulse(lower, j, p, states)
        let upper = limitImpulse(gap: j.maxLength - p.length, speed: -axialSpeed(), mass: axialMass,
                                 accumulated: &j.upperImpulse, ctx, useBias: useBias)
        applyAxialImpulse(-upper, j, p, states)
    }
}
