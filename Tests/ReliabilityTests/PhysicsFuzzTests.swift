// A short physics fuzz run on every test pass; scripts/fuzz.sh runs the long one.
import KineticPhysics
import Testing
@testable import KineticFuzzing

@Suite struct PhysicsFuzzTests {
    /// The envelope that is clean today: every feature. Segment-chain walls and finite values near
    /// 1e±308 are in since P1 and P4 were fixed, bodies under 5 pt since P5, joints since P10–P11
    /// (the long run, 40 000 seeds in each envelope, finds nothing since P16; docs/reliability.md).
    static let cleanEnvelope: Set<String> = []

    /// 24 scenes × 240 steps (a few seconds in a debug build). Any broken invariant prints its seed.
    @Test func shortRunInTheCleanEnvelopeFindsNothing() {
        var options = PhysicsFuzzOptions()
        options.steps = 240
        options.exclude = Self.cleanEnvelope
        let (stats, findings) = fuzzPhysics(firstSeed: 1, count: 24, options: options)
        #expect(findings.isEmpty, "\(findings.map(\.description).joined(separator: "\n"))")
        // The run really exercised the engine: scenes were built, edited and stepped, hostile input refused.
        #expect(stats.steps == 24 * 240)
        #expect(stats.bodiesCreated > 24 && stats.destroyed > 0 && stats.edits > 100)
        #expect(stats.hostileInputsRefused > 0)
        #expect(stats.closedScenes > 0)
        #expect(stats.worstEnergyGain <= PhysicsFuzzScene.energyBound)
    }

    /// With every feature on (joints, chains, 0.5 pt bodies, overflowing input) from another seed.
    @Test func shortRunWithEveryFeatureFindsNothing() {
        var options = PhysicsFuzzOptions()
        options.steps = 120
        let (stats, findings) = fuzzPhysics(firstSeed: 1001, count: 8, options: options)
        #expect(findings.isEmpty, "\(findings.map(\.description).joined(separator: "\n"))")
        #expect(stats.jointsCreated > 0)
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
