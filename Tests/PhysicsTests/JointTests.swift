// Joints: each kind holds its constraint under load within a stated tolerance, and the pendulum
// period matches 2π√(L/g).
import Foundation
import Testing
@testable import KineticPhysics

func staticBody(_ world: World, at p: Vec2 = .zero) -> BodyID {
    var d = BodyDef(); d.type = .static; d.position = p
    return try! world.createBody(d)
}

@Suite struct DistanceJointTests {
    @Test func pendulumPeriodMatchesSmallAngleFormula() throws {
        // L = 200 pt, g = 1000 pt/s²: T = 2π√(L/g) = 2.810 s. Released at 0.1 rad the large-amplitude
        // correction is 1 + θ²/16 = +0.06 %; the rod's softness and the integrator stay well inside 2 %.
        let world = makeWorld()
        let pivot = staticBody(world)
        let length = 200.0, theta = 0.1
        let bob = addCircle(world, at: Vec2(length * sin(theta), length * cos(theta)), radius: 5)
        var d = DistanceJointDef()
        d.bodyA = pivot; d.bodyB = bob; d.length = length
        _ = try world.createJoint(.distance(d))
        // Times at which the bob crosses x = 0 moving in −x (once per period).
        var crossings: [Double] = []
        var t = 0.0, previousX = world.position(of: bob).x
        while crossings.count < 4 && t < 15 {
            world.step(by: testStep)
            t += testStep
            let x = world.position(of: bob).x
            if previousX > 0 && x <= 0 { crossings.append(t - testStep * x / (x - previousX)) }
            previousX = x
        }
        try #require(crossings.count == 4)
        let period = (crossings[3] - crossings[0]) / 3
        let expected = 2 * Double.pi * (length / 1000).squareRoot()
        #expect(relativeError(period, expected) < 0.02, "period \(period), expected \(expected)")
        // The rod keeps its length within the slop (0.5 pt).
        #expect(abs(distance(world.position(of: bob), .zero) - length) < 0.5)
    }

    @Test func ropeIsFreeWhenSlackAndHoldsWhenTaut() throws {
        // A rope of 100 pt: a ball released 20 pt below the anchor falls freely (80 pt of slack, so
        // it must pass 50 pt after 0.3 s: ½·1000·0.3² = 45 + 20 = 65 pt), then hangs at 100 pt within
        // the slop (0.5 pt) once settled.
        let world = makeWorld()
        let anchor = staticBody(world)
        let ball = addCircle(world, at: Vec2(0, 20), radius: 5)
        var d = DistanceJointDef()
        d.bodyA = anchor; d.bodyB = ball
        d.length = 100; d.enableLimit = true; d.minLength = 0; d.maxLength = 100
        _ = try world.createJoint(.distance(d))
        run(world, seconds: 0.3)
        #expect(abs(world.position(of: ball).y - (20 + 500 * 0.3 * 0.3)) < 1)
        run(world, seconds: 3)
        #expect(abs(world.position(of: ball).y - 100) < 0.5)
    }

    @Test func springOscillatesAtItsFrequency() throws {
        // A 2 Hz undamped spring between a fixed point and a free body (no gravity), stretched by
        // 20 pt: the body crosses the rest length every quarter period; the mean period must be
        // 0.5 s within 3 % (the soft step's implicit integration lengthens it slightly).
        let world = makeWorld(gravity: .zero)
        let anchor = staticBody(world)
        let ball = addCircle(world, at: Vec2(120, 0), radius: 5)
        var d = DistanceJointDef()
        d.bodyA = anchor; d.bodyB = ball; d.length = 100
        d.enableSpring = true; d.hertz = 2; d.dampingRatio = 0
        _ = try world.createJoint(.distance(d))
        var crossings: [Double] = []
        var t = 0.0, previous = 20.0
        while crossings.count < 5 && t < 5 {
            world.step(by: testStep)
            t += testStep
            let x = world.position(of: ball).x - 100
            if (previous > 0) != (x > 0) { crossings.append(t - testStep * x / (x - previous)) }
            previous = x
        }
        try #require(crossings.count == 5)
        let period = (crossings[4] - crossings[0]) / 2
        #expect(relativeError(period, 0.5) < 0.03, "period \(period)")
    }
}

