// The step's scratch: every list a step fills and reads, in one object the world allocates once.
// Lists are sized when their counts change and written in place afterwards, so a warm step
// allocates nothing. Stages read them through `SolverViews`, opened once per step.

/// Per-step scratch, grouped by the stage that fills it (Step.swift lists the stages). A class, so
/// the stages' nested accesses to different lists are accesses to different stored properties.
final class SolverBuffers {
    // The world is used from one thread (its workers write only through buffers the stages open
    // first) and the engine never re-enters itself, so the runtime exclusivity checks on these
    // stored properties (several hundred per step) are turned off; the compiler's static checks
    // still apply.

    // MARK: Islands (Island.swift)
    /// The awake bodies, island by island; `islandEnds` holds where each island ends.
    @exclusivity(unchecked) var awakeBodies: ContiguousArray<Int32> = []
    @exclusivity(unchecked) var islandEnds: ContiguousArray<Int32> = []
    @exclusivity(unchecked) var islandStack: ContiguousArray<Int32> = []
    /// Each body's position in `awakeBodies`, or `awakeBodies.count` for static and sleeping bodies.
    @exclusivity(unchecked) var solverIndex: ContiguousArray<Int32> = []

    // MARK: Body states (Prepare.swift, Integrate.swift)
    /// Velocities and displacements of the awake bodies, plus one shared state for the rest.
    @exclusivity(unchecked) var states: ContiguousArray<BodyState> = []
    @exclusivity(unchecked) var integration: ContiguousArray<BodyIntegration> = []

    // MARK: Contact constraints (Prepare.swift, ConstraintColoring.swift, ContactSolverWide.swift)
    @exclusivity(unchecked) var constraints: ContiguousArray<ContactConstraint> = []
    /// The constraints paired for the lane-wide solve (ContactSolverWide.swift).
    @exclusivity(unchecked) var contactSchedule = ContactSchedule()
    /// Contacts solved this step, grouped by graph colour (ConstraintColoring.swift), and scratch.
    @exclusivity(unchecked) var solverOrder: ContiguousArray<Int32> = []
    /// Per contact (by index), its position in `solverOrder`, or −1 when it is not solved this step.
    @exclusivity(unchecked) var solverSlots: ContiguousArray<Int32> = []
    @exclusivity(unchecked) var colorStarts: ContiguousArray<Int32> = []
    @exclusivity(unchecked) var constraintColors: ContiguousArray<ConstraintColor> = []
    @exclusivity(unchecked) var colorBodyBits: ContiguousArray<UInt64> = []
    /// The constraints with restitution, and those of them between two dynamic bodies: the first
    /// `restitutionConstraintCount` and `impactConstraintCount` entries.
    @exclusivity(unchecked) var restitutionConstraints: ContiguousArray<Int32> = []
    @exclusivity(unchecked) var restitutionConstraintCount = 0
    @exclusivity(unchecked) var impactConstraints: ContiguousArray<Int32> = []
    @exclusivity(unchecked) var impactConstraintCount = 0

    // MARK: Joints (Prepare.swift)
    /// The joints with an awake body.
    @exclusivity(unchecked) var activeJoints: ContiguousArray<Int32> = []
    /// The same joints grouped by graph colour (ConstraintColoring.swift), and where each colour begins.
    @exclusivity(unchecked) var jointOrder: ContiguousArray<Int32> = []
    @exclusivity(unchecked) var jointColorStarts: ContiguousArray<Int32> = []
    /// What the passes solve: one record per joint of `jointOrder`, in that order (Step/JointPasses.swift).
    @exclusivity(unchecked) var jointRecords: ContiguousArray<JointRecord> = []

    // MARK: Safeguards warmStartEnergyLimit and relaxEnergyLimit (Safeguards/)
    /// The islands they check, as solver-index ranges [start, end) in pairs.
    @exclusivity(unchecked) var jointIslands: ContiguousArray<Int32> = []
    /// Body states before the warm start, and marks of the bodies with a long-lever joint.
    @exclusivity(unchecked) var warmStartBefore: ContiguousArray<BodyState> = []
    @exclusivity(unchecked) var warmStartFlags: ContiguousArray<Bool> = []
    /// Per island of `jointIslands`, what its relax pass may leave it with, and per-body marks.
    @exclusivity(unchecked) var islandLimits: ContiguousArray<IslandEnergyLimit> = []
    @exclusivity(unchecked) var relaxMarks: ContiguousArray<UInt8> = []

