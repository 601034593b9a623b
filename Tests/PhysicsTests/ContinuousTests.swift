// Continuous collision: fast bodies must not pass through thin static geometry, bullets not through
// thin moving bodies, and sweeping must not hold back a body sliding along a surface.
import Testing
@testable import KineticPhysics

@Suite struct ContinuousTests {
    /// A wall at x = 300: a segment, or a 1 pt thick box.
    func fire(atSegment: Bool, speed: Double = 20_000) -> Double {
        let world = makeWorld(gravity: .zero)
        var wd = BodyDef(); wd.type = .static
        let wall = try! world.createBody(wd)
        if atSegment {
            _ = try! world.createShape(on: wall, ShapeDef(), .segment(Segment(Vec2(300, -100), Vec2(300, 100))))
        } else {
            _ = try! world.createShape(on: wall, ShapeDef(), .polygon(try! Polygon.box(halfWidth: 0.5, halfHeight: 100, center: Vec2(300, 0))))
        }
        let ball = addCircle(world, at: .zero, radius: 5, velocity: Vec2(speed, 0))
        var maxX = -Double.infinity
        run(world, seconds: 0.5) { maxX = Swift.max(maxX, world.position(of: ball).x) }
        return maxX
    }

    @Test func fastCircleDoesNotTunnelThroughASegment() {
        // 20,000 pt/s is 333 pt per 60 Hz step, 33 times the ball's diameter. The ball's centre must
        // never pass x = 300 − radius + slop (it stops at the wall and bounces back).
        #expect(fire(atSegment: true) < 300 - 5 + 0.5)
    }

    @Test func fastCircleDoesNotTunnelThroughAThinBox() {
        #expect(fire(atSegment: false) < 299.5 - 5 + 0.5)
    }

    @Test func bulletDoesNotTunnelThroughAThinDynamicBody() {
        // A bullet at 20,000 pt/s against a heavy 1 pt thick dynamic plank 300 pt away. Without the
        // bullet flag a dynamic target is not swept, so the same shot passes through: both outcomes
        // are checked so the test proves the bullet path does the work.
        // Returns the largest ball x relative to the plank's face (the plank is pushed along, so its
        // own position is subtracted).
        func shoot(bullet: Bool) -> Double {
            let world = makeWorld(gravity: .zero)
            let plank = addBox(world, at: Vec2(300, 0), halfWidth: 0.5, halfHeight: 100, density: 100)
            let ball = addCircle(world, at: .zero, radius: 5, velocity: Vec2(20_000, 0)) { $0.isBullet = bullet }
            var maxX = -Double.infinity
            run(world, seconds: 0.1) { maxX = Swift.max(maxX, world.position(of: ball).x - (world.position(of: plank).x - 0.5)) }
            return maxX
        }
        // Bullet: the centre stays a radius (less the slop) in front of the face.
        #expect(shoot(bullet: true) < -5 + 0.5)
        #expect(shoot(bullet: false) > 0)
    }

    @Test func fastSlidingBodyIsNotHeldBack() {
        // A box sliding along a frictionless floor at 3,000 pt/s (more than half its size per step, so
        // it is swept every step): after 0.5 s it has covered 1,500 pt within 2 %.
        let world = makeWorld()
        addStaticBox(world, center: Vec2(0, 10), halfWidth: 5000, halfHeight: 10, friction: 0)
        let box = addBox(world, at: Vec2(0, -10), halfWidth: 10, halfHeight: 10, friction: 0, velocity: Vec2(3000, 0))
        run(world, seconds: 0.5)
        #expect(relativeError(world.position(of: box).x, 1500) < 0.02)
        #expect(abs(world.position(of: box).y + 10) < 1)
    }
}
