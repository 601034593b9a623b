// Weld joint (Box2D v3 weld_joint.c): locks relative position and angle; rigid (the world's joint
// softness) when a hertz is 0, otherwise a spring of that frequency.

@inline(__always) func prepareWeld(_ j: inout JointRecord, _ def: JointData, _ ctx: StepContext) {
    let k = j.iA + j.iB
    j.axialMass = k > 0 ? 1 / k : 0
    j.linearSoftness = def.linearHertz == 0 ? ctx.jointSoftness : Softness(hertz: def.linearHertz, dampingRatio: def.linearDampingRatio, h: ctx.h)
    j.angularSoftness = def.angularHertz == 0 ? ctx.jointSoftness : Softness(hertz: def.angularHertz, dampingRatio: def.angularDampingRatio, h: ctx.h)
}

/// The angular impulse that keeps ωA = ωB against the linear impulse P at levers rA, rB. The weld's
/// stored angular impulse excludes it: with an anchor far outside a small body the part that held
/// the rotation is large, and warm-starting it unchanged next substep, after the levers have turned,
/// spins the small body (the same failure as the prismatic joint's, see lockedTorque).
/// A soft angular weld (a spring, `angularHertz > 0`) does not hold the relative angle, so it holds
/// none: its impulse is the spring's alone, as in Box2D. Counting the holding torque in it made the
/// spring's relaxation (`impulseScale` × accumulated impulse) take back, each substep, most of a
/// torque the spring never applied, spinning the lighter body ever faster until the scene was NaN
/// (`speedCapsAfterSolveKeepASoftWeldDraggedPastTheCapsBounded` drives such a weld).
@inline(__always) func holdingTorque(_ j: JointRecord, _ rA: Vec2, _ rB: Vec2, _ P: Vec2) -> Double {
    j.angularHertz > 0 ? 0 : lockedTorque(j, cross(rA, P), cross(rB, P))
}

func warmStartWeld(_ j: inout JointRecord, _ states: UnsafeMutableBufferPointer<BodyState>) {
    var a = states[Int(j.indexA)], b = states[Int(j.indexB)]
    let rA = a.dq.rotate(j.anchorA), rB = b.dq.rotate(j.anchorB)
    let angular = j.angularImpulse + holdingTorque(j, rA, rB, j.linearImpulse)
    applyPointImpulse(j.linearImpulse, angular: angular, rA, rB, j, &a, &b)
    states.storeJointBody(a, at: j.indexA)
    states.storeJointBody(b, at: j.indexB)
}

func solveWeld(_ j: inout JointRecord, _ states: UnsafeMutableBufferPointer<BodyState>, _ ctx: StepContext, useBias: Bool) {
    var a = states[Int(j.indexA)], b = states[Int(j.indexB)]
    // Angular.
    do {
        var bias = 0.0, massScale = 1.0, impulseScale = 0.0
        if useBias || j.angularHertz > 0 {
            let c = Rot.relativeAngle(a.dq, b.dq) + j.deltaAngle
            bias = j.angularSoftness.biasRate * c
            massScale = j.angularSoftness.massScale
            impulseScale = j.angularSoftness.impulseScale
        }
        let cdot = b.w - a.w
        let accumulated = j.angularImpulse + holdingTorque(j, a.dq.rotate(j.anchorA), b.dq.rotate(j.anchorB), j.linearImpulse)
        let impulse = -j.axialMass * massScale * (cdot + bias) - impulseScale * accumulated
        j.angularImpulse += impulse
        a.w -= j.iA * impulse
        b.w += j.iB * impulse
    }
    // Linear.
    do {
        let rA = a.dq.rotate(j.anchorA), rB = b.dq.rotate(j.anchorB)
        var bias = Vec2.zero, massScale = 1.0, impulseScale = 0.0
        if useBias || j.linearHertz > 0 {
            let c = b.dp - a.dp + (rB - rA) + j.deltaCenter
            bias = j.linearHertz > 0 ? j.linearSoftness.biasRate * c : clampedJointBias(j.linearSoftness.biasRate * c, ctx)
            massScale = j.linearSoftness.massScale
            impulseScale = j.linearSoftness.impulseScale
        }
        let impulse = solvePointConstraint(&j, rA, rB, bias: bias, massScale: massScale, impulseScale: impulseScale, &a, &b)
        j.angularImpulse -= holdingTorque(j, rA, rB, impulse)
    }
    states.storeJointBody(a, at: j.indexA)
    states.storeJointBody(b, at: j.indexB)
}
