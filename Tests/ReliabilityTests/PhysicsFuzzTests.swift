// A short physics fuzz run on every test pass; scripts/fuzz.sh runs the long one.
import Physics
import Testing
@testable import Fuzzing

@Suite struct PhysicsFuzzTests {
    /// 24 scenes × 240 steps: a few seconds in a debug build. Any broken invariant prints its seed.
    @Test func shortRunFindsNothing() {
        var options = PhysicsFuzzOptions()
        options.steps = 240
        let (stats, findings) = fuzzPhysics(firstSeed: 1, count: 24, options: options)
        #expect(findings.isEmpty, "\(findings.map(\.description).joined(separator: "\n"))")
        // The run really exercised the engine: scenes were built, edited and stepped.
        #expect(stats.steps == 24 * 240 || !findings.isEmpty)
        #expect(stats.bodiesCreated > 24)
        #expect(stats.jointsCreated > 0)
        #expect(stats.hostileInputsRefused > 0)
    }

    /// Same seed, same scene: a failure is reproducible from its seed alone.
    @Test func aSeedReplaysBitForBit() {
        var options = PhysicsFuzzOptions()
        options.steps = 60
        let a = PhysicsFuzzScene(seed: 42), b = PhysicsFuzzScene(seed: 42)
        _ = a.run(options); _ = b.run(options)
        #expect(a.world.stateHash() == b.world.stateHash())
        #expect(a.stats.edits == b.stats.edits)
    }
}
