// Soft contact constraints (Box2D v3 contact_solver.c, scalar path): prepared once per step with
// anchors relative to the centres of mass, effective masses and soft coefficients; solved per
// substep with and without position bias. Restitution, after the substeps, is Step/Restitution.swift.

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
    /// Separation at the start of the step.
    var baseSeparation = 0.0
    /// Normal velocity before the solve (restitution target).
    var relativeVelocity = 0.0
    var normalImpulse = 0.0, tangentImpulse = 0.0
    /// Largest normal impulse applied in a substep: zero means the point never pushed.
    var maxNormalImpulse = 0.0
    var normalMass = 0.0, tangentMass = 0.0
}

/// A contact's constraint for one step. Contacts bundled for the lane-wide solve are prepared into
/// `ContactConstraintBundle`s (ContactSolverWide.swift) and leave this unwritten unless they bounce
/// (the restitution stages read it); the others are solved from here.
struct ContactConstraint {
    var indexA: Int32 = 0, indexB: Int32 = 0
    var contact: Int32 = 0
    /// Against a static or kinematic body: the stiffer static softness applies.
    var isStaticPair = false
    var pointCount = 0
    var normal = Vec2.zero
    var friction = 0.0, restitution = 0.0
    var mA = 0.0, iA = 0.0, mB = 0.0, iB = 0.0
    var p0 = ContactConstraintPoint()
    var p1 = ContactConstraintPoint()
    /// Two-point friction: the tangent mass at the centre of the anchors.
    var centralTangentMass = 0.0
}

/// Two-point friction setup: the tangent mass at the centre of the anchors.
func prepareCentralFriction(_ c: inout ContactConstraint) {
    guard c.pointCount == 2 else { return }
    let tangent = c.normal.rightPerp
    let rtA = cross(0.5 * (c.p0.anchorA + c.p1.anchorA), tangent), rtB = cross(0.5 * (c.p0.anchorB + c.p1.anchorB), tangent)
    let kt = c.mA + c.mB + c.iA * rtA * rtA + c.iB * rtB * rtB
    c.centralTangentMass = kt > 0 ? 1 / kt : 0
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
    cp.baseSeparation = mp.separation
    let rnA = cross(rA, c.normal), rnB = cross(rB, c.normal)
    let kNormal = c.mA + c.mB + c.iA * rnA * rnA + c.iB * rnB * rnB
    cp.normalMass = kNormal > 0 ? 1 / kNormal : 0
    let tangent = c.normal.rightPerp
    let rtA = cross(rA, tangent), rtB = cross(rB, tangent)
    let kTangent = c.mA + c.mB + c.iA * rtA * rtA + c.iB * rtB * rtB
    cp.tangentMass = kTangent > 0 ? 1 / kTangent : 0
}

/// Applies last step's impulses to one contact's bodies at the start of a substep.
@inline(__always)
func warmStartContact(_ c: UnsafeMutablePointer<ContactConstraint>, _ sb: UnsafeMutablePointer<BodyState>,
                      _ shared: UnsafeMutablePointer<BodyState>) {
    let sa = sb + Int(c.pointee.indexA), sbB = sb + Int(c.pointee.indexB)
    var a = sa.pointee, b = sbB.pointee
    let normal = c.pointee.normal, tangent = normal.rightPerp
    let mA = c.pointee.mA, iA = c.pointee.iA, mB = c.pointee.mB, iB = c.pointee.iB
    do {
        let P = c.pointee.p0.normalImpulse * normal + c.pointee.p0.tangentImpulse * tangent
        a.w -= iA * cross(c.pointee.p0.anchorA, P); a.v -= mA * P
        b.w += iB * cross(c.pointee.p0.anchorB, P); b.v += mB * P
    }
    if c.pointee.pointCount > 1 {
        let P = c.pointee.p1.normalImpulse * normal + c.pointee.p1.tangentImpulse * tangent
        a.w -= iA * cross(c.pointee.p1.anchorA, P); a.v -= mA * P
        b.w += iB * cross(c.pointee.p1.anchorB, P); b.v += mB * P
    }
    // Not into the static bodies' one state (zero inverse mass: it stays zero).
    if sa != shared { sa.pointee.v = a.v; sa.pointee.w = a.w }
    if sbB != shared { sbB.pointee.v = b.v; sbB.pointee.w = b.w }
}

