// Minimal reproductions of what the physics fuzzer found. Each names its seed class in
// docs/reliability.md. Open bugs are wrapped in `withKnownIssue`: the test fails once the bug is
// fixed, so the wrapper is removed with the fix.
import Foundation
import Physics
import Testing
import Fuzzing

/// One dynamic circle of radius 10 moving at 10 pt/s in an empty world, with `gravity`.
private func movingCircle(gravity: Vec2 = .zero) -> (World, BodyID) {
    var def = WorldDef(); def.gravity = gravity
    let world = World(def)
    let body = try! world.createBody(BodyDef())
    _ = try! world.createShape(on: body, ShapeDef(), .circle(Circle(radius: 10)))
    try! world.setLinearVelocity(Vec2(10, 0), of: body)
    return (world, body)
}

/// One fuzz scene, replayed from its seed with `exclude` left out of its generation.
private func replay(_ seed: UInt64, excluding exclude: Set<String> = []) -> (PhysicsFuzzStats, [PhysicsFuzzFinding]) {
    var options = PhysicsFuzzOptions()
    options.exclude = exclude
    return fuzzPhysics(firstSeed: seed, count: 1, options: options)
}

/// The findings, one per line, for a failed expectation's message.
private func described(_ findings: [PhysicsFuzzFinding]) -> String {
    findings.map(\.description).joined(separator: "\n")
}

private func isFinite(_ world: World, _ body: BodyID) -> Bool {
    world.position(of: body).isFinite && world.linearVelocity(of: body).isFinite && world.angle(of: body).isFinite
}

@Suite struct OverflowingInputTests {
    // Finite numbers whose products overflow used to become NaN on the next step (fixed: refused).

    @Test func densityWhoseMassOverflowsIsIgnored() {
        let (world, body) = movingCircle()
        let shape = world.shapes(of: body)[0]
        world.setDensity(1e308, of: shape)  // π·10²·1e308 = inf
        world.step(by: 1.0 / 60)
        #expect(isFinite(world, body))
        #expect(world.density(of: shape) == 1)
        // One step at 10 pt/s: 10/60 pt.
        #expect(abs(world.position(of: body).x - 10.0 / 60) < 1e-9)
    }

    @Test func shapeWhoseMassOverflowsIsRefused() {
        let (world, body) = movingCircle()
        var dense = ShapeDef(); dense.density = 1e308
        #expect(throws: PhysicsError.self) { try world.createShape(on: body, dense, .circle(Circle(radius: 10))) }
        #expect(throws: PhysicsError.self) { try world.createShape(on: body, ShapeDef(), .circle(Circle(radius: 1e200))) }
        world.step(by: 1.0 / 60)
        #expect(isFinite(world, body))
        #expect(world.shapes(of: body).count == 1)
    }

    @Test func forcesThatSumToInfinityAreIgnored() {
        let (world, body) = movingCircle()
        world.applyForceToCenter(Vec2(1e308, 0), to: body)
        world.applyForceToCenter(Vec2(1e308, 0), to: body)  // the sum is inf: ignored
        world.applyForce(Vec2(0, 1e308), at: Vec2(1e300, 0), to: body)  // torque inf: ignored
        world.applyTorque(1e308, to: body); world.applyTorque(1e308, to: body)
        world.step(by: 1.0 / 60)
        #expect(isFinite(world, body))
        #expect(world.angularVelocity(of: body).isFinite)
    }

    @Test func gravityScaleThatOverflowsIsIgnored() {
        let (world, body) = movingCircle(gravity: Vec2(0, 1000))
        world.setGravityScale(1e308, of: body)  // 1000 × 1e308 = inf
        #expect(world.gravityScale(of: body) == 1)
        world.step(by: 1.0 / 60)
        #expect(isFinite(world, body))
    }
}

@Suite struct JointDivergenceTests {
    /// Two circles (5 pt and 500 pt across) 200 pt apart joined by a prismatic joint with limits ±5 pt
    /// along (0.6, 0.8): the limit is violated by 115 pt and the axis misses body B by 160 pt at
    /// creation. The velocity used to grow without bound (1e53 pt/s within 2 s): the torque that held
    /// the bodies' relative rotation against a limit impulse with a 160 pt lever on the 5 pt circle
    /// was stored and warm-started the next substep against levers that had since changed, spinning
    /// the light body faster every substep. Now the joint closes the gap and rests on its limit.
    @Test func violatedPrismaticLimitStaysBounded() {
        let world = World(WorldDef())
        var def = BodyDef()
        let a = try! world.createBody(def)
        def.position = Vec2(200, 0)
        let b = try! world.createBody(def)
        _ = try! world.createShape(on: a, ShapeDef(), .circle(Circle(radius: 5)))
        _ = try! world.createShape(on: b, ShapeDef(), .circle(Circle(radius: 250)))
        var p = PrismaticJointDef(); p.bodyA = a; p.bodyB = b
        p.localAxisA = Vec2(0.6, 0.8); p.enableLimit = true; p.lowerTranslation = -5; p.upperTranslation = 5
        let joint = try! world.createJoint(.prismatic(p))
        var fastest = 0.0
        for _ in 0..<120 {
            world.step(by: 1.0 / 60)
            fastest = max(fastest, world.linearVelocity(of: a).length, world.linearVelocity(of: b).length)
        }
        #expect(fastest.isFinite && fastest <= 40_000)
        // After 2 s: inside the limits (within the 0.5 pt linear slop), on the axis, at rest.
        let translation = world.jointTranslation(of: joint)
        #expect(translation >= -5.5 && translation <= 5.5, "translation \(translation)")
        let (pA, pB) = world.worldAnchors(of: joint)
        let axis = world.transform(of: a).q.rotate(Vec2(0.6, 0.8))
        #expect(abs(cross(axis, pB - pA)) < 0.5, "off the axis by \(cross(axis, pB - pA))")
        #expect(world.linearVelocity(of: a).length < 1 && world.linearVelocity(of: b).length < 1)
    }