@Suite struct RevoluteJointTests {
    @Test func pinHoldsAHangingChain() throws {
        // Ten 20 × 5 pt links pinned end to end under gravity: after 3 s every pin's anchors coincide
        // within the slop (0.5 pt).
        let world = makeWorld()
        var previous = staticBody(world)
        var joints: [JointID] = []
        for i in 0..<10 {
            let link = addBox(world, at: Vec2(Double(i) * 20 + 10, 0), halfWidth: 10, halfHeight: 2.5)
            var d = RevoluteJointDef()
            d.bodyA = previous; d.bodyB = link
            d.localAnchorA = i == 0 ? .zero : Vec2(10, 0)
            d.localAnchorB = Vec2(-10, 0)
            joints.append(try world.createJoint(.revolute(d)))
            previous = link
        }
        run(world, seconds: 3)
        for j in joints {
            let (a, b) = world.worldAnchors(of: j)
            #expect(distance(a, b) < 0.5, "pin gap \(distance(a, b))")
        }
    }

    @Test func limitsHoldTheAngle() throws {
        // A bar pinned at its end falls under gravity but the limit stops it at 0.25 rad; allow
        // 0.02 rad of overshoot from the soft limit.
        let world = makeWorld()
        let base = staticBody(world)
        let bar = addBox(world, at: Vec2(50, 0), halfWidth: 50, halfHeight: 5)
        var d = RevoluteJointDef()
        d.bodyA = base; d.bodyB = bar; d.localAnchorB = Vec2(-50, 0)
        d.enableLimit = true; d.lowerAngle = -0.25; d.upperAngle = 0.25
        let j = try world.createJoint(.revolute(d))
        var maxAngle = 0.0
        run(world, seconds: 2) { maxAngle = Swift.max(maxAngle, world.jointAngle(of: j)) }
        #expect(maxAngle < 0.27)
        #expect(abs(world.jointAngle(of: j) - 0.25) < 0.02)
    }

    @Test func motorDrivesTheSpeedAndFrictionTorqueHolds() throws {
        // Motor: 3 rad/s with plenty of torque, no gravity: the wheel turns at 3 rad/s (1e-6).
        let world = makeWorld(gravity: .zero)
        let base = staticBody(world)
        let wheel = addCircle(world, at: .zero, radius: 20)
        var d = RevoluteJointDef()
        d.bodyA = base; d.bodyB = wheel
        d.enableMotor = true; d.motorSpeed = 3; d.maxMotorTorque = 1e9
        _ = try world.createJoint(.revolute(d))
        run(world, seconds: 0.5)
        #expect(abs(world.angularVelocity(of: wheel) - 3) < 1e-6)

        // Friction torque: a 100 × 10 bar (mass 1000) pinned at its end needs m·g·50 = 5e7 to be held
        // level. A zero-speed motor capped at 6e7 holds it (turns < 0.01 rad); capped at 2.5e7 it swings.
        for (cap, holds) in [(6e7, true), (2.5e7, false)] {
            let w = makeWorld()
            let pin = staticBody(w)
            let bar = addBox(w, at: Vec2(50, 0), halfWidth: 50, halfHeight: 5)
            var r = RevoluteJointDef()
            r.bodyA = pin; r.bodyB = bar; r.localAnchorB = Vec2(-50, 0)
            r.enableMotor = true; r.motorSpeed = 0; r.maxMotorTorque = cap
            let j = try w.createJoint(.revolute(r))
            run(w, seconds: 1)
            #expect((abs(w.jointAngle(of: j)) < 0.01) == holds, "cap \(cap): angle \(w.jointAngle(of: j))")
        }
    }
}

