// Two contacts of one graph colour solved side by side, one per SIMD2<Double> lane (Box2D v3
// contact_solver.c solves four per SSE lane group the same way). The two touch different bodies,
// so solving them together is the same as solving them one after the other; every lane repeats
// the scalar solve's operations in the same order (same products, sums, max and min), so the
// numbers are bit for bit those of `solveContact`. Both contacts have the same point count.

typealias Lanes = SIMD2<Double>

/// Swift.max(x, y) per lane: y when y ≥ x, else x.
@inline(__always) private func laneMax(_ x: Lanes, _ y: Lanes) -> Lanes { x.replacing(with: y, where: y .>= x) }
/// Swift.min(x, y) per lane: y when y < x, else x.
@inline(__always) private func laneMin(_ x: Lanes, _ y: Lanes) -> Lanes { x.replacing(with: y, where: y .< x) }

/// The velocities of one body per lane.
private struct LaneBody {
    var vx: Lanes, vy: Lanes, w: Lanes

    @inline(__always) init(_ s0: UnsafeMutablePointer<BodyState>, _ s1: UnsafeMutablePointer<BodyState>) {
        vx = Lanes(s0.pointee.v.x, s1.pointee.v.x)
        vy = Lanes(s0.pointee.v.y, s1.pointee.v.y)
        w = Lanes(s0.pointee.w, s1.pointee.w)
    }

    @inline(__always) func store(_ s0: UnsafeMutablePointer<BodyState>, _ s1: UnsafeMutablePointer<BodyState>) {
        s0.pointee.v = Vec2(vx[0], vy[0]); s0.pointee.w = w[0]
        s1.pointee.v = Vec2(vx[1], vy[1]); s1.pointee.w = w[1]
    }
}

/// What every point solve of the pair reads.
private struct LanePair {
    var nx: Lanes, ny: Lanes
    var mA: Lanes, iA: Lanes, mB: Lanes, iB: Lanes

    /// Applies the impulse (px, py) at anchors rA, rB: A loses it, B gains it (scalar order).
    @inline(__always) func apply(_ px: Lanes, _ py: Lanes, _ rAx: Lanes, _ rAy: Lanes, _ rBx: Lanes, _ rBy: Lanes,
                                 _ a: inout LaneBody, _ b: inout LaneBody) {
        a.vx = a.vx - mA * px; a.vy = a.vy - mA * py
        a.w = a.w - iA * (rAx * py - rAy * px)
        b.vx = b.vx + mB * px; b.vy = b.vy + mB * py
        b.w = b.w + iB * (rBx * py - rBy * px)
    }

    /// Velocity of B's anchor relative to A's: b.v + cross(b.w, rB) − a.v − cross(a.w, rA).
    @inline(__always) func relativeVelocity(_ rAx: Lanes, _ rAy: Lanes, _ rBx: Lanes, _ rBy: Lanes,
                                            _ a: LaneBody, _ b: LaneBody) -> (Lanes, Lanes) {
        let dvx = ((b.vx + (-b.w) * rBy) - a.vx) - (-a.w) * rAy
        let dvy = ((b.vy + b.w * rBx) - a.vy) - a.w * rAx
        return (dvx, dvy)
    }
}

