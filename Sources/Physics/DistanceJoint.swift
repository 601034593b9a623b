// Distance joint (Box2D v3 distance_joint.c): a rigid rod, a spring toward the rest length, and/or
// a length range (a rope is a range [0, length] with no rod).

/// A rod when neither spring nor range is on, or when the range leaves no room to move; with a range
/// and no spring the length is free inside [minLength, maxLength] (a rope).
@inline(__always) private func isRigid(_ j: JointData) -> Bool {
    (!j.enableSpring && !j.enableLimit) || (j.enableLimit && j.minLength >= j.maxLength)
}

func prepareDistance(_ j: inout JointData, _ ctx: StepContext) {
    j.springSoftness = Softness(hertz: j.hertz, dampingRatio: j.dampingRatio, h: ctx.h)
    if !j.enableLimit || isRigid(j) { j.lowerImpulse = 0; j.upperImpulse = 0 }
    if !j.enableSpring { j.springImpulse = 0 }
}

func warmStartDistance(_ j: inout JointData, _ states: UnsafeMutableBufferPointer<BodyState>) {
    var a = states[Int(j.indexA)], b = states[Int(j.indexB)]
    let rA = a.dq.rotate(j.anchorA), rB = b.dq.rotate(j.anchorB)
    let axis = (b.dp - a.dp + j.deltaCenter + rB - rA).normalized
    let axialImpulse = j.impulse + j.springImpulse + j.lowerImpulse - j.upperImpulse
    let P = axialImpulse * axis
    a.v -= j.mA * P
    a.w -= j.iA * cross(rA, P)
    b.v += j.mB * P
    b.w += j.iB * cross(rB, P)
    states[Int(j.indexA)] = a
    states[Int(j.indexB)] = b
}

func solveDistance(_ j: inout JointData, _ states: UnsafeMutableBufferPointer<BodyState>, _ ctx: StepContext, useBias: Bool) {
    var a = states[Int(j.indexA)], b = states[Int(j.indexB)]
    let rA = a.dq.rotate(j.anchorA), rB = b.dq.rotate(j.anchorB)
    let d = b.dp - a.dp + j.deltaCenter + rB - rA
    let length = d.length
    let axis = d.normalized
    // The axial mass of the current pose (see solvePrismatic): an anchor far outside a small body
    // turns a few degrees of rotation into an orders-of-magnitude change of the lever arm.
    let crA = cross(rA, axis), crB = cross(rB, axis)
    let k = j.mA + j.mB + j.iA * crA * crA + j.iB * crB * crB
    let axialMass = k > 0 ? 1 / k : 0

    @inline(__always) func apply(_ impulse: Double, _ a: inout BodyState, _ b: inout BodyState) {
        let P = impulse * axis
        a.v -= j.mA * P
        a.w -= j.iA * cross(rA, P)
        b.v += j.mB * P
        b.w += j.iB * cross(rB, P)
    }
    @inline(__always) func axialSpeed(_ a: BodyState, _ b: BodyState) -> Double {
        dot(axis, b.v + cross(b.w, rB) - a.v - cross(a.w, rA))
    }

    if !isRigid(j) {
        // Spring toward the rest length (or free between the limits when hertz is 0).
        if j.enableSpring && j.hertz > 0 {
            let c = length - j.length
            let s = j.springSoftness
            let impulse = -s.massScale * axialMass * (axialSpeed(a, b) + s.biasRate * c) - s.impulseScale * j.springImpulse
            j.springImpulse += impulse
            apply(impulse, &a, &b)
        }
        if j.enableLimit {
            // Lower: length ≥ minLength.
            do {
                let c = length - j.minLength
                var bias = 0.0, massScale = 1.0, impulseScale = 0.0
                if c > 0 { bias = c * ctx.invH } else if useBias {
                    bias = ctx.jointSoftness.biasRate * c
                    massScale = ctx.jointSoftness.massScale; impulseScale = ctx.jointSoftness.impulseScale
                }
                var impulse = -massScale * axialMass * (axialSpeed(a, b) + bias) - impulseScale * j.lowerImpulse
                let newImpulse = Swift.max(0, j.lowerImpulse + impulse)
                impulse = newImpulse - j.lowerImpulse
                j.lowerImpulse = newImpulse
                apply(impulse, &a, &b)
            }
            // Upper: length ≤ maxLength.
            do {
                let c = j.maxLength - length
                var bias = 0.0, massScale = 1.0, impulseScale = 0.0
                if c > 0 { bias = c * ctx.invH } else if useBias {
                    bias = ctx.jointSoftness.biasRate * c
                    massScale = ctx.jointSoftness.massScale; impulseScale = ctx.jointSoftness.impulseScale
                }
                var impulse = -massScale * axialMass * (-axialSpeed(a, b) + bias) - impulseScale * j.upperImpulse
                let newImpulse = Swift.max(0, j.upperImpulse + impulse)
                impulse = newImpulse - j.upperImpulse
                j.upperImpulse = newImpulse
                apply(-impulse, &a, &b)
            }
        }
    } else {
        // Rigid rod.
        let c = length - j.length
        var bias = 0.0, massScale = 1.0, impulseScale = 0.0
        if useBias {
            bias = ctx.jointSoftness.biasRate * c
            massScale = ctx.jointSoftness.massScale; impulseScale = ctx.jointSoftness.impulseScale
        }
        let impulse = -massScale * axialMass * (axialSpeed(a, b) + bias) - impulseScale * j.impulse
        j.impulse += impulse
        apply(impulse, &a, &b)
    }
    states[Int(j.indexA)] = a
    states[Int(j.indexB)] = b
}