    /// A 5 pt circle on a 100 Hz distance spring whose anchor is 1000 pt outside it: the lever arm is
    /// 200 radii. The spring used to drive the body to 1e8 pt/s (same stale axial mass); now the
    /// bodies swing on the spring and settle near its rest length.
    @Test func springWithFarAnchorStaysBounded() {
        let world = World(WorldDef())
        var def = BodyDef()
        let a = try! world.createBody(def)
        def.position = Vec2(200, 0)
        let b = try! world.createBody(def)
        _ = try! world.createShape(on: a, ShapeDef(), .circle(Circle(radius: 5)))
        _ = try! world.createShape(on: b, ShapeDef(), .circle(Circle(radius: 5)))
        var d = DistanceJointDef(); d.bodyA = a; d.bodyB = b
        d.localAnchorA = Vec2(1000, 0); d.localAnchorB = Vec2(0, 1000); d.length = 200
        d.enableSpring = true; d.hertz = 100; d.dampingRatio = 0.1
        let joint = try! world.createJoint(.distance(d))
        var fastest = 0.0
        for _ in 0..<120 {
            world.step(by: 1.0 / 60)
            fastest = max(fastest, world.linearVelocity(of: a).length, world.linearVelocity(of: b).length)
        }
        #expect(fastest.isFinite && fastest <= 40_000)
        let length = world.jointTranslation(of: joint)
        #expect(abs(length - 200) < 5, "anchor distance \(length)")
    }
}

@Suite struct JointWindUpTests {
    /// Full-feature fuzz scenes whose joints (revolute, weld, target, prismatic with anchors thousands
    /// of points outside small bodies, violated at creation) turned bodies NaN: while the speed caps
    /// held the velocities, the joints' accumulated impulses grew until they overflowed. They are now
    /// capped at what could reverse the fastest relative motion the caps allow (seeds 387 and 1759:
    /// prismatic joints to a static body, whose stored angular impulse wound up).
    @Test(arguments: [7, 32, 39, 105, 143, 387, 1759] as [UInt64])
    func fuzzScenesWithUnsatisfiableJointsStayFinite(seed: UInt64) {
        let (stats, findings) = replay(seed)
        #expect(findings.isEmpty, "\(described(findings))")
        #expect(stats.jointsCreated > 0 && stats.steps == PhysicsFuzzOptions().steps)
    }

    /// Closed fuzz scenes (elastic, no motors or springs) whose rigid revolute and weld joints,
    /// anchored thousands of points outside fast-spinning bodies, gained more than 2 % energy: the
    /// position correction of the anchors' drift is now no faster than a quarter of the speed cap.
    @Test(arguments: [57, 68, 82, 181] as [UInt64])
    func closedFuzzScenesWithFarAnchoredRigidJointsGainNoEnergy(seed: UInt64) {
        let (stats, findings) = replay(seed)
        #expect(stats.closedScenes == 1 && stats.jointsCreated > 0)
        #expect(findings.isEmpty, "\(described(findings))")
    }

    /// Closed fuzz scenes whose islands of rigid joints, anchored thousands of points outside small
    /// spinning bodies, gained 4–44 % energy within a step or two (seed 7757: +33 % at step 125; a
    /// revolute and a weld joint on one pair, anchors 28 000 pt out). The biased pass asked for 10–40
    /// times the island's kinetic energy, the speed caps cut it from one body and not its partner, and
    /// the relax pass could not take it back. Positions are now moved at capped speeds without
    /// capping the velocities, and the relax pass never leaves such an island with more kinetic
    /// energy than its warm start (RelaxEnergyLimit.swift). Each part alone leaves some of these
    /// seeds failing: without the first 7757 and 4408 (+34 %, +37 %), without the second 149, 1156,
    /// 4218, 7695 and 7757.
    @Test(arguments: [149, 1156, 4218, 4408, 4672, 5748, 7695, 7757] as [UInt64])
    func closedFuzzScenesWithLongLeverIslandsGainNoEnergy(seed: UInt64) {
        let (stats, findings) = replay(seed)
        #expect(stats.closedScenes == 1 && stats.jointsCreated > 0)
        #expect(findings.isEmpty, "\(described(findings))")
    }