/// The constants of a constraint that every point's solve reads.
struct ContactPair {
    var normal: Vec2
    var mA: Double, iA: Double, mB: Double, iB: Double
}

/// Separation of a point after the bodies moved by `dp` (B relative to A) and turned by `dqA`, `dqB`
/// within the step. The turn enters to first order (sin θ · cross(r, n)), whereas Box2D v3 rotates
/// the anchors exactly: for a round shape spinning fast (a small ball after a glancing bounce can
/// turn a radian per substep) the exact rotation swings the anchor away from the surface and reads
/// as a growing gap, letting the ball sink into whatever it touches. To first order a circle's
/// separation does not depend on its spin, as it should.
@inline(__always)
private func currentSeparation(_ cp: ContactConstraintPoint, _ n: Vec2, _ dp: Vec2, _ dqA: Rot, _ dqB: Rot) -> Double {
    // cross(anchor, normal): how far the separation changes per radian turned. Recomputed rather
    // than stored: the solver streams the constraints from memory every pass, arithmetic is cheaper.
    dot(dp, n) + dqB.s * cross(cp.anchorB, n) - dqA.s * cross(cp.anchorA, n) + cp.baseSeparation
}

@inline(__always)
private func solveNormal(_ cp: inout ContactConstraintPoint, _ k: ContactPair, _ softness: Softness, _ dp: Vec2, _ dqA: Rot, _ dqB: Rot,
                         _ a: inout BodyState, _ b: inout BodyState, _ constants: ContactSolveConstants, _ useBias: Bool) {
    let s = currentSeparation(cp, k.normal, dp, dqA, dqB)
    var velocityBias = 0.0, massScale = 1.0, impulseScale = 0.0
    if s > 0 {
        // Speculative: allow closing the gap within this substep.
        velocityBias = s * constants.invH
    } else if useBias {
        velocityBias = Swift.max(softness.biasRate * s, -constants.maxPushSpeed)
        massScale = softness.massScale
        impulseScale = softness.impulseScale
    }
    let rA = cp.anchorA, rB = cp.anchorB
    let dv = b.v + cross(b.w, rB) - a.v - cross(a.w, rA)
    let vn = dot(dv, k.normal)
    applyNormalImpulse(-cp.normalMass * massScale * (vn + velocityBias) - impulseScale * cp.normalImpulse, &cp, k, &a, &b)
}

/// Adds `impulse` to the point's accumulated normal impulse, which only ever pushes, keeps the
/// largest change in `maxNormalImpulse`, and applies the change along the normal to both bodies;
/// returns the change. The solve and the restitution stage (Step/Restitution.swift) both push so.
@inline(__always) @discardableResult
func applyNormalImpulse(_ impulse: Double, _ cp: inout ContactConstraintPoint, _ k: ContactPair,
                        _ a: inout BodyState, _ b: inout BodyState) -> Double {
    let newImpulse = Swift.max(cp.normalImpulse + impulse, 0)
    let change = newImpulse - cp.normalImpulse
    cp.normalImpulse = newImpulse
    cp.maxNormalImpulse = Swift.max(cp.maxNormalImpulse, change)
    let P = change * k.normal
    a.v -= k.mA * P
    a.w -= k.iA * cross(cp.anchorA, P)
    b.v += k.mB * P
    b.w += k.iB * cross(cp.anchorB, P)
    return change
}

@inline(__always)
private func solveFriction(_ cp: inout ContactConstraintPoint, _ k: ContactPair, _ friction: Double, _ tangent: Vec2, _ a: inout BodyState, _ b: inout BodyState) {
    let rA = cp.anchorA, rB = cp.anchorB
    let dv = b.v + cross(b.w, rB) - a.v - cross(a.w, rA)
    let vt = dot(dv, tangent)
    var impulse = -cp.tangentMass * vt
    let maxFriction = friction * cp.normalImpulse
    let newImpulse = Swift.min(Swift.max(cp.tangentImpulse + impulse, -maxFriction), maxFriction)
    impulse = newImpulse - cp.tangentImpulse
    cp.tangentImpulse = newImpulse
    let P = impulse * tangent
    a.v -= k.mA * P
    a.w -= k.iA * cross(rA, P)
    b.v += k.mB * P
    b.w += k.iB * cross(rB, P)
}

