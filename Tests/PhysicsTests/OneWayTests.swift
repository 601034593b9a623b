// One-way shapes (OneWay.swift): a platform that items pass up through and land on, in any turned
// frame, with continuous collision, events and run-time changes. Gravity 1000 pt/s² pulls toward +y,
// so "up" is −y and a one-way platform's direction is (0, −1).
import Testing
@testable import KineticPhysics

@Suite struct OneWayTests {
    /// A static box centred at the origin, `halfHeight` thick each side (top at y = −halfHeight),
    /// one-way when `oneWay` is given.
    @discardableResult
    func addPlatform(_ world: World, halfHeight: Double = 5, angle: Double = 0, oneWay: Vec2?) -> ShapeID {
        var bd = BodyDef()
        bd.type = .static
        bd.angle = angle
        let body = try! world.createBody(bd)
        var sd = ShapeDef()
        sd.oneWay = oneWay
        return try! world.createShape(on: body, sd, .polygon(try! Polygon.box(halfWidth: 100, halfHeight: halfHeight)))
    }

    /// A dynamic body of one shape (a circle of `radius`, or a square of that half side) thrown
    /// with `velocity` from `start`.
    func throwBody(_ world: World, from start: Vec2, velocity: Vec2, radius: Double, box: Bool) -> BodyID {
        var bd = BodyDef()
        bd.position = start
        bd.linearVelocity = velocity
        bd.fixedRotation = box
        let body = try! world.createBody(bd)
        let geometry: Geometry = box ? .polygon(try! Polygon.box(halfWidth: radius, halfHeight: radius)) : .circle(Circle(radius: radius))
        _ = try! world.createShape(on: body, ShapeDef(), geometry)
        return body
    }

    /// Where a body's centre went highest (smallest y) and the begin and end events it had.
    struct Flight { var highest = Double.infinity; var begins = 0; var ends = 0 }

    func fly(_ world: World, _ body: BodyID, seconds: Double) -> Flight {
        var flight = Flight()
        run(world, seconds: seconds) {
            flight.highest = Swift.min(flight.highest, world.position(of: body).y)
            flight.begins += world.contactBeginEvents.count
            flight.ends += world.contactEndEvents.count
        }
        return flight
    }

    @Test(arguments: [false, true])
    func bodyThrownUpThroughAOneWayPlatformLandsOnTopAndStays(box: Bool) {
        // Thrown up at 800 pt/s from 100 pt below: it would rise 800² / 2000 = 320 pt, so its centre
        // passes y = −100 on the way up when nothing stops it. It must come back down onto the top
        // (y = −5) and rest there, its centre one radius (10 pt) above, within a slop (0.5 pt) for
        // the soft contact's rest depth and 0.5 pt more. It touched once: one begin event (landing),
        // none while it passed through, and no end.
        let world = makeWorld()
        addPlatform(world, oneWay: Vec2(0, -1))
        let body = throwBody(world, from: Vec2(0, 100), velocity: Vec2(0, -800), radius: 10, box: box)
        let flight = fly(world, body, seconds: 2)
        #expect(flight.highest < -100, "passed up through: highest y \(flight.highest)")
        #expect(abs(world.position(of: body).y - -15) < 1, "resting on the top: y \(world.position(of: body).y)")
        #expect(abs(world.linearVelocity(of: body).y) < 1)
        #expect(flight.begins == 1, "began once, on landing: \(flight.begins)")
        #expect(flight.ends == 0, "never ended: \(flight.ends)")
    }

    @Test(arguments: [false, true])
    func sameThrowAgainstATwoWayPlatformBouncesBackDown(box: Bool) {
        // The same throw without `oneWay`: it hits the bottom (y = 5), its centre never above
        // y = 15 (one radius below it, less the rest depth), and falls away below the start.
        let world = makeWorld()
        addPlatform(world, oneWay: nil)
        let body = throwBody(world, from: Vec2(0, 100), velocity: Vec2(0, -800), radius: 10, box: box)
        let flight = fly(world, body, seconds: 2)
        #expect(flight.highest > 14, "stopped under the platform: highest y \(flight.highest)")
        #expect(world.position(of: body).y > 100, "fell back down: y \(world.position(of: body).y)")
    }