    /// Fuzz scenes where a joint that cannot be satisfied (a weld on a body with fixed rotation, a
    /// motor of 10¹³ pt²·kg/s² on a 500 kg body) drags a light body by position correction alone:
    /// 650 pt a step with a velocity of zero after each relax pass, so continuous collision, which
    /// looked at the velocity, never swept it, and it crossed a 2000 pt wall (seed 43). A body is
    /// now swept when it moved, or would move at its speed, more than half its smallest extent; and
    /// when it turned that far (seed 1897: a prismatic joint created 3.3 rad off its reference angle
    /// turned a 4.9·10⁶ kg composite body in one step, and its part 570 pt out went 350 pt through
    /// the wall).
    @Test(arguments: [43, 826, 1897, 2042, 3547, 6900] as [UInt64])
    func bodiesDraggedByJointCorrectionStayInside(seed: UInt64) {
        let (stats, findings) = replay(seed)
        #expect(stats.jointsCreated > 0)
        #expect(findings.isEmpty, "\(described(findings))")
    }

    /// A fuzz scene without joints where a 1 pt shape 300 pt out on a composite body turning half a
    /// revolution per step went 24 pt into a wall at a corner (seed 5131): continuous collision's
    /// sweep turned along the chord between the two end rotations, most of a half turn in an
    /// instant in mid-sweep, and the fraction it called safe was not. The sweep now turns at a
    /// steady rate.
    @Test func farShapeOnABodyTurningHalfARevolutionStaysInside() {
        let (_, findings) = replay(5131, excluding: ["joints", "tiny"])
        #expect(findings.isEmpty, "\(described(findings))")
    }

    /// Fuzz scenes where a light body touching one side of a chain's corner at 28 000–31 000 pt/s
    /// went through it and out past the other side (seeds 10930, 12073, 23256): continuous
    /// collision skips a shape that starts within the target of a wall and sweeps only a small core,
    /// and that core too started within the target, so the crossing was taken for a slide. A core
    /// that starts that close is now swept again to half its gap: a slide keeps the gap, a crossing
    /// closes it.
    @Test(arguments: [10930, 12073, 23256] as [UInt64])
    func lightBodiesAtACornerStayInside(seed: UInt64) {
        let (_, findings) = replay(seed)
        #expect(findings.isEmpty, "\(described(findings))")
    }

    /// A fuzz scene without joints where a 0.5 pt part pressed into a chain's corner went round the
    /// corner vertex every step (seed 19938): its core started on the segment, so no sweep applied,
    /// and past the vertex the push-out did not see it. A core that starts on a segment and whose
    /// centre ends on the segment's other side now keeps the body where it started.
    @Test func bodyPressedIntoAChainCornerIsPushedBackInside() {
        // Seed 22550: a 7 pt ellipse pressed into a chain's corner touched the corner vertex; the
        // push-out out of one segment followed that vertex's normal, 58° off the segment's, and put
        // the body's centre past the other segment. The push-out now keeps the start normal when
        // the current one is more than 30° off it.
        let (_, findings) = replay(22550)
        #expect(findings.isEmpty, "\(described(findings))")
    }

    @Test func partPressedIntoAChainCornerStaysInside() {
        let (_, findings) = replay(19938, excluding: ["joints", "tiny"])
        #expect(findings.isEmpty, "\(described(findings))")
    }

    /// Closed fuzz scenes whose jointed bodies start with velocities the joints do not allow: the
    /// first step's impulse that makes them move together, warm-started again next substep,
    /// recreated the mismatch reversed, and with anchors thousands of points out one solver pass
    /// did not undo it. Energy grew 68–1600 % within a few steps (seed 368: a prismatic and a
    /// revolute joint on one pair, 10 000 pt levers; 1713: a single weld between two bodies). The
    /// warm start of an island with joints now never raises its kinetic energy (JointWarmStart.swift).
    @Test(arguments: [320, 368, 520, 1207, 1713] as [UInt64])
    func closedFuzzScenesWhoseJointsStartViolatedGainNoEnergy(seed: UInt64) {
        let (stats, findings) = replay(seed)
        #expect(stats.closedScenes == 1 && stats.jointsCreated > 0)
        #expect(findings.isEmpty, "\(described(findings))")
    }

    /// Fuzz scenes whose bodies reached 10²⁵–10⁶³ pt/s (rigid and soft joints anchored thousands of
    /// points out on fast-spinning bodies; see the test above). Seed 1076 may still push a body past
    /// a wall (the deep penetration of docs/reliability.md, P5), which ends the scene early.
    @Test(arguments: [189, 587, 851, 1074, 1076, 1912] as [UInt64])
    func fuzzScenesWithFarAnchoredJointsStayWithinTheSpeedCaps(seed: UInt64) {
        let (stats, findings) = replay(seed)
        let broken = findings.filter { $0.invariant != "tunnelling" }
        #expect(broken.isEmpty, "\(broken.map(\.description).joined(separator: "\n"))")
        #expect(stats.fastestSpeed <= 4 * WorldDef().maximumLinearSpeed, "fastest body \(stats.fastestSpeed) pt/s")
    }
}

