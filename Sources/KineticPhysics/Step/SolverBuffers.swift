// The step's scratch: every list a step fills and reads, in one object the world allocates once.
// Lists are sized when their counts change and written in place afterwards, so a warm step
// allocates nothing. Stages read them through `SolverViews`, made once per step.

/// Per-step scratch, grouped by the stage that fills it (Step.swift lists the stages). The lists are
/// `ScratchList`s, each owned here alone, so opening one checks nothing.
final class SolverBuffers {
    // The few stored variables: the world is used from one thread (its workers write only through
    // buffers the stages open first) and the engine never re-enters itself, so their runtime
    // exclusivity checks are turned off; the compiler's static checks still apply.

    // MARK: Islands (Island.swift)
    /// The awake bodies, island by island; `islandEnds` holds where each island ends.
    let awakeBodies = ScratchList<Int32>()
    let islandEnds = ScratchList<Int32>()
    let islandStack = ScratchList<Int32>()
    /// Each body's position in `awakeBodies`, or `awakeBodies.count` for static and sleeping bodies.
    let solverIndex = ScratchList<Int32>()

    // MARK: Body states (Prepare.swift, Integrate.swift)
    /// Velocities and displacements of the awake bodies, plus one shared state for the rest.
    let states = ScratchList<BodyState>()
    let integration = ScratchList<BodyIntegration>()

    // MARK: Contact constraints (Prepare.swift, ConstraintColoring.swift, ContactSolverWide.swift)
    let constraints = ScratchList<ContactConstraint>()
    /// Per constraint, what the contact schedule bundles it by.
    let pairingInputs = ScratchList<PairingInput>()
    /// The constraints bundled for the lane-wide solve (ContactSolverWide.swift).
    @exclusivity(unchecked) var contactSchedule = ContactSchedule()
    /// Contacts solved this step, grouped by graph colour (ConstraintColoring.swift), and scratch.
    let solverOrder = ScratchList<Int32>()
    /// Per contact (by index), its position in `solverOrder`, or −1 when it is not solved this step.
    let solverSlots = ScratchList<Int32>()
    /// Per contact (by index), what the preparation found this step (`ContactMark`); 0 for a
    /// contact it did not solve.
    let contactMarks = ScratchList<UInt8>()
    let colorStarts = ScratchList<Int32>()
    let constraintColors = ScratchList<ConstraintColor>()
    let colorBodyBits = ScratchList<UInt64>()
    /// The constraints with restitution, and those of them between two dynamic bodies: the first
    /// `restitutionConstraintCount` and `impactConstraintCount` entries.
    let restitutionConstraints = ScratchList<Int32>()
    @exclusivity(unchecked) var restitutionConstraintCount = 0
    let impactConstraints = ScratchList<Int32>()
    @exclusivity(unchecked) var impactConstraintCount = 0

    // MARK: Joints (Prepare.swift)
    /// The joints with an awake body.
    let activeJoints = ScratchList<Int32>()
    /// The same joints grouped by graph colour (ConstraintColoring.swift), and where each colour begins.
    let jointOrder = ScratchList<Int32>()
    let jointColorStarts = ScratchList<Int32>()
    /// What the passes solve: one record per joint of `jointOrder`, in that order (Step/JointPasses.swift).
    let jointRecords = ScratchList<JointRecord>()
    /// The records' fields of the kinds other than revolute, at the records' indices (`JointRecord.terms`).
    let jointKindTerms = ScratchList<JointKindTerms>()

    // MARK: Safeguards warmStartEnergyLimit and relaxEnergyLimit (Safeguards/)
    /// The islands they check, as solver-index ranges [start, end) in pairs.
    let jointIslands = ScratchList<Int32>()
    /// Body states before the warm start, and marks of the bodies with a long-lever joint.
    let warmStartBefore = ScratchList<BodyState>()
    let warmStartFlags = ScratchList<Bool>()
    /// Per island of `jointIslands`, what its relax pass may leave it with, and per-body marks.
    let islandLimits = ScratchList<IslandEnergyLimit>()
    let relaxMarks = ScratchList<UInt8>()

    // MARK: Safeguard restitutionEnergyLimit (Step/Restitution.swift)
    /// Velocities before the restitution stage, each awake body's island, and per-island marks.
    let restitutionBefore = ScratchList<BodyState>()
    let islandOfBody = ScratchList<Int32>()
    let restitutionMarks = ScratchList<UInt8>()

