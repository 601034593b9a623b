// The soft step (Box2D v3 solver.c, single-threaded): body states for the awake set, constraints
// prepared once, then per substep integrate velocities → warm start → solve (bias) → integrate
// positions → relax (no bias); restitution and impulse storage once at the end; finalize writes
// transforms back and flags fast bodies for continuous collision.

/// Constants of one step.
struct StepContext {
    var dt = 0.0, invDt = 0.0
    /// Substep length and its inverse.
    var h = 0.0, invH = 0.0
    var substeps = 1
    var gravity = Vec2.zero
    var contactSoftness = Softness(), staticSoftness = Softness(), jointSoftness = Softness()
    var restitutionThreshold = 0.0
    var maxContactPushSpeed = 0.0
    var maxLinearSpeed = 0.0
    /// Largest angular speed, rad/s: a quarter turn per substep (Box2D b2_maxRotation).
    var maxAngularSpeed = 0.0
}

extension World {
    func makeStepContext(dt: Double, substeps: Int) -> StepContext {
        var ctx = StepContext()
        ctx.dt = dt
        ctx.invDt = dt > 0 ? 1 / dt : 0
        ctx.substeps = Swift.max(1, substeps)
        ctx.h = dt / Double(ctx.substeps)
        ctx.invH = ctx.h > 0 ? 1 / ctx.h : 0
        ctx.gravity = def.gravity
        // Contacts stiffer than a quarter of the substep rate ring (Box2D caps the same way).
        let contactHertz = Swift.min(def.contactHertz, 0.25 * ctx.invH)
        ctx.contactSoftness = Softness(hertz: contactHertz, dampingRatio: def.contactDampingRatio, h: ctx.h)
        ctx.staticSoftness = Softness(hertz: 2 * contactHertz, dampingRatio: def.contactDampingRatio, h: ctx.h)
        ctx.jointSoftness = Softness(hertz: def.jointHertz, dampingRatio: def.jointDampingRatio, h: ctx.h)
        ctx.restitutionThreshold = def.restitutionThreshold
        ctx.maxContactPushSpeed = def.maxContactPushSpeed
        ctx.maxLinearSpeed = def.maximumLinearSpeed
        ctx.maxAngularSpeed = 0.25 * Double.pi * ctx.invH
        return ctx
    }

