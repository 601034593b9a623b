// World-level behaviour: ballistic motion, events, queries, adding and removing things between steps.
import Testing
@testable import KineticPhysics

@Suite struct WorldTests {
    @Test func freeFallMatchesHalfGTSquared() {
        // y = ½·g·t² = 500 pt after 1 s at g = 1000 pt/s². Semi-implicit Euler over n = 240 substeps
        // gives ½·g·t²·(n + 1)/n, 0.42 % long, so 0.5 % is the bound.
        let world = makeWorld()
        let ball = addCircle(world, at: .zero, radius: 10)
        run(world, seconds: 1)
        #expect(relativeError(world.position(of: ball).y, 500) < 0.005)
        #expect(world.position(of: ball).x == 0)
        #expect(relativeError(world.linearVelocity(of: ball).y, 1000) < 1e-9)
    }

    @Test func projectileRangeMatchesClosedForm() {
        // Launched at (300, −500) pt/s under g = 1000 pt/s²: it returns to its launch height after
        // 2·500/1000 = 1 s, 300 pt away. The crossing is interpolated between steps; the integrator's
        // (n + 1)/n drift (0.42 %) bounds the error, so 0.5 % of the range.
        let world = makeWorld()
        let ball = addCircle(world, at: .zero, radius: 5, velocity: Vec2(300, -500))
        var previous = world.position(of: ball)
        var range: Double? = nil
        for _ in 0..<120 {
            world.step(by: testStep)
            let p = world.position(of: ball)
            if previous.y < 0 && p.y >= 0 && world.linearVelocity(of: ball).y > 0 {
                let t = -previous.y / (p.y - previous.y)
                range = previous.x + t * (p.x - previous.x)
                break
            }
            previous = p
        }
        #expect(range != nil)
        #expect(relativeError(range ?? 0, 300) < 0.005)
    }

    @Test func beginAndEndEventsAreReported() {
        let world = makeWorld()
        addStaticBox(world, center: Vec2(0, 100), halfWidth: 200, halfHeight: 10)
        let ball = addCircle(world, at: Vec2(0, 0), radius: 10)
        let ballShape = world.shapes(of: ball)[0]
        var begins: [ContactBeginEvent] = []
        run(world, seconds: 1) { begins += world.contactBeginEvents }
        #expect(begins.count == 1)
        if let e = begins.first {
            #expect(e.shapeA == ballShape || e.shapeB == ballShape)
            // The ball lands on the top face at y = 90; the normal is vertical.
            #expect(abs(e.point.y - 90) < 3)
            #expect(abs(abs(e.normal.y) - 1) < 1e-6)
        }
        world.destroyBody(ball)
        world.step(by: testStep)
        #expect(world.contactEndEvents.count == 1)
        #expect(world.contactEndEvents.first?.shapeA == ballShape || world.contactEndEvents.first?.shapeB == ballShape)
    }

    @Test func queriesFindShapesByBoxPointAndRay() throws {
        let world = makeWorld(gravity: .zero)
        let a = addCircle(world, at: Vec2(0, 0), radius: 10)
        let b = addCircle(world, at: Vec2(100, 0), radius: 10)
        let sa = world.shapes(of: a)[0], sb = world.shapes(of: b)[0]
        #expect(world.queryAABB(AABB(lower: Vec2(-20, -20), upper: Vec2(200, 20))) == [sa, sb])
        #expect(world.queryAABB(AABB(lower: Vec2(80, -5), upper: Vec2(90, 5))) == [sb])
        #expect(world.queryPoint(Vec2(3, 3)) == [sa])
        #expect(world.queryPoint(Vec2(9, 9)).isEmpty)  // inside the AABB, outside the circle
        let hit = try #require(world.rayCast(from: Vec2(-100, 0), translation: Vec2(400, 0)))
        #expect(hit.shape == sa)
        #expect(abs(hit.point.x - -10) < 1e-6)
        #expect(abs(hit.fraction - 90.0 / 400) < 1e-9)
        #expect(world.rayCast(from: Vec2(-100, 50), translation: Vec2(400, 0)) == nil)
    }

