// Rolling on a slope (circles against the closed form, ellipses qualitatively) and ellipse impacts.
import Foundation
import Testing
@testable import KineticPhysics

@Suite struct RollingTests {
    /// A slope descending to the right at angle θ with its top face through the origin.
    func slope(_ world: World, angle theta: Double, friction: Double = 1) {
        let q = Rot(angle: theta)
        addStaticBox(world, center: q.rotate(Vec2(0, 10)), halfWidth: 3000, halfHeight: 10, angle: theta, friction: friction)
    }

    @Test func circleRollsWithTwoThirdsOfTheSlidingAcceleration() throws {
        // A solid disc rolling without slipping: a = g·sin θ / (1 + I/(m r²)) = (2/3)·g·sin θ.
        // At θ = 20°, 1 s: s = ½·a·t² = 114.0 pt. Friction μ = 1 > (1/3)·tan θ keeps it from
        // slipping. The soft contact and 60 Hz steps stay within 3 %.
        let world = makeWorld()
        let theta = Double.pi / 9
        slope(world, angle: theta)
        let q = Rot(angle: theta)
        let start = q.rotate(Vec2(0, -20))
        let disc = addCircle(world, at: start, radius: 20, friction: 1)
        run(world, seconds: 1)
        let travelled = dot(world.position(of: disc) - start, q.rotate(Vec2(1, 0)))
        let expected = 0.5 * (2.0 / 3.0) * 1000 * sin(theta)
        #expect(relativeError(travelled, expected) < 0.03, "travelled \(travelled), expected \(expected)")
        // Rolling: ω·r equals the speed along the slope (1 %).
        let speed = dot(world.linearVelocity(of: disc), q.rotate(Vec2(1, 0)))
        #expect(relativeError(world.angularVelocity(of: disc) * 20, speed) < 0.01)
    }

    /// Releases an ellipse lying on its long side on a 20° slope; returns (distance down the slope,
    /// total turn, lowest centre height above the surface) after 3 s.
    func rollEllipse(radii: Vec2) throws -> (along: Double, turned: Double, lowest: Double) {
        let world = makeWorld()
        let theta = Double.pi / 9
        slope(world, angle: theta)
        let q = Rot(angle: theta)
        var bd = BodyDef(); bd.position = q.rotate(Vec2(0, -radii.y - 0.5)); bd.angle = theta
        let body = try world.createBody(bd)
        var sd = ShapeDef(); sd.friction = 1
        _ = try world.createShape(on: body, sd, .ellipse(Ellipse(radii: radii)))
        var lowest = Double.infinity
        var turned = 0.0, previousAngle = world.angle(of: body)
        run(world, seconds: 3) {
            let local = q.inverseRotate(world.position(of: body))  // slope frame: −y is out of the surface
            lowest = Swift.min(lowest, -local.y)
            turned += unwind(world.angle(of: body) - previousAngle)
            previousAngle = world.angle(of: body)
        }
        return (q.inverseRotate(world.position(of: body)).x, turned, lowest)
    }

    @Test func ellipseRollsDownASlopeSteeperThanItsTippingAngle() throws {
        // An ellipse resting on a slope has an equilibrium only if the slope is below the largest angle
        // between its radius and its normal, atan((a² − b²)/(2ab)). For 26 × 20 that is 14.9° < 20°:
        // it must roll down (more than 300 pt and a full turn in 3 s) without sinking into the slope
        // (centre at least the minor radius − 1 pt above the surface).
        let r = try rollEllipse(radii: Vec2(26, 20))
        #expect(r.along > 300)
        #expect(r.turned > 2 * Double.pi)
        #expect(r.lowest > 20 - 1)
    }

    @Test func flatEllipseRestsOnASlopeBelowItsTippingAngle() throws {
        // For 30 × 18 the tipping angle is atan(576/1080) = 28.1° > 20°: it tilts a little into its
        // equilibrium and stays. Near the end of the minor axis the radius and the normal differ by
        // δ·(a/b − b/a) for a roll of δ, so the tilt is δ ≈ 0.35/1.07 ≈ 0.33 rad and the centre rolls
        // about a·δ ≈ 10 pt: bounds 15 pt and 0.6 rad (a rolling ellipse goes hundreds of pt and turns).
        let r = try rollEllipse(radii: Vec2(30, 18))
        #expect(abs(r.along) < 15)
        #expect(abs(r.turned) < 0.6)
    }

    @Test func ellipseCollisionConservesMomentum() {
        // Two ellipses meet off-centre: equal and opposite impulses conserve linear momentum to round-off.
        let world = makeWorld(gravity: .zero)
        func ellipse(at p: Vec2, velocity: Vec2, angle: Double) -> BodyID {
            var bd = BodyDef(); bd.position = p; bd.linearVelocity = velocity; bd.angle = angle
            let b = try! world.createBody(bd)
            var sd = ShapeDef(); sd.restitution = 0.5
            _ = try! world.createShape(on: b, sd, .ellipse(Ellipse(radii: Vec2(25, 12))))
            return b
        }
        let a = ellipse(at: Vec2(0, 0), velocity: Vec2(300, 0), angle: 0.3)
        let b = ellipse(at: Vec2(120, 8), velocity: Vec2(-100, 0), angle: -0.7)
        func momentum() -> Vec2 { world.mass(of: a) * world.linearVelocity(of: a) + world.mass(of: b) * world.linearVelocity(of: b) }
        let before = momentum()
        var touched = false
        run(world, seconds: 0.6) { if !world.contactBeginEvents.isEmpty { touched = true } }
        #expect(touched)
        #expect((momentum() - before).length < 1e-9 * before.length)
    }
}
