// Bad input: a clear PhysicsError naming the value, and the world unchanged.
import Testing
@testable import KineticPhysics

@Suite struct ValidationTests {
    /// A small world with one dynamic body and one static ground, stepped once.
    func smallWorld() -> (World, BodyID) {
        let world = makeWorld()
        addStaticBox(world, center: Vec2(0, 100), halfWidth: 100, halfHeight: 10)
        let ball = addCircle(world, at: .zero, radius: 10)
        world.step(by: testStep)
        return (world, ball)
    }

    /// Runs `body`, expects it to throw a message containing `fragment`, and checks that body
    /// count, joint count and state hash did not change.
    func expectRejected(_ world: World, mentioning fragment: String, _ body: () throws(PhysicsError) -> Void) {
        let count = world.bodyCount, jointCount = world.joints.count, hash = world.stateHash()
        let shapeCounts = world.bodies.map { world.shapes(of: $0).count }
        do {
            try body()
            Issue.record("expected an error mentioning \(fragment)")
        } catch {
            #expect(error.message.contains(fragment), "message: \(error.message)")
        }
        #expect(world.bodyCount == count)
        #expect(world.joints.count == jointCount)
        #expect(world.stateHash() == hash)
        #expect(world.bodies.map { world.shapes(of: $0).count } == shapeCounts)
    }

    @Test func nonFiniteBodyDefinitionsAreRejected() {
        let (world, _) = smallWorld()
        expectRejected(world, mentioning: "position") { () throws(PhysicsError) in
            var d = BodyDef(); d.position = Vec2(.nan, 0); _ = try world.createBody(d)
        }
        expectRejected(world, mentioning: "angle") { () throws(PhysicsError) in
            var d = BodyDef(); d.angle = .infinity; _ = try world.createBody(d)
        }
        expectRejected(world, mentioning: "linear velocity") { () throws(PhysicsError) in
            var d = BodyDef(); d.linearVelocity = Vec2(0, -.infinity); _ = try world.createBody(d)
        }
        expectRejected(world, mentioning: "damping") { () throws(PhysicsError) in
            var d = BodyDef(); d.linearDamping = -1; _ = try world.createBody(d)
        }
    }

    @Test func badGeometryAndMaterialsAreRejected() {
        let (world, ball) = smallWorld()
        expectRejected(world, mentioning: "radius") { () throws(PhysicsError) in
            _ = try world.createShape(on: ball, ShapeDef(), .circle(Circle(radius: -3)))
        }
        expectRejected(world, mentioning: "radius") { () throws(PhysicsError) in
            _ = try world.createShape(on: ball, ShapeDef(), .circle(Circle(radius: 0)))
        }
        expectRejected(world, mentioning: "density") { () throws(PhysicsError) in
            var sd = ShapeDef(); sd.density = .nan
            _ = try world.createShape(on: ball, sd, .circle(Circle(radius: 3)))
        }
        expectRejected(world, mentioning: "friction") { () throws(PhysicsError) in
            var sd = ShapeDef(); sd.friction = -0.1
            _ = try world.createShape(on: ball, sd, .circle(Circle(radius: 3)))
        }
        expectRejected(world, mentioning: "box half extents") { () throws(PhysicsError) in
            _ = try Polygon.box(halfWidth: -1, halfHeight: 5)
        }
        expectRejected(world, mentioning: "not convex") { () throws(PhysicsError) in
            // An arrowhead: the point (0, 5) dents the outline.
            _ = try Polygon.make(points: [Vec2(-10, 0), Vec2(0, 5), Vec2(10, 0), Vec2(0, 20)])
        }
        expectRejected(world, mentioning: "chain needs at least 2 points") { () throws(PhysicsError) in
            _ = try world.createChain(on: ball, points: [Vec2(0, 0)], isLoop: false, ShapeDef())
        }
        expectRejected(world, mentioning: "segment 1") { () throws(PhysicsError) in
            _ = try world.createChain(on: ball, points: [Vec2(0, 0), Vec2(10, 0), Vec2(10, 0)], isLoop: false, ShapeDef())
        }
    }

