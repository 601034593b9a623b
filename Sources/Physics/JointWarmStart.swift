// Warm starting that never adds kinetic energy to an island with joints.
//
// Warm starting applies last substep's impulses again before solving. That is right for the steady
// forces that hold a structure up: they cancel the velocity gravity just added, so the island's
// kinetic energy drops. It is wrong for a one-off impulse, such as the one that makes two jointed
// bodies with mismatched velocities move together: applied again, it recreates the mismatch,
// reversed, and the solve must undo it. With anchors thousands of points out on small bodies one
// solver pass does not, and closed scenes gained 8–1600 % energy within a few steps (the physics
// fuzzer's energy findings). So in islands with joints the warm start (joints and contacts together,
// since in a resting pile the contacts carry part of what the joints hold) is measured: the kinetic
// energy after a fraction s of it is E(s) = E(0) + s·a + s²·b/2, and when all of it would raise the
// energy (a + b/2 > 0) only the energy-minimising fraction max(0, −a/b) is applied and kept in the
// accumulated impulses. Islands without joints are warm started as in Box2D.

extension World {
    /// Warm starts the active joints and every contact, then scales back, island by island, a warm
    /// start that raised the kinetic energy of an island with joints.
    func warmStartWithoutEnergyGain(_ active: UnsafeBufferPointer<Int32>, _ joints: UnsafeMutablePointer<JointData>,
                                    _ contacts: UnsafeMutableBufferPointer<ContactConstraint>,
                                    _ states: UnsafeMutableBufferPointer<BodyState>, _ integration: UnsafeBufferPointer<BodyIntegration>) {
        let n = integration.count
        warmStartBefore.removeAll(keepingCapacity: true)
        for i in 0..<n { warmStartBefore.append(states[i]) }
        for j in active { warmStartJoint(&joints[Int(j)], states) }
        contactSchedule.warmStart(contacts, states)

        // Per body: first whether a joint acts on it, then its island's fraction (1: unscaled).
        warmStartScale.removeAll(keepingCapacity: true)
        for _ in 0..<n { warmStartScale.append(0) }
        for j in active {
            let a = Int(joints[Int(j)].indexA), b = Int(joints[Int(j)].indexB)
            if a < n { warmStartScale[a] = 1 }
            if b < n { warmStartScale[b] = 1 }
        }
        var anyScaled = false
        warmStartBefore.withUnsafeBufferPointer { before in
            var start = 0
            for end32 in islandEnds {
                let end = Int(end32)
                defer { start = end }
                var hasJoints = false
                for i in start..<end where warmStartScale[i] == 1 { hasJoints = true; break }
                for i in start..<end { warmStartScale[i] = 1 }
                guard hasJoints else { continue }
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
                anyScaled = true
                for i in start..<end {
                    states[i].v = before[i].v + s * (states[i].v - before[i].v)
                    states[i].w = before[i].w + s * (states[i].w - before[i].w)
                    warmStartScale[i] = s
                }
            }
        }
        guard anyScaled else { return }
        @inline(__always) func scale(_ a: Int32, _ b: Int32) -> Double {
            Int(a) < n ? warmStartScale[Int(a)] : Int(b) < n ? warmStartScale[Int(b)] : 1
        }
        for j in active {
            let s = scale(joints[Int(j)].indexA, joints[Int(j)].indexB)
            if s < 1 { joints[Int(j)].scaleImpulses(by: s) }
        }
        // Contacts solved one at a time keep their impulses in the constraints, paired ones in the
        // schedule's lanes (copied back after the substeps); scaling both covers either.
        for i in contacts.indices {
            let s = scale(contacts[i].indexA, contacts[i].indexB)
            if s < 1 { contacts[i].scaleImpulses(by: s) }
        }
        contactSchedule.scaleImpulses { scale($0, $1) }
    }
}

extension JointData {
    /// Scales every accumulated impulse, so that what is kept is what the warm start applied.
    mutating func scaleImpulses(by s: Double) {
        linearImpulse = s * linearImpulse; angularImpulse *= s; impulse *= s
        lowerImpulse *= s; upperImpulse *= s; motorImpulse *= s; springImpulse *= s
    }
}

extension ContactConstraint {
    /// Scales the points' accumulated impulses, so that what is kept is what the warm start applied.
    mutating func scaleImpulses(by s: Double) {
        p0.normalImpulse *= s; p0.tangentImpulse *= s
        p1.normalImpulse *= s; p1.tangentImpulse *= s
    }
}
