// SAFEGUARD restitutionEnergyLimit: the restitution stage never leaves an island faster than the step began, gravity and forces aside.
//
// Restitution gives each bouncing point −e × the normal speed it approached with, measured before the
// solve. Newton's law is not energy-consistent at several points of one body when the body turns
// between that measure and the bounce (friction in the solve spins it): one point's impulse alone
// reaches its target and the turn it gives makes another leave faster than it came (a long body
// sliding into a wall left faster than it came; PhysicsRegressionTests pins it). With e ≤ 1 contacts can only take energy,
// so an island that only touches static bodies and holds no working joint ends the restitution stage
// with at most its kinetic energy at the start of the step plus the work gravity and forces did over
// the step's displacement (or what the solve left it, if more): past that, its bounce is scaled down.

extension World {
    /// The restitution stage (Box2D b2_stageRestitution, `applyRestitution`), with SAFEGUARD
    /// restitutionPasses (up to `Tuning.restitutionPasses` passes instead of one) and SAFEGUARD
    /// restitutionEnergyLimit (the energy check above).
    func restitute(_ v: SolverViews, _ ctx: StepContext, safeguards: Safeguards) {
        let cs = v.constraints, list = v.restitutionList, states = v.states, threshold = ctx.restitutionThreshold
        // Most steps nothing bounces: no copy then.
        guard anyPointBounces(cs, list, threshold: threshold) else { return }
        let limited = safeguards.contains(.restitutionEnergyLimit)
        let n = buffers.awakeBodies.count
        if limited {
            if buffers.restitutionBefore.count < n {
                buffers.restitutionBefore.append(contentsOf: repeatElement(BodyState(), count: n - buffers.restitutionBefore.count))
            }
            for i in 0..<n { buffers.restitutionBefore[i] = states[i] }
        }
        let passes = safeguards.contains(.restitutionPasses) ? Tuning.restitutionPasses : 1
        let passesRun = applyRestitution(cs, list, states, threshold: threshold, passes: passes)
        guard passesRun > 0 else { return }
        safeguardCounts.extraRestitutionPasses += passesRun - 1
        if limited { limitRestitutionEnergy(cs, list, states, v.integration) }
    }

    private func limitRestitutionEnergy(_ cs: UnsafeMutableBufferPointer<ContactConstraint>, _ list: UnsafeBufferPointer<Int32>,
                                        _ states: UnsafeMutableBufferPointer<BodyState>, _ integration: UnsafeBufferPointer<BodyIntegration>) {
        let n = buffers.awakeBodies.count
        // Each awake body's island; buffers.restitutionMarks per island: 1 bounced, 2 driven (kinematic body or working joint).
        if buffers.islandOfBody.count < n { buffers.islandOfBody.append(contentsOf: repeatElement(0, count: n - buffers.islandOfBody.count)) }
        var start = 0, island: Int32 = 0
        for end32 in buffers.islandEnds {
            for i in start..<Int(end32) { buffers.islandOfBody[i] = island }
            start = Int(end32); island += 1
        }
        let islandCount = Int(island)
        if buffers.restitutionMarks.count < islandCount { buffers.restitutionMarks.append(contentsOf: repeatElement(0, count: islandCount - buffers.restitutionMarks.count)) }
        for k in 0..<islandCount { buffers.restitutionMarks[k] = 0 }
        @inline(__always) func mark(_ a: Int32, _ b: Int32, _ flag: UInt8) {
            var f = flag
            if (Int(a) < n && !integration[Int(a)].isDynamic) || (Int(b) < n && !integration[Int(b)].isDynamic) { f |= 2 }
            if Int(a) < n && integration[Int(a)].isDynamic { buffers.restitutionMarks[Int(buffers.islandOfBody[Int(a)])] |= f }
            if Int(b) < n && integration[Int(b)].isDynamic { buffers.restitutionMarks[Int(buffers.islandOfBody[Int(b)])] |= f }
        }
        for i32 in list { mark(cs[Int(i32)].indexA, cs[Int(i32)].indexB, 1) }
        for j in buffers.activeJoints where !World.isPassive(jointStore[Int(j)]) {
            mark(jointStore[Int(j)].indexA, jointStore[Int(j)].indexB, 2)
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
