// The joint stages of a substep on the worker threads (Box2D v3 solver.c: b2WarmStartJointsTask and
// b2SolveJointsTask over the colours of the constraint graph). The active joints are grouped by
// colour (`World.colorJoints`): a colour's joints move disjoint bodies, so its blocks run side by side
// and give the bits one thread gives; colour after colour, the overflow group last on one thread.
// On one thread each pass is a plain loop over the same order (`JointPasses.serial`).
// Every joint stores its bodies' states except the last one, shared by static bodies (a joint's
// masses leave it as it is), so joints of a colour anchored to the ground never write the same state.

/// The active joints, for the passes of a substep.
struct JointPasses {
    let joints: UnsafeMutableBufferPointer<JointData>
    /// The active joints in list order (the pose pass walks the store front to back), and grouped by colour.
    let active: UnsafeBufferPointer<Int32>
    let order: UnsafeBufferPointer<Int32>
    /// Where each colour of `order` begins, then the overflow group, then the total.
    let starts: UnsafeBufferPointer<Int32>
    let states: UnsafeMutableBufferPointer<BodyState>
    /// Whether each pass is one plain loop over `order` on the calling thread: with one thread, or
    /// with too few joints for any colour to fill two blocks, the colour walk would run every colour
    /// inline in the same order anyway, and in a small world its per-colour stages cost more than
    /// the joints' arithmetic.
    let serial: Bool

    /// A world without active joints gets serial passes over empty lists (an optional was unwrapped,
    /// and copied, before each pass).
    init(_ v: SolverViews, _ workers: Workers) {
        joints = v.joints
        active = v.activeJoints
        order = v.jointOrder
        starts = v.jointColorStarts
        states = v.states
        serial = workers.count == 1 || order.count < 2 * JointPasses.minimumBlock
    }

    /// Joints of one colour per block: fewer leave a colour to the calling thread.
    static let minimumBlock = 32

    /// Runs `stage` over each colour's joints in turn; `makeStage` gets the colour's slice of `order`.
    @inline(__always) private func forEachColor<Stage: WorkerStage>(_ workers: Workers, _ makeStage: (UnsafeBufferPointer<Int32>) -> Stage) {
        for k in 0...Tuning.graphColorCount where starts[k] < starts[k + 1] {
            let colour = UnsafeBufferPointer(rebasing: order[Int(starts[k])..<Int(starts[k + 1])])
            // The overflow group's joints may share bodies: one block, in order.
            let minimum = k == Tuning.graphColorCount ? Int.max : JointPasses.minimumBlock
            workers.forEachRange(colour.count, minimum: minimum, makeStage(colour))
        }
    }

    /// Applies last substep's impulses of every active joint (Box2D b2_stageWarmStart).
    @inline(__always) func warmStart(_ workers: Workers) {
        if serial { warmStartJoints(joints, order, states) } else { warmStartColours(workers) }
    }

    /// One pass over the active joints, with position bias (solve) or without (relax).
    @inline(__always) func solve(_ ctx: StepContext, useBias: Bool, _ workers: Workers) {
        if serial { solveJoints(joints, order, states, ctx, useBias: useBias) } else { solveColours(ctx, useBias: useBias, workers) }
    }

    /// Refreshes the joints' position-only terms after the bodies moved, all before the relax pass's
    /// solves: they depend on positions only and each writes its own joint, so they run side by side
    /// (in blocks on the workers) instead of each waiting on the previous joint's impulse.
    @inline(__always) func updatePoses(_ workers: Workers) {
        if serial { updateJointPoses(joints, active, states) } else { updatePosesInBlocks(workers) }
    }

    // The passes on the workers, out of line so that the serial ones inline into the substep loop.

    @inline(never) private func warmStartColours(_ workers: Workers) {
        forEachColor(workers) { WarmStartJoints(joints: joints, colour: $0, states: states) }
    }

    @inline(never) private func solveColours(_ ctx: StepContext, useBias: Bool, _ workers: Workers) {
        forEachColor(workers) { SolveJoints(joints: joints, colour: $0, states: states, ctx: ctx, useBias: useBias) }
    }

    @inline(never) private func updatePosesInBlocks(_ workers: Workers) {
        workers.forEachRange(active.count, minimum: JointPasses.minimumBlock, UpdateJointPoses(joints: joints, list: active, states: states))
    }
}

// The passes' loops over a list of joints, shared by the serial passes (the whole colour order) and
// the workers' blocks (a range of one colour).

@inline(__always) private func warmStartJoints(_ joints: UnsafeMutableBufferPointer<JointData>, _ list: UnsafeBufferPointer<Int32>,
                                               _ states: UnsafeMutableBufferPointer<BodyState>) {
    for j in list { warmStartJoint(&joints[Int(j)], states) }
}

@inline(__always) private func solveJoints(_ joints: UnsafeMutableBufferPointer<JointData>, _ list: UnsafeBufferPointer<Int32>,
                                           _ states: UnsafeMutableBufferPointer<BodyState>, _ ctx: StepContext, useBias: Bool) {
    for j in list { solveJoint(&joints[Int(j)], states, ctx, useBias: useBias) }
}

@inline(__always) private func updateJointPoses(_ joints: UnsafeMutableBufferPointer<JointData>, _ list: UnsafeBufferPointer<Int32>,
                                                _ states: UnsafeMutableBufferPointer<BodyState>) {
    for j in list { updateJointPose(&joints[Int(j)], states) }
}

private struct WarmStartJoints: WorkerStage {
    let joints: UnsafeMutableBufferPointer<JointData>, colour: UnsafeBufferPointer<Int32>
    let states: UnsafeMutableBufferPointer<BodyState>

    func run(_ range: Range<Int>) { warmStartJoints(joints, UnsafeBufferPointer(rebasing: colour[range]), states) }
}

private struct SolveJoints: WorkerStage {
    let joints: UnsafeMutableBufferPointer<JointData>, colour: UnsafeBufferPointer<Int32>
    let states: UnsafeMutableBufferPointer<BodyState>
    let ctx: StepContext, useBias: Bool

    func run(_ range: Range<Int>) { solveJoints(joints, UnsafeBufferPointer(rebasing: colour[range]), states, ctx, useBias: useBias) }
}

private struct UpdateJointPoses: WorkerStage {
    let joints: UnsafeMutableBufferPointer<JointData>, list: UnsafeBufferPointer<Int32>
    let states: UnsafeMutableBufferPointer<BodyState>

    func run(_ range: Range<Int>) { updateJointPoses(joints, UnsafeBufferPointer(rebasing: list[range]), states) }
}

extension UnsafeMutableBufferPointer where Element == BodyState {
    /// Stores a joint's body state, unless it is the last one, shared by every static body: a
    /// joint's zero masses leave it as it is, and joints solved side by side must not write it.
    @inline(__always) func storeJointBody(_ s: BodyState, at index: Int32) {
        if Int(index) != count &- 1 { self[Int(index)] = s }
    }
}
