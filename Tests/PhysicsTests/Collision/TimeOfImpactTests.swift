// Time of impact against closed-form fractions.
import Foundation
import Testing
@testable import KineticPhysics

@Suite struct TimeOfImpactTests {
    /// A sweep of a body whose centre of mass is its origin.
    func sweep(from c1: Vec2, to c2: Vec2, angle1: Double = 0, angle2: Double = 0) -> Sweep {
        Sweep(localCenter: .zero, c1: c1, c2: c2, q1: Rot(angle: angle1), q2: Rot(angle: angle2))
    }

    let wall = Geometry.segment(Segment(Vec2(-100, 0), Vec2(100, 0)))
    let still = Sweep(localCenter: .zero, c1: .zero, c2: .zero, q1: .identity, q2: .identity)

    @Test func fastCircleAgainstThinSegment() {
        // r = 5 from y = 100 to y = −100 in one step: it would tunnel. The surface gap reaches the
        // 0.5 target when the centre is at y = 5.5: fraction (100 − 5.5)/200 = 0.4725, within the
        // quarter-target tolerance (0.125 / 200 in fraction).
        let result = timeOfImpact(wall, still, .circle(Circle(radius: 5)), sweep(from: Vec2(3, 100), to: Vec2(3, -100)), maxFraction: 1, target: 0.5)
        #expect(result.state == .hit)
        #expect(near(result.fraction, 0.4725, 0.125 / 200))
        // Order does not matter.
        let swapped = timeOfImpact(.circle(Circle(radius: 5)), sweep(from: Vec2(3, 100), to: Vec2(3, -100)), wall, still, maxFraction: 1, target: 0.5)
        #expect(swapped.state == .hit && near(swapped.fraction, result.fraction, 1e-12))
    }

    @Test func diagonalBoxAgainstBox() {
        // A 10 × 10 box moves from (−60, 40) to (40, −60) toward a 20 × 20 box at the origin. Its
        // right side x = −55 + 100t is 0.5 from the target's left face x = −10 at t = 0.445, when
        // its y span [−9.5, 0.5] faces that face; its bottom reached y = 10.5 earlier (t = 0.245)
        // but far to the left (x ≤ −30.5). Tolerance: 0.125 of gap at 100 per unit fraction.
        let result = timeOfImpact(box(10, 10), still, box(5, 5), sweep(from: Vec2(-60, 40), to: Vec2(40, -60)), maxFraction: 1, target: 0.5)
        #expect(result.state == .hit)
        // Separation at the reported fraction equals the target within tolerance.
        let xf = sweep(from: Vec2(-60, 40), to: Vec2(40, -60)).transform(at: result.fraction)
        let d = shapeDistance(box(10, 10), .identity, box(5, 5), xf).distance
        #expect(near(d, 0.5, 0.125))
        #expect(near(result.fraction, 0.445, 0.125 / 100))
    }

    @Test func spinningRodHitsCircle() {
        // A 100-long rod pivoting about its centre turns by π/2; a circle of r 5 sits at (0, 30).
        // The rod's tip sweeps the circle; conservative advancement must stop before they overlap:
        // at the returned fraction the gap is the 0.5 target (± tolerance), and it is still larger
        // a little earlier.
        let rod = box(50, 1)
        let spin = sweep(from: .zero, to: .zero, angle1: 0, angle2: .pi / 2)
        let ball = Geometry.circle(Circle(center: Vec2(0, 30), radius: 5))
        let result = timeOfImpact(rod, spin, ball, still, maxFraction: 1, target: 0.5)
        #expect(result.state == .hit)
        let gap = shapeDistance(rod, spin.transform(at: result.fraction), ball, .identity).distance
        #expect(near(gap, 0.5, 0.125))
        let earlier = shapeDistance(rod, spin.transform(at: result.fraction - 0.01), ball, .identity).distance
        #expect(earlier > gap)
    }

