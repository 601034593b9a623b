// Soft contact constraints (Box2D v3 contact_solver.c, scalar path): prepared once per step with
// anchors relative to the centres of mass, effective masses and soft coefficients; solved per
// substep with and without position bias; restitution applied once after the substeps.

/// Soft constraint coefficients for a spring of `hertz` and `dampingRatio` over a substep `h`
/// (Box2D b2MakeSoft). Rigid when hertz is 0.
struct Softness {
    var biasRate = 0.0
    var massScale = 1.0
    var impulseScale = 0.0

    init() {}
    init(hertz: Double, dampingRatio zeta: Double, h: Double) {
        guard hertz > 0 else { return }
        let omega = 2 * Double.pi * hertz
        let a1 = 2 * zeta + h * omega
        let a2 = h * omega * a1
        let a3 = 1 / (1 + a2)
        biasRate = omega / a1
        massScale = a2 * a3
        impulseScale = a3
    }
}

/// One point of a contact constraint.
struct ContactConstraintPoint {
    var anchorA = Vec2.zero, anchorB = Vec2.zero
    /// Separation at the start of the step minus the anchors' offset along the normal, so the
    /// current separation is `dot(dpB − dpA + dqB·rB − dqA·rA, n) + adjustedSeparation`.
    var adjustedSeparation = 0.0
    /// Normal velocity before the solve (restitution target).
    var relativeVelocity = 0.0
    var normalImpulse = 0.0, tangentImpulse = 0.0
    /// Largest normal impulse applied in a substep: zero means the point never pushed.
    var maxNormalImpulse = 0.0
    var normalMass = 0.0, tangentMass = 0.0
}

/// A contact's constraint for one step.
struct ContactConstraint {
    var indexA: Int32 = 0, indexB: Int32 = 0
    var contact: Int32 = 0
    var normal = Vec2.zero
    var friction = 0.0, restitution = 0.0
    var mA = 0.0, iA = 0.0, mB = 0.0, iB = 0.0
    var softness = Softness()
    var pointCount = 0
    var p0 = ContactConstraintPoint()
    var p1 = ContactConstraintPoint()
}

// MARK: - Stages

/// Fills effective masses, anchors and warm-start impulses from the manifold.
@inline(__always)
func prepareContactPoint(_ cp: inout ContactConstraintPoint, _ mp: ManifoldPoint, _ c: ContactConstraint) {
    cp.normalImpulse = mp.normalImpulse
    cp.tangentImpulse = mp.tangentImpulse
    cp.maxNormalImpulse = 0
    let rA = mp.anchorA, rB = mp.anchorB
    cp.anchorA = rA; cp.anchorB = rB
    cp.adjustedSeparation = mp.separation - dot(rB - rA, c.normal)
    let rnA = cross(rA, c.normal), rnB = cross(rB, c.normal)
    let kNormal = c.mA + c.mB + c.iA * rnA * rnA + c.iB * rnB * rnB
    cp.normalMass = kNormal > 0 ? 1 / kNormal : 0
    let tangent = c.normal.rightPerp
    let rtA = cross(rA, tangent), rtB = cross(rB, tangent)
    let kTangent = c.mA + c.mB + c.iA * rtA * rtA + c.iB * rtB * rtB
    cp.tangentMass = kTangent > 0 ? 1 / kTangent : 0
}

/// Normal velocity of B relative to A at each point, before the solve.
func storeRelativeVelocities(_ cs: UnsafeMutableBufferPointer<ContactConstraint>, _ states: UnsafeMutableBufferPointer<BodyState>) {
    for i in cs.indices {
        let a = states[Int(cs[i].indexA)], b = states[Int(cs[i].indexB)]
        let n = cs[i].normal
        cs[i].p0.relativeVelocity = dot(n, b.v + cross(b.w, cs[i].p0.anchorB) - a.v - cross(a.w, cs[i].p0.anchorA))
        if cs[i].pointCount > 1 {
            cs[i].p1.relativeVelocity = dot(n, b.v + cross(b.w, cs[i].p1.anchorB) - a.v - cross(a.w, cs[i].p1.anchorA))
        }
    }
}

