// Weld joint (Box2D v3 weld_joint.c): locks relative position and angle; rigid (the world's joint
// softness) when a hertz is 0, otherwise a spring of that frequency.

func prepareWeld(_ j: inout JointData, _ ctx: StepContext) {
    let k = j.iA + j.iB
    j.axialMass = k > 0 ? 1 / k : 0
    j.linearSoftness = j.linearHertz == 0 ? ctx.jointSoftness : Softness(hertz: j.linearHertz, dampingRatio: j.linearDampingRatio, h: ctx.h)
    j.angularSoftness = j.angularHertz == 0 ? ctx.jointSoftness : Softness(hertz: j.angularHertz, dampingRatio: j.angularDampingRatio, h: ctx.h)
}

func warmStartWeld(_ j: inout JointData, _ states: UnsafeMutableBufferPointer<BodyState>) {
    var a = states[Int(j.indexA)], b = states[Int(j.indexB)]
    let rA = a.dq.rotate(j.anchorA), rB = b.dq.rotate(j.anchorB)
    a.v -= j.mA * j.linearImpulse
    a.w -= j.iA * (cross(rA, j.linearImpulse) + j.angularImpulse)
    b.v += j.mB * j.linearImpulse
    b.w += j.iB * (cross(rB, j.linearImpulse) + j.angularImpulse)
    states[Int(j.indexA)] = a
    states[Int(j.indexB)] = b
}

func solveWeld(_ j: inout JointData, _ states: UnsafeMutableBufferPointer<BodyState>, _ ctx: StepContext, useBias: Bool) {
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
        let impulse = -j.axialMass * massScale * (cdot + bias) - impulseScale * j.angularImpulse
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
            bias = j.linearSoftness.biasRate * c
            massScale = j.linearSoftness.massScale
            impulseScale = j.linearSoftness.impulseScale
        }
        let cdot = b.v + cross(b.w, rB) - a.v - cross(a.w, rA)
        let k11 = j.mA + j.mB + rA.y * rA.y * j.iA + rB.y * rB.y * j.iB
        let k12 = -rA.y * rA.x * j.iA - rB.y * rB.x * j.iB
        let k22 = j.mA + j.mB + rA.x * rA.x * j.iA + rB.x * rB.x * j.iB
        let x = solve22(k11, k12, k22, cdot + bias)
        let impulse = Vec2(-massScale * x.x - impulseScale * j.linearImpulse.x, -massScale * x.y - impulseScale * j.linearImpulse.y)
        j.linearImpulse += impulse
        a.v -= j.mA * impulse
        a.w -= j.iA * cross(rA, impulse)
        b.v += j.mB * impulse
        b.w += j.iB * cross(rB, impulse)
    }
    states[Int(j.indexA)] = a
    states[Int(j.indexB)] = b
}