    @Test func nearlyHalfATurnStopsBeforeTheWall() {
        // A circle of radius 0.5, 300 out on a body that turns by −0.999π in a step, towards a wall
        // face at x = 200: its centre follows (300 sin φ, 300 cos φ) and first comes within the 0.5
        // target of the face at x = 199: φ = asin(199/300) = 0.7246 rad, fraction
        // 0.7246 / (0.999π) = 0.2309. Interpolating the rotation's cosine and sine instead turned it
        // a quarter turn in the middle 5 % of the sweep, faster than conservative advancement
        // assumed, and the fraction it returned left a shape deep past the wall.
        let body = Geometry.circle(Circle(center: Vec2(0, 300), radius: 0.5))
        let turning = sweep(from: .zero, to: .zero, angle1: 0, angle2: -0.999 * .pi)
        let wallFace = Geometry.polygon(try! Polygon.box(halfWidth: 100, halfHeight: 1000, center: Vec2(300, 0)))
        let result = timeOfImpact(wallFace, still, body, turning, maxFraction: 1, target: 0.5)
        #expect(result.state == .hit)
        #expect(near(result.fraction, asin(199 / 300) / (0.999 * .pi), 0.125 / 300))
        let gap = shapeDistance(wallFace, .identity, body, turning.transform(at: result.fraction)).distance
        #expect(near(gap, 0.5, 0.125))
        // The direction of a turn of half a revolution comes from the angular velocity.
        let halfTurn = Sweep(localCenter: .zero, c1: .zero, c2: .zero, q1: .identity, q2: Rot(angle: .pi), angularVelocity: -1)
        #expect(halfTurn.turn < 0 && near(abs(halfTurn.turn), .pi, 1e-12))
    }

    @Test func pathCrossingASegment() {
        let p = Vec2(0, 0), q = Vec2(100, 0)
        #expect(pathCrosses(Vec2(50, 1), Vec2(50, -1), p, q))
        #expect(pathCrosses(Vec2(50, -1), Vec2(60, 5), p, q))
        // Sliding along it, ending on it, or going past its end: no crossing.
        #expect(!pathCrosses(Vec2(10, 1), Vec2(90, 1), p, q))
        #expect(!pathCrosses(Vec2(50, 1), Vec2(50, 0), p, q))
        #expect(!pathCrosses(Vec2(99, 1), Vec2(120, -5), p, q))
    }

    @Test func missesOverlapsAndEllipses() {
        // Moving parallel to the segment: never closer than 10.
        let parallel = timeOfImpact(wall, still, .circle(Circle(radius: 5)), sweep(from: Vec2(-50, 15), to: Vec2(50, 15)), maxFraction: 1, target: 0.5)
        #expect(parallel.state == .separated && parallel.fraction == 1)
        // Starting overlapped.
        let overlapped = timeOfImpact(wall, still, .circle(Circle(radius: 5)), sweep(from: Vec2(0, 2), to: Vec2(0, -50)), maxFraction: 1, target: 0.5)
        #expect(overlapped.state == .overlapped && overlapped.fraction == 0)
        // Stops within maxFraction.
        let short = timeOfImpact(wall, still, .circle(Circle(radius: 5)), sweep(from: Vec2(3, 100), to: Vec2(3, -100)), maxFraction: 0.4, target: 0.5)
        #expect(short.state == .separated && short.fraction == 0.4)
        // An ellipse 30 × 10 turned upright falls onto the segment: its lowest point is 30 below the
        // centre, so contact at centre height 30.5: fraction (200 − 30.5)/250.
        let e = Geometry.ellipse(Ellipse(radii: Vec2(30, 10), angle: .pi / 2))
        let fall = timeOfImpact(wall, still, e, sweep(from: Vec2(0, 200), to: Vec2(0, -50)), maxFraction: 1, target: 0.5)
        #expect(fall.state == .hit && near(fall.fraction, (200 - 30.5) / 250, 0.125 / 250))
    }

    @Test func sweepTransformInterpolates() {
        // The body origin sits 10 from the centre of mass; halfway through a quarter turn the
        // rotation is π/4 and the origin is placed so that the centre of mass is at lerp(c1, c2).
        let s = Sweep(localCenter: Vec2(10, 0), c1: Vec2(0, 0), c2: Vec2(20, 0), q1: Rot(angle: 0), q2: Rot(angle: .pi / 2))
        let xf = s.transform(at: 0.5)
        #expect(near(xf.q.angle, .pi / 4, 1e-12))
        #expect(near(xf.apply(Vec2(10, 0)), Vec2(10, 0), 1e-12))
        #expect(near(s.transform(at: 1).p, Vec2(20, -10), 1e-12))
    }
}