/// Applies last step's impulses at the start of a substep.
func warmStartContacts(_ cs: UnsafeMutableBufferPointer<ContactConstraint>, _ states: UnsafeMutableBufferPointer<BodyState>) {
    for i in cs.indices {
        let c = cs[i]
        var a = states[Int(c.indexA)], b = states[Int(c.indexB)]
        let tangent = c.normal.rightPerp
        for k in 0..<c.pointCount {
            let cp = k == 0 ? c.p0 : c.p1
            let P = cp.normalImpulse * c.normal + cp.tangentImpulse * tangent
            a.w -= c.iA * cross(cp.anchorA, P)
            a.v -= c.mA * P
            b.w += c.iB * cross(cp.anchorB, P)
            b.v += c.mB * P
        }
        states[Int(c.indexA)] = a
        states[Int(c.indexB)] = b
    }
}

@inline(__always)
private func solveNormal(_ cp: inout ContactConstraintPoint, _ c: ContactConstraint, _ dp: Vec2, _ dqA: Rot, _ dqB: Rot,
                         _ a: inout BodyState, _ b: inout BodyState, _ ctx: StepContext, _ useBias: Bool) -> Double {
    // Current separation from the position change within the step.
    let prA = dqA.rotate(cp.anchorA), prB = dqB.rotate(cp.anchorB)
    let s = dot(dp + prB - prA, c.normal) + cp.adjustedSeparation
    var velocityBias = 0.0, massScale = 1.0, impulseScale = 0.0
    if s > 0 {
        // Speculative: allow closing the gap within this substep.
        velocityBias = s * ctx.invH
    } else if useBias {
        velocityBias = Swift.max(c.softness.biasRate * s, -ctx.maxContactPushSpeed)
        massScale = c.softness.massScale
        impulseScale = c.softness.impulseScale
    }
    let rA = cp.anchorA, rB = cp.anchorB
    let dv = b.v + cross(b.w, rB) - a.v - cross(a.w, rA)
    let vn = dot(dv, c.normal)
    var impulse = -cp.normalMass * massScale * (vn + velocityBias) - impulseScale * cp.normalImpulse
    let newImpulse = Swift.max(cp.normalImpulse + impulse, 0)
    impulse = newImpulse - cp.normalImpulse
    cp.normalImpulse = newImpulse
    cp.maxNormalImpulse = Swift.max(cp.maxNormalImpulse, impulse)
    let P = impulse * c.normal
    a.v -= c.mA * P
    a.w -= c.iA * cross(rA, P)
    b.v += c.mB * P
    b.w += c.iB * cross(rB, P)
    return newImpulse
}

@inline(__always)
private func solveFriction(_ cp: inout ContactConstraintPoint, _ c: ContactConstraint, _ tangent: Vec2, _ a: inout BodyState, _ b: inout BodyState) {
    let rA = cp.anchorA, rB = cp.anchorB
    let dv = b.v + cross(b.w, rB) - a.v - cross(a.w, rA)
    let vt = dot(dv, tangent)
    var impulse = -cp.tangentMass * vt
    let maxFriction = c.friction * cp.normalImpulse
    let newImpulse = Swift.min(Swift.max(cp.tangentImpulse + impulse, -maxFriction), maxFriction)
    impulse = newImpulse - cp.tangentImpulse
    cp.tangentImpulse = newImpulse
    let P = impulse * tangent
    a.v -= c.mA * P
    a.w -= c.iA * cross(rA, P)
    b.v += c.mB * P
    b.w += c.iB * cross(rB, P)
}

/// One Gauss-Seidel pass over the contacts: normal (soft when `useBias`) then friction.
func solveContacts(_ cs: UnsafeMutableBufferPointer<ContactConstraint>, _ states: UnsafeMutableBufferPointer<BodyState>,
                   _ ctx: StepContext, useBias: Bool) {
    for i in cs.indices {
        var c = cs[i]
        let ia = Int(c.indexA), ib = Int(c.indexB)
        var a = states[ia], b = states[ib]
        let dp = b.dp - a.dp
        _ = solveNormal(&c.p0, c, dp, a.dq, b.dq, &a, &b, ctx, useBias)
        if c.pointCount > 1 { _ = solveNormal(&c.p1, c, dp, a.dq, b.dq, &a, &b, ctx, useBias) }
        let tangent = c.normal.rightPerp
        solveFriction(&c.p0, c, tangent, &a, &b)
        if c.pointCount > 1 { solveFriction(&c.p1, c, tangent, &a, &b) }
        cs[i].p0 = c.p0
        cs[i].p1 = c.p1
        states[ia] = a
        states[ib] = b
    }
}