    /// Solves the awake set for one step and moves its bodies.
    func solve(_ ctx: StepContext) {
        let islandsChanged = buildIslands()
        let n = awakeBodies.count
        guard n > 0 else { return }

        // Body states and integration constants: sized when the awake set changes, then written in
        // place (appending element by element checked the arrays' uniqueness each time). The
        // mutable accessors also spare the retain and release a read-only one costs on the World's
        // stored arrays.
        if states.count != n + 1 {
            states.removeAll(keepingCapacity: true)
            states.append(contentsOf: repeatElement(BodyState(), count: n + 1))
        }
        if integration.count != n {
            integration.removeAll(keepingCapacity: true)
            integration.append(contentsOf: repeatElement(BodyIntegration(), count: n))
        }
        states.withUnsafeMutableBufferPointer { states in
          integration.withUnsafeMutableBufferPointer { integration in
            bodyStore.withUnsafeMutableBufferPointer { bodies in
                for i in 0..<n {
                    let body = bodies.baseAddress! + Int(awakeBodies[i])
                    states[i] = BodyState(v: body.pointee.v, w: body.pointee.w, dp: .zero, dq: .identity)
                    var bi = BodyIntegration()
                    if body.pointee.type == .dynamic {
                        bi.isDynamic = true
                        bi.invMass = body.pointee.invMass; bi.invI = body.pointee.invI
                        bi.linearAcceleration = body.pointee.gravityScale * ctx.gravity + body.pointee.invMass * body.pointee.force
                        bi.angularAcceleration = body.pointee.invI * body.pointee.torque
                        bi.linearDampingFactor = 1 / (1 + ctx.h * body.pointee.linearDamping)
                        bi.angularDampingFactor = 1 / (1 + ctx.h * body.pointee.angularDamping)
                    }
                    integration[i] = bi
                }
            }
          }
          states[n] = BodyState()  // shared state of static (and sleeping) bodies
        }

        let scheduleKept = prepareContactConstraints(ctx, islandsChanged: islandsChanged)
        // The joints with an awake body change only with the islands (joints created or destroyed,
        // bodies woken or put to sleep all mark them).
        if islandsChanged {
            activeJoints.removeAll(keepingCapacity: true)
            for j in jointStore.indices where jointStore[j].isLive {
                let a = jointStore[j].bodyA >= 0 ? Int(solverIndex[Int(jointStore[j].bodyA)]) : n
                let b = Int(solverIndex[Int(jointStore[j].bodyB)])
                if a != n || b != n { activeJoints.append(Int32(j)) }
            }
        }
        jointStore.withUnsafeMutableBufferPointer { joints in
            bodyStore.withUnsafeMutableBufferPointer { bodies in
                solverIndex.withUnsafeMutableBufferPointer { solverIndex in
                    activeJoints.withUnsafeMutableBufferPointer { active in
                        for j in active {
                            prepareJoint(joints.baseAddress! + Int(j), UnsafeBufferPointer(bodies), UnsafeBufferPointer(solverIndex), dummy: Int32(n), ctx)
                        }
                    }
                }
            }
        }
        let safeguards = def.safeguards
        let limitWarmStart = safeguards.contains(.warmStartEnergyLimit)
        let limitRelax = safeguards.contains(.relaxEnergyLimit)
        if islandsChanged && (limitWarmStart || limitRelax) { findJointIslands() }

        let restitutionThreshold = ctx.restitutionThreshold
        let checkWarmStart = !jointIslands.isEmpty
        let checkRelax = checkWarmStart && limitRelax
        let capPositions = safeguards.contains(.speedCapsAfterSolve)
        states.withUnsafeMutableBufferPointer { sp in
            constraints.withUnsafeMutableBufferPointer { cp in
                jointStore.withUnsafeMutableBufferPointer { jp in
                    if scheduleKept {
                        contactSchedule.refill(cp)
                        colorStarts.withUnsafeBufferPointer { validateContactSchedule(cp, $0) }
                    } else {
                        colorStarts.withUnsafeBufferPointer { contactSchedule.build(cp, $0) }
                    }
                    if safeguards.contains(.impactPropagation) {
                        impactConstraints.withUnsafeMutableBufferPointer { list in
                            safeguardCounts.impactsPropagated += propagateImpacts(cp, UnsafeBufferPointer(rebasing: list[..<impactConstraintCount]), sp, ctx)
                        }
                    }
                    restitutionConstraints.withUnsafeMutableBufferPointer { list in
                        storeRelativeVelocities(cp, UnsafeBufferPointer(rebasing: list[..<restitutionConstraintCount]), sp)
                    }
                    integration.withUnsafeMutableBufferPointer { integration in
                        activeJoints.withUnsafeMutableBufferPointer { active in
                            let ip = UnsafeBufferPointer(integration)
                            let active = UnsafeBufferPointer(active)
                            if checkRelax { classifyJointIslands(active, jp.baseAddress!, cp, ip) }
                            contactSchedule.withPasses { schedule in
                                for _ in 0..<ctx.substeps {
                                    integrateVelocities(sp, ip, ctx)
                                    warmStart(active, jp.baseAddress!, cp, schedule, sp, ip,
                                              limit: checkWarmStart && limitWarmStart, record: checkRelax)
                                    for j in active { solveJoint(&jp[Int(j)], sp, ctx, useBias: true) }
                                    schedule.solve(cp, sp, ctx, useBias: true)
                                    integratePositions(sp, ip, ctx, capped: capPositions)
                                    // All poses first: they depend on positions only, so they run side
                                    // by side instead of each waiting on the previous joint's impulse.
                                    for j in active { updateJointPose(&jp[Int(j)], sp) }
                                    for j in active { solveJoint(&jp[Int(j)], sp, ctx, useBias: false) }
                                    schedule.solve(cp, sp, ctx, useBias: false)
                                    if checkRelax { limitRelaxEnergy(sp, ip) }
                                }
                            }
                        }
                    }
                    contactSchedule.storeImpulses(cp)
                    restitutionConstraints.withUnsafeMutableBufferPointer { list in
                        integration.withUnsafeMutableBufferPointer { ip in
                            restitute(cp, UnsafeBufferPointer(rebasing: list[..<restitutionConstraintCount]), sp,
                                      UnsafeBufferPointer(ip), threshold: restitutionThreshold, safeguards: safeguards)
                        }
                    }
                }
            }
        }
        storeImpulses()
        finalizeBodies(ctx)
    }

