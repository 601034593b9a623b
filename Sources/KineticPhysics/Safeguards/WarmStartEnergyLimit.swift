// SAFEGUARD warmStartEnergyLimit: warm starting never adds kinetic energy to an island with a
// long-lever joint.
//
// Warm starting applies last substep's impulses again before solving. That is right for the steady
// forces that hold a structure up: they cancel the velocity gravity just added, so the island's
// kinetic energy drops. It is wrong for a one-off impulse, such as the one that makes two jointed
// bodies with mismatched velocities move together: applied again, it recreates the mismatch,
// reversed, and the solve must undo it. With anchors thousands of points out on small bodies one
// solver pass does not, and closed scenes gained energy many times over within a few steps (the physics
// fuzzer's energy findings; PhysicsRegressionTests pins them). So in islands holding a joint with a long lever (`leverLimit`) the warm
// start (joints and contacts together, since in a resting pile the contacts carry part of what the
// joints hold) is measured: the kinetic energy after a fraction s of it is E(s) = E(0) + s·a + s²·b/2,
// and when all of it would raise the energy (a + b/2 > 0) only the energy-minimising fraction
// max(0, −a/b) is applied and kept in the accumulated impulses.

extension World {
    /// Lists in `buffers.jointIslands` the islands (solver-index ranges [start, end)) holding an active joint
    /// with a lever past `Tuning.leverLimit`. Called after the joints are prepared, when the islands changed
    /// (masses and anchors are fixed in between, save a shape added to an awake body, which the next
    /// island change picks up).
    func findJointIslands() {
        let n = buffers.awakeBodies.count
        buffers.jointIslands.clear()
        if buffers.warmStartFlags.count < n { buffers.warmStartFlags.resize(to: n, filler: false) }
        var any = false
        let limitSquared = Tuning.leverLimit * Tuning.leverLimit
        for joint in buffers.jointRecords {
            // |r|²·(1/I) > limit²·(1/m), in inverse masses.
            let longA = joint.iA * joint.anchorA.lengthSquared > limitSquared * joint.mA
            let longB = joint.iB * joint.anchorB.lengthSquared > limitSquared * joint.mB
            guard longA || longB else { continue }
            if !any { for i in 0..<n { buffers.warmStartFlags[i] = false }; any = true }
            let a = Int(joint.indexA), b = Int(joint.indexB)
            if a < n { buffers.warmStartFlags[a] = true }
            if b < n { buffers.warmStartFlags[b] = true }
        }
        guard any else { return }
        var start = 0, maxEnd = 0
        for end32 in buffers.islandEnds {
            let end = Int(end32)
            for i in start..<end where buffers.warmStartFlags[i] {
                buffers.jointIslands.append(Int32(start)); buffers.jointIslands.append(end32)
                maxEnd = Swift.max(maxEnd, end)
                break
            }
            start = end
        }
        if buffers.warmStartBefore.count < maxEnd { buffers.warmStartBefore.resize(to: maxEnd, filler: BodyState()) }
    }

    /// Copies the states of the bodies of `buffers.jointIslands` to `buffers.warmStartBefore`.
    func saveJointIslandStates(_ states: UnsafeMutableBufferPointer<BodyState>) {
        let islands = buffers.jointIslands.buffer
        let before = buffers.warmStartBefore.buffer
        var k = 0
        while k < islands.count {
            for i in Int(islands[k])..<Int(islands[k + 1]) { before[i] = states[i] }
            k += 2
        }
    }

    /// In each island of `buffers.jointIslands`, E(s) = E(0) + s·a + s²·b/2 for the velocities
    /// v₀ + s·(v − v₀) (v₀ saved before the warm start); when E(1) > E(0) the states and the
    /// island's accumulated impulses keep only the fraction max(0, −a/b).
    func undoEnergyGain(_ v: SolverViews, _ schedule: ContactPasses) {
        let states = v.states, integration = v.integration
        let islands = buffers.jointIslands.buffer
        let before = buffers.warmStartBefore.buffer
        var k = 0
        while k < islands.count {
            let start = Int(islands[k]), end = Int(islands[k + 1])
            k += 2
            var a = 0.0, b = 0.0
            for i in start..<end where integration[i].isDynamic {
                let dv = states[i].v - before[i].v, dw = states[i].w - before[i].w
                let invMass = integration[i].invMass, invI = integration[i].invI
                if invMass > 0 {
                    a += dot(before[i].v, dv) / invMass
                    b += dv.lengthSquared / invMass
                }
                if invI > 0 {
                    a += before[i].w * dw / invI
                    b += dw * dw / invI
                }
            }
            guard b > 0 && a + 0.5 * b > 0 else { continue }
            let s = Swift.max(0, -a / b)
            safeguardCounts.warmStartsScaledBack += 1
            for i in start..<end {
                states[i].v = before[i].v + s * (states[i].v - before[i].v)
                states[i].w = before[i].w + s * (states[i].w - before[i].w)
            }
            scaleImpulses(in: start..<end, by: s, v, schedule)
        }
    }

    /// Scales the accumulated impulses of the joints and contacts acting on the bodies of one island
    /// (solver indices `island`), so that what is kept is what the warm start applied.
    private func scaleImpulses(in island: Range<Int>, by s: Double, _ v: SolverViews, _ schedule: ContactPasses) {
        let n = buffers.awakeBodies.count
        let joints = v.jointRecords
        @inline(__always) func inIsland(_ a: Int32, _ b: Int32) -> Bool {
            island.contains(Int(a) < n ? Int(a) : Int(b))
        }
        for i in joints.indices where inIsland(joints[i].indexA, joints[i].indexB) { joints[i].scaleImpulses(by: s) }
        schedule.scaleImpulses(v.constraints) { inIsland($0, $1) ? s : 1 }
    }
}

extension JointRecord {
    /// Scales every accumulated impulse.
    mutating func scaleImpulses(by s: Double) {
        linearImpulse = s * linearImpulse
        lowerImpulse *= s; upperImpulse *= s; motorImpulse *= s
        if kind != .revolute { angularImpulse *= s; impulse *= s; springImpulse *= s }
    }
}

extension ContactConstraint {
    /// Scales the points' accumulated impulses.
    mutating func scaleImpulses(by s: Double) {
        p0.normalImpulse *= s; p0.tangentImpulse *= s
        p1.normalImpulse *= s; p1.tangentImpulse *= s
    }
}