/// After the substeps: points that were approaching faster than the threshold and pushed get a
/// separating normal velocity of `restitution × approach speed` (Box2D b2ApplyRestitution).
func applyRestitution(_ cs: UnsafeMutableBufferPointer<ContactConstraint>, _ states: UnsafeMutableBufferPointer<BodyState>, threshold: Double) {
    for i in cs.indices where cs[i].restitution > 0 {
        var c = cs[i]
        var a = states[Int(c.indexA)], b = states[Int(c.indexB)]
        for k in 0..<c.pointCount {
            var cp = k == 0 ? c.p0 : c.p1
            if cp.relativeVelocity > -threshold || cp.maxNormalImpulse == 0 { continue }
            let rA = cp.anchorA, rB = cp.anchorB
            let vn = dot(b.v + cross(b.w, rB) - a.v - cross(a.w, rA), c.normal)
            var impulse = -cp.normalMass * (vn + c.restitution * cp.relativeVelocity)
            let newImpulse = Swift.max(cp.normalImpulse + impulse, 0)
            impulse = newImpulse - cp.normalImpulse
            cp.normalImpulse = newImpulse
            cp.maxNormalImpulse = Swift.max(cp.maxNormalImpulse, impulse)
            let P = impulse * c.normal
            a.v -= c.mA * P
            a.w -= c.iA * cross(rA, P)
            b.v += c.mB * P
            b.w += c.iB * cross(rB, P)
            if k == 0 { c.p0 = cp } else { c.p1 = cp }
        }
        cs[i] = c
        states[Int(c.indexA)] = a
        states[Int(c.indexB)] = b
    }
}

/// Elastic impacts between two dynamic bodies that already touch (or will within the step) are
/// resolved before the soft solve as a sequence of pairwise collisions, repeated until no such
/// contact still approaches. The soft solve treats a row of touching bodies as one block, which
/// would split a Newton's cradle's impact among all balls; sequential impulses pass it along instead.
/// Momentum is conserved exactly; a bounce against static or kinematic bodies is left to the
/// restitution stage, which reverses the velocity at the true contact position.
func propagateImpacts(_ cs: UnsafeMutableBufferPointer<ContactConstraint>, _ list: ContiguousArray<Int32>,
                      _ states: UnsafeMutableBufferPointer<BodyState>, _ ctx: StepContext) {
    guard !list.isEmpty else { return }
    let maxPasses = Swift.min(64, 2 * list.count + 2)
    for _ in 0..<maxPasses {
        var applied = false
        for i32 in list {
            let c = cs[Int(i32)]
            var a = states[Int(c.indexA)], b = states[Int(c.indexB)]
            // One effective point at the manifold's centre keeps a face-to-face impact symmetric.
            var rA = c.p0.anchorA, rB = c.p0.anchorB, separation = c.p0.adjustedSeparation + dot(rB - rA, c.normal)
            if c.pointCount > 1 {
                rA = 0.5 * (c.p0.anchorA + c.p1.anchorA); rB = 0.5 * (c.p0.anchorB + c.p1.anchorB)
                separation = Swift.min(separation, c.p1.adjustedSeparation + dot(c.p1.anchorB - c.p1.anchorA, c.normal))
            }
            let vn = dot(b.v + cross(b.w, rB) - a.v - cross(a.w, rA), c.normal)
            guard vn < -ctx.restitutionThreshold, separation + vn * ctx.dt < 0 else { continue }
            let rnA = cross(rA, c.normal), rnB = cross(rB, c.normal)
            let k = c.mA + c.mB + c.iA * rnA * rnA + c.iB * rnB * rnB
            guard k > 0 else { continue }
            let impulse = -(1 + c.restitution) * vn / k
            let P = impulse * c.normal
            a.v -= c.mA * P
            a.w -= c.iA * cross(rA, P)
            b.v += c.mB * P
            b.w += c.iB * cross(rB, P)
            states[Int(c.indexA)] = a
            states[Int(c.indexB)] = b
            applied = true
        }
        if !applied { break }
    }
}