    /// Builds one constraint per touching, non-sensor contact with an awake body, in colour order.
    /// The colouring depends only on which contacts touch and which bodies are awake and dynamic;
    /// each of those changes marks the islands, so while they hold last step's colouring is reused.
    /// Returns true when the colouring and every constraint's point count are last step's.
    private func prepareContactConstraints(_ ctx: StepContext, islandsChanged: Bool) -> Bool {
        let n = Int32(awakeBodies.count)
        let coloringKept = !islandsChanged && !colorStarts.isEmpty
        if coloringKept {
            validateColoring(n)
        } else {
            colorContacts(n)
        }
        // Sized when the number of contacts changes, then written in place: emptying a list calls
        // into the standard library, and each append checks the array's uniqueness. The restitution
        // lists hold at most one entry per constraint; their lengths are kept beside them.
        let count = solverOrder.count
        // With the colouring kept, constraint k is last step's contact k: its point count is compared
        // with last step's before it is overwritten, for the schedule (`ContactSchedule.build`).
        var pointCountsKept = coloringKept && constraints.count == count
        constraints.resize(to: count, filler: ContactConstraint())
        restitutionConstraints.resize(to: count, filler: 0)
        impactConstraints.resize(to: count, filler: 0)
        var restitutionCount = 0, impactCount = 0
        // Mutable accessors only to read: a read-only one retains and releases the World's array.
        bodyStore.withUnsafeMutableBufferPointer { bodies in
          integration.withUnsafeMutableBufferPointer { integration in
            contacts.withUnsafeMutableBufferPointer { contacts in
              solverOrder.withUnsafeMutableBufferPointer { order in
                solverIndex.withUnsafeMutableBufferPointer { solverIndex in
                  constraints.withUnsafeMutableBufferPointer { constraints in
                    restitutionConstraints.withUnsafeMutableBufferPointer { restitutionList in
                      impactConstraints.withUnsafeMutableBufferPointer { impactList in
                        /// Inverse mass and inertia, and whether the body is dynamic: from the compact
                        /// `integration` array for awake bodies (it stays in cache), else from the body.
                        @inline(__always) func massOf(_ body: Int32, _ index: Int32) -> (Double, Double, Bool) {
                            if index < n {
                                let bi = integration.baseAddress! + Int(index)
                                return (bi.pointee.invMass, bi.pointee.invI, bi.pointee.isDynamic)
                            }
                            let b = bodies.baseAddress! + Int(body)
                            return (b.pointee.invMass, b.pointee.invI, b.pointee.type == .dynamic)
                        }
                        for k in 0..<count {
                            let ci = Int(order[k])
                            let contact = contacts.baseAddress! + ci
                            let ia = solverIndex[Int(contact.pointee.bodyA)], ib = solverIndex[Int(contact.pointee.bodyB)]
                            let (mA, iA, dynamicA) = massOf(contact.pointee.bodyA, ia)
                            let (mB, iB, dynamicB) = massOf(contact.pointee.bodyB, ib)
                            var c = ContactConstraint()
                            c.indexA = ia; c.indexB = ib
                            c.contact = Int32(ci)
                            c.normal = contact.pointee.manifold.normal
                            c.friction = contact.pointee.friction
                            c.restitution = contact.pointee.restitution
                            c.mA = mA; c.iA = iA
                            c.mB = mB; c.iB = iB
                            let bothDynamic = dynamicA && dynamicB
                            // Against static or kinematic bodies contacts are twice as stiff (Box2D staticSoftness).
                            c.isStaticPair = !bothDynamic
                            c.pointCount = contact.pointee.manifold.pointCount
                            if constraints[k].pointCount != c.pointCount { pointCountsKept = false }
                            prepareContactPoint(&c.p0, contact.pointee.manifold.point0, c)
                            if c.pointCount > 1 { prepareContactPoint(&c.p1, contact.pointee.manifold.point1, c) }
                            prepareCentralFriction(&c)
                            if c.restitution > 0 {
                                restitutionList[restitutionCount] = Int32(k)
                                restitutionCount += 1
                                if bothDynamic {
                                    impactList[impactCount] = Int32(k)
                                    impactCount += 1
                                }
                            }
                            constraints[k] = c
                        }
                      }
                    }
                  }
                }
              }
            }
          }
        }
        restitutionConstraintCount = restitutionCount
        impactConstraintCount = impactCount
        return pointCountsKept
    }