    // MARK: Continuous (Continuous.swift, Finalize.swift)
    /// Per awake body, whether finalize found it fast (the lists below are gathered from it).
    let continuousMarks = ScratchList<ContinuousMark>()
    let fastBodies = ScratchList<Int32>()
    let bulletBodies = ScratchList<Int32>()
    let continuousCandidates = ScratchList<Int32>()

    // MARK: Bounds (Shape.swift)
    /// Per awake body, whether a shape of it left its fat bounds this step.
    let boundsMarks = ScratchList<Bool>()

    // MARK: Narrow phase and queries (Contact.swift, World+Queries.swift)
    let disjointContacts = ScratchList<Int32>()
    /// Per contact, what the narrow phase changed (gathered in contact order after the blocks).
    let contactChanges = ScratchList<ContactChange>()
    let queryScratch = ScratchList<Int32>()
}

/// The solver stages' view of the step's lists and of the stores they read, opened once per step
/// (`World.withSolverViews`) after the lists are sized.
struct SolverViews {
    let buffers: SolverBuffers
    let bodies: UnsafeMutableBufferPointer<BodyData>
    let contacts: UnsafeMutableBufferPointer<ContactData>
    let joints: UnsafeMutableBufferPointer<JointData>
    let states: UnsafeMutableBufferPointer<BodyState>
    let integration: UnsafeBufferPointer<BodyIntegration>
    /// Each body's solver index, and the contacts that get a constraint, in colour order.
    let solverIndex: UnsafeBufferPointer<Int32>
    let solverOrder: UnsafeBufferPointer<Int32>
    let constraints: UnsafeMutableBufferPointer<ContactConstraint>
    /// The joints with an awake body (indices into `joints`), grouped by colour.
    let jointOrder: UnsafeBufferPointer<Int32>
    /// Where each colour of `jointOrder` begins, then the overflow group, then the total.
    let jointColorStarts: UnsafeBufferPointer<Int32>
    /// The active joints' records, in `jointOrder`: what the joint passes and the safeguards read.
    let jointRecords: UnsafeMutableBufferPointer<JointRecord>
    /// Their fields of the kinds other than revolute, at the same indices (`JointRecord.terms`).
    let jointKindTerms: UnsafeMutableBufferPointer<JointKindTerms>
    /// Room for the constraints with restitution, and for those of them between two dynamic bodies.
    let restitutionSlots: UnsafeMutableBufferPointer<Int32>
    let impactSlots: UnsafeMutableBufferPointer<Int32>

    /// The constraints with restitution, once `prepareContactConstraints` has listed them.
    var restitutionList: UnsafeBufferPointer<Int32> {
        UnsafeBufferPointer(rebasing: restitutionSlots[..<buffers.restitutionConstraintCount])
    }
    /// Those of them between two dynamic bodies.
    var impactList: UnsafeBufferPointer<Int32> {
        UnsafeBufferPointer(rebasing: impactSlots[..<buffers.impactConstraintCount])
    }
}

extension World {
    /// Opens the stores for the solver stages and hands them, with the step's lists, as one value:
    /// the one place they are opened together. The mutable accessors also spare the retain and
    /// release a read-only one costs.
    @inline(__always) func withSolverViews(_ body: (SolverViews) -> Void) {
        let b = buffers
        bodyStore.withUnsafeMutableBufferPointer { bodies in
            contacts.withUnsafeMutableBufferPointer { contacts in
                jointStore.withUnsafeMutableBufferPointer { joints in
                    body(SolverViews(
                        buffers: b, bodies: bodies, contacts: contacts, joints: joints, states: b.states.buffer,
                        integration: UnsafeBufferPointer(b.integration.buffer), solverIndex: UnsafeBufferPointer(b.solverIndex.buffer),
                        solverOrder: UnsafeBufferPointer(b.solverOrder.buffer), constraints: b.constraints.buffer,
                        jointOrder: UnsafeBufferPointer(b.jointOrder.buffer), jointColorStarts: UnsafeBufferPointer(b.jointColorStarts.buffer),
                        jointRecords: b.jointRecords.buffer, jointKindTerms: b.jointKindTerms.buffer, restitutionSlots: b.restitutionConstraints.buffer,
                        impactSlots: b.impactConstraints.buffer))
                }
            }
        }
    }
}

extension RangeReplaceableCollection {
    /// Empties a scratch list and keeps its storage; does nothing when it is already empty (most
    /// such lists, most steps), where `removeAll(keepingCapacity:)` still checks uniqueness and
    /// calls into the standard library.
    @inline(__always) mutating func clear() {
        if !isEmpty { removeAll(keepingCapacity: true) }
    }
}
