// GJK distances and closest points against closed forms.
import Foundation
import Testing
@testable import KineticPhysics

@Suite struct DistanceTests {
    @Test func circlesAndBoxes() {
        let d = shapeDistance(.circle(Circle(radius: 3)), .identity, .circle(Circle(radius: 2)), Transform(Vec2(6, 8), 0))
        #expect(near(d.distance, 5, 1e-12) && near(d.pointA, Vec2(1.8, 2.4), 1e-12) && near(d.pointB, Vec2(4.8, 6.4), 1e-12))
        // Boxes side by side with a 3 gap, B raised by 2: face to face along x.
        let b = shapeDistance(box(5, 5), .identity, box(5, 5), Transform(Vec2(13, 2), 0))
        #expect(near(b.distance, 3, 1e-12) && near(b.pointA.x, 5, 1e-12) && near(b.pointB.x, 8, 1e-12))
        // Corner to corner: gap (3, 4) → 5.
        let c = shapeDistance(box(5, 5), .identity, box(5, 5, radius: 1), Transform(Vec2(13, 14), 0))
        #expect(near(c.distance, 4, 1e-12) && near(c.pointA, Vec2(5, 5), 1e-12))
        // Overlap gives zero.
        #expect(shapeDistance(box(5, 5), .identity, .circle(Circle(radius: 2)), Transform(Vec2(6, 0), 0)).distance == 0)
    }

    @Test(arguments: [0.0, 0.7, 1.9, 3.0])
    func ellipseToCircle(angle: Double) {
        // Distance from an ellipse to a small circle = distance from the ellipse to the circle's
        // centre minus its radius; the former is found by minimising over a dense parametrisation
        // refined by ternary search (error < 1e-9); the
        // closest point on the ellipse is then good to 1e-6 (it is only first-order in the parameter).
        let e = Ellipse(center: Vec2(1, 2), radii: Vec2(30, 12), angle: 0.3)
        let xf = Transform(Vec2(5, -3), angle)
        let centre = Vec2(25, 30)
        let q = xf.q.multiplied(by: Rot(angle: e.angle)), c = xf.apply(e.center)
        func point(_ t: Double) -> Vec2 { c + q.rotate(Vec2(30 * cos(t), 12 * sin(t))) }
        var bestT = 0.0
        for k in 0..<3600 { let t = Double(k) * 2 * .pi / 3600; if distance(point(t), centre) < distance(point(bestT), centre) { bestT = t } }
        var lo = bestT - 0.002, hi = bestT + 0.002
        for _ in 0..<100 {
            let m1 = lo + (hi - lo) / 3, m2 = hi - (hi - lo) / 3
            if distance(point(m1), centre) < distance(point(m2), centre) { hi = m2 } else { lo = m1 }
        }
        let expected = distance(point(lo), centre)
        let d = shapeDistance(.ellipse(e), xf, .circle(Circle(center: centre, radius: 1)), .identity)
        #expect(near(d.distance, expected - 1, 1e-6), "angle \(angle)")
        #expect(near(d.pointA, point(lo), 1e-6), "angle \(angle)")
    }

    @Test func segmentToEllipse() {
        // A horizontal segment below an axis-aligned ellipse: the distance is the gap under its lowest point.
        let d = shapeDistance(.segment(Segment(Vec2(-50, 0), Vec2(50, 0))), .identity, .ellipse(Ellipse(radii: Vec2(20, 8))), Transform(Vec2(3, 11), 0))
        #expect(near(d.distance, 3, 1e-6) && near(d.pointA, Vec2(3, 0), 1e-9) && near(d.pointB, Vec2(3, 3), 1e-9))
    }
}