    // MARK: Safeguard restitutionEnergyLimit (Step/Restitution.swift)
    /// Velocities before the restitution stage, each awake body's island, and per-island marks.
    @exclusivity(unchecked) var restitutionBefore: ContiguousArray<BodyState> = []
    @exclusivity(unchecked) var islandOfBody: ContiguousArray<Int32> = []
    @exclusivity(unchecked) var restitutionMarks: ContiguousArray<UInt8> = []

    // MARK: Continuous (Continuous.swift, Finalize.swift)
    /// Per awake body, whether finalize found it fast (the lists below are gathered from it).
    @exclusivity(unchecked) var continuousMarks: ContiguousArray<ContinuousMark> = []
    @exclusivity(unchecked) var fastBodies: ContiguousArray<Int32> = []
    @exclusivity(unchecked) var bulletBodies: ContiguousArray<Int32> = []
    @exclusivity(unchecked) var continuousCandidates: ContiguousArray<Int32> = []

    // MARK: Narrow phase and queries (Contact.swift, World+Queries.swift)
    @exclusivity(unchecked) var disjointContacts: ContiguousArray<Int32> = []
    /// Per contact, what the narrow phase changed (gathered in contact order after the blocks).
    @exclusivity(unchecked) var contactChanges: ContiguousArray<ContactChange> = []
    @exclusivity(unchecked) var queryScratch: ContiguousArray<Int32> = []
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
    /// Opens the step's lists and the stores for the solver stages: the one place they are opened
    /// together. The mutable accessors also spare the retain and release a read-only one costs.
    @inline(__always) func withSolverViews(_ body: (SolverViews) -> Void) {
        let b = buffers
        bodyStore.withUnsafeMutableBufferPointer { bodies in
         contacts.withUnsafeMutableBufferPointer { contacts in
          jointStore.withUnsafeMutableBufferPointer { joints in
           b.states.withUnsafeMutableBufferPointer { states in
            b.integration.withUnsafeMutableBufferPointer { integration in
             b.solverIndex.withUnsafeMutableBufferPointer { solverIndex in
              b.solverOrder.withUnsafeMutableBufferPointer { solverOrder in
               b.constraints.withUnsafeMutableBufferPointer { constraints in
                b.jointOrder.withUnsafeMutableBufferPointer { jointOrder in
                 b.jointColorStarts.withUnsafeMutableBufferPointer { jointColorStarts in
                  b.jointRecords.withUnsafeMutableBufferPointer { jointRecords in
                   b.restitutionConstraints.withUnsafeMutableBufferPointer { restitution in
                    b.impactConstraints.withUnsafeMutableBufferPointer { impact in
                      body(SolverViews(
                          buffers: b, bodies: bodies, contacts: contacts, joints: joints, states: states,
                          integration: UnsafeBufferPointer(integration), solverIndex: UnsafeBufferPointer(solverIndex),
                          solverOrder: UnsafeBufferPointer(solverOrder), constraints: constraints,
                          jointOrder: UnsafeBufferPointer(jointOrder), jointColorStarts: UnsafeBufferPointer(jointColorStarts),
                          jointRecords: jointRecords, restitutionSlots: restitution, impactSlots: impact))
                    }
                   }
                  }
                 }
                }
               }
              }
             }
            }
           }
          }
         }
        }
    }
}

extension ContiguousArray {
    /// Makes the count `n`, keeping the storage: a per-step list sized once and then written in
    /// place, through a buffer, rather than emptied and appended to every step.
    @inline(__always) mutating func resize(to n: Int, filler: Element) {
        if count > n { removeLast(count - n) } else if count < n { append(contentsOf: repeatElement(filler, count: n - count)) }
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
