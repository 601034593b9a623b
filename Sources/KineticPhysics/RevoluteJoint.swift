// Revolute joint (Box2D v3 revolute_joint.c): the anchors coincide; optional angle limits and a
// motor. A motor with speed 0 and a torque cap acts as joint friction.

@inline(__always) func prepareRevolute(_ j: inout JointRecord, _ ctx: StepContext) {
    let k = j.iA + j.iB
    j.axialMass = k > 0 ? 1 / k : 0
    if !j.enableMotor { j.motorImpulse = 0 }
    if !j.enableLimit { j.lowerImpulse = 0; j.upperImpulse = 0 }
}

func warmStartRevolute(_ j: inout JointRecord, _ states: UnsafeMutableBufferPointer<BodyState>) {
    var a = states[Int(j.indexA)], b = states[Int(j.indexB)]
    let rA = a.dq.rotate(j.anchorA), rB = b.dq.rotate(j.anchorB)
    applyPointImpulse(j.linearImpulse, angular: j.motorImpulse + j.lowerImpulse - j.upperImpulse, rA, rB, j, &a, &b)
    states.storeJointBody(a, at: j.indexA)
    states.storeJointBody(b, at: j.indexB)
}

func solveRevolute(_ j: inout JointRecord, _ states: UnsafeMutableBufferPointer<BodyState>, _ ctx: StepContext, useBias: Bool) {
    var a = states[Int(j.indexA)], b = states[Int(j.indexB)]
    let fixedRotation = j.iA + j.iB == 0

    // Motor: drives the relative angular speed to motorSpeed with at most maxMotor torque.
    if j.enableMotor && !fixedRotation {
        let cdot = b.w - a.w - j.motorSpeed
        let maxImpulse = ctx.h * j.maxMotor
        let old = j.motorImpulse
        j.motorImpulse = Swift.min(Swift.max(old - j.axialMass * cdot, -maxImpulse), maxImpulse)
        let impulse = j.motorImpulse - old
        a.w -= j.iA * impulse
        b.w += j.iB * impulse
    }

    if j.enableLimit && !fixedRotation {
        let jointAngle = j.deltaAngle + Rot.relativeAngle(a.dq, b.dq)
        let lower = limitImpulse(gap: jointAngle - j.lower, speed: b.w - a.w, mass: j.axialMass,
                                 accumulated: &j.lowerImpulse, ctx, useBias: useBias)
        a.w -= j.iA * lower
        b.w += j.iB * lower
        // The upper limit pushes the other way.
        let upper = limitImpulse(gap: j.upper - jointAngle, speed: a.w - b.w, mass: j.axialMass,
                                 accumulated: &j.upperImpulse, ctx, useBias: useBias)
        a.w += j.iA * upper
        b.w -= j.iB * upper
    }

    // Point constraint.
    do {
        let rA = a.dq.rotate(j.anchorA), rB = b.dq.rotate(j.anchorB)
        var bias = Vec2.zero, massScale = 1.0, impulseScale = 0.0
        if useBias {
            let separation = b.dp - a.dp + (rB - rA) + j.deltaCenter
            bias = clampedJointBias(ctx.jointSoftness.biasRate * separation, ctx)
            massScale = ctx.jointSoftness.massScale
            impulseScale = ctx.jointSoftness.impulseScale
        }
        solvePointConstraint(&j, rA, rB, bias: bias, massScale: massScale, impulseScale: impulseScale, &a, &b)
    }
    states.storeJointBody(a, at: j.indexA)
    states.storeJointBody(b, at: j.indexB)
}
