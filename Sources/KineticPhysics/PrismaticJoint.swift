// Prismatic joint (Box2D v3 prismatic_joint.c): body B slides along an axis fixed in body A with no
// relative rotation; optional translation limits and a motor.

@inline(__always) func preparePrismatic(_ j: inout JointRecord, _ def: JointData, qA: Rot, _ ctx: StepContext) {
    j.axis = qA.rotate(def.localAxisA)
    if !j.enableMotor { j.motorImpulse = 0 }
    if !j.enableLimit { j.lowerImpulse = 0; j.upperImpulse = 0 }
}

/// The angular impulse per unit of axial impulse that keeps ωA = ωB. An axial impulse λ alone turns
/// each body by its lever arm (a1·λ on A, a2·λ on B); with a long lever on a small body (an anchor
/// 40 radii away) that is a violent spin the soft angular constraint takes back only in part, and
/// when it is warm-started next substep with levers that have since changed, the stored counter-torque
/// no longer matches: the body spun faster every substep until it diverged. Pairing each axial
/// impulse with the torque that holds the rotation, computed from the current levers, removes both.
@inline(__always) func lockedTorque(_ j: JointRecord, _ a1: Double, _ a2: Double) -> Double {
    let iSum = j.iA + j.iB
    return iSum > 0 ? -(j.iA * a1 + j.iB * a2) / iSum : 0
}

func warmStartPrismatic(_ j: inout JointRecord, _ states: UnsafeMutableBufferPointer<BodyState>) {
    var a = states[Int(j.indexA)], b = states[Int(j.indexB)]
    let rA = a.dq.rotate(j.anchorA), rB = b.dq.rotate(j.anchorB)
    let d = b.dp - a.dp + j.deltaCenter + rB - rA
    let axis = a.dq.rotate(j.axis)
    let a1 = cross(d + rA, axis), a2 = cross(rB, axis)
    let perp = axis.leftPerp
    let s1 = cross(d + rA, perp), s2 = cross(rB, perp)
    let axialImpulse = j.motorImpulse + j.lowerImpulse - j.upperImpulse
    // linearImpulse.x: perpendicular impulse, .y: angular impulse.
    let P = axialImpulse * axis + j.linearImpulse.x * perp
    // Axial and perpendicular impulses come with the torque that holds the relative rotation for
    // the current levers; linearImpulse.y is only the angular impulse beyond that.
    let L = lockedTorque(j, a1, a2) * axialImpulse + lockedTorque(j, s1, s2) * j.linearImpulse.x + j.linearImpulse.y
    let LA = axialImpulse * a1 + j.linearImpulse.x * s1 + L
    let LB = axialImpulse * a2 + j.linearImpulse.x * s2 + L
    a.v -= j.mA * P; a.w -= j.iA * LA
    b.v += j.mB * P; b.w += j.iB * LB
    states.storeJointBody(a, at: j.indexA)
    states.storeJointBody(b, at: j.indexB)
}