    @Test func slowRiseFromJustUnderThePlatformPassesThrough() {
        // Box2D's sample also enables a contact that is still speculative; a body rising into the
        // speculative band under a platform at a speed that closes the gap within a step would then
        // be stopped by it. Start 1 pt under the bottom (inside the 2 pt band) at 300 pt/s (5 pt per
        // step): it must still pass (it rises 45 pt, its centre reaches y = −34) and land on top.
        let world = makeWorld()
        addPlatform(world, oneWay: Vec2(0, -1))
        let body = throwBody(world, from: Vec2(0, 16), velocity: Vec2(0, -300), radius: 10, box: false)
        let flight = fly(world, body, seconds: 2)
        #expect(flight.highest < -25, "passed up through: highest y \(flight.highest)")
        #expect(abs(world.position(of: body).y - -15) < 1, "resting on the top: y \(world.position(of: body).y)")
    }

    @Test(arguments: [false, true])
    func bodySlidingOnFromAFloorLevelWithTheTopIsHeld(box: Bool) {
        // A two-way floor ends where the one-way platform begins (x = −100), both tops at y = −5.
        // A body resting on the floor slides right at 200 pt/s with no friction: after 0.8 s it is
        // over the platform (x ≈ −40) and must still stand on it (centre 10 pt above the top, within
        // 1 pt), not drop through: its first contact with the platform starts at its side face, so
        // it is passing through until its bottom, a rest depth deep, is out (the release depth).
        let world = makeWorld()
        addPlatform(world, oneWay: Vec2(0, -1))
        var floorDef = BodyDef()
        floorDef.type = .static
        floorDef.position = Vec2(-200, 0)
        let floor = try! world.createBody(floorDef)
        _ = try! world.createShape(on: floor, ShapeDef(), .polygon(try! Polygon.box(halfWidth: 100, halfHeight: 5)))
        let body = throwBody(world, from: Vec2(-200, -15), velocity: .zero, radius: 10, box: box)
        run(world, seconds: 0.5)
        try! world.setLinearVelocity(Vec2(200, 0), of: body)
        for s in world.shapes(of: body) { world.setFriction(0, of: s) }
        run(world, seconds: 0.8)
        #expect(world.position(of: body).x > -60, "over the platform: x \(world.position(of: body).x)")
        #expect(abs(world.position(of: body).y - -15) < 1, "standing on it: y \(world.position(of: body).y)")
    }

    @Test func turnedOneWayShapeStopsOnlyFromItsTurnedSide() {
        // The platform turned a quarter turn clockwise is a wall 10 pt thick along y; its direction
        // (0, −1) in its own frame turns with it to (1, 0): it stops bodies coming from the right
        // (+x) and lets those from the left through. No gravity, no bounce: a ball from the right
        // stops against the face at x = 5, its centre at x = 15; one from the left goes on at its speed.
        let world = makeWorld(gravity: .zero)
        let wall = addPlatform(world, angle: .pi / 2, oneWay: Vec2(0, -1))
        #expect(world.oneWay(of: wall) == Vec2(0, -1))
        let fromLeft = throwBody(world, from: Vec2(-60, -50), velocity: Vec2(300, 0), radius: 10, box: false)
        let fromRight = throwBody(world, from: Vec2(60, 50), velocity: Vec2(-300, 0), radius: 10, box: false)
        run(world, seconds: 1)
        #expect(world.position(of: fromLeft).x > 200, "passed through from the left: x \(world.position(of: fromLeft).x)")
        #expect(abs(world.linearVelocity(of: fromLeft).x - 300) < 1)
        #expect(abs(world.position(of: fromRight).x - 15) < 1, "stopped on the right face: x \(world.position(of: fromRight).x)")
    }

