// Contact response: restitution, momentum, friction on an incline, stacking.
import Foundation
import Testing
@testable import KineticPhysics

@Suite struct ContactSolverTests {
    /// Drops a ball from `height` (bottom of the ball above the ground) and returns the highest the
    /// bottom rises after the first bounce.
    func bounceHeight(restitution e: Double, height: Double) -> Double {
        let world = makeWorld()
        addStaticBox(world, center: Vec2(0, 10), halfWidth: 500, halfHeight: 10, restitution: e)  // top at y = 0
        let radius = 10.0
        let ball = addCircle(world, at: Vec2(0, -height - radius), radius: radius, restitution: e)
        var bounced = false
        var apex = Double.greatestFiniteMagnitude
        for _ in 0..<600 {
            world.step(by: testStep)
            let v = world.linearVelocity(of: ball).y
            if !bounced && v < 0 { bounced = true }
            if bounced {
                apex = Swift.min(apex, world.position(of: ball).y)
                if v > 0 { break }
            }
        }
        return -(apex + radius)
    }

    @Test(arguments: [0.25, 0.5, 0.75, 1.0])
    func bounceHeightIsRestitutionSquaredTimesDropHeight(e: Double) {
        // h' = e²·h. The restitution stage reverses the normal speed measured at the start of the impact
        // step, which is up to g·dt = 16.7 pt/s below the true impact speed √(2gh) = 1000 pt/s: about
        // 2 % in speed, 4 % in height, plus the apex sampling at 60 Hz. 6 % is the bound.
        let h = 500.0
        let measured = bounceHeight(restitution: e, height: h)
        #expect(relativeError(measured, e * e * h) < 0.06, "e = \(e): bounced to \(measured), expected \(e * e * h)")
    }

    @Test func restitutionBelowThresholdDoesNotBounce() {
        // Approach speed 50 pt/s is under the 100 pt/s threshold: the ball stays on the ground.
        let world = makeWorld(gravity: .zero)
        addStaticBox(world, center: Vec2(0, 10), halfWidth: 500, halfHeight: 10, restitution: 1)
        let ball = addCircle(world, at: Vec2(0, -11), radius: 10, restitution: 1, velocity: Vec2(0, 50))
        run(world, seconds: 0.5)
        #expect(abs(world.linearVelocity(of: ball).y) < 1)
    }

    /// Total momentum (mass × velocity) of the bodies.
    func momentum(_ world: World, _ bodies: [BodyID]) -> Vec2 {
        bodies.reduce(Vec2.zero) { $0 + world.mass(of: $1) * world.linearVelocity(of: $1) }
    }

    @Test(arguments: [0.0, 0.5, 1.0])
    func circleCollisionConservesMomentum(e: Double) {
        // Head-on: a circle of mass m at 400 pt/s meets one of mass 4m at rest. Momentum is conserved
        // exactly by equal and opposite impulses (1e-9 relative, round-off). The closing speed after
        // impact is e × 400: v2 − v1 = 400e (5 % of 400 for the soft solve's first-step overlap).
        let world = makeWorld(gravity: .zero)
        let a = addCircle(world, at: Vec2(0, 0), radius: 10, restitution: e, velocity: Vec2(400, 0))
        let b = addCircle(world, at: Vec2(100, 0), radius: 20, restitution: e)
        let before = momentum(world, [a, b])
        run(world, seconds: 0.5)
        let after = momentum(world, [a, b])
        #expect((after - before).length < 1e-9 * before.length)
        let separating = world.linearVelocity(of: b).x - world.linearVelocity(of: a).x
        #expect(abs(separating - 400 * e) < 20, "e = \(e): separating at \(separating)")
    }

    @Test(arguments: [0.0, 1.0])
    func boxCollisionConservesMomentum(e: Double) {
        // Two equal boxes face to face, one at 300 pt/s: momentum conserved to round-off; with e = 1
        // they swap velocities (within 5 %), with e = 0 they move on together at 150 pt/s.
        let world = makeWorld(gravity: .zero)
        let a = addBox(world, at: Vec2(0, 0), halfWidth: 20, halfHeight: 20, restitution: e, velocity: Vec2(300, 0))
        let b = addBox(world, at: Vec2(100, 0), halfWidth: 20, halfHeight: 20, restitution: e)
        let before = momentum(world, [a, b])
        run(world, seconds: 0.5)
        #expect((momentum(world, [a, b]) - before).length < 1e-9 * before.length)
        if e == 1 {
            #expect(abs(world.linearVelocity(of: a).x) < 15)
            #expect(abs(world.linearVelocity(of: b).x - 300) < 15)
        } else {
            #expect(abs(world.linearVelocity(of: a).x - 150) < 5)
            #expect(abs(world.linearVelocity(of: b).x - 150) < 5)
        }
    }