    /// Copies the final impulses into the manifolds for next step's warm start.
    private func storeImpulses() {
        contacts.withUnsafeMutableBufferPointer { contacts in
          constraints.withUnsafeBufferPointer { constraints in
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

    /// Caps the final speeds (`capFinalSpeeds`), writes states back to bodies, accumulates sleep
    /// time, runs continuous collision for fast bodies and refreshes shape bounds.
    private func finalizeBodies(_ ctx: StepContext) {
        let n = awakeBodies.count
        let sleepThreshold = 0.05 * def.lengthUnitsPerMeter
        fastBodies.clear()
        bulletBodies.clear()
        let enableContinuous = def.enableContinuous
        let caps = SpeedCaps(ctx)
        let capFinal = def.safeguards.contains(.speedCapsAfterSolve)
        bodyStore.withUnsafeMutableBufferPointer { bodies in
          states.withUnsafeMutableBufferPointer { states in
            integration.withUnsafeMutableBufferPointer { integration in
                for i in 0..<n {
                    let b = Int(awakeBodies[i])
                    if capFinal && integration[i].isDynamic { capFinalSpeeds(&states[i], caps) }
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
                        // body dragged by a joint that cannot be satisfied went 650 pt a step at
                        // rest; a joint created violated turned a 1000 pt body's far part 350 pt
                        // through a wall). √(2(1 − cos θ)) is the chord a turn θ sweeps at radius 1.
                        let turned = (2 * Swift.max(0, 1 - s.dq.c)).squareRoot()
                        let travel = Swift.max(speed * ctx.dt, s.dp.length) + Swift.max(abs(s.w) * ctx.dt, turned) * maxExtent
                        if travel > 0.5 * body.pointee.minExtent {
                            if body.pointee.isBullet { bulletBodies.append(Int32(b)) } else { fastBodies.append(Int32(b)) }
                        }
                    }
                }
            }
          }
        }
        for b in fastBodies { solveContinuous(Int(b), isBullet: false) }
        for b in bulletBodies { solveContinuous(Int(b), isBullet: true) }
        updateAwakeShapeBounds()
    }
}

/// The world's speed caps and their squares, read into locals by the passes over the bodies (read
/// through the context in the loop, they were loaded and squared again for every body).
private struct SpeedCaps {
    let linear: Double, linearSquared: Double
    let angular: Double, angularSquared: Double

    @inline(__always) init(_ ctx: StepContext) {
        linear = ctx.maxLinearSpeed; linearSquared = linear * linear
        angular = ctx.maxAngularSpeed; angularSquared = angular * angular
    }

    /// Clamps a body's velocity: the linear speed keeps its direction, the angular one its sign.
    @inline(__always) func apply(_ v: inout Vec2, _ w: inout Double) {
        let speedSq = v.lengthSquared
        if speedSq > linearSquared { v = scaled(v, toSpeed: linear, speedSquared: speedSq) }
        if w * w > angularSquared { w = w > 0 ? angular : -angular }
    }
}

/// `v` scaled down to `speed`. Out of line because the cap is rarely hit: inlined, the compiler
/// turned the branch into a select and paid the square root and division for every body and pass.
@inline(never) private func scaled(_ v: Vec2, toSpeed speed: Double, speedSquared: Double) -> Vec2 {
    (speed / speedSquared.squareRoot()) * v
}

/// Gravity, forces and damping over one substep (Box2D b2IntegrateVelocitiesTask).
@inline(__always) private func integrateVelocities(_ states: UnsafeMutableBufferPointer<BodyState>, _ integration: UnsafeBufferPointer<BodyIntegration>, _ ctx: StepContext) {
    let h = ctx.h, caps = SpeedCaps(ctx)
    for i in integration.indices {
        let bi = integration[i]
        guard bi.isDynamic else { continue }
        var s = states[i]
        // Damping is applied implicitly: v ← (v + h·a) / (1 + h·c) to first order, as Box2D.
        var v: Vec2, w: Double
        if bi.linearDampingFactor == 1 && bi.angularDampingFactor == 1 {
            // Undamped: 1·v is v, so the multiply stays off the velocities' chain through the substeps.
            v = h * bi.linearAcceleration + s.v
            w = h * bi.angularAcceleration + s.w
        } else {
            v = h * bi.linearAcceleration + bi.linearDampingFactor * s.v
            w = h * bi.angularAcceleration + bi.angularDampingFactor * s.w
        }
        caps.apply(&v, &w)
        s.v = v; s.w = w
        states[i] = s
    }
}

/// The speed caps once more on the velocities a step ends with (a dynamic body's, as it is written
/// back). Every pass starts from capped velocities (`integrateVelocities`, `integratePositions`),
/// but the relax pass and restitution can leave them far past the caps: a rigid joint anchored
/// thousands of points out on a spinning body asks for anchor speeds of 10⁶ pt/s, and a pass over a
/// chain of such joints multiplies that (10²⁵–10⁹⁰ pt/s in fuzz scenes). The next step would cap them
/// before use; the world's state, its events and queries should not report them either.
@inline(__always) private func capFinalSpeeds(_ s: inout BodyState, _ caps: SpeedCaps) {
    caps.apply(&s.v, &s.w)
}

/// Moves the awake bodies by their velocities over one substep, at most at the speed caps (as Box2D
/// v2 did before integrating positions): a joint or contact that over-corrects can then move a body
/// at most `maxLinearSpeed · h` and a quarter turn per substep, so an unstable constraint stays
/// bounded instead of growing to infinity within a few steps. The velocities themselves are left to
/// the relax pass: capped here, the biased pass's velocity past the caps was cut from one body and
/// not its partner, so the relax pass could no longer take it back, and islands of far-anchored
/// joints gained momentum and energy (the next substep caps them before use).
private func integratePositions(_ states: UnsafeMutableBufferPointer<BodyState>, _ integration: UnsafeBufferPointer<BodyIntegration>, _ ctx: StepContext, capped: Bool) {
    let h = ctx.h, caps = SpeedCaps(ctx)
    for i in integration.indices {
        var s = states[i]
        var v = s.v, w = s.w
        if capped && integration[i].isDynamic { caps.apply(&v, &w) }
        s.dq = s.dq.integrated(by: h * w)
        s.dp += h * v
        states[i] = s
    }
}
