// The restitution stage (Box2D v3's b2_stageRestitution): one bounce solve over the step's
// bouncing contacts, bounded by one energy limit.
//
// Targets. Before the substeps each contact with restitution stores the normal speed its points
// approach with (Box2D). After them, a point that approached faster than the restitution threshold
// and pushed during the solve bounces: it is aimed at −e × that speed.
//
// Solve. A Gauss–Seidel solve of those targets over every bouncing point, point after point, in
// passes that start from the impulses the last left, until a pass changes no impulse by more than
// `Tuning.restitutionConvergence` of it. Box2D v3 runs one pass, which overshoots wherever a body
// bounces on several points at once (two points of one manifold, or several contacts): the first
// point's impulse turns the body and lifts the next, whose own impulse then lifts the first past
// its target, and the body leaves faster than it came. Converged, the passes reach what a block
// solve of all the points together would (Box2D 2.4 solved a manifold's two points as one 2×2
// block for the same reason).
//
// Bound (SAFEGUARD restitutionEnergyLimit). Newton's law at several points is not energy-consistent
// when the body turns between the measure and the bounce (friction in the solve spins it): every
// target met, a body sliding into a wall still left faster than it came. With e ≤ 1 contacts can only
// take energy, so an island that touches only static bodies and holds no working joint ends the stage
// with at most its kinetic energy at the start of the step plus the work gravity and forces did over
// the step's displacement (or what the solve left it, if more): past that, its bounce (the stage's
// velocity change) is scaled down.
//
// Impacts along a row of touching dynamic bodies (Newton's cradle) are not this stage's: the soft
// solve has split them among the row before it runs, and no simultaneous bounce can pass one from
// ball to ball. SAFEGUARD impactPropagation (Safeguards/ImpactPropagation.swift) passes them along
// before the solve.

extension World {
    /// The restitution stage: the bounce solve, then SAFEGUARD restitutionEnergyLimit. Returns
    /// whether anything bounced (else no impulse changed).
    func restitute(_ v: SolverViews, _ ctx: StepContext, safeguards: Safeguards) -> Bool {
        let cs = v.constraints, list = v.restitutionList, states = v.states, threshold = ctx.restitutionThreshold
        // Most steps nothing bounces: no copy then.
        guard anyPointBounces(cs, list, threshold: threshold) else { return false }
        let limited = safeguards.contains(.restitutionEnergyLimit)
        let n = buffers.awakeBodies.count
        if limited {
            if buffers.restitutionBefore.count < n {
                buffers.restitutionBefore.resize(to: n, filler: BodyState())
            }
            for i in 0..<n { buffers.restitutionBefore[i] = states[i] }
        }
        guard solveBounce(cs, list, states, threshold: threshold) else { return true }
        if limited { limitRestitutionEnergy(cs, list, states, v.integration) }
        return true
    }

    private func limitRestitutionEnergy(_ cs: UnsafeMutableBufferPointer<ContactConstraint>, _ list: UnsafeBufferPointer<Int32>,
                                        _ states: UnsafeMutableBufferPointer<BodyState>, _ integration: UnsafeBufferPointer<BodyIntegration>) {
        let n = buffers.awakeBodies.count
        // Each awake body's island; buffers.restitutionMarks per island: 1 bounced, 2 driven (kinematic body or working joint).
        if buffers.islandOfBody.count < n { buffers.islandOfBody.resize(to: n, filler: 0) }
        var start = 0, island: Int32 = 0
        for end32 in buffers.islandEnds {
            for i in start..<Int(end32) { buffers.islandOfBody[i] = island }
            start = Int(end32); island += 1
        }
        let islandCount = Int(island)
        if buffers.restitutionMarks.count < islandCount { buffers.restitutionMarks.resize(to: islandCount, filler: 0) }
        for k in 0..<islandCount { buffers.restitutionMarks[k] = 0 }
        @inline(__always) func mark(_ a: Int32, _ b: Int32, _ flag: UInt8) {
            var f = flag
            if (Int(a) < n && !integration[Int(a)].isDynamic) || (Int(b) < n && !integration[Int(b)].isDynamic) { f |= 2 }
            if Int(a) < n && integration[Int(a)].isDynamic { buffers.restitutionMarks[Int(buffers.islandOfBody[Int(a)])] |= f }
            if Int(b) < n && integration[Int(b)].isDynamic { buffers.restitutionMarks[Int(buffers.islandOfBody[Int(b)])] |= f }
        }
        for i32 in list { mark(cs[Int(i32)].indexA, cs[Int(i32)].indexB, 1) }
        for joint in buffers.jointRecords where !World.isPassive(joint) {
            mark(joint.indexA, joint.indexB, 2)
        }
        start = 0
        for (k, end32) in buffers.islandEnds.enumerated() {
            let range = start..<Int(end32)
            start = Int(end32)
            guard buffers.restitutionMarks[k] == 1 else { continue }
            // Energy at the start of the step (the bodies still hold it) plus the external work.
            var startEnergy = 0.0, work = 0.0, before = 0.0, after = 0.0, slope = 0.0, curve = 0.0
            for i in range where integration[i].isDynamic {
                let body = bodyStore[Int(buffers.awakeBodies[i])], bi = integration[i], s = states[i], b = buffers.restitutionBefore[i]
                let mass = bi.invMass > 0 ? 1 / bi.invMass : 0, inertia = bi.invI > 0 ? 1 / bi.invI : 0
                startEnergy += mass * body.v.lengthSquared + inertia * body.w * body.w
                work += mass * dot(bi.linearAcceleration, s.dp) + inertia * bi.angularAcceleration * s.dq.angle
                before += mass * b.v.lengthSquared + inertia * b.w * b.w
                after += mass * s.v.lengthSquared + inertia * s.w * s.w
                let dv = s.v - b.v, dw = s.w - b.w
                slope += mass * dot(b.v, dv) + inertia * b.w * dw
                curve += mass * dv.lengthSquared + inertia * dw * dw
            }
            // All sums are twice the energies.
            let limit = Swift.max(startEnergy + 2 * work, before)
            guard after > limit, curve > 0 else { continue }
            // before + 2·slope·s + curve·s² = limit.
            let s = Swift.min(1, Swift.max(0, (-slope + (slope * slope + curve * (limit - before)).squareRoot()) / curve))
            safeguardCounts.bouncesScaledBack += 1
            for i in range where integration[i].isDynamic {
                let b = buffers.restitutionBefore[i]
                states[i].v = b.v + s * (states[i].v - b.v)
                states[i].w = b.w + s * (states[i].w - b.w)
            }
        }
    }
}