    @Test func badJointsAreRejected() {
        let (world, ball) = smallWorld()
        let other = addCircle(world, at: Vec2(50, 0), radius: 5)
        world.step(by: testStep)
        expectRejected(world, mentioning: "same body") { () throws(PhysicsError) in
            var d = RevoluteJointDef(); d.bodyA = ball; d.bodyB = ball
            _ = try world.createJoint(.revolute(d))
        }
        expectRejected(world, mentioning: "length") { () throws(PhysicsError) in
            var d = DistanceJointDef(); d.bodyA = ball; d.bodyB = other; d.length = 0
            _ = try world.createJoint(.distance(d))
        }
        expectRejected(world, mentioning: "lowerAngle") { () throws(PhysicsError) in
            var d = RevoluteJointDef(); d.bodyA = ball; d.bodyB = other; d.lowerAngle = 1; d.upperAngle = -1
            _ = try world.createJoint(.revolute(d))
        }
        expectRejected(world, mentioning: "localAxisA") { () throws(PhysicsError) in
            var d = PrismaticJointDef(); d.bodyA = ball; d.bodyB = other; d.localAxisA = .zero
            _ = try world.createJoint(.prismatic(d))
        }
        expectRejected(world, mentioning: "target") { () throws(PhysicsError) in
            var d = TargetJointDef(); d.body = ball; d.target = Vec2(.nan, 0)
            _ = try world.createJoint(.target(d))
        }
        expectRejected(world, mentioning: "not a live body") { () throws(PhysicsError) in
            var d = WeldJointDef(); d.bodyA = ball; d.bodyB = .null
            _ = try world.createJoint(.weld(d))
        }
    }

    @Test func staleIdsAndNonFiniteSettersAreRejected() {
        let (world, ball) = smallWorld()
        let doomed = addCircle(world, at: Vec2(-50, 0), radius: 5)
        world.destroyBody(doomed)
        world.step(by: testStep)
        expectRejected(world, mentioning: "destroyed") { () throws(PhysicsError) in
            _ = try world.createShape(on: doomed, ShapeDef(), .circle(Circle(radius: 3)))
        }
        expectRejected(world, mentioning: "destroyed") { () throws(PhysicsError) in
            try world.setLinearVelocity(Vec2(1, 1), of: doomed)
        }
        expectRejected(world, mentioning: "finite") { () throws(PhysicsError) in
            try world.setTransform(position: Vec2(0, .nan), angle: 0, of: ball)
        }
        expectRejected(world, mentioning: "finite") { () throws(PhysicsError) in
            try world.setLinearVelocity(Vec2(.infinity, 0), of: ball)
        }
        expectRejected(world, mentioning: "finite") { () throws(PhysicsError) in
            try world.setAngularVelocity(.nan, of: ball)
        }
        // Non-throwing setters ignore bad values: the state stays finite.
        world.applyForce(Vec2(.nan, 0), at: .zero, to: ball)
        world.setGravityScale(.infinity, of: ball)
        world.step(by: testStep)
        #expect(world.position(of: ball).isFinite)
        #expect(world.gravityScale(of: ball) == 1)
    }

    // A box 10⁻³²⁰ pt wide was accepted: its subnormal mass has an infinite inverse, and the first
    // step turned it, and every body it touched, NaN.
    @Test func shapesWhoseMassOrInertiaIsSubnormalAreRejected() {
        let (world, ball) = smallWorld()
        expectRejected(world, mentioning: "must be normal numbers") { () throws(PhysicsError) in
            _ = try world.createShape(on: ball, ShapeDef(), .polygon(try Polygon.box(halfWidth: 5e-321, halfHeight: 5)))
        }
        // A normal mass whose rotational inertia (it scales with the size squared) underflows.
        expectRejected(world, mentioning: "must be normal numbers") { () throws(PhysicsError) in
            _ = try world.createShape(on: ball, ShapeDef(), .circle(Circle(radius: 1e-150)))
        }
        let density = world.density(of: world.shapes(of: ball)[0])
        world.setDensity(1e-15, of: world.shapes(of: ball)[0])  // fine: a normal mass
        world.setDensity(density, of: world.shapes(of: ball)[0])
        #expect(world.density(of: world.shapes(of: ball)[0]) == density)
        // Massless shapes (density 0, segments) stay allowed.
        var massless = ShapeDef(); massless.density = 0
        #expect((try? world.createShape(on: ball, massless, .circle(Circle(radius: 1)))) != nil)
        #expect((try? world.createShape(on: ball, ShapeDef(), .segment(Segment(Vec2(0, 0), Vec2(1, 0))))) != nil)
        world.step(by: testStep)
        #expect(world.firstBodyWithNonFiniteState() == nil)
    }

    @Test func aBodyWithANonFiniteStateIsFound() {
        let (world, ball) = smallWorld()
        #expect(world.firstBodyWithNonFiniteState() == nil)
        world.bodyStore[Int(ball.index)].w = .nan  // what an input no check caught would leave
        #expect(world.firstBodyWithNonFiniteState() == ball)
    }
}