@Suite struct TunnellingTests {
    /// A 5 pt circle at 40 000 pt/s, 17° off the normal, bounces off a closed chain of two-sided
    /// segments (0.5 pt circles pass through: P4, reproduced by `kinetic-fuzz physics`).
    @Test func smallCircleStaysInsideAChainBox() {
        let world = World(WorldDef())
        var wallDef = BodyDef(); wallDef.type = .static
        let walls = try! world.createBody(wallDef)
        let h = 50_000.0
        _ = try! world.createChain(on: walls, points: [Vec2(-h, -h), Vec2(h, -h), Vec2(h, h), Vec2(-h, h)], isLoop: true, ShapeDef())
        var def = BodyDef(); def.position = Vec2(h - 2_001.5, 0)
        def.linearVelocity = Vec2(40_000 * cos(0.3), 40_000 * sin(0.3))
        let ball = try! world.createBody(def)
        var shape = ShapeDef(); shape.restitution = 1
        _ = try! world.createShape(on: ball, shape, .circle(Circle(radius: 2.5)))
        var furthest = 0.0
        for _ in 0..<300 { world.step(by: 1.0 / 60); furthest = max(furthest, abs(world.worldCenter(of: ball).x), abs(world.worldCenter(of: ball).y)) }
        #expect(furthest <= h + 1)
    }
}

@Suite struct HugeInputTests {
    // Finite numbers far beyond any scene (1e300 positions, 1e-308 densities, anchors 1e9 pt away)
    // used to overflow inside the step. They are refused like NaN (docs/semantics.md, input limits).

    @Test func hugeBodyInputThrowsWithTheLimit() {
        let (world, body) = movingCircle()
        var def = BodyDef(); def.position = Vec2(1e300, 0)
        #expect { _ = try world.createBody(def) } throws: { ($0 as? PhysicsError)?.message.contains("within ±10000000") ?? false }
        #expect(throws: PhysicsError.self) { try world.setTransform(position: Vec2(0, 2e7), angle: 0, of: body) }
        #expect(throws: PhysicsError.self) { try world.setLinearVelocity(Vec2(1e300, 0), of: body) }
        #expect(throws: PhysicsError.self) { try world.setAngularVelocity(-1e300, of: body) }
        #expect(throws: PhysicsError.self) { try world.createShape(on: body, ShapeDef(), .circle(Circle(center: Vec2(1e9, 0), radius: 1))) }
        // Just inside the limits is accepted.
        try? world.setTransform(position: Vec2(0, 9e6), angle: 0, of: body)
        #expect(world.position(of: body).y == 9e6)
        world.step(by: 1.0 / 60)
        #expect(isFinite(world, body))
    }

    @Test func hugeSetterInputIsIgnored() {
        let (world, body) = movingCircle()
        let shape = world.shapes(of: body)[0]
        world.setDensity(1e-308, of: shape)  // mass 3e-306: its inverse overflows
        world.setFriction(1e300, of: shape)
        world.applyLinearImpulse(Vec2(1e300, 0), at: .zero, to: body)
        world.applyForceToCenter(Vec2(0, 1e300), to: body)
        #expect(world.density(of: shape) == 1)
        #expect(world.friction(of: shape) == ShapeDef().friction)
        world.step(by: 1.0 / 60)
        #expect(isFinite(world, body))
        #expect(abs(world.linearVelocity(of: body).x - 10) < 1e-9)
    }

    @Test func jointWithAnchorABillionPointsAwayIsRefused() {
        let (world, a) = movingCircle()
        var def = BodyDef(); def.position = Vec2(100, 0)
        let b = try! world.createBody(def)
        _ = try! world.createShape(on: b, ShapeDef(), .circle(Circle(radius: 1)))
        var r = RevoluteJointDef(); r.bodyA = a; r.bodyB = b; r.localAnchorA = Vec2(-1e9, 0)
        #expect(throws: PhysicsError.self) { try world.createJoint(.revolute(r)) }
        r.localAnchorA = Vec2(50, 0); r.localAnchorB = Vec2(-50, 0)
        let joint = try! world.createJoint(.revolute(r))
        world.setWorldAnchorA(Vec2(-1e9, 0), of: joint)  // ignored
        #expect(world.worldAnchors(of: joint).0.x > -1e7)
        // A motor torque cap of "no limit" stays accepted.
        var p = PrismaticJointDef(); p.bodyA = a; p.bodyB = b; p.maxMotorForce = .greatestFiniteMagnitude
        #expect(throws: Never.self) { try world.createJoint(.prismatic(p)) }
        for _ in 0..<60 { world.step(by: 1.0 / 60) }
        #expect(isFinite(world, a) && isFinite(world, b))
    }
}

@Suite struct TinyBodyTunnellingTests {
    /// Fuzz scenes (every feature but joints and overflowing input) in which bodies of 0.5 pt crossed a
    /// closed chain of two-sided segments: the continuous sweep of a body that starts within reach of
    /// a wall uses a core circle, which was 2 pt across — larger than the body — so it overlapped the
    /// wall at once and the sweep was skipped. The core is now a quarter of the body's smallest extent.
    @Test(arguments: [20, 58, 114, 184] as [UInt64])
    func tinyBodiesStayInsideInTheFuzzScenesThatCrossedChains(seed: UInt64) {
        let (stats, findings) = replay(seed, excluding: ["joints", "overflow"])
        #expect(findings.isEmpty, "\(described(findings))")
        #expect(stats.steps == PhysicsFuzzOptions().steps)
    }