/// Normal velocity of B relative to A at each point, before the solve: the restitution target, so
/// only for the constraints listed (those with restitution).
func storeRelativeVelocities(_ cs: UnsafeMutableBufferPointer<ContactConstraint>, _ list: UnsafeBufferPointer<Int32>,
                             _ states: UnsafeMutableBufferPointer<BodyState>) {
    for i32 in list {
        let i = Int(i32)
        let a = states[Int(cs[i].indexA)], b = states[Int(cs[i].indexB)]
        let n = cs[i].normal
        cs[i].p0.relativeVelocity = dot(n, b.v + cross(b.w, cs[i].p0.anchorB) - a.v - cross(a.w, cs[i].p0.anchorA))
        if cs[i].pointCount > 1 {
            cs[i].p1.relativeVelocity = dot(n, b.v + cross(b.w, cs[i].p1.anchorB) - a.v - cross(a.w, cs[i].p1.anchorA))
        }
    }
}

/// The bounce solve over `list` (the constraints with restitution, in constraint order): passes
/// until one changes no impulse significantly, at most `Tuning.restitutionPasses`. Returns whether
/// the first pass bounced anything.
func solveBounce(_ cs: UnsafeMutableBufferPointer<ContactConstraint>, _ list: UnsafeBufferPointer<Int32>,
                 _ states: UnsafeMutableBufferPointer<BodyState>, threshold: Double) -> Bool {
    guard restitutionPass(cs, list, states, threshold: threshold) else { return false }
    for _ in 1..<Tuning.restitutionPasses {
        if !restitutionPass(cs, list, states, threshold: threshold) { break }
    }
    return true
}

/// Whether a point approached faster than the threshold and was pushed: it gets a restitution target.
@inline(__always) func bounces(_ p: ContactConstraintPoint, threshold: Double) -> Bool {
    p.relativeVelocity <= -threshold && p.maxNormalImpulse > 0
}

/// Whether any point of the restitution list bounces this step.
func anyPointBounces(_ cs: UnsafeMutableBufferPointer<ContactConstraint>, _ list: UnsafeBufferPointer<Int32>, threshold: Double) -> Bool {
    for i32 in list {
        let c = cs[Int(i32)]
        if bounces(c.p0, threshold: threshold) || (c.pointCount > 1 && bounces(c.p1, threshold: threshold)) { return true }
    }
    return false
}

/// Whether a change of an accumulated impulse is more than rounding.
@inline(__always) private func significant(_ change: Double, _ impulse: Double) -> Bool {
    abs(change) > Tuning.restitutionConvergence * abs(impulse)
}

/// One pass of the bounce solve; returns whether it changed any impulse significantly.
private func restitutionPass(_ cs: UnsafeMutableBufferPointer<ContactConstraint>, _ list: UnsafeBufferPointer<Int32>,
                             _ states: UnsafeMutableBufferPointer<BodyState>, threshold: Double) -> Bool {
    var changed = false
    for i32 in list {
        let i = Int(i32)
        var c = cs[i]
        var a = states[Int(c.indexA)], b = states[Int(c.indexB)]
        let pair = ContactPair(normal: c.normal, mA: c.mA, iA: c.iA, mB: c.mB, iB: c.iB)
        for k in 0..<c.pointCount {
            var cp = k == 0 ? c.p0 : c.p1
            if !bounces(cp, threshold: threshold) { continue }
            let rA = cp.anchorA, rB = cp.anchorB
            let vn = dot(b.v + cross(b.w, rB) - a.v - cross(a.w, rA), c.normal)
            let impulse = applyNormalImpulse(-cp.normalMass * (vn + c.restitution * cp.relativeVelocity), &cp, pair, &a, &b)
            if significant(impulse, cp.normalImpulse) { changed = true }
            if k == 0 { c.p0 = cp } else { c.p1 = cp }
        }
        cs[i] = c
        states[Int(c.indexA)] = a
        states[Int(c.indexB)] = b
    }
    return changed
}