    @Test func fastBodyPassesUpThroughAThinOneWayPlatformAndDoesNotTunnelDown() {
        // A 2 pt platform and a ball of radius 5 at 3000 pt/s: 50 pt per step, ten times its half
        // extent, so continuous collision sweeps it. Going up the sweep must let it through: for its
        // first 10 steps (it crosses in the 4th) it is where the same throw in an empty world is,
        // not pulled back to the time of impact under the platform. Coming back down at the same
        // speed it must stop on the top (y = −1, centre at −6). The same throw under a two-way
        // platform is stopped below it, so the sweep does act on this platform.
        let world = makeWorld()
        addPlatform(world, halfHeight: 1, oneWay: Vec2(0, -1))
        let ball = throwBody(world, from: Vec2(0, 200), velocity: Vec2(0, -3000), radius: 5, box: false)
        let empty = makeWorld()
        let free = throwBody(empty, from: Vec2(0, 200), velocity: Vec2(0, -3000), radius: 5, box: false)
        for step in 1...10 {
            world.step(by: testStep)
            empty.step(by: testStep)
            #expect(abs(world.position(of: ball).y - empty.position(of: free).y) < 1e-9, "step \(step): \(world.position(of: ball).y)")
        }
        let flight = fly(world, ball, seconds: 7)
        #expect(flight.highest < -4000, "passed up through: highest y \(flight.highest)")
        #expect(abs(world.position(of: ball).y - -6) < 1, "landed on the top: y \(world.position(of: ball).y)")

        let twoWay = makeWorld()
        addPlatform(twoWay, halfHeight: 1, oneWay: nil)
        let stopped = throwBody(twoWay, from: Vec2(0, 200), velocity: Vec2(0, -3000), radius: 5, box: false)
        #expect(fly(twoWay, stopped, seconds: 0.5).highest > 5, "a two-way platform stops it below")
    }

    @Test func directionIsWritableWhileABodyRestsOnTop() {
        // A ball resting on a one-way platform (asleep after 2 s) stays when the platform becomes
        // two-way; it falls through at once when the direction turns to stop bodies from below only
        // (the write wakes it). A zero direction is ignored.
        let world = makeWorld()
        let platform = addPlatform(world, oneWay: Vec2(0, -1))
        let ball = throwBody(world, from: Vec2(0, -40), velocity: .zero, radius: 10, box: false)
        run(world, seconds: 2)
        #expect(abs(world.position(of: ball).y - -15) < 1)
        world.setOneWay(nil, of: platform)
        #expect(world.oneWay(of: platform) == nil)
        run(world, seconds: 0.5)
        #expect(abs(world.position(of: ball).y - -15) < 1, "two-way: still resting, y \(world.position(of: ball).y)")
        world.setOneWay(Vec2(0, 1), of: platform)
        run(world, seconds: 0.5)
        #expect(world.position(of: ball).y > 50, "stops from below only: fell through, y \(world.position(of: ball).y)")
        world.setOneWay(Vec2(0, 0), of: platform)
        #expect(world.oneWay(of: platform) == Vec2(0, 1), "a zero direction is ignored")
    }

    @Test func bodyPassingThroughAPlatformMadeTwoWayIsPushedOut() {
        // Thrown up at 800 pt/s from 100 pt below, the ball's centre comes inside the 10 pt platform
        // (|y| < 5) after some step, still in its lower half (13 pt per step from below). Made
        // two-way then, the contact acts on the overlap, whose normal points down: the ball is
        // pushed back out below and falls (after 0.5 s its centre is below the bottom, y > 15).
        // Left one-way, the same throw is 175 pt above the platform by then.
        func run(makingTwoWay: Bool) -> Double {
            let world = makeWorld()
            let platform = addPlatform(world, oneWay: Vec2(0, -1))
            let ball = throwBody(world, from: Vec2(0, 100), velocity: Vec2(0, -800), radius: 10, box: false)
            var inside = false
            for _ in 0..<30 {
                world.step(by: testStep)
                if !inside && abs(world.position(of: ball).y) < 5 {
                    inside = true
                    if makingTwoWay { world.setOneWay(nil, of: platform) }
                }
            }
            #expect(inside, "the ball's centre was inside the platform after some step")
            return world.position(of: ball).y
        }
        let pushedOut = run(makingTwoWay: true)
        #expect(pushedOut > 15, "pushed out below: y \(pushedOut)")
        #expect(run(makingTwoWay: false) < -100, "left one-way it rises on")
    }

    @Test func zeroOrNonFiniteDirectionsAreRefusedAtCreation() {
        let world = makeWorld()
        let body = try! world.createBody(BodyDef())
        for direction in [Vec2(0, 0), Vec2(.nan, 1), Vec2(1e300, 0)] {
            var sd = ShapeDef()
            sd.oneWay = direction
            #expect(throws: PhysicsError.self) { try world.createShape(on: body, sd, .circle(Circle(radius: 1))) }
        }
        var sd = ShapeDef()
        sd.oneWay = Vec2(0, -1e-200)
        let shape = try! world.createShape(on: body, sd, .circle(Circle(radius: 1)))
        #expect(world.oneWay(of: shape) == Vec2(0, -1), "a tiny direction keeps its direction")
    }
}