/// `solveContact` for two contacts of the same colour and point count.
@inline(__always)
func solveContactPair(_ c0: UnsafeMutablePointer<ContactConstraint>, _ c1: UnsafeMutablePointer<ContactConstraint>,
                      _ sb: UnsafeMutablePointer<BodyState>, _ ctx: StepContext, useBias: Bool, twoPoints: Bool) {
    let sa0 = sb + Int(c0.pointee.indexA), sb0 = sb + Int(c0.pointee.indexB)
    let sa1 = sb + Int(c1.pointee.indexA), sb1 = sb + Int(c1.pointee.indexB)
    var a = LaneBody(sa0, sa1), b = LaneBody(sb0, sb1)
    let k = LanePair(nx: Lanes(c0.pointee.normal.x, c1.pointee.normal.x), ny: Lanes(c0.pointee.normal.y, c1.pointee.normal.y),
                     mA: Lanes(c0.pointee.mA, c1.pointee.mA), iA: Lanes(c0.pointee.iA, c1.pointee.iA),
                     mB: Lanes(c0.pointee.mB, c1.pointee.mB), iB: Lanes(c0.pointee.iB, c1.pointee.iB))
    // dp = b.dp − a.dp; the turns enter through their sines.
    let dpx = Lanes(sb0.pointee.dp.x - sa0.pointee.dp.x, sb1.pointee.dp.x - sa1.pointee.dp.x)
    let dpy = Lanes(sb0.pointee.dp.y - sa0.pointee.dp.y, sb1.pointee.dp.y - sa1.pointee.dp.y)
    let dqAs = Lanes(sa0.pointee.dq.s, sa1.pointee.dq.s), dqBs = Lanes(sb0.pointee.dq.s, sb1.pointee.dq.s)
    let soft0 = c0.pointee.isStaticPair ? ctx.staticSoftness : ctx.contactSoftness
    let soft1 = c1.pointee.isStaticPair ? ctx.staticSoftness : ctx.contactSoftness
    let biasRate = Lanes(soft0.biasRate, soft1.biasRate)
    let softMassScale = Lanes(soft0.massScale, soft1.massScale), softImpulseScale = Lanes(soft0.impulseScale, soft1.impulseScale)
    let invH = Lanes(repeating: ctx.invH), minBias = Lanes(repeating: -ctx.maxContactPushSpeed)

    /// `solveNormal` for point p0 (`second` false) or p1 of both contacts.
    @inline(__always) func solveNormal(second: Bool) {
        @inline(__always) func load(_ f: (ContactConstraintPoint) -> Double) -> Lanes {
            second ? Lanes(f(c0.pointee.p1), f(c1.pointee.p1)) : Lanes(f(c0.pointee.p0), f(c1.pointee.p0))
        }
        let rAx = load { $0.anchorA.x }, rAy = load { $0.anchorA.y }
        let rBx = load { $0.anchorB.x }, rBy = load { $0.anchorB.y }
        // currentSeparation: dot(dp, n) + dqB.s·cross(rB, n) − dqA.s·cross(rA, n) + base.
        let s = (((dpx * k.nx + dpy * k.ny) + dqBs * (rBx * k.ny - rBy * k.nx)) - dqAs * (rAx * k.ny - rAy * k.nx))
            + load { $0.baseSeparation }
        let speculative = s .> 0
        var velocityBias = Lanes(repeating: 0), massScale = Lanes(repeating: 1), impulseScale = Lanes(repeating: 0)
        velocityBias.replace(with: s * invH, where: speculative)
        if useBias {
            let touching = .!speculative
            velocityBias.replace(with: laneMax(biasRate * s, minBias), where: touching)
            massScale.replace(with: softMassScale, where: touching)
            impulseScale.replace(with: softImpulseScale, where: touching)
        }
        let (dvx, dvy) = k.relativeVelocity(rAx, rAy, rBx, rBy, a, b)
        let vn = dvx * k.nx + dvy * k.ny
        let normalImpulse = load { $0.normalImpulse }
        var impulse = ((-load { $0.normalMass }) * massScale) * (vn + velocityBias) - impulseScale * normalImpulse
        let newImpulse = laneMax(normalImpulse + impulse, Lanes(repeating: 0))
        impulse = newImpulse - normalImpulse
        let maxNormalImpulse = laneMax(load { $0.maxNormalImpulse }, impulse)
        if second {
            c0.pointee.p1.normalImpulse = newImpulse[0]; c1.pointee.p1.normalImpulse = newImpulse[1]
            c0.pointee.p1.maxNormalImpulse = maxNormalImpulse[0]; c1.pointee.p1.maxNormalImpulse = maxNormalImpulse[1]
        } else {
            c0.pointee.p0.normalImpulse = newImpulse[0]; c1.pointee.p0.normalImpulse = newImpulse[1]
            c0.pointee.p0.maxNormalImpulse = maxNormalImpulse[0]; c1.pointee.p0.maxNormalImpulse = maxNormalImpulse[1]
        }
        k.apply(impulse * k.nx, impulse * k.ny, rAx, rAy, rBx, rBy, &a, &b)
    }

    solveNormal(second: false)
    if twoPoints { solveNormal(second: true) }

    // Tangent = normal.rightPerp = (ny, −nx).
    let tx = k.ny, ty = -k.nx
    let friction = Lanes(c0.pointee.friction, c1.pointee.friction)
    if twoPoints {
        // solveCentralFriction: one impulse at the centre of the anchors, split evenly.
        let half = Lanes(repeating: 0.5)
        let rAx = half * Lanes(c0.pointee.p0.anchorA.x + c0.pointee.p1.anchorA.x, c1.pointee.p0.anchorA.x + c1.pointee.p1.anchorA.x)
        let rAy = half * Lanes(c0.pointee.p0.anchorA.y + c0.pointee.p1.anchorA.y, c1.pointee.p0.anchorA.y + c1.pointee.p1.anchorA.y)
        let rBx = half * Lanes(c0.pointee.p0.anchorB.x + c0.pointee.p1.anchorB.x, c1.pointee.p0.anchorB.x + c1.pointee.p1.anchorB.x)
        let rBy = half * Lanes(c0.pointee.p0.anchorB.y + c0.pointee.p1.anchorB.y, c1.pointee.p0.anchorB.y + c1.pointee.p1.anchorB.y)
        let (dvx, dvy) = k.relativeVelocity(rAx, rAy, rBx, rBy, a, b)
        let vt = dvx * tx + dvy * ty
        let old = Lanes(c0.pointee.p0.tangentImpulse + c0.pointee.p1.tangentImpulse, c1.pointee.p0.tangentImpulse + c1.pointee.p1.tangentImpulse)
        let maxFriction = friction * Lanes(c0.pointee.p0.normalImpulse + c0.pointee.p1.normalImpulse,
                                           c1.pointee.p0.normalImpulse + c1.pointee.p1.normalImpulse)
        let central = Lanes(c0.pointee.centralTangentMass, c1.pointee.centralTangentMass)
        let total = laneMin(laneMax(old - vt * central, -maxFriction), maxFriction)
        let impulse = total - old
        let split = half * total
        c0.pointee.p0.tangentImpulse = split[0]; c0.pointee.p1.tangentImpulse = split[0]
        c1.pointee.p0.tangentImpulse = split[1]; c1.pointee.p1.tangentImpulse = split[1]
        k.apply(impulse * tx, impulse * ty, rAx, rAy, rBx, rBy, &a, &b)
    } else {
        // solveFriction at the single point.
        let rAx = Lanes(c0.pointee.p0.anchorA.x, c1.pointee.p0.anchorA.x), rAy = Lanes(c0.pointee.p0.anchorA.y, c1.pointee.p0.anchorA.y)
        let rBx = Lanes(c0.pointee.p0.anchorB.x, c1.pointee.p0.anchorB.x), rBy = Lanes(c0.pointee.p0.anchorB.y, c1.pointee.p0.anchorB.y)
        let (dvx, dvy) = k.relativeVelocity(rAx, rAy, rBx, rBy, a, b)
        let vt = dvx * tx + dvy * ty
        var impulse = (-Lanes(c0.pointee.p0.tangentMass, c1.pointee.p0.tangentMass)) * vt
        let maxFriction = friction * Lanes(c0.pointee.p0.normalImpulse, c1.pointee.p0.normalImpulse)
        let tangentImpulse = Lanes(c0.pointee.p0.tangentImpulse, c1.pointee.p0.tangentImpulse)
        let newImpulse = laneMin(laneMax(tangentImpulse + impulse, -maxFriction), maxFriction)
        impulse = newImpulse - tangentImpulse
        c0.pointee.p0.tangentImpulse = newImpulse[0]; c1.pointee.p0.tangentImpulse = newImpulse[1]
        k.apply(impulse * tx, impulse * ty, rAx, rAy, rBx, rBy, &a, &b)
    }
    a.store(sa0, sa1)
    b.store(sb0, sb1)
}