    /// A 0.5 pt circle thrown at a chain wall from near and far bounces back inside.
    @Test(arguments: [(1_000.0, 0.3), (5_000.0, 0.3), (40_000.0, 0.3), (20_000.0, 1.0), (40_000.0, 2_001.5)])
    func halfPointCircleStaysInsideAChainBox(speed: Double, gap: Double) {
        let world = World(WorldDef())
        var wallDef = BodyDef(); wallDef.type = .static
        let walls = try! world.createBody(wallDef)
        let h = 50_000.0
        _ = try! world.createChain(on: walls, points: [Vec2(-h, -h), Vec2(h, -h), Vec2(h, h), Vec2(-h, h)], isLoop: true, ShapeDef())
        var def = BodyDef(); def.position = Vec2(h - 0.25 - gap, 0)
        def.linearVelocity = Vec2(speed * cos(0.3), speed * sin(0.3))
        let ball = try! world.createBody(def)
        var shape = ShapeDef(); shape.restitution = 1
        _ = try! world.createShape(on: ball, shape, .circle(Circle(radius: 0.25)))
        var furthest = 0.0
        for _ in 0..<600 {
            world.step(by: 1.0 / 60)
            furthest = max(furthest, abs(world.worldCenter(of: ball).x), abs(world.worldCenter(of: ball).y))
        }
        #expect(furthest <= h + 1, "reached \(furthest)")
    }

    /// P5: fuzz scenes whose bodies ended past a wall of the box (clean envelope, before the static
    /// push-out and the turn-covering continuous query): thin bodies hitting a wall while spinning at
    /// the speed cap, which soft contacts and the core sweep let sink through, and light bodies driven
    /// in by bodies 10²–10⁶ times heavier.
    @Test(arguments: [42, 71, 85, 90, 212] as [UInt64])
    func fuzzScenesThatPushedBodiesThroughWallsStayInside(seed: UInt64) {
        let (stats, findings) = replay(seed, excluding: ["joints", "tiny"])
        #expect(findings.isEmpty, "\(described(findings))")
        #expect(stats.steps == PhysicsFuzzOptions().steps)
    }

    /// P5, shapes under 2 pt: a tiny shape left 0.5 pt deep in a two-sided segment had its centroid past
    /// it, so the next contact normal pointed out of the box and the push-out let it go (seeds 549 and
    /// 1374, tiny polygons in the clean envelope; 213 and 1025 with tiny bodies). Such shapes now may be
    /// at most half their smallest extent deep.
    @Test(arguments: [(549, ["joints", "tiny"]), (1374, ["joints", "tiny"]), (213, ["joints"]), (1025, ["joints"])] as [(UInt64, Set<String>)])
    func fuzzScenesWithTinyShapesAgainstSegmentsStayInside(seed: UInt64, exclude: Set<String>) {
        let (_, findings) = replay(seed, excluding: exclude)
        #expect(findings.isEmpty, "\(described(findings))")
    }

    /// P5: a body spinning at ~2 rad per step with a small shape 450 pt off its centre (seed 46): the
    /// continuous query of that shape covered only its two end poses, missed the wall its turn swept
    /// through, and when another shape's time of impact pulled the body back the small one landed past
    /// the wall. The query box now covers the turn.
    @Test func fuzzSceneWithAShapeSweptThroughAWallByTheTurnStaysInside() {
        let (_, findings) = replay(46, excluding: ["joints", "tiny"])
        #expect(findings.isEmpty, "\(described(findings))")
    }

    /// The fuzzer's shape edits: a body whose shapes were all destroyed (or sensors) leaves the box by
    /// design, and a shape added to it out there was reported as tunnelling (seeds 25, 58, 59, 132).
    /// Shapes added outside the box interior are now destroyed again.
    @Test(arguments: [25, 58, 59, 132] as [UInt64])
    func fuzzerAddsNoShapeOutsideTheBox(seed: UInt64) {
        let (_, findings) = replay(seed, excluding: ["joints", "tiny"])
        #expect(findings.isEmpty, "\(described(findings))")
    }
}

@Suite struct RestitutionEnergyTests {
    /// Closed contact-only fuzz scenes in which a polygon with restitution 1 bounced off a wall on two
    /// manifold points and left faster than it came: solved one point after the other, the first
    /// point's impulse turns the body and lifts the second, whose impulse then lifts the first past its
    /// target (seed 3014: a 1300 pt polygon at 14 000 pt/s, +27 %; 2120: +9 %). Both points are now
    /// solved together (`restituteBothPoints`).
    @Test(arguments: [2120, 2734, 3014, 3431] as [UInt64])
    func elasticPolygonsBouncingOnTwoPointsGainNoEnergy(seed: UInt64) {
        let (stats, findings) = replay(seed, excluding: ["joints", "tiny"])
        #expect(stats.closedScenes == 1)
        #expect(findings.isEmpty, "\(described(findings))")
    }