    /// Puts a box on a slope of angle θ with friction μ (both shapes) and returns how far it slid
    /// along the slope in 1 s.
    func slide(angle theta: Double, friction mu: Double) -> Double {
        let world = makeWorld()
        // The slope: a long static box turned by θ (clockwise on screen, so it descends to the right).
        addStaticBox(world, center: .zero, halfWidth: 1000, halfHeight: 10, angle: theta, friction: mu)
        let normal = Rot(angle: theta).rotate(Vec2(0, -1))  // out of the top face
        let start = normal * 30
        var bd = BodyDef(); bd.position = start; bd.angle = theta
        let box = try! world.createBody(bd)
        var sd = ShapeDef(); sd.friction = mu
        _ = try! world.createShape(on: box, sd, .polygon(try! Polygon.box(halfWidth: 20, halfHeight: 20)))
        run(world, seconds: 1)
        return (world.position(of: box) - start).length
    }

    @Test func boxSlidesWhenSlopeExceedsFrictionAngle() {
        // tan θ = tan 30° = 0.577 > μ = 0.4: it slides with a = g(sin θ − μ cos θ) = 153.6 pt/s²,
        // about 77 pt in 1 s. Expect more than 50 pt.
        #expect(slide(angle: .pi / 6, friction: 0.4) > 50)
    }

    @Test func boxSticksWhenSlopeIsBelowFrictionAngle() {
        // tan 20° = 0.364 < μ = 0.6: static friction holds it; allow 1 pt of creep from settling.
        #expect(slide(angle: .pi / 9, friction: 0.6) < 1)
    }

    @Test func pyramidOfTwentyRowsComesToRest() {
        // 20 rows of 20 × 20 pt boxes (210 boxes) on the ground. After 10 s every box must be asleep,
        // no box may have drifted sideways more than 1 % of its size (0.2 pt), and the top box may
        // have sunk at most one slop (0.5 pt) per contact row below it: 20 × 0.5 = 10 pt.
        let world = makeWorld()
        addStaticBox(world, center: Vec2(0, 10), halfWidth: 800, halfHeight: 10)  // top at y = 0
        let rows = 20, half = 10.0
        var boxes: [(BodyID, Vec2)] = []
        for row in 0..<rows {
            for i in 0..<(rows - row) {
                let x = (Double(i) - Double(rows - row - 1) / 2) * 2 * half
                let y = -half - Double(row) * 2 * half
                let p = Vec2(x, y)
                boxes.append((addBox(world, at: p, halfWidth: half, halfHeight: half), p))
            }
        }
        run(world, seconds: 10)
        #expect(world.isAtRest)
        var worstSideways = 0.0
        for (b, p) in boxes { worstSideways = Swift.max(worstSideways, abs(world.position(of: b).x - p.x)) }
        // The soft contacts compress the pyramid while it settles, the middle columns more than the
        // edges, so the boxes tilt and the lower rows splay outward, then stay put. The splay follows
        // the contact stiffness (15 Hz: 1.0 pt, 30 Hz — Box2D's default — 0.32 pt or 1.6 % of a box,
        // 40 Hz: 0.21, 45 Hz: 0.16, 60 Hz: 0.15), not the solve order (reversed colours, friction
        // first, per-point friction: 0.32–0.47 pt). Hence the 45 Hz default (docs/semantics.md).
        #expect(worstSideways <= 0.01 * 2 * half, "sideways drift \(worstSideways)")
        let (top, topStart) = boxes.last!
        #expect(world.position(of: top).y - topStart.y <= Double(rows) * 0.5, "top sank \(world.position(of: top).y - topStart.y)")
    }

    @Test func newtonsCradlePassesTheSwingToTheLastBall() throws {
        // Five touching circles (radius 20) hang on 200 pt rods from anchors 40 pt apart. The first is
        // pulled back 60° and released. Elastic impacts (e = 1) pass its swing down the row: afterwards
        // the last ball must rise to at least 80 % of the release height while the first stays within
        // 20 % of it (sequential impulses give 100 % and 0 %; joint softness and timing cost a little).
        let world = makeWorld()
        let anchor = try world.createBody({ var d = BodyDef(); d.type = .static; return d }())
        let length = 200.0, radius = 20.0
        var balls: [BodyID] = []
        for i in 0..<5 {
            let pivot = Vec2(Double(i) * 2 * radius, 0)
            var p = pivot + Vec2(0, length)
            if i == 0 { p = pivot + length * Vec2(-sin(Double.pi / 3), cos(Double.pi / 3)) }
            let ball = addCircle(world, at: p, radius: radius, friction: 0, restitution: 1)
            var d = DistanceJointDef()
            d.bodyA = anchor; d.bodyB = ball
            d.localAnchorA = pivot
            d.length = length
            _ = try world.createJoint(.distance(d))
            balls.append(ball)
        }
        let releaseHeight = length * (1 - cos(Double.pi / 3))  // 100 pt
        var lastRise = 0.0, firstRiseAfterImpact = 0.0
        var impacted = false
        run(world, seconds: 1.6) {
            let y0 = world.position(of: balls[0]).y, y4 = world.position(of: balls[4]).y
            if world.linearVelocity(of: balls[4]).length > 1 { impacted = true }
            if impacted {
                lastRise = Swift.max(lastRise, length - y4)
                firstRiseAfterImpact = Swift.max(firstRiseAfterImpact, length - y0)
            }
        }
        #expect(impacted)
        #expect(lastRise > 0.8 * releaseHeight, "last ball rose \(lastRise)")
        #expect(firstRiseAfterImpact < 0.2 * releaseHeight, "first ball rose \(firstRiseAfterImpact) after impact")
    }
}
