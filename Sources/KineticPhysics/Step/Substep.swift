// The stages of one substep (Box2D v3 solver.c: b2IntegrateVelocitiesTask, b2WarmStart*, b2Solve*,
// b2IntegratePositionsTask, b2Relax*), in the order Step.swift calls them, and the speed caps they share.

/// The world's speed caps and their squares, read into locals by the passes over the bodies (read
/// through the context in the loop, they were loaded and squared again for every body).
struct SpeedCaps {
    let linear: Double, linearSquared: Double
    let angular: Double, angularSquared: Double

    @inline(__always) init(_ ctx: StepContext) {
        linear = ctx.maxLinearSpeed; linearSquared = linear * linear
        angular = ctx.maxAngularSpeed; angularSquared = angular * angular
    }

    /// Clamps a body's velocity: the linear speed keeps its direction, the angular one its sign.
    /// One test inline, the clamping out of line: a cap is rarely hit, and inlined, the compiler
    /// turned its branches into selects and paid the clamped values for every body and pass.
    @inline(__always) func apply(_ v: inout Vec2, _ w: inout Double) {
        if v.lengthSquared > linearSquared || w * w > angularSquared { clamp(&v, &w) }
    }

    @inline(__always) func apply(to s: inout BodyState) { apply(&s.v, &s.w) }

    @inline(never) private func clamp(_ v: inout Vec2, _ w: inout Double) {
        let speedSq = v.lengthSquared
        if speedSq > linearSquared { v = (linear / speedSq.squareRoot()) * v }
        if w * w > angularSquared { w = w > 0 ? angular : -angular }
    }
}

/// Gravity, forces and damping over one substep (Box2D b2IntegrateVelocitiesTask), body by body.
@inline(__always) func integrateVelocities(_ states: UnsafeMutableBufferPointer<BodyState>, _ integration: UnsafeBufferPointer<BodyIntegration>,
                                           _ ctx: StepContext, _ workers: Workers) {
    // Made here, not in the stage (made only where it runs): here the substep loop keeps them.
    let h = ctx.h, caps = SpeedCaps(ctx)
    workers.forEachRange(integration.count, minimum: Workers.minimumBodyBlock,
                         IntegrateVelocities(states: states, integration: integration, h: h, caps: caps))
}

private struct IntegrateVelocities: WorkerStage {
    let states: UnsafeMutableBufferPointer<BodyState>, integration: UnsafeBufferPointer<BodyIntegration>
    let h: Double, caps: SpeedCaps

    @inline(__always) func run(_ bodies: Range<Int>) {
        for i in bodies {
            let bi = integration[i]
            guard bi.isDynamic else { continue }
            // Only the velocities are read and written: a whole state copied in and out also moved
            // the displacement and rotation, and kept them in registers across the caps' call.
            let s = states.baseAddress! + i
            // Damping is applied implicitly: v ← (v + h·a) / (1 + h·c) to first order, as Box2D.
            var v: Vec2, w: Double
            if bi.linearDampingFactor == 1 && bi.angularDampingFactor == 1 {
                // Undamped: 1·v is v, so the multiply stays off the velocities' chain through the substeps.
                v = h * bi.linearAcceleration + s.pointee.v
                w = h * bi.angularAcceleration + s.pointee.w
            } else {
                v = h * bi.linearAcceleration + bi.linearDampingFactor * s.pointee.v
                w = h * bi.angularAcceleration + bi.angularDampingFactor * s.pointee.w
            }
            caps.apply(&v, &w)
            s.pointee.v = v; s.pointee.w = w
        }
    }
}

extension World {
    /// Applies last substep's impulses of the active joints and every contact (Box2D b2_stageWarmStart).
    /// SAFEGUARD warmStartEnergyLimit when `limit`: in the islands of `jointIslands`, a warm start
    /// that raised the island's kinetic energy is scaled back. `record`: the islands' energies are
    /// recorded for the relax limit. Either needs `jointIslands` not empty.
    @inline(__always)
    func warmStart(_ v: SolverViews, _ joints: JointPasses, _ contacts: ContactPasses, limit: Bool, record: Bool, _ workers: Workers) {
        if limit { saveJointIslandStates(v.states) }
        joints.warmStart(workers)
        contacts.warmStart(v.constraints, v.states, workers)
        if limit { undoEnergyGain(v, contacts) }
        if record { recordIslandEnergies(v.states, v.integration) }
    }
}

/// Moves the awake bodies by their velocities over one substep (Box2D b2IntegratePositionsTask).
/// SAFEGUARD speedCapsAfterSolve when `capped`: at most at the speed caps (as Box2D v2 did before
/// integrating positions), so a joint or contact that over-corrects moves a body at most
/// `maxLinearSpeed · h` and a quarter turn per substep, and an unstable constraint stays bounded
/// instead of growing to infinity within a few steps. The velocities themselves are left to the relax
/// pass: capped here, the biased pass's velocity past the caps was cut from one body and not its
/// partner, so the relax pass could no longer take it back, and islands of far-anchored joints gained
/// momentum and energy (the next substep caps them before use).
@inline(__always) func integratePositions(_ states: UnsafeMutableBufferPointer<BodyState>, _ integration: UnsafeBufferPointer<BodyIntegration>, _ ctx: StepContext,
                        capped: Bool, _ workers: Workers) {
    let h = ctx.h, caps = SpeedCaps(ctx)
    workers.forEachRange(integration.count, minimum: Workers.minimumBodyBlock,
                         IntegratePositions(states: states, integration: integration, h: h, caps: caps, capped: capped))
}

private struct IntegratePositions: WorkerStage {
    let states: UnsafeMutableBufferPointer<BodyState>, integration: UnsafeBufferPointer<BodyIntegration>
    let h: Double, caps: SpeedCaps, capped: Bool

    @inline(__always) func run(_ bodies: Range<Int>) {
        for i in bodies {
            let s = states.baseAddress! + i
            var v = s.pointee.v, w = s.pointee.w
            if capped && integration[i].isDynamic { caps.apply(&v, &w) }
            s.pointee.dq = s.pointee.dq.integrated(by: h * w)
            s.pointee.dp += h * v
        }
    }
}
