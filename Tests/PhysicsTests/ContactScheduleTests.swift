// The contact colouring and schedule kept from step to step are the ones a fresh build gives.
import Testing
@testable import KineticPhysics
import KineticBenchScenes

@Suite struct ContactScheduleTests {
    /// Steps `world`; between steps, where the islands are unchanged (the next step keeps the
    /// colouring), checks the kept colouring against a fresh one, and after every step with awake
    /// bodies the contact schedule (built or kept) against a fresh build. Returns the number of
    /// kept colourings checked.
    func checkKeptSchedules(_ world: World, steps: Int) -> Int {
        var kept = 0
        for _ in 0..<steps {
            // With no awake body the step solves nothing and leaves both as they were, unused.
            if !world.islandsDirty && !world.buffers.awakeBodies.isEmpty && world.buffers.solverIndex.count == world.bodyStore.count && !world.buffers.colorStarts.isEmpty {
                let order = Array(world.buffers.solverOrder), starts = Array(world.buffers.colorStarts)
                world.colorContacts(Int32(world.buffers.awakeBodies.count))
                #expect(Array(world.buffers.solverOrder) == order && Array(world.buffers.colorStarts) == starts, "kept colouring differs from a fresh one")
                kept += 1
            }
            world.step(by: Scenes.timeStep)
            guard !world.buffers.awakeBodies.isEmpty else { continue }
            var fresh = ContactSchedule()
            fresh.build(UnsafeBufferPointer(world.buffers.pairingInputs.buffer), UnsafeBufferPointer(world.buffers.colorStarts.buffer))
            let schedule = world.buffers.contactSchedule
            #expect(fresh.bundleCount == schedule.bundleCount)
            #expect(Array(fresh.singles) == Array(schedule.singles))
            #expect(fresh.groups.map { [$0.bundleStart, $0.bundleEnd, $0.singleStart, $0.singleEnd] }
                    == schedule.groups.map { [$0.bundleStart, $0.bundleEnd, $0.singleStart, $0.singleEnd] })
            #expect(Array(fresh.lanes) == Array(schedule.lanes))
            // Each bundled contact was prepared into the lane the schedule gives it. A bouncing one
            // also keeps its whole constraint, which the restitution stage read and changed: its
            // impulses went back to the lane, and from there to the manifold.
            let constraints = Array(world.buffers.constraints), inputs = Array(world.buffers.pairingInputs)
            for k in constraints.indices where schedule.lanes[k] >= 0 {
                let code = Int(schedule.lanes[k]), bundle = schedule.bundles[code / Lanes.scalarCount]
                let lane = code % Lanes.scalarCount, contact = Int(bundle.contact[lane])
                #expect(world.buffers.solverSlots[contact] == Int32(k))
                #expect(bundle.twoPoints == (inputs[k].pointCount > 1))
                #expect(inputs[k].pointCount == world.contacts[contact].manifold.pointCount)
                if schedule.bundlesFrictionless { #expect(world.contacts[contact].friction == 0) }
                if inputs[k].restitution > 0 {
                    #expect(constraints[k].contact == Int32(contact))
                    let manifold = world.contacts[contact].manifold
                    #expect(constraints[k].normal == manifold.normal)
                    #expect(constraints[k].p0.normalImpulse == bundle.p0.normalImpulse[lane])
                    #expect(constraints[k].p0.normalImpulse == manifold.point0.normalImpulse)
                }
            }
        }
        return kept
    }

    @Test func newtonsCradleKeepsItsColouringBetweenImpacts() throws {
        let cradle = try NewtonsCradle()
        let kept = checkKeptSchedules(cradle.world, steps: 600)
        // The balls touch and part at every impact, so the colouring is rebuilt then, and kept
        // in between.
        #expect(kept > 300 && kept < 600)
    }

    @Test func fallingHingesKeepTheirColouringWhileSettling() throws {
        // Contacts begin and end, joints, and islands falling asleep.
        let hinges = try Scenes.fallingHinges(columns: 2, rows: 8)
        let kept = checkKeptSchedules(hinges.world, steps: 400)
        #expect(kept > 0)
    }
}
