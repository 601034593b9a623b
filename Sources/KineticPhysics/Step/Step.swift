// One fixed step, in order: every stage the world runs, each a named function. The stages are
// Box2D v3's (`b2World_Step`, and `b2SolverStep` with its `b2SolverStageType` list in solver.c)
// except those marked SAFEGUARD: Kinetic's own corrections, each switchable with
// `WorldDef.safeguards` and described in Safeguards/README.md. Per-step scratch is `buffers`
// (SolverBuffers.swift); the stores (bodies, shapes, contacts, joints) are the World's. Stages that
// take `workers` split their loop into blocks of disjoint data and run them on the world's threads
// (Workers.swift); the rest run on the calling thread, between them.

extension World {
    /// Advances by `dt` seconds in `substeps` soft-step substeps. Bodies, shapes and joints may be
    /// created and destroyed between steps only. Contact events of this step are readable afterwards.
    /// A non-positive or non-finite `dt` only publishes pending events.
    public func step(by dt: Double, substeps: Int = 4) {
        if dt > 0 && dt.isFinite {
            // The constants depend only on dt, substeps and the world's fixed definition.
            if stepContext.dt != dt || stepContext.substeps != Swift.max(1, substeps) {
                stepContext = makeStepContext(dt: dt, substeps: substeps)
            }
            let ctx = stepContext
            applyRefilters()                        // refilter: pairs whose filters changed
            updatePairs()                           // pairs: broad phase, new contacts
            updateContacts(workers(forAwakeBodies: buffers.awakeBodies.count))  // narrow phase: manifolds, touching begins and ends
            let islandsChanged = buildIslands()     // islands: the awake set, island by island
            if !buffers.awakeBodies.isEmpty {
                solve(ctx, islandsChanged: islandsChanged)
                if def.safeguards.contains(.staticPushOut) {
                    pushDynamicBodiesOutOfStaticShapes()  // SAFEGUARD staticPushOut
                }
            }
            sleepIslands()                          // sleep
        }
        publishEvents()                             // publish events
    }

    /// The solver step (Box2D b2SolverStep) over the awake set, then finalize and continuous.
    private func solve(_ ctx: StepContext, islandsChanged: Bool) {
        let safeguards = def.safeguards
        let limitWarmStart = safeguards.contains(.warmStartEnergyLimit)
        let limitRelax = safeguards.contains(.relaxEnergyLimit)
        let capPositions = safeguards.contains(.speedCapsAfterSolve)
        let workers = self.workers(forAwakeBodies: buffers.awakeBodies.count)
        prepareBodies(ctx)                                                          // body states
        let coloringKept = colorContactConstraints(islandsChanged: islandsChanged)  // graph colouring
        listActiveJoints(islandsChanged: islandsChanged)

        withSolverViews { v in
            prepareContactConstraints(v, kept: coloringKept, workers)               // b2_stagePrepareContacts (+ contact passes for the colours)
            prepareJoints(v, ctx, workers)                                          // b2_stagePrepareJoints
            if islandsChanged && (limitWarmStart || limitRelax) {
                findJointIslands()                  // SAFEGUARD warmStartEnergyLimit, relaxEnergyLimit: their islands
            }
            let checked = !buffers.jointIslands.isEmpty
            let checkWarmStart = checked && limitWarmStart, checkRelax = checked && limitRelax
            if safeguards.contains(.impactPropagation) {
                propagateImpacts(v, ctx)            // SAFEGUARD impactPropagation
            }
            storeRelativeVelocities(v.constraints, v.restitutionList, v.states)     // restitution targets
            let contacts = buffers.contactSchedule.passes
            if checkRelax {
                classifyJointIslands(v, contacts)   // SAFEGUARD relaxEnergyLimit: which islands it holds
            }
            let joints = JointPasses(v, workers)
            let contactConstants = ContactSolveConstants(ctx)
            substeps(v, ctx, joints, contacts, contactConstants, checkWarmStart: checkWarmStart, checkRelax: checkRelax,
                     capPositions: capPositions, workers)
            contacts.exchangeBouncingImpulses(v.constraints, v.restitutionList, toConstraints: true)
            if restitute(v, ctx, safeguards: safeguards) {  // b2_stageRestitution (+ SAFEGUARD restitutionEnergyLimit)
                contacts.exchangeBouncingImpulses(v.constraints, v.restitutionList, toConstraints: false)
            }
            storeJointImpulses(v, workers)      // b2_stageStoreImpulses: joints' records to the store
            storeImpulses(v, contacts, workers) // b2_stageStoreImpulses
            finalizeBodies(v, ctx, capSpeeds: capPositions, workers)  // finalize (+ SAFEGUARD speedCapsAfterSolve)
        }
        sweepFastBodies()                           // continuous: fast bodies swept against static shapes, bullets against all
        updateAwakeShapeBounds(workers)             // bounds: shapes' boxes for the next broad phase
        rebuildMovingTree()                         // tree: the moving tree rebuilt around the enlarged proxies
    }

    /// The substeps (Box2D b2_stageIntegrateVelocities … b2_stageRelax), each: integrate
    /// velocities, warm start, solve, integrate positions, relax. Its own function: the step's
    /// closure with the loop inside grew past what the optimiser inlines into one function, and the
    /// warm start was left a call.
    private func substeps(_ v: SolverViews, _ ctx: StepContext, _ joints: JointPasses, _ contacts: ContactPasses,
                          _ contactConstants: ContactSolveConstants, checkWarmStart: Bool, checkRelax: Bool,
                          capPositions: Bool, _ workers: Workers) {
        for _ in 0..<ctx.substeps {
            integrateVelocities(v.states, v.integration, ctx, workers)      // b2_stageIntegrateVelocities
            warmStart(v, joints, contacts, limit: checkWarmStart, record: checkRelax, workers)  // b2_stageWarmStart (+ SAFEGUARD warmStartEnergyLimit)
            joints.solve(ctx, useBias: true, workers)                       // b2_stageSolve
            contacts.solve(v.constraints, v.states, contactConstants, useBias: true, workers)
            integratePositions(v.states, v.integration, ctx, capped: capPositions, workers)  // b2_stageIntegratePositions (+ SAFEGUARD speedCapsAfterSolve)
            joints.updatePoses(workers)                                     // b2_stageRelax
            joints.solve(ctx, useBias: false, workers)
            contacts.solve(v.constraints, v.states, contactConstants, useBias: false, workers)
            if checkRelax {
                limitRelaxEnergy(v)         // SAFEGUARD relaxEnergyLimit
            }
        }
    }
}
