// SAFEGUARD impactPropagation: elastic impacts along a row of touching dynamic bodies pass from body
// to body before the solve, as a Newton's cradle needs. Box2D v3 has no such stage: its soft solve
// treats the row as one block and its restitution stage then splits the impact among all balls.

extension World {
    /// Runs the propagation on the step's impact list (constraints with restitution between two
    /// dynamic bodies) and counts the impulses it applied.
    @inline(__always) func propagateImpacts(_ v: SolverViews, _ ctx: StepContext) {
        safeguardCounts.impactsPropagated += passImpactsAlong(v.constraints, v.impactList, v.states, ctx)
    }
}

/// Elastic impacts between two dynamic bodies that already touch (or will within the step) are
/// resolved before the soft solve as a sequence of pairwise collisions, repeated until no such
/// contact still approaches. The soft solve treats a row of touching bodies as one block, which
/// would split a Newton's cradle's impact among all balls; sequential impulses pass it along instead.
/// Momentum is conserved exactly; a bounce against static or kinematic bodies is left to the
/// restitution stage, which reverses the velocity at the true contact position.
/// Returns how many impulses it applied.
private func passImpactsAlong(_ cs: UnsafeMutableBufferPointer<ContactConstraint>, _ list: UnsafeBufferPointer<Int32>,
                      _ states: UnsafeMutableBufferPointer<BodyState>, _ ctx: StepContext) -> Int {
    guard !list.isEmpty else { return 0 }
    var count = 0
    let maxPasses = Swift.min(Tuning.maxImpactPasses, 2 * list.count + 2)
    for _ in 0..<maxPasses {
        var applied = false
        for i32 in list {
            let c = cs[Int(i32)]
            var a = states[Int(c.indexA)], b = states[Int(c.indexB)]
            // One effective point at the manifold's centre keeps a face-to-face impact symmetric.
            var rA = c.p0.anchorA, rB = c.p0.anchorB, separation = c.p0.baseSeparation
            if c.pointCount > 1 {
                rA = 0.5 * (c.p0.anchorA + c.p1.anchorA); rB = 0.5 * (c.p0.anchorB + c.p1.anchorB)
                separation = Swift.min(separation, c.p1.baseSeparation)
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
            count += 1
        }
        if !applied { break }
    }
    return count
}
