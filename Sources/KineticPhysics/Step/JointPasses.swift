// The joint stages of a substep on the worker threads (Box2D v3 solver.c: b2WarmStartJointsTask and
// b2SolveJointsTask over the colours of the constraint graph). The active joints are grouped by
// colour (`World.colorJoints`): a colour's joints move disjoint bodies, so its blocks run side by side
// and give the bits one thread gives; colour after colour, the overflow group last on one thread.
// On one thread each pass is a plain loop over the same order (`JointPasses.serial`).
// Every joint stores its bodies' states except the last one, shared by static bodies (a joint's
// masses leave it as it is), so joints of a colour anchored to the ground never write the same state.
//
// The passes work on `JointRecord`s, not on the joint store: `prepareJoints` makes one record per
// active joint, in the passes' order (`jointOrder`: colour after colour), into one array, and after
// the substeps `storeJointImpulses` writes the accumulated impulses back to the store. Walking the
// store in colour order jumped from joint to joint through a store far larger than the caches, a
// miss per joint per pass that the prefetcher could not see coming; the records are read front to
// back, as Box2D v3 keeps each colour's `b2JointSim`s in an array of their own. The records hold the
// same numbers in the same order, so the bits are those of solving in the store.

/// The active joints' records, for the passes of a substep.
struct JointPasses {
    /// One per active joint, in colour order.
    let records: UnsafeMutableBufferPointer<JointRecord>
    /// Where each colour of `records` begins, then the overflow group, then the total.
    let starts: UnsafeBufferPointer<Int32>
    let states: UnsafeMutableBufferPointer<BodyState>
    /// Whether each pass is one plain loop over `records` on the calling thread: with one thread, or
    /// with too few joints for any colour to fill two blocks, the colour walk would run every colour
    /// inline in the same order anyway, and in a small world its per-colour stages cost more than
    /// the joints' arithmetic.
    let serial: Bool

    /// A world without active joints gets serial passes over an empty list (an optional was
    /// unwrapped, and copied, before each pass).
    init(_ v: SolverViews, _ workers: Workers) {
        records = v.jointRecords
        starts = v.jointColorStarts
        states = v.states
        serial = workers.count == 1 || records.count < 2 * JointPasses.minimumBlock
    }

    /// Joints of one colour per block: fewer leave a colour to the calling thread.
    static let minimumBlock = 32

    /// Runs `stage` over each colour's records in turn; `makeStage` gets the colour's slice of `records`.
    @inline(__always) private func forEachColor<Stage: WorkerStage>(_ workers: Workers, _ makeStage: (UnsafeMutableBufferPointer<JointRecord>) -> Stage) {
        for k in 0...Tuning.graphColorCount where starts[k] < starts[k + 1] {
            let colour = UnsafeMutableBufferPointer(rebasing: records[Int(starts[k])..<Int(starts[k + 1])])
            // The overflow group's joints may share bodies: one block, in order.
            let minimum = k == Tuning.graphColorCount ? Int.max : JointPasses.minimumBlock
            workers.forEachRange(colour.count, minimum: minimum, makeStage(colour))
        }
    }

    /// Applies last substep's impulses of every active joint (Box2D b2_stageWarmStart).
    @inline(__always) func warmStart(_ workers: Workers) {
        if serial { warmStartJoints(records, states) } else { warmStartColours(workers) }
    }

    /// One pass over the active joints, with position bias (solve) or without (relax).
    @inline(__always) func solve(_ ctx: StepContext, useBias: Bool, _ workers: Workers) {
        if serial { solveJoints(records, states, ctx, useBias: useBias) } else { solveColours(ctx, useBias: useBias, workers) }
    }

    /// Refreshes the joints' position-only terms after the bodies moved, all before the relax pass's
    /// solves: they depend on positions only and each writes its own record, so they run side by side
    /// (in blocks on the workers) instead of each waiting on the previous joint's impulse.
    @inline(__always) func updatePoses(_ workers: Workers) {
        if serial { updateJointPoses(records, states) } else { updatePosesInBlocks(workers) }
    }