@Suite struct WeldJointTests {
    @Test func rigidWeldHoldsACantilever() throws {
        // A 100 × 10 beam welded at its end to a wall: the rigid (world-softness) weld lets the tip drop
        // less than 1 pt and the angle less than 0.01 rad under gravity.
        let world = makeWorld()
        let wall = staticBody(world)
        let beam = addBox(world, at: Vec2(50, 0), halfWidth: 50, halfHeight: 5)
        var d = WeldJointDef()
        d.bodyA = wall; d.bodyB = beam; d.localAnchorB = Vec2(-50, 0)
        _ = try world.createJoint(.weld(d))
        run(world, seconds: 2)
        #expect(abs(world.angle(of: beam)) < 0.01)
        #expect(abs(world.position(of: beam).y) < 1)
    }

    @Test func softWeldBendsAndSettles() throws {
        // linearHertz = angularHertz = 2 Hz: the beam sags visibly (> 0.05 rad) but comes to rest.
        let world = makeWorld()
        let wall = staticBody(world)
        let beam = addBox(world, at: Vec2(50, 0), halfWidth: 50, halfHeight: 5)
        var d = WeldJointDef()
        d.bodyA = wall; d.bodyB = beam; d.localAnchorB = Vec2(-50, 0)
        d.linearHertz = 5; d.angularHertz = 2; d.linearDampingRatio = 1; d.angularDampingRatio = 1
        _ = try world.createJoint(.weld(d))
        run(world, seconds: 4)
        #expect(world.angle(of: beam) > 0.05)
        #expect(abs(world.angularVelocity(of: beam)) < 0.05)
    }
}

extension WeldJointTests {
    @Test func weldingBodiesThatMoveApartLosesEnergyAndKeepsMomentum() throws {
        // Two free bodies 15 000 pt apart, one sliding and spinning fast, welded at the midpoint: the
        // weld makes them one rigid body, a perfectly inelastic coupling. Linear momentum is kept (the
        // joint's impulses are equal and opposite; 1e-6 relative) and kinetic energy can only drop;
        // allow 1 % for the position correction. (The fuzz scenes of JointWindUpTests cover the same
        // coupling with levers of thousands of radii, where the warm start used to add energy.)
        let world = makeWorld(gravity: .zero)
        let a = addBox(world, at: Vec2(0, 0), halfWidth: 65, halfHeight: 10, density: 6)
        let b = addBox(world, at: Vec2(14800, 1560), halfWidth: 150, halfHeight: 90, density: 0.83)
        try world.setLinearVelocity(Vec2(3000, -1400), of: a); try world.setAngularVelocity(-158, of: a)
        try world.setLinearVelocity(Vec2(-50, -60), of: b); try world.setAngularVelocity(17.5, of: b)
        var d = WeldJointDef()
        d.bodyA = a; d.bodyB = b
        d.localAnchorA = Vec2(7400, 780); d.localAnchorB = Vec2(-7400, -780)
        _ = try world.createJoint(.weld(d))
        func energy() -> Double {
            [a, b].reduce(0) { e, body in
                e + 0.5 * world.mass(of: body) * world.linearVelocity(of: body).lengthSquared
                  + 0.5 * world.rotationalInertia(of: body) * pow(world.angularVelocity(of: body), 2)
            }
        }
        func momentum() -> Vec2 { world.mass(of: a) * world.linearVelocity(of: a) + world.mass(of: b) * world.linearVelocity(of: b) }
        let startEnergy = energy(), startMomentum = momentum()
        var highest = 0.0
        run(world, seconds: 2) { highest = max(highest, energy()) }
        #expect(highest <= 1.01 * startEnergy, "energy \(highest) against \(startEnergy) at the start")
        #expect((momentum() - startMomentum).length <= 1e-6 * startMomentum.length, "momentum \(momentum()) against \(startMomentum)")
    }
}

