// SAFEGUARD relaxEnergyLimit: the relax pass never leaves a long-lever island of passive joints with more kinetic energy than its
// warm start did.
//
// A substep solves with bias (position correction as velocity), moves the bodies, then relaxes: it
// solves again without bias so the correction's velocity does not stay. For rigid joints without
// motors or springs the velocity solve is a projection, which can only lower kinetic energy. But with
// anchors thousands of points out on small spinning bodies the anchors drift hundreds of points per
// substep, the biased pass asks for ten to a hundred times the island's kinetic energy, and one relax
// pass does not take it all back: closed fuzz scenes gained energy within a step
// (PhysicsRegressionTests pins them). So in the islands of `jointIslands` (WarmStartEnergyLimit.swift) whose joints are all passive
// and that touch no kinematic body, the kinetic energy after the relax pass is held to what it was
// after the warm start. The velocities are scaled about the island's mean velocity, so momentum is
// kept and every joint's relative velocity is scaled alike: a satisfied joint stays satisfied. An
// island held by a static body (a joint or a contact) is scaled about rest, which keeps those joints
// and contacts satisfied too.

extension World {
    /// Whether a joint can do no work: no motor, no spring, not soft, not a target.
    static func isPassive(_ joint: JointRecord) -> Bool {
        switch joint.kind {
        case .distance, .revolute, .prismatic: return !joint.enableMotor && !joint.enableSpring
        case .weld: return joint.linearHertz == 0 && joint.angularHertz == 0
        case .target: return false
        }
    }

    /// Marks each island of `jointIslands` in `islandLimits` as limited (only passive joints, no
    /// kinematic body) and grounded (a joint or contact with a static body). Once per step: joints'
    /// settings can change between steps without the islands changing.
    func classifyJointIslands(_ v: SolverViews, _ contacts: ContactPasses) {
        let integration = v.integration
        let n = buffers.awakeBodies.count
        let islandCount = buffers.jointIslands.count / 2
        if buffers.relaxMarks.count < n { buffers.relaxMarks.resize(to: n, filler: 0) }
        if buffers.islandLimits.count != islandCount {
            buffers.islandLimits.reset(count: islandCount, to: IslandEnergyLimit())
        }
        let islands = buffers.jointIslands.buffer
        let marks = buffers.relaxMarks.buffer
        let working = 1 as UInt8, grounded = 2 as UInt8
        var k = 0
        while k < islands.count {
            for i in Int(islands[k])..<Int(islands[k + 1]) { marks[i] = 0 }
            k += 2
        }
        /// Marks the awake dynamic side of a pair: `working` when the other side is kinematic (it
        /// can do work), `grounded` when it is static or asleep.
        @inline(__always) func mark(_ a: Int32, _ b: Int32, _ flag: UInt8) {
            let a = Int(a), b = Int(b)
            var f = flag
            if a >= n || b >= n { f |= grounded }
            if (a < n && !integration[a].isDynamic) || (b < n && !integration[b].isDynamic) { f |= working }
            if a < n { marks[a] |= f }
            if b < n { marks[b] |= f }
        }
        for joint in v.jointRecords { mark(joint.indexA, joint.indexB, World.isPassive(joint) ? 0 : working) }
        contacts.forEachContact(v.constraints) { a, b, isStaticPair in if isStaticPair { mark(a, b, 0) } }
        k = 0
        while k < islands.count {
            var flags: UInt8 = 0
            for i in Int(islands[k])..<Int(islands[k + 1]) { flags |= marks[i] }
            buffers.islandLimits[k / 2].isLimited = flags & working == 0
            buffers.islandLimits[k / 2].isGrounded = flags & grounded != 0
            k += 2
        }
    }

    /// Records each island's kinetic energy after the warm start.
    func recordIslandEnergies(_ states: UnsafeMutableBufferPointer<BodyState>, _ integration: UnsafeBufferPointer<BodyIntegration>) {
        var k = 0
        while k < buffers.jointIslands.count {
            buffers.islandLimits[k / 2].energy = kineticEnergy(Int(buffers.jointIslands[k])..<Int(buffers.jointIslands[k + 1]), states, integration)
            k += 2
        }
    }

    /// After the relax pass: scales back the velocities of each limited island whose kinetic energy
    /// rose past its record (see the top of the file).
    func limitRelaxEnergy(_ v: SolverViews) {
        let states = v.states, integration = v.integration
        var k = 0
        while k < buffers.jointIslands.count {
            let island = Int(buffers.jointIslands[k])..<Int(buffers.jointIslands[k + 1])
            let limit = buffers.islandLimits[k / 2]
            k += 2
            guard limit.isLimited else { continue }
            let energy = kineticEnergy(island, states, integration)
            guard energy > limit.energy else { continue }
            // The mean velocity's share of the energy is momentum's and stays.
            var mean = Vec2.zero, meanEnergy = 0.0
            if !limit.isGrounded {
                var momentum = Vec2.zero, mass = 0.0
                for i in island where integration[i].isDynamic && integration[i].invMass > 0 {
                    let m = 1 / integration[i].invMass
                    momentum += m * states[i].v; mass += m
                }
                if mass > 0 { mean = (1 / mass) * momentum; meanEnergy = 0.5 * mass * mean.lengthSquared }
            }
            guard energy > meanEnergy else { continue }
            let s = (Swift.max(0, limit.energy - meanEnergy) / (energy - meanEnergy)).squareRoot()
            safeguardCounts.relaxPassesScaledBack += 1
            for i in island where integration[i].isDynamic {
                states[i].v = mean + s * (states[i].v - mean)
                states[i].w *= s
            }
        }
    }

    /// ½·Σ(m·v² + I·ω²) over the dynamic bodies of solver indices `range`.
    func kineticEnergy(_ range: Range<Int>, _ states: UnsafeMutableBufferPointer<BodyState>, _ integration: UnsafeBufferPointer<BodyIntegration>) -> Double {
        var twice = 0.0
        for i in range where integration[i].isDynamic {
            if integration[i].invMass > 0 { twice += states[i].v.lengthSquared / integration[i].invMass }
            if integration[i].invI > 0 { twice += states[i].w * states[i].w / integration[i].invI }
        }
        return 0.5 * twice
    }
}

/// What the relax pass may leave an island of `jointIslands` with.
struct IslandEnergyLimit {
    /// Kinetic energy after this substep's warm start.
    var energy = 0.0
    /// Only passive joints and no kinematic body: the solve can do no work on the island.
    var isLimited = false
    /// Held by a static body: scaled about rest rather than about its mean velocity.
    var isGrounded = false
}
