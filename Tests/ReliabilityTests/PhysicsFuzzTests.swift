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

    /// The one-way flavour (ledges, one-way shapes on bodies, `setOneWay` edits) on seeds 1–40, as
    /// `scripts/fuzz.sh` runs them: every invariant holds, and one-way contacts began and were
    /// checked against the cone.
    @Test func shortRunWithOneWayShapesFindsNothing() {
        var options = PhysicsFuzzOptions()
        options.steps = 240
        let (stats, findings) = fuzzPhysics(firstSeed: 1, count: 40, options: options)
        #expect(findings.isEmpty, "\(findings.map(\.description).joined(separator: "\n"))")
        #expect(stats.oneWayScenes > 5 && stats.closedOneWayScenes > 0)
        #expect(stats.oneWayShapesCreated > 100 && stats.oneWayEdits > 100 && stats.oneWayContactsBegun > 20)
        #expect(stats.worstOneWayEnergyGain <= PhysicsFuzzScene.energyBound)
        options.exclude = ["oneway"]
        options.steps = 10
        let (without, _) = fuzzPhysics(firstSeed: 1, count: 40, options: options)
        #expect(without.oneWayScenes == 0 && without.oneWayShapesCreated == 0 && without.oneWayEdits == 0)
    }

    /// The one-way cone check fails when a contact acts from a one-way shape's passing side: a ball
    /// thrown up at 3000 pt/s (without gravity) at a static ledge whose direction is up passes
    /// through it, and no contact begins;
    /// the same ledge made two-way after its direction was recorded (the engine's rule not applied)
    /// stops the ball from below, and the check names the contact.
    @Test(arguments: [false, true])
    func oneWayConeCheckFlagsAContactFromThePassingSide(madeTwoWay: Bool) throws {
        let scene = PhysicsFuzzScene(seed: 1, exclude: ["oneway"])
        let world = scene.world
        // Far from the scene's bodies (within ±4000 pt) and from its walls.
        let centre = Vec2(30_000, 30_000)
        var def = BodyDef(); def.type = .static; def.position = centre
        let ledge = try world.createBody(def)
        var shape = ShapeDef(); shape.oneWay = Vec2(0, -1)
        let platform = try world.createShape(on: ledge, shape, .polygon(try Polygon.box(halfWidth: 100, halfHeight: 5)))
        def = BodyDef(); def.position = centre + Vec2(0, 40); def.linearVelocity = Vec2(0, -3000); def.gravityScale = 0
        let ball = try world.createBody(def)
        _ = try world.createShape(on: ball, ShapeDef(), .circle(Circle(radius: 10)))
        scene.ledges.append(ledge)
        scene.live.append(ball)
        var breach: String?
        for _ in 0..<20 where breach == nil {
            scene.recordOneWayDirections()
            if madeTwoWay { world.setOneWay(nil, of: platform) }
            world.step(by: 1.0 / 60)
            breach = scene.oneWayConeBreach()
            if madeTwoWay { world.setOneWay(Vec2(0, -1), of: platform) }
        }
        if madeTwoWay {
            #expect(breach?.contains("outside 45° of the stopping side") == true, "\(breach ?? "no breach")")
        } else {
            #expect(breach == nil, "\(breach ?? "")")
            #expect(world.position(of: ball).y < centre.y - 100, "passed up through: y \(world.position(of: ball).y)")
        }
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
