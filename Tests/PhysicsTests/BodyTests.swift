// Body properties: mass from shapes, damping, fixed rotation, body types, forces and impulses.
import Foundation
import Testing
@testable import KineticPhysics

@Suite struct BodyTests {
    @Test func massAndInertiaComeFromShapesAndDensity() throws {
        // A 40 × 20 box of density 2: m = 1600, I = m(w² + h²)/12 = 1600·2000/12.
        let world = makeWorld(gravity: .zero)
        let box = addBox(world, at: .zero, halfWidth: 20, halfHeight: 10, density: 2)
        #expect(abs(world.mass(of: box) - 1600) < 1e-9)
        #expect(relativeError(world.rotationalInertia(of: box), 1600 * 2000 / 12) < 1e-9)
        // Doubling the density through the shape doubles both.
        world.setDensity(4, of: world.shapes(of: box)[0])
        #expect(abs(world.mass(of: box) - 3200) < 1e-9)
        // Static and kinematic bodies report no mass.
        let ground = addStaticBox(world, center: Vec2(0, 100), halfWidth: 10, halfHeight: 10)
        #expect(world.mass(of: ground) == 0)
    }

    @Test func linearDampingDecaysVelocityGeometrically() {
        // v ← v / (1 + h·c) per substep: after 1 s at c = 2 with 240 substeps, v = v0 / (1 + 2/240)^240.
        let world = makeWorld(gravity: .zero)
        let ball = addCircle(world, at: .zero, radius: 5, velocity: Vec2(100, 0)) { $0.linearDamping = 2 }
        run(world, seconds: 1)
        let expected: Double = 100.0 / pow(1.0 + 2.0 / 240.0, 240.0)
        #expect(relativeError(world.linearVelocity(of: ball).x, expected) < 1e-9)
    }

    @Test func fixedRotationIgnoresTorque() {
        let world = makeWorld(gravity: .zero)
        var d = BodyDef(); d.fixedRotation = true
        let body = try! world.createBody(d)
        _ = try! world.createShape(on: body, ShapeDef(), .circle(Circle(radius: 10)))
        world.applyTorque(1e9, to: body)
        world.applyForce(Vec2(0, 1e6), at: Vec2(10, 0), to: body)
        run(world, seconds: 0.5)
        #expect(world.angularVelocity(of: body) == 0)
        #expect(world.angle(of: body) == 0)
        #expect(world.linearVelocity(of: body).y > 0)
    }

    @Test func kinematicBodyMovesAtItsVelocityAndPushesDynamicOnes() throws {
        // A kinematic paddle at 100 pt/s ignores gravity and keeps its speed while pushing a ball.
        let world = makeWorld()
        let paddle = addCircle(world, at: .zero, radius: 20, velocity: Vec2(100, 0), type: .kinematic)
        let ball = addCircle(world, at: Vec2(60, 0), radius: 10)
        world.setGravityScale(0, of: ball)
        run(world, seconds: 1)
        #expect(abs(world.position(of: paddle).x - 100) < 1e-9)
        #expect(world.position(of: paddle).y == 0)
        #expect(world.position(of: ball).x > 100 + 30 - 1)
    }

    @Test func impulsesAndForcesChangeVelocity() {
        // Impulse J on mass m: Δv = J/m at once. A force F over 1 s: Δv = F·t/m.
        let world = makeWorld(gravity: .zero)
        let ball = addCircle(world, at: .zero, radius: 10)
        let m = world.mass(of: ball)
        world.applyLinearImpulse(Vec2(m * 50, 0), at: world.worldCenter(of: ball), to: ball)
        #expect(abs(world.linearVelocity(of: ball).x - 50) < 1e-9)
        for _ in 0..<60 {
            world.applyForceToCenter(Vec2(0, m * 30), to: ball)
            world.step(by: testStep)
        }
        #expect(abs(world.linearVelocity(of: ball).y - 30) < 1e-9)
        // An off-centre impulse spins the body: Δω = (r × J)/I.
        let spin = addCircle(world, at: Vec2(0, 100), radius: 10)
        world.applyLinearImpulse(Vec2(0, 1000), at: Vec2(10, 100), to: spin)
        #expect(abs(world.angularVelocity(of: spin) - 10 * 1000 / world.rotationalInertia(of: spin)) < 1e-9)
    }

    @Test func changingTypeToStaticStopsTheBody() {
        let world = makeWorld()
        let ball = addCircle(world, at: .zero, radius: 10)
        run(world, seconds: 0.5)
        world.setType(.static, of: ball)
        let p = world.position(of: ball)
        run(world, seconds: 0.5)
        #expect(world.position(of: ball) == p)
        #expect(world.type(of: ball) == .static)
        world.setType(.dynamic, of: ball)
        run(world, seconds: 0.1)
        #expect(world.position(of: ball).y > p.y)
    }

    @Test func setTransformTeleportsAndKeepsVelocity() throws {
        let world = makeWorld(gravity: .zero)
        let ball = addCircle(world, at: .zero, radius: 10, velocity: Vec2(10, 0))
        try world.setTransform(position: Vec2(500, 500), angle: 1, of: ball)
        #expect(world.position(of: ball) == Vec2(500, 500))
        #expect(abs(world.angle(of: ball) - 1) < 1e-12)
        #expect(world.linearVelocity(of: ball) == Vec2(10, 0))
        #expect(world.queryPoint(Vec2(500, 500)) == world.shapes(of: ball))
    }

    /// A position-only teleport keeps the rotation bit for bit (no round trip through an angle),
    /// and moves the shapes, wakes the body and keeps its velocity as setTransform does.
    @Test func setPositionKeepsTheRotationExactly() throws {
        let world = makeWorld(gravity: .zero)
        let ball = addCircle(world, at: .zero, radius: 10, velocity: Vec2(10, 0))
        try world.setTransform(position: .zero, angle: 0.7, of: ball)
        let q = world.transform(of: ball).q
        try world.setPosition(Vec2(-300, 200), of: ball)
        #expect(world.transform(of: ball).q == q)
        #expect(world.position(of: ball) == Vec2(-300, 200))
        #expect(world.linearVelocity(of: ball) == Vec2(10, 0))
        #expect(world.queryPoint(Vec2(-300, 200)) == world.shapes(of: ball))
        #expect(throws: PhysicsError.self) { try world.setPosition(Vec2(.nan, 0), of: ball) }
    }
}