/// Friction of a two-point manifold as one tangent impulse at the centre of the two anchors, capped
/// by μ times the summed normal impulses, and stored half at each point. Solving the two points one
/// after the other lets the first take all the friction, which twists stacked boxes.
@inline(__always)
private func solveCentralFriction(_ c: UnsafeMutablePointer<ContactConstraint>, _ k: ContactPair, _ tangent: Vec2, _ a: inout BodyState, _ b: inout BodyState) {
    let rA = 0.5 * (c.pointee.p0.anchorA + c.pointee.p1.anchorA), rB = 0.5 * (c.pointee.p0.anchorB + c.pointee.p1.anchorB)
    let vt = dot(b.v + cross(b.w, rB) - a.v - cross(a.w, rA), tangent)
    let old = c.pointee.p0.tangentImpulse + c.pointee.p1.tangentImpulse
    let maxFriction = c.pointee.friction * (c.pointee.p0.normalImpulse + c.pointee.p1.normalImpulse)
    let total = Swift.min(Swift.max(old - vt * c.pointee.centralTangentMass, -maxFriction), maxFriction)
    let impulse = total - old
    c.pointee.p0.tangentImpulse = 0.5 * total
    c.pointee.p1.tangentImpulse = 0.5 * total
    let P = impulse * tangent
    a.v -= k.mA * P
    a.w -= k.iA * cross(rA, P)
    b.v += k.mB * P
    b.w += k.iB * cross(rB, P)
}

extension ContactConstraint {
    /// Friction 0 and no tangent impulse to take back: the friction solve would apply a zero
    /// impulse (±0, which changes no velocity), so it is skipped. Half of the solve's serial work
    /// for frictionless contacts (a Newton's cradle, bouncing balls).
    @inline(__always) var isFrictionless: Bool {
        friction == 0 && p0.tangentImpulse == 0 && (pointCount < 2 || p1.tangentImpulse == 0)
    }
}

/// One contact: normal points one after the other, then friction.
@inline(__always)
func solveContact(_ c: UnsafeMutablePointer<ContactConstraint>, _ sb: UnsafeMutablePointer<BodyState>, _ shared: UnsafeMutablePointer<BodyState>,
                  _ constants: ContactSolveConstants, useBias: Bool) {
    let sa = sb + Int(c.pointee.indexA), sbB = sb + Int(c.pointee.indexB)
    var a = sa.pointee, b = sbB.pointee
    let k = ContactPair(normal: c.pointee.normal, mA: c.pointee.mA, iA: c.pointee.iA, mB: c.pointee.mB, iB: c.pointee.iB)
    let dp = b.dp - a.dp
    let twoPoints = c.pointee.pointCount > 1
    // The points one after the other, as Box2D v3. (A block solve of both normal impulses, as
    // Box2D 2.4, stiffens each pass but lets a 100-row pyramid sink 0.4 m further while settling.)
    let softness = c.pointee.isStaticPair ? constants.staticSoftness : constants.contactSoftness
    solveNormal(&c.pointee.p0, k, softness, dp, a.dq, b.dq, &a, &b, constants, useBias)
    if twoPoints { solveNormal(&c.pointee.p1, k, softness, dp, a.dq, b.dq, &a, &b, constants, useBias) }
    let tangent = k.normal.rightPerp
    if !c.pointee.isFrictionless {
        if twoPoints {
            solveCentralFriction(c, k, tangent, &a, &b)
        } else {
            solveFriction(&c.pointee.p0, k, c.pointee.friction, tangent, &a, &b)
        }
    }
    if sa != shared { sa.pointee.v = a.v; sa.pointee.w = a.w }
    if sbB != shared { sbB.pointee.v = b.v; sbB.pointee.w = b.w }
}
