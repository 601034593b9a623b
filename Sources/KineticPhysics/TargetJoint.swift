// Target joint (Box2D v3 mouse_joint.c): a soft spring pulls a body point toward a world target,
// its force capped by maxForce; optionally a soft angular spring turns the body to targetAngle.
// Dragging and snapping are built on it.

@inline(__always) func prepareTarget(_ j: inout JointRecord, _ def: JointData, qB: Rot, _ ctx: StepContext) {
    j.linearSoftness = Softness(hertz: def.hertz, dampingRatio: def.dampingRatio, h: ctx.h)
    j.angularSoftness = Softness(hertz: def.angularHertz, dampingRatio: def.angularDampingRatio, h: ctx.h)
    j.axialMass = j.iB > 0 ? 1 / j.iB : 0
    // Angle error at the start of the step.
    j.deltaAngle = unwind(qB.angle - def.targetAngle)
}

func warmStartTarget(_ j: inout JointRecord, _ states: UnsafeMutableBufferPointer<BodyState>) {
    var b = states[Int(j.indexB)]
    let rB = b.dq.rotate(j.anchorB)
    b.v += j.mB * j.linearImpulse
    b.w += j.iB * (cross(rB, j.linearImpulse) + j.angularImpulse)
    states.storeJointBody(b, at: j.indexB)
}

func solveTarget(_ j: inout JointRecord, _ states: UnsafeMutableBufferPointer<BodyState>, _ ctx: StepContext, useBias: Bool) {
    var b = states[Int(j.indexB)]
    // Angular drive: always soft, so it is applied in the relax pass as well.
    if j.angularHertz > 0 && j.iB > 0 {
        let c = j.deltaAngle + b.dq.angle
        let cdot = b.w
        let s = j.angularSoftness
        let impulse = -j.axialMass * s.massScale * (cdot + s.biasRate * c) - s.impulseScale * j.angularImpulse
        j.angularImpulse += impulse
        b.w += j.iB * impulse
    }
    // Linear spring toward the target (soft in both passes, like Box2D's mouse joint).
    do {
        let rB = b.dq.rotate(j.anchorB)
        let cdot = b.v + cross(b.w, rB)
        let separation = b.dp + rB + j.deltaCenter
        let s = j.linearSoftness
        let bias = s.biasRate * separation
        let x = solvePoint(0, 0, .zero, j.mB, j.iB, rB, cdot + bias)
        let old = j.linearImpulse
        var total = Vec2(old.x - s.massScale * x.x - s.impulseScale * old.x, old.y - s.massScale * x.y - s.impulseScale * old.y)
        let maxImpulse = ctx.h * j.maxForce
        let length = total.length
        if length > maxImpulse { total = (maxImpulse / length) * total }
        j.linearImpulse = total
        let impulse = total - old
        b.v += j.mB * impulse
        b.w += j.iB * cross(rB, impulse)
    }
    states.storeJointBody(b, at: j.indexB)
}