    /// Closed contact-only fuzz scenes in which one body bounced on several contacts in the same step
    /// and left faster than it came: one restitution pass overshoots across contacts as it did across
    /// the points of one manifold (seed 127 without joints: a 0.7 × 0.25 pt ellipse landing on three
    /// segments of a chain at 30 000 pt/s, +11 %; 6653 without joints or tiny bodies, +3.2 %; 7159,
    /// a composite body landing on three of its shapes at once, +2.8 % after four passes). The
    /// restitution stage now runs passes until they converge (at most 16) when one bounces anything.
    @Test(arguments: [(127, ["joints"]), (6653, ["joints", "tiny"]), (7159, ["joints"])] as [(UInt64, Set<String>)])
    func bodiesBouncingOnSeveralContactsGainNoEnergy(seed: UInt64, exclude: Set<String>) {
        let (stats, findings) = replay(seed, excluding: exclude)
        #expect(stats.closedScenes == 1)
        #expect(findings.isEmpty, "\(described(findings))")
    }


    /// Closed fuzz scenes without joints where a body that friction turned during the solve bounced
    /// on two points and left faster than it came (seed 20832: a 3000 pt body sliding into a wall,
    /// +4.8 %; 11003 +3.3 %; 16842 +2.9 %): one point's impulse alone reached its target, measured
    /// before the turn, and the turn made the other leave faster. The restitution stage now leaves an
    /// island no more kinetic energy than the step began with plus gravity's work
    /// (RestitutionEnergyLimit.swift).
    @Test(arguments: [11003, 16842, 20832] as [UInt64])
    func bodiesTurnedDuringTheSolveBounceNoFaster(seed: UInt64) {
        let (stats, findings) = replay(seed, excluding: ["joints", "tiny"])
        #expect(stats.closedScenes == 1)
        #expect(findings.isEmpty, "\(described(findings))")
    }
}

/// Each of Kinetic's safeguards (Sources/Physics/Safeguards/README.md) on a scene written out in
/// full: the invariant it defends holds with every safeguard on and breaks with that one off, which
/// also proves `WorldDef.safeguards` turns it off.
@Suite struct SafeguardTests {
    /// A world with `safeguards`, or with all of them but `off`.
    private func world(without off: Safeguards = []) -> World {
        var def = WorldDef(); def.safeguards = Safeguards.all.subtracting(off)
        return World(def)
    }

    private func kineticEnergy(_ world: World) -> Double {
        var energy = 0.0
        for body in world.bodies where world.type(of: body) == .dynamic {
            let w = world.angularVelocity(of: body)
            energy += 0.5 * world.mass(of: body) * world.linearVelocity(of: body).lengthSquared
                + 0.5 * world.rotationalInertia(of: body) * w * w
        }
        return energy
    }

    /// The largest relative gain of kinetic energy over the first kinetic energy, step by step, in a
    /// world without gravity (closed: nothing may add energy).
    private func largestEnergyGain(_ world: World, steps: Int) -> Double {
        let start = kineticEnergy(world)
        var largest = 0.0
        for _ in 0..<steps {
            world.step(by: 1.0 / 60)
            let gain = kineticEnergy(world) / start - 1
            largest = gain.isNaN ? .infinity : max(largest, gain)
        }
        return largest
    }

    /// Two small circles spinning at ±50 rad/s, held by a revolute and a weld joint anchored 28 000 pt
    /// out: the warm start of one substep's impulses, after the anchors have swung round, adds
    /// energy that one solver pass does not take back.
    private func farAnchoredPair(_ world: World) {
        var def = BodyDef(); def.angularVelocity = 50; def.linearVelocity = Vec2(100, 50)
        let a = try! world.createBody(def)
        def.position = Vec2(300, 0); def.angularVelocity = -50; def.linearVelocity = Vec2(-100, 20)
        let b = try! world.createBody(def)
        _ = try! world.createShape(on: a, ShapeDef(), .circle(Circle(radius: 5)))
        _ = try! world.createShape(on: b, ShapeDef(), .circle(Circle(radius: 8)))
        var pin = RevoluteJointDef(); pin.bodyA = a; pin.bodyB = b
        pin.localAnchorA = Vec2(28_000, 0); pin.localAnchorB = Vec2(27_700, 0)
        _ = try! world.createJoint(.revolute(pin))
        var weld = WeldJointDef(); weld.bodyA = a; weld.bodyB = b
        weld.localAnchorA = Vec2(0, 28_000); weld.localAnchorB = Vec2(-300, 28_000)
        _ = try! world.createJoint(.weld(weld))
    }

    @Test func warmStartEnergyLimitKeepsAFarAnchoredPairFromGainingEnergy() {
        let guarded = world(), unguarded = world(without: .warmStartEnergyLimit)
        farAnchoredPair(guarded); farAnchoredPair(unguarded)
        #expect(largestEnergyGain(guarded, steps: 200) <= 1e-9)
        #expect(largestEnergyGain(unguarded, steps: 200) > 1)
    }

