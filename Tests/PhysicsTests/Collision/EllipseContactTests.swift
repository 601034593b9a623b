// Ellipse contacts checked through the defining property of a contact: moving shape B along the
// normal by (0.01 − separation) must leave exactly 0.01 between the surfaces. A wrong normal or
// depth leaves less (the shapes would still be closer along another direction) or more.
import Foundation
import Testing
@testable import KineticPhysics

@Suite struct EllipseContactTests {
    let partners: [Geometry] = [
        box(20, 8), box(6, 6, angle: 0.4, radius: 1.5),
        .polygon(try! Polygon.make(points: [Vec2(-10, -6), Vec2(12, -4), Vec2(3, 9)])),
        .segment(Segment(Vec2(-30, 2), Vec2(25, -3))),
        .circle(Circle(center: Vec2(1, 1), radius: 7)),
        .ellipse(Ellipse(center: Vec2(-1, 0), radii: Vec2(16, 5), angle: 0.2)),
        .ellipse(Ellipse(radii: Vec2(9, 9))),
    ]

    /// Random placements of an ellipse around each partner, from 3 apart to cores overlapping.
    @Test(arguments: [Vec2(18, 7), Vec2(10, 10), Vec2(40, 4)])
    func translatingByTheSeparationTouches(radii: Vec2) {
        var rng = SplitMix64(seed: UInt64(radii.x * 100 + radii.y))
        let e = Geometry.ellipse(Ellipse(center: Vec2(1, -1), radii: radii, angle: 0.7))
        var checked = 0, deep = 0
        for (k, partner) in partners.enumerated() {
            for _ in 0..<60 {
                let direction = Double.random(in: 0..<(2 * .pi), using: &rng)
                let angle = Double.random(in: 0..<(2 * .pi), using: &rng)
                let xfA = Transform(Vec2(Double.random(in: -5...5, using: &rng), 0), Double.random(in: -1...1, using: &rng))
                // Start far along `direction` and bring B in until the separation is a random target.
                let target = Double.random(in: -4...3, using: &rng)
                let u = Vec2(cos(direction), sin(direction))
                var lo = 0.0, hi = 200.0
                for _ in 0..<60 {
                    let mid = 0.5 * (lo + hi)
                    let m = collide(partner, xfA, e, Transform(xfA.p + mid * u, angle), speculativeDistance: 1000)
                    if m.pointCount > 0 && m.point0.separation < target { lo = mid } else { hi = mid }
                }
                let xfB = Transform(xfA.p + hi * u, angle)
                let m = collide(partner, xfA, e, xfB, speculativeDistance: 1000)
                #expect(m.pointCount == 1)
                guard m.pointCount == 1 else { continue }
                #expect(near(m.normal.length, 1, 1e-12))
                let moved = Transform(xfB.p + (0.01 - m.point0.separation) * m.normal, angle)
                let d = shapeDistance(partner, xfA, e, moved).distance
                #expect(near(d, 0.01, 1e-6), "partner \(k), separation \(m.point0.separation): distance after the move \(d)")
                // The point is midway between the surfaces: moving it half the separation back along
                // the normal lands on A's surface, which the distance query confirms from the other side.
                let onA = m.point0.point - 0.5 * m.point0.separation * m.normal
                let probe = shapeDistance(partner, xfA, .circle(Circle(center: onA + 0.5 * m.normal, radius: 0.5)), .identity).distance
                #expect(probe < 1e-6, "partner \(k): contact point is not on A's surface (\(probe))")
                #expect(near(m.point0.anchorA, m.point0.point - xfA.p, 1e-9) && near(m.point0.anchorB, m.point0.point - xfB.p, 1e-9))
                checked += 1
                let skin = Swift.min(radii.x, radii.y) * Swift.min(radii.x, radii.y) / Swift.max(radii.x, radii.y)
                if m.point0.separation < -skin { deep += 1 }
            }
        }
        #expect(checked == partners.count * 60)
        // The deep-overlap search is exercised too when the skin is thin.
        if radii.x / radii.y > 5 { #expect(deep > 10) }
    }

    @Test func ellipseFirstMirrorsEllipseSecond() {
        let e = Geometry.ellipse(Ellipse(radii: Vec2(15, 6), angle: 0.3))
        for partner in partners {
            let xfA = Transform(Vec2(0, 0), 0.2), xfB = Transform(Vec2(9, 14), 1.3)
            let m = collide(partner, xfA, e, xfB, speculativeDistance: 50)
            let f = collide(e, xfB, partner, xfA, speculativeDistance: 50)
            #expect(m.pointCount == 1 && f.pointCount == 1)
            #expect(near(m.normal, -f.normal, 1e-9) && near(m.point0.point, f.point0.point, 1e-9) && near(m.point0.separation, f.point0.separation, 1e-9),
                    "\(partner): \(m.normal) \(f.normal) \(m.point0.point) \(f.point0.point) \(m.point0.separation) \(f.point0.separation)")
        }
    }
}