    /// Getters refuse stale ids (IDTests); mutating calls ignore them.
    @Test func staleIdsAreInvalidAndIgnoredByMutatingCalls() {
        let world = makeWorld()
        let ball = addCircle(world, at: Vec2(5, 5), radius: 10)
        let shape = world.shapes(of: ball)[0]
        world.destroyBody(ball)
        #expect(!world.isValid(ball))
        #expect(!world.isValid(shape))
        world.applyForce(Vec2(1, 1), at: .zero, to: ball)
        world.destroyBody(ball)
        world.destroyShape(shape)
        // A new body reuses the slot with a new generation: the old id stays stale.
        let other = addCircle(world, at: .zero, radius: 3)
        #expect(other.index == ball.index && other.generation != ball.generation)
        #expect(!world.isValid(ball))
        #expect(world.bodyCount == 1)
    }

    @Test func thingsCanBeAddedAndRemovedBetweenSteps() throws {
        let world = makeWorld()
        addStaticBox(world, center: Vec2(0, 200), halfWidth: 400, halfHeight: 10)
        var balls: [BodyID] = []
        for step in 0..<120 {
            if step % 5 == 0 { balls.append(addCircle(world, at: Vec2(Double(step % 40) * 10 - 200, 0), radius: 8)) }
            if step % 7 == 0 && balls.count > 3 { world.destroyBody(balls.removeFirst()) }
            if step == 30, let s = world.shapes(of: balls[0]).first { world.destroyShape(s) }
            if step == 40 {
                let j = try world.createJoint(.distance({ var d = DistanceJointDef(); d.bodyA = balls[1]; d.bodyB = balls[2]; d.length = 50; return d }()))
                #expect(world.kind(of: j) == .distance)
            }
            world.step(by: testStep)
        }
        #expect(world.bodyCount == 1 + balls.count)
        for b in balls { #expect(world.position(of: b).isFinite) }
    }

    @Test func bodyOfSeveralShapesHasItsCentreOfMassOffTheOrigin() throws {
        // Two equal circles at x = 0 and x = 30 on one body: centre of mass at x = 15.
        let world = makeWorld(gravity: .zero)
        let body = try world.createBody(BodyDef())
        _ = try world.createShape(on: body, ShapeDef(), .circle(Circle(center: .zero, radius: 10)))
        _ = try world.createShape(on: body, ShapeDef(), .circle(Circle(center: Vec2(30, 0), radius: 10)))
        #expect(abs(world.worldCenter(of: body).x - 15) < 1e-9)
        // Spinning about its centre: the centre stays put while the origin orbits it.
        try world.setAngularVelocity(1, of: body)
        run(world, seconds: 1)
        #expect((world.worldCenter(of: body) - Vec2(15, 0)).length < 1e-9)
        #expect(abs((world.position(of: body) - Vec2(15, 0)).length - 15) < 1e-9)
    }

    @Test func sensorReportsOverlapWithoutResponse() throws {
        // A ball falls through a sensor box: it is not slowed (free fall to 1e-9) and the sensor
        // reports one begin while overlapping and one end after the ball has left.
        let world = makeWorld()
        var sd = BodyDef(); sd.type = .static; sd.position = Vec2(0, 100)
        let sensorBody = try world.createBody(sd)
        var shapeDef = ShapeDef(); shapeDef.isSensor = true
        _ = try world.createShape(on: sensorBody, shapeDef, .polygon(try Polygon.box(halfWidth: 50, halfHeight: 20)))
        let ball = addCircle(world, at: .zero, radius: 5)
        var begins = 0, ends = 0
        run(world, seconds: 1) {
            begins += world.contactBeginEvents.count
            ends += world.contactEndEvents.count
        }
        #expect(begins == 1 && ends == 1)
        // Free fall unaffected: v = g·t exactly.
        #expect(abs(world.linearVelocity(of: ball).y - 1000) < 1e-9)
    }
}