func solvePrismatic(_ j: inout JointRecord, _ states: UnsafeMutableBufferPointer<BodyState>, _ ctx: StepContext, useBias: Bool) {
    var a = states[Int(j.indexA)], b = states[Int(j.indexB)]
    let rA = a.dq.rotate(j.anchorA), rB = b.dq.rotate(j.anchorB)
    let d = b.dp - a.dp + j.deltaCenter + rB - rA
    let axis = a.dq.rotate(j.axis)
    let translation = dot(axis, d)
    let a1 = cross(d + rA, axis), a2 = cross(rB, axis)
    // Motor and limit push along the axis with the bodies' relative rotation held (see lockedTorque),
    // so their mass is that of the locked pair, from the current pose.
    let iSum = j.iA + j.iB
    let sharedI = iSum > 0 ? j.iA * j.iB / iSum : 0
    let k = j.mA + j.mB + sharedI * (a2 - a1) * (a2 - a1)
    let axialMass = k > 0 ? 1 / k : 0
    let torquePerImpulse = lockedTorque(j, a1, a2)

    @inline(__always) func applyAxial(_ impulse: Double, _ a: inout BodyState, _ b: inout BodyState) {
        let P = impulse * axis
        let L = torquePerImpulse * impulse
        a.v -= j.mA * P; a.w -= j.iA * (impulse * a1 + L)
        b.v += j.mB * P; b.w += j.iB * (impulse * a2 + L)
    }
    @inline(__always) func axialSpeed(_ a: BodyState, _ b: BodyState) -> Double {
        dot(axis, b.v - a.v) + a2 * b.w - a1 * a.w
    }

    if j.enableMotor {
        let maxImpulse = ctx.h * j.maxMotor
        let old = j.motorImpulse
        j.motorImpulse = Swift.min(Swift.max(old + axialMass * (j.motorSpeed - axialSpeed(a, b)), -maxImpulse), maxImpulse)
        applyAxial(j.motorImpulse - old, &a, &b)
    }

    if j.enableLimit {
        let lower = limitImpulse(gap: translation - j.lower, speed: axialSpeed(a, b), mass: axialMass,
                                 accumulated: &j.lowerImpulse, ctx, useBias: useBias)
        applyAxial(lower, &a, &b)
        let upper = limitImpulse(gap: j.upper - translation, speed: -axialSpeed(a, b), mass: axialMass,
                                 accumulated: &j.upperImpulse, ctx, useBias: useBias)
        applyAxial(-upper, &a, &b)
    }

    // Perpendicular and angular constraints as one 2×2 block.
    do {
        let perp = axis.leftPerp
        let s1 = cross(d + rA, perp), s2 = cross(rB, perp)
        let cdot = Vec2(dot(perp, b.v - a.v) + s2 * b.w - s1 * a.w, b.w - a.w)
        var bias = Vec2.zero, massScale = 1.0, impulseScale = 0.0
        if useBias {
            let c = Vec2(dot(perp, d), Rot.relativeAngle(a.dq, b.dq) + j.deltaAngle)
            bias = ctx.jointSoftness.biasRate * c
            massScale = ctx.jointSoftness.massScale; impulseScale = ctx.jointSoftness.impulseScale
        }
        let x = solvePerpendicularAndAngle(j.mA + j.mB, j.iA, s1, j.iB, s2, cdot + bias)
        // The stored angular impulse excludes the torque that holds the rotation against the
        // perpendicular impulse (see warmStartPrismatic), so warm starting stays balanced when the
        // lever s1 changes.
        let holding = lockedTorque(j, s1, s2)
        let accumulated = Vec2(j.linearImpulse.x, j.linearImpulse.y + holding * j.linearImpulse.x)
        let impulse = Vec2(-massScale * x.x - impulseScale * accumulated.x, -massScale * x.y - impulseScale * accumulated.y)
        j.linearImpulse += Vec2(impulse.x, impulse.y - holding * impulse.x)
        let P = impulse.x * perp
        let LA = impulse.x * s1 + impulse.y, LB = impulse.x * s2 + impulse.y
        a.v -= j.mA * P; a.w -= j.iA * LA
        b.v += j.mB * P; b.w += j.iB * LB
    }
    states.storeJointBody(a, at: j.indexA)
    states.storeJointBody(b, at: j.indexB)
}

/// Solves K x = b for the perpendicular-and-angular block, K = [[m + iA·s1² + iB·s2², iA·s1 + iB·s2],
/// [iA·s1 + iB·s2, iA + iB]]. Its determinant is m·(iA + iB) + iA·iB·(s1 − s2)², computed as such:
/// as k11·k22 − k12² it cancels when a light body's lever term dwarfs the masses (an anchor thousands
/// of radii outside a small body), as in `solvePoint`. Bodies with fixed rotation (iA + iB = 0) keep
/// only the perpendicular row.
@inline(__always)
func solvePerpendicularAndAngle(_ m: Double, _ iA: Double, _ s1: Double, _ iB: Double, _ s2: Double, _ b: Vec2) -> Vec2 {
    let k11 = m + iA * s1 * s1 + iB * s2 * s2
    let k12 = iA * s1 + iB * s2
    let k22 = iA + iB
    if k22 == 0 { return Vec2(k11 > 0 ? b.x / k11 : 0, 0) }
    let ds = s1 - s2
    let det = m * k22 + iA * iB * ds * ds
    guard det > 0, det.isFinite else { return .zero }
    let inverse = 1 / det
    return Vec2(inverse * (k22 * b.x - k12 * b.y), inverse * (k11 * b.y - k12 * b.x))
}