    /// Three small spinning circles in a chain of a revolute and a weld joint anchored 3000 pt out,
    /// created 100 pt violated: the relax pass leaves velocity from the position correction.
    private func violatedChain(_ world: World) {
        var def = BodyDef(); def.angularVelocity = 20; def.linearVelocity = Vec2(100, 50)
        let a = try! world.createBody(def)
        def.position = Vec2(300, 0); def.angularVelocity = -20; def.linearVelocity = Vec2(-100, 20)
        let b = try! world.createBody(def)
        def.position = Vec2(0, 400); def.angularVelocity = 10; def.linearVelocity = Vec2(0, -70)
        let c = try! world.createBody(def)
        _ = try! world.createShape(on: a, ShapeDef(), .circle(Circle(radius: 3)))
        _ = try! world.createShape(on: b, ShapeDef(), .circle(Circle(radius: 8)))
        _ = try! world.createShape(on: c, ShapeDef(), .circle(Circle(radius: 5)))
        var pin = RevoluteJointDef(); pin.bodyA = a; pin.bodyB = b
        pin.localAnchorA = Vec2(3_000, 0); pin.localAnchorB = Vec2(2_800, 0)
        _ = try! world.createJoint(.revolute(pin))
        var weld = WeldJointDef(); weld.bodyA = b; weld.bodyB = c
        weld.localAnchorA = Vec2(0, 3_000); weld.localAnchorB = Vec2(300, 2_500)
        _ = try! world.createJoint(.weld(weld))
    }

    @Test func relaxEnergyLimitKeepsAViolatedChainFromGainingEnergy() {
        let guarded = world(), unguarded = world(without: .relaxEnergyLimit)
        violatedChain(guarded); violatedChain(unguarded)
        #expect(largestEnergyGain(guarded, steps: 200) <= 1e-9)
        #expect(largestEnergyGain(unguarded, steps: 200) > 1)
    }

    /// An elastic body of three parts (a circle, a box and an ellipse) falling at 5000 pt/s onto a
    /// chain of three segments, landing on all three parts at once, tilted by `tilt`.
    private func compositeLanding(_ world: World, tilt: Double) {
        var groundDef = BodyDef(); groundDef.type = .static
        let ground = try! world.createBody(groundDef)
        _ = try! world.createChain(on: ground, points: [Vec2(-3_000, 0), Vec2(-25, 0), Vec2(15, 0), Vec2(3_000, 0)],
                                   isLoop: false, ShapeDef())
        var def = BodyDef(); def.position = Vec2(0, -30 - 5_000.0 / 240); def.angle = tilt; def.linearVelocity = Vec2(0, 5_000)
        let body = try! world.createBody(def)
        var elastic = ShapeDef(); elastic.restitution = 1; elastic.friction = 0.6
        _ = try! world.createShape(on: body, elastic, .circle(Circle(center: Vec2(-40, 0), radius: 10)))
        _ = try! world.createShape(on: body, elastic, .polygon(try! Polygon.box(halfWidth: 12, halfHeight: 10)))
        _ = try! world.createShape(on: body, elastic, .ellipse(Ellipse(center: Vec2(35, 1), radii: Vec2(9, 10))))
    }

    /// Landing tilted, friction turns the body during the solve; bounced point by point from speeds
    /// measured before the turn, it would leave faster than it came.
    @Test func restitutionEnergyLimitKeepsABodyTurnedDuringTheSolveFromBouncingFaster() {
        let guarded = world(), unguarded = world(without: .restitutionEnergyLimit)
        compositeLanding(guarded, tilt: 0.02); compositeLanding(unguarded, tilt: 0.02)
        #expect(largestEnergyGain(guarded, steps: 30) <= 1e-9)
        #expect(largestEnergyGain(unguarded, steps: 30) > 0.01)
    }

    /// Landing flat on three contacts at once, one restitution pass overshoots: each contact's
    /// impulse spins the body and lifts the others. The energy limit would scale the bounce back, so
    /// it is off in both worlds here: the passes alone keep the bounce elastic.
    @Test func restitutionPassesKeepABodyBouncingOnThreeContactsElastic() {
        let passes = world(without: .restitutionEnergyLimit), onePass = world(without: [.restitutionEnergyLimit, .restitutionPasses])
        compositeLanding(passes, tilt: 0); compositeLanding(onePass, tilt: 0)
        #expect(largestEnergyGain(passes, steps: 30) <= 1e-5)
        #expect(largestEnergyGain(onePass, steps: 30) > 0.1)
    }

    /// Three elastic circles in a row, the last two touching, the first 0.5 pt away at 300 pt/s:
    /// as in a Newton's cradle, the first two stop and the last leaves at 300 pt/s.
    private func row(_ world: World) -> [BodyID] {
        var elastic = ShapeDef(); elastic.restitution = 1; elastic.friction = 0
        return [(-20.5, 300.0), (0, 0), (20, 0)].map { x, speed in
            var def = BodyDef(); def.position = Vec2(x, 0); def.linearVelocity = Vec2(speed, 0)
            let ball = try! world.createBody(def)
            _ = try! world.createShape(on: ball, elastic, .circle(Circle(radius: 10)))
            return ball
        }
    }

