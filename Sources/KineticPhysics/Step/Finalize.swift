// After the substeps (Box2D v3 solver.c: b2_stageStoreImpulses, b2FinalizeBodiesTask, then the
// continuous sweeps and the bounds the next broad phase reads).

extension World {
    /// Copies the final impulses into the manifolds for next step's warm start.
    func storeImpulses() {
        contacts.withUnsafeMutableBufferPointer { contacts in
          buffers.constraints.withUnsafeBufferPointer { constraints in
            for i in constraints.indices {
                let c = constraints.baseAddress! + i
                let m = contacts.baseAddress! + Int(c.pointee.contact)
                m.pointee.manifold.point0.normalImpulse = c.pointee.p0.normalImpulse
                m.pointee.manifold.point0.tangentImpulse = c.pointee.p0.tangentImpulse
                if c.pointee.pointCount > 1 {
                    m.pointee.manifold.point1.normalImpulse = c.pointee.p1.normalImpulse
                    m.pointee.manifold.point1.tangentImpulse = c.pointee.p1.tangentImpulse
                }
            }
          }
        }
    }

    /// Writes states back to bodies, accumulates sleep time and lists the bodies that moved far
    /// enough for continuous collision. SAFEGUARD speedCapsAfterSolve when `capSpeeds`: a dynamic
    /// body's velocities are capped once more as they are written back. Every pass starts from capped
    /// velocities, but the relax pass and restitution can leave them far past the caps (a chain of
    /// rigid joints anchored far out on spinning bodies multiplies the anchor speeds pass by pass).
    /// The next step would cap them before use; the world's state, its events and queries should not
    /// report them either.
    func finalizeBodies(_ ctx: StepContext, capSpeeds: Bool) {
        let buffers = self.buffers
        let n = buffers.awakeBodies.count
        let sleepThreshold = Tuning.sleepSpeedMeters * def.lengthUnitsPerMeter
        buffers.fastBodies.clear()
        buffers.bulletBodies.clear()
        let enableContinuous = def.enableContinuous
        let caps = SpeedCaps(ctx)
        bodyStore.withUnsafeMutableBufferPointer { bodies in
          buffers.states.withUnsafeMutableBufferPointer { states in
            buffers.integration.withUnsafeMutableBufferPointer { integration in
                for i in 0..<n {
                    let b = Int(buffers.awakeBodies[i])
                    if capSpeeds && integration[i].isDynamic { caps.apply(to: &states[i]) }
                    let s = states[i]
                    let body = bodies.baseAddress! + b
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
                    if !body.pointee.allowSleep || speed + maxExtent * abs(s.w) > sleepThreshold {
                        body.pointee.sleepTime = 0
                    } else {
                        body.pointee.sleepTime += ctx.dt
                    }
                    if enableContinuous && body.pointee.type == .dynamic {
                        // How far it moved and turned, not only how far its velocities say: position
                        // correction moves bodies with no velocity left after the relax pass (a light
                        // body dragged by a joint that cannot be satisfied, or a joint created
                        // violated, turning a large body's far part through a wall).
                        // √(2(1 − cos θ)) is the chord a turn θ sweeps at radius 1.
                        let turned = (2 * Swift.max(0, 1 - s.dq.c)).squareRoot()
                        let travel = Swift.max(speed * ctx.dt, s.dp.length) + Swift.max(abs(s.w) * ctx.dt, turned) * maxExtent
                        if travel > Tuning.continuousTravelFraction * body.pointee.minExtent {
                            if body.pointee.isBullet { buffers.bulletBodies.append(Int32(b)) } else { buffers.fastBodies.append(Int32(b)) }
                        }
                    }
                }
            }
          }
        }
    }

    /// Sweeps the bodies `finalizeBodies` listed: fast ones against static shapes, then bullets
    /// against everything (Box2D b2SolveContinuous).
    func sweepFastBodies() {
        for b in buffers.fastBodies { solveContinuous(Int(b), isBullet: false) }
        for b in buffers.bulletBodies { solveContinuous(Int(b), isBullet: true) }
    }
}
