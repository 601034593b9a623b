// Checkpoints: restoring a world and stepping again gives the bit-identical states of the first run.
import Foundation
import KineticBenchScenes
import Testing
@testable import KineticPhysics

@Suite struct CheckpointTests {
    /// Steps to `k`, checkpoints, steps to `n` and hashes; restores, steps to `n` again and hashes.
    func hashesTwice(_ world: World, k: Int, n: Int) throws -> (UInt64, UInt64) {
        for _ in 0..<k { world.step(by: 1.0 / 60, substeps: 4) }
        let checkpoint = world.checkpoint()
        for _ in k..<n { world.step(by: 1.0 / 60, substeps: 4) }
        let first = world.stateHash()
        try world.restore(checkpoint)
        for _ in k..<n { world.step(by: 1.0 / 60, substeps: 4) }
        return (first, world.stateHash())
    }

    @Test func pinnedDeterminismSceneRunsTheSameAfterRestore() throws {
        let (first, second) = try hashesTwice(DeterminismTests().scene(), k: 30, n: 90)
        #expect(first == second)
    }

    @Test(arguments: Scenes.benchmarkNames)
    func benchmarkSceneRunsTheSameAfterRestore(_ name: String) throws {
        let scene = try #require(try Scenes.benchmark(named: name, gridSize: 10))
        let (first, second) = try hashesTwice(scene.world, k: 5, n: 20)
        #expect(first == second)
    }

    @Test func sleepingPileWakesTheSameAfterRestore() throws {
        let scene = try Scenes.pyramid(rows: 10, enableSleep: true)
        let (first, second) = try hashesTwice(scene.world, k: 200, n: 320)
        #expect(first == second)
    }

    @Test func idsComeBackAndNewOnesGoStale() throws {
        let world = makeWorld()
        let kept = addCircle(world, at: Vec2(0, 0), radius: 5)
        let removed = addCircle(world, at: Vec2(50, 0), radius: 5)
        let checkpoint = world.checkpoint()
        world.destroyBody(removed)
        let added = addCircle(world, at: Vec2(100, 0), radius: 5)
        #expect(!world.isValid(removed) && world.isValid(added))
        try world.restore(checkpoint)
        #expect(world.isValid(kept) && world.isValid(removed))
        #expect(!world.isValid(added))
        #expect(world.position(of: removed) == Vec2(50, 0))
        // The slot the new body took is free again, and taking it again never revives the old id.
        world.destroyBody(removed)
        let again = addCircle(world, at: Vec2(100, 0), radius: 5)
        #expect(again.index == added.index && again != added)
        #expect(!world.isValid(added) && world.isValid(again))
    }

    @Test func slotsBeyondTheCheckpointGetNewGenerations() throws {
        let world = makeWorld()
        let checkpoint = world.checkpoint()
        let late = addCircle(world, at: .zero, radius: 5)
        try world.restore(checkpoint)
        let again = addCircle(world, at: .zero, radius: 5)
        #expect(again.index == late.index && again != late && !world.isValid(late))
    }

    @Test func anotherWorldsCheckpointIsRefused() {
        let a = makeWorld(), b = makeWorld()
        let checkpoint = a.checkpoint()
        #expect(throws: PhysicsError.self) { try b.restore(checkpoint) }
    }

    @Test func checkpointOfAThousandBodiesIsMeasured() {
        let checkpoint = DeterminismTests().scene().checkpoint()
        #expect(checkpoint.byteCount > 1000 * MemoryLayout<BodyData>.stride)
    }
}

/// Every stored property of a world is in its checkpoint or named here with why it need not be: a
/// property added to `World` later fails this test until someone decides where it belongs.
@Suite struct CheckpointCoverageTests {
    static let notCheckpointed: [String: String] = [
        "def": "the world's fixed definition, never changed after creation",
        "serial": "the world's identity; the checkpoint keeps it as worldSerial to refuse another world's",
        "linearSlop": "a constant derived from def",
        "aabbMargin": "a constant derived from def",
        "speculativeDistance": "a constant derived from def",
        "customFilter": "the host's filter function, configuration rather than state",
        "buffers": "per-step scratch, rewritten by every step before it is read",
        "workerPool": "the threads a step runs on: the results are the same bits on any number",
        "serialWorkers": "the calling thread's stand-in for a pool, made with the world",
        "islandsDirty": "set by restore: the next step rebuilds its island search from the restored stores",
    ]

    @Test func everyStoredPropertyOfAWorldIsCheckpointedOrExplained() throws {
        let world = World(WorldDef())
        let stored = Set(Mirror(reflecting: world).children.compactMap(\.label))
        let saved = Set(Mirror(reflecting: world.checkpoint()).children.compactMap(\.label))
        let missing = stored.subtracting(saved).subtracting(Self.notCheckpointed.keys)
        #expect(missing.isEmpty, "World properties neither in WorldCheckpoint nor explained: \(missing.sorted())")
    }
}