    @Test func impactPropagationPassesAnImpactAlongARow() {
        let guarded = world(), unguarded = world(without: .impactPropagation)
        let balls = row(guarded), unguardedBalls = row(unguarded)
        for _ in 0..<10 { guarded.step(by: 1.0 / 60); unguarded.step(by: 1.0 / 60) }
        #expect(abs(guarded.linearVelocity(of: balls[2]).x - 300) < 1)
        #expect(guarded.linearVelocity(of: balls[0]).length < 1 && guarded.linearVelocity(of: balls[1]).length < 1)
        #expect(abs(unguarded.linearVelocity(of: unguardedBalls[2]).x - 300) > 10)
    }

    /// A circle created 80 pt deep in a static box and moving into it: soft contacts alone push at
    /// 3 m/s (5 pt a step), the push-out takes it out in one step.
    private func deepBall(_ world: World) -> BodyID {
        var groundDef = BodyDef(); groundDef.type = .static
        let ground = try! world.createBody(groundDef)
        _ = try! world.createShape(on: ground, ShapeDef(), .polygon(try! Polygon.box(halfWidth: 1_000, halfHeight: 100)))
        var def = BodyDef(); def.position = Vec2(0, 120); def.linearVelocity = Vec2(0, -500)
        let ball = try! world.createBody(def)
        _ = try! world.createShape(on: ball, ShapeDef(), .circle(Circle(radius: 100)))
        return ball
    }

    @Test func staticPushOutMovesADeepBodyOutInOneStep() {
        let guarded = world(), unguarded = world(without: .staticPushOut)
        let ball = deepBall(guarded), unguardedBall = deepBall(unguarded)
        for _ in 0..<2 { guarded.step(by: 1.0 / 60); unguarded.step(by: 1.0 / 60) }
        #expect(100 - (guarded.worldCenter(of: ball).y - 100) <= 25)
        #expect(100 - (unguarded.worldCenter(of: unguardedBall).y - 100) > 50)
        #expect(guarded.safeguardCounts.staticPushOuts > 0 && unguarded.safeguardCounts.staticPushOuts == 0)
    }

    /// A rigid joint anchored 5000 pt out on a hub spinning at 150 rad/s drags a 0.5 pt circle at an
    /// anchor speed past the speed caps; a soft weld from that circle to a third body then spun the
    /// bodies up (its spring relaxed a holding torque it never applied) and the relax pass and the next
    /// solve fed on each other's uncapped velocities until they were NaN. With the caps after the solve
    /// every velocity starts each substep, and ends each step, within the caps.
    private func draggedSoftWeld(_ world: World) -> [BodyID] {
        var def = BodyDef()
        def.angularVelocity = 150
        let hub = try! world.createBody(def)
        def.angularVelocity = 0
        def.position = Vec2(5000, 0)
        let small = try! world.createBody(def)
        def.position = Vec2(5000, 3000)
        let other = try! world.createBody(def)
        var heavy = ShapeDef(); heavy.density = 100
        _ = try! world.createShape(on: hub, heavy, .circle(Circle(radius: 50)))
        _ = try! world.createShape(on: small, ShapeDef(), .circle(Circle(radius: 0.5)))
        _ = try! world.createShape(on: other, ShapeDef(), .circle(Circle(radius: 10)))
        var pin = RevoluteJointDef(); pin.bodyA = hub; pin.bodyB = small
        pin.localAnchorA = Vec2(5000, 0)
        _ = try! world.createJoint(.revolute(pin))
        var weld = WeldJointDef(); weld.bodyA = small; weld.bodyB = other
        weld.localAnchorA = Vec2(0, 1500); weld.localAnchorB = Vec2(0, -1500)
        weld.linearHertz = 2.66; weld.angularHertz = 1.19
        _ = try! world.createJoint(.weld(weld))
        return [hub, small, other]
    }

    /// The fastest linear and angular speeds over 240 steps (infinity once a velocity is not finite).
    private func fastestSpeeds(_ world: World, _ bodies: [BodyID]) -> (Double, Double) {
        var fastest = 0.0, fastestSpin = 0.0
        for _ in 0..<240 {
            world.step(by: 1.0 / 60)
            for body in bodies {
                let v = world.linearVelocity(of: body).length, w = abs(world.angularVelocity(of: body))
                fastest = v.isFinite ? max(fastest, v) : .infinity
                fastestSpin = w.isFinite ? max(fastestSpin, w) : .infinity
            }
        }
        return (fastest, fastestSpin)
    }

    @Test func speedCapsAfterSolveKeepASoftWeldDraggedPastTheCapsBounded() {
        let guarded = world(), unguarded = world(without: .speedCapsAfterSolve)
        let (fastest, fastestSpin) = fastestSpeeds(guarded, draggedSoftWeld(guarded))
        #expect(fastest <= WorldDef().maximumLinearSpeed * (1 + 1e-9), "fastest body \(fastest) pt/s")
        #expect(fastestSpin <= 0.25 * Double.pi * 240 * (1 + 1e-9), "fastest spin \(fastestSpin) rad/s")
        let (unguardedFastest, _) = fastestSpeeds(unguarded, draggedSoftWeld(unguarded))
        #expect(unguardedFastest > WorldDef().maximumLinearSpeed)
    }
}
