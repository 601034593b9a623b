// After the substeps (Box2D v3 solver.c: b2_stageStoreImpulses, b2FinalizeBodiesTask, then the
// continuous sweeps and the bounds the next broad phase reads).

/// Copies the final impulses into the manifolds for next step's warm start: the bundled contacts'
/// from their lanes, the others' from their constraints. Each writes its own contacts, so blocks of
/// them run on the workers.
@inline(__always) func storeImpulses(_ v: SolverViews, _ passes: ContactPasses, _ workers: Workers) {
    guard let contacts = v.contacts.baseAddress, let constraints = v.constraints.baseAddress else { return }
    if let bundles = passes.bundles {
        workers.forEachRange(passes.bundleCount, minimum: Workers.minimumBodyBlock,
                             StoreBundleImpulses(bundles: UnsafePointer(bundles), contacts: contacts))
    }
    workers.forEachRange(passes.singles.count, minimum: Workers.minimumBodyBlock,
                         StoreImpulses(contacts: contacts, constraints: constraints, singles: passes.singles))
}

extension World {
    /// Writes states back to bodies, accumulates sleep time and lists the bodies that moved far
    /// enough for continuous collision. SAFEGUARD speedCapsAfterSolve when `capSpeeds`: a dynamic
    /// body's velocities are capped once more as they are written back. Every pass starts from capped
    /// velocities, but the relax pass and restitution can leave them far past the caps (a chain of
    /// rigid joints anchored far out on spinning bodies multiplies the anchor speeds pass by pass).
    /// The next step would cap them before use; the world's state, its events and queries should not
    /// report them either. Blocks of bodies run on the workers, each marking its fast bodies in
    /// `continuousMarks`; the lists are gathered afterwards in solver order, as one thread makes them.
    func finalizeBodies(_ v: SolverViews, _ ctx: StepContext, capSpeeds: Bool, _ workers: Workers) {
        let buffers = v.buffers
        let n = v.integration.count
        buffers.fastBodies.clear()
        buffers.bulletBodies.clear()
        guard let bodies = v.bodies.baseAddress, n > 0 else { return }
        buffers.continuousMarks.resize(to: n, filler: .none)
        let awake = buffers.awakeBodies.buffer
        let marks = buffers.continuousMarks.buffer
        workers.forEachRange(n, minimum: Workers.minimumBodyBlock, FinalizeBodies(
            bodies: bodies, states: v.states, integration: v.integration,
            awake: UnsafeBufferPointer(awake), marks: marks, dt: ctx.dt, caps: SpeedCaps(ctx), capSpeeds: capSpeeds,
            sleepThreshold: Tuning.sleepSpeedMeters * def.lengthUnitsPerMeter, enableContinuous: def.enableContinuous))
        guard def.enableContinuous else { return }
        for i in 0..<n where marks[i] != .none {
            if marks[i] == .bullet { buffers.bulletBodies.append(awake[i]) } else { buffers.fastBodies.append(awake[i]) }
        }
    }

    /// Sweeps the bodies `finalizeBodies` listed: fast ones against static shapes, then bullets
    /// against everything (Box2D b2SolveContinuous).
    func sweepFastBodies() {
        for b in buffers.fastBodies { solveContinuous(Int(b), isBullet: false) }
        for b in buffers.bulletBodies { solveContinuous(Int(b), isBullet: true) }
    }
}

/// Whether `finalizeBodies` found a body moved far enough for continuous collision, and as what.
enum ContinuousMark: UInt8 {
    case none, fast, bullet
}

private struct StoreImpulses: WorkerStage {
    let contacts: UnsafeMutablePointer<ContactData>, constraints: UnsafePointer<ContactConstraint>
    let singles: UnsafeBufferPointer<Int32>

    @inline(__always) func run(_ range: Range<Int>) {
        for i in range {
            let c = constraints + Int(singles[i])
            let m = contacts + Int(c.pointee.contact)
            m.pointee.manifold.point0.normalImpulse = c.pointee.p0.normalImpulse
            m.pointee.manifold.point0.tangentImpulse = c.pointee.p0.tangentImpulse
            if c.pointee.pointCount > 1 {
                m.pointee.manifold.point1.normalImpulse = c.pointee.p1.normalImpulse
                m.pointee.manifold.point1.tangentImpulse = c.pointee.p1.tangentImpulse
            }
        }
    }
}

private struct FinalizeBodies: WorkerStage {
    let bodies: UnsafeMutablePointer<BodyData>
    let states: UnsafeMutableBufferPointer<BodyState>, integration: UnsafeBufferPointer<BodyIntegration>
    let awake: UnsafeBufferPointer<Int32>, marks: UnsafeMutableBufferPointer<ContinuousMark>
    let dt: Double, caps: SpeedCaps, capSpeeds: Bool, sleepThreshold: Double, enableContinuous: Bool

    @inline(__always) func run(_ range: Range<Int>) {
        for i in range {
            if capSpeeds && integration[i].isDynamic { caps.apply(to: &states[i]) }
            let s = states[i]
            let body = bodies + Int(awake[i])
            body.pointee.center0 = body.pointee.center
            body.pointee.q0 = body.pointee.xf.q
            body.pointee.v = s.v; body.pointee.w = s.w
            body.pointee.center += s.dp
            let q = s.dq.multiplied(by: body.pointee.xf.q)
            let invMag = 1 / (q.c * q.c + q.s * q.s).squareRoot()
            body.pointee.xf.q = Rot(c: q.c * invMag, s: q.s * invMag)
            body.pointee.xf.p = body.pointee.center - body.pointee.xf.q.rotate(body.pointee.localCenter)
            body.pointee.force = .zero; body.pointee.torque = 0
            let speed = s.v.length
            let maxExtent = body.pointee.maxExtent
            // A kinematic body moves only by the velocity it was given, however slow: it stays
            // awake, and so does its island, until that velocity is zero (Box2D lets one below the
            // threshold sleep and stop).
            if !body.pointee.allowSleep || speed + maxExtent * abs(s.w) > sleepThreshold
                || (body.pointee.type == .kinematic && (speed != 0 || s.w != 0)) {
                body.pointee.sleepTime = 0
            } else {
                body.pointee.sleepTime += dt
            }
            var mark = ContinuousMark.none
            if enableContinuous && body.pointee.type == .dynamic {
                // How far it moved and turned, not only how far its velocities say: position
                // correction moves bodies with no velocity left after the relax pass (a light
                // body dragged by a joint that cannot be satisfied, or a joint created
                // violated, turning a large body's far part through a wall).
                // √(2(1 − cos θ)) is the chord a turn θ sweeps at radius 1.
                let turned = (2 * Swift.max(0, 1 - s.dq.c)).squareRoot()
                let travel = Swift.max(speed * dt, s.dp.length) + Swift.max(abs(s.w) * dt, turned) * maxExtent
                if travel > Tuning.continuousTravelFraction * body.pointee.minExtent {
                    mark = body.pointee.isBullet ? .bullet : .fast
                }
            }
            marks[i] = mark
        }
    }
}