    // The passes on the workers, out of line so that the serial ones inline into the substep loop.

    @inline(never) private func warmStartColours(_ workers: Workers) {
        forEachColor(workers) { WarmStartJoints(records: $0, states: states) }
    }

    @inline(never) private func solveColours(_ ctx: StepContext, useBias: Bool, _ workers: Workers) {
        forEachColor(workers) { SolveJoints(records: $0, states: states, ctx: ctx, useBias: useBias) }
    }

    @inline(never) private func updatePosesInBlocks(_ workers: Workers) {
        workers.forEachRange(records.count, minimum: JointPasses.minimumBlock, UpdateJointPoses(records: records, states: states))
    }
}

// The passes' loops over a run of records, shared by the serial passes (every record) and the
// workers' blocks (a range of one colour).

@inline(__always) private func warmStartJoints(_ records: UnsafeMutableBufferPointer<JointRecord>, _ states: UnsafeMutableBufferPointer<BodyState>) {
    for i in records.indices { warmStartJoint(&records[i], states) }
}

@inline(__always) private func solveJoints(_ records: UnsafeMutableBufferPointer<JointRecord>, _ states: UnsafeMutableBufferPointer<BodyState>,
                                           _ ctx: StepContext, useBias: Bool) {
    for i in records.indices { solveJoint(&records[i], states, ctx, useBias: useBias) }
}

@inline(__always) private func updateJointPoses(_ records: UnsafeMutableBufferPointer<JointRecord>, _ states: UnsafeMutableBufferPointer<BodyState>) {
    for i in records.indices { updateJointPose(&records[i], states) }
}

private struct WarmStartJoints: WorkerStage {
    let records: UnsafeMutableBufferPointer<JointRecord>
    let states: UnsafeMutableBufferPointer<BodyState>

    func run(_ range: Range<Int>) { warmStartJoints(UnsafeMutableBufferPointer(rebasing: records[range]), states) }
}

private struct SolveJoints: WorkerStage {
    let records: UnsafeMutableBufferPointer<JointRecord>
    let states: UnsafeMutableBufferPointer<BodyState>
    let ctx: StepContext, useBias: Bool

    func run(_ range: Range<Int>) { solveJoints(UnsafeMutableBufferPointer(rebasing: records[range]), states, ctx, useBias: useBias) }
}

private struct UpdateJointPoses: WorkerStage {
    let records: UnsafeMutableBufferPointer<JointRecord>
    let states: UnsafeMutableBufferPointer<BodyState>

    func run(_ range: Range<Int>) { updateJointPoses(UnsafeMutableBufferPointer(rebasing: records[range]), states) }
}

/// Writes each record's accumulated impulses back to its joint in the store, for the next step's
/// warm start (Box2D b2_stageStoreImpulses); each block writes only its joints.
@inline(__always) func storeJointImpulses(_ v: SolverViews, _ workers: Workers) {
    guard !v.jointRecords.isEmpty else { return }
    workers.forEachRange(v.jointRecords.count, minimum: JointPasses.minimumBlock,
                         StoreJointImpulses(records: UnsafeBufferPointer(v.jointRecords), joints: v.joints))
}

private struct StoreJointImpulses: WorkerStage {
    let records: UnsafeBufferPointer<JointRecord>, joints: UnsafeMutableBufferPointer<JointData>

    @inline(__always) func run(_ range: Range<Int>) {
        for i in range { joints[Int(records[i].joint)].storeImpulses(records[i]) }
    }
}

extension UnsafeMutableBufferPointer where Element == BodyState {
    /// Stores a joint's body velocities, unless it is the last state, shared by every static body: a
    /// joint's zero masses leave it as it is, and joints solved side by side must not write it. Only
    /// the velocities: the joint passes never change a displacement, and storing the whole state
    /// kept the displacement and rotation alive across the solve, spilled.
    @inline(__always) func storeJointBody(_ s: BodyState, at index: Int32) {
        guard Int(index) != count &- 1 else { return }
        self[Int(index)].v = s.v
        self[Int(index)].w = s.w
    }
}