@Suite struct PrismaticJointTests {
    @Test func sliderStaysOnItsAxisAndInsideItsLimits() throws {
        // Horizontal axis, gravity down, a push to the right: the body stays on the axis (0.5 pt),
        // does not turn (0.01 rad) and stops at the upper limit of 50 pt (0.5 pt).
        let world = makeWorld()
        let rail = staticBody(world)
        let slider = addBox(world, at: .zero, halfWidth: 10, halfHeight: 10, velocity: Vec2(300, 0))
        var d = PrismaticJointDef()
        d.bodyA = rail; d.bodyB = slider; d.localAxisA = Vec2(1, 0)
        d.enableLimit = true; d.lowerTranslation = -50; d.upperTranslation = 50
        let j = try world.createJoint(.prismatic(d))
        var maxTranslation = 0.0
        run(world, seconds: 2) { maxTranslation = Swift.max(maxTranslation, world.jointTranslation(of: j)) }
        #expect(abs(world.position(of: slider).y) < 0.5)
        #expect(abs(world.angle(of: slider)) < 0.01)
        #expect(maxTranslation < 50.5)
        #expect(abs(world.jointTranslation(of: j) - 50) < 0.5)
    }

    @Test func motorDrivesTheSlider() throws {
        // A motor at 40 pt/s with ample force moves the body 40 pt in 1 s along a tilted axis (1 pt).
        let world = makeWorld()
        let rail = staticBody(world)
        let slider = addBox(world, at: .zero, halfWidth: 10, halfHeight: 10)
        var d = PrismaticJointDef()
        d.bodyA = rail; d.bodyB = slider; d.localAxisA = Vec2(1, 1)
        d.enableMotor = true; d.motorSpeed = 40; d.maxMotorForce = 1e9
        let j = try world.createJoint(.prismatic(d))
        run(world, seconds: 1)
        #expect(abs(world.jointTranslation(of: j) - 40) < 1)
    }
}

@Suite struct TargetJointTests {
    @Test func targetPullsTheBodyToTheTarget() throws {
        // A 5 Hz critically damped pull settles well within 2 s: the anchor within 1 pt of the target.
        let world = makeWorld(gravity: .zero)
        let ball = addCircle(world, at: .zero, radius: 10)
        var d = TargetJointDef()
        d.body = ball; d.target = Vec2(200, 100); d.hertz = 5; d.dampingRatio = 1
        let j = try world.createJoint(.target(d))
        run(world, seconds: 2)
        #expect(distance(world.position(of: ball), Vec2(200, 100)) < 1)
        world.setTarget(Vec2(0, 0), of: j)
        run(world, seconds: 2)
        #expect(distance(world.position(of: ball), .zero) < 1)
    }

    @Test func maxForceCapsThePull() throws {
        // The ball weighs m·g = π·10²·1000 ≈ 3.14e5. With maxForce 1e5 the target above cannot lift it.
        let world = makeWorld()
        let ball = addCircle(world, at: .zero, radius: 10)
        var d = TargetJointDef()
        d.body = ball; d.target = Vec2(0, -100); d.hertz = 5; d.dampingRatio = 1; d.maxForce = 1e5
        _ = try world.createJoint(.target(d))
        run(world, seconds: 0.5)
        #expect(world.position(of: ball).y > 0)
    }

    @Test func angularDriveTurnsTheBodyToTheTargetAngle() throws {
        let world = makeWorld(gravity: .zero)
        let box = addBox(world, at: .zero, halfWidth: 20, halfHeight: 10)
        var d = TargetJointDef()
        d.body = box; d.target = .zero; d.angularHertz = 4; d.angularDampingRatio = 1; d.targetAngle = 1
        _ = try world.createJoint(.target(d))
        run(world, seconds: 2)
        #expect(abs(world.angle(of: box) - 1) < 0.01)
    }
}
