// Contact manifolds against closed-form contact points, normals and separations.
import Foundation
import Testing
@testable import KineticPhysics

@Suite struct ManifoldTests {
    // MARK: Circles

    @Test func overlappingCircles() {
        // Centres 12 apart, radii 10 and 5: overlap 3 along +x; surfaces at x = 10 and x = 7,
        // so the point is midway at 8.5.
        let xfA = Transform(Vec2(0, 0), 0), xfB = Transform(Vec2(12, 0), 0.7)
        let m = collide(.circle(Circle(radius: 10)), xfA, .circle(Circle(radius: 5)), xfB, speculativeDistance: speculative)
        #expect(m.pointCount == 1)
        #expect(near(m.normal, Vec2(1, 0), 1e-12))
        #expect(near(m.point0.separation, -3, 1e-12))
        #expect(near(m.point0.point, Vec2(8.5, 0), 1e-12))
        #expect(near(m.point0.anchorA, Vec2(8.5, 0), 1e-12))
        #expect(near(m.point0.anchorB, Vec2(-3.5, 0), 1e-12))
    }

    @Test func touchingAndSpeculativeCircles() {
        // Along the diagonal: centres 15·√2 apart, radii 6 and 15·√2 − 6, so they just touch.
        let d = 15 * 2.0.squareRoot()
        let touching = collide(.circle(Circle(radius: 6)), .identity, .circle(Circle(radius: d - 6)), Transform(Vec2(15, 15), 0), speculativeDistance: speculative)
        #expect(touching.pointCount == 1)
        #expect(near(touching.point0.separation, 0, 1e-12))
        #expect(near(touching.normal, Vec2(1, 1).normalized, 1e-12))
        // 1.5 apart is within the 2 pt speculative margin: one point with positive separation.
        let close = collide(.circle(Circle(radius: 5)), .identity, .circle(Circle(radius: 5)), Transform(Vec2(11.5, 0), 0), speculativeDistance: speculative)
        #expect(close.pointCount == 1 && near(close.point0.separation, 1.5, 1e-12))
        // 2.5 apart is beyond it.
        let far = collide(.circle(Circle(radius: 5)), .identity, .circle(Circle(radius: 5)), Transform(Vec2(12.5, 0), 0), speculativeDistance: speculative)
        #expect(far.pointCount == 0)
    }

    @Test func circleOffsetCentresUseLocalFrames() {
        // Circle centres are body-local: A's body at (100, 0) turned 90°, centre (0, 10) local → world (90, 0).
        let xfA = Transform(Vec2(100, 0), .pi / 2)
        let m = collide(.circle(Circle(center: Vec2(0, 10), radius: 4)), xfA, .circle(Circle(radius: 4)), Transform(Vec2(90, 7), 0), speculativeDistance: speculative)
        #expect(m.pointCount == 1)
        #expect(near(m.normal, Vec2(0, 1), 1e-12))
        #expect(near(m.point0.separation, -1, 1e-12))
        #expect(near(m.point0.point, Vec2(90, 3.5), 1e-12))
    }

    // MARK: Boxes

    /// Ground: 100 × 10 box centred at the origin (top face y = 5). Box: 10 × 10.
    let ground = box(50, 5)

    @Test func boxRestingOnBoxGivesTwoPoints() {
        let m = collide(ground, .identity, box(5, 5), Transform(Vec2(0, 10), 0), speculativeDistance: speculative)
        #expect(m.pointCount == 2)
        #expect(near(m.normal, Vec2(0, 1), 1e-12))
        // Both points on the shared face y = 5 at the box's bottom corners x = ±5, separation 0.
        let xs = [m.point0.point.x, m.point1.point.x].sorted()
        #expect(near(xs[0], -5, 1e-12) && near(xs[1], 5, 1e-12))
        #expect(near(m.point0.point.y, 5, 1e-12) && near(m.point1.point.y, 5, 1e-12))
        #expect(near(m.point0.separation, 0, 1e-12) && near(m.point1.separation, 0, 1e-12))
        #expect(m.point0.id != m.point1.id)
    }

    @Test func boxOnBoxIDsStableUnderSmallShifts() {
        let base = collide(ground, .identity, box(5, 5), Transform(Vec2(0, 10), 0), speculativeDistance: speculative)
        for (dx, dy, angle) in [(0.3, -0.2, 0.0), (-1.1, 0.4, 0.01), (2.0, 0.0, -0.02)] {
            let m = collide(ground, .identity, box(5, 5), Transform(Vec2(dx, 10 + dy), angle), speculativeDistance: speculative)
            #expect(m.pointCount == 2)
            #expect(Set([m.point0.id, m.point1.id]) == Set([base.point0.id, base.point1.id]))
            // Each id keeps naming the same corner: match by x order.
            let sortedBase = [base.point0, base.point1].sorted { $0.point.x < $1.point.x }.map(\.id)
            let sorted = [m.point0, m.point1].sorted { $0.point.x < $1.point.x }.map(\.id)
            #expect(sorted == sortedBase)
            // Separation of the flat contact equals the vertical shift (up to the small tilt).
            if angle == 0 { #expect(near(m.point0.separation, dy, 1e-12) && near(m.point1.separation, dy, 1e-12)) }
        }
    }

    @Test func boxOnBoxFlippedOrderNegatesNormal() {
        let xfB = Transform(Vec2(1, 9.5), 0.05)
        let m = collide(ground, .identity, box(5, 5), xfB, speculativeDistance: speculative)
        let f = collide(box(5, 5), xfB, ground, .identity, speculativeDistance: speculative)
        #expect(m.pointCount == f.pointCount)
        #expect(near(f.normal, -m.normal, 1e-9))
        let pm = (0..<m.pointCount).map { m[$0].point }.sorted { $0.x < $1.x }
        let pf = (0..<f.pointCount).map { f[$0].point }.sorted { $0.x < $1.x }
        for (a, b) in zip(pm, pf) { #expect(near(a, b, 1e-9)) }
    }

    @Test func tiltedBoxCornerGivesOnePoint() {
        // A 10 × 10 box turned 45° has its lowest corner 5√2 below its centre; with the centre at
        // 5 + 5√2 + 1 the corner hovers 1 above the ground's top face. The far clip point is 5√2
        // higher, beyond the speculative distance, so only the corner remains.
        let m = collide(ground, .identity, box(5, 5), Transform(Vec2(3, 5 + 5 * 2.0.squareRoot() + 1), .pi / 4), speculativeDistance: speculative)
        #expect(m.pointCount == 1)
        #expect(near(m.normal, Vec2(0, 1), 1e-12))
        #expect(near(m.point0.separation, 1, 1e-9))
        #expect(near(m.point0.point, Vec2(3, 5.5), 1e-9))
    }

    @Test func roundedBoxesAddTheirRadii() {
        // Rounded by 1 each: the surfaces are 2 further out than the cores.
        let m = collide(box(50, 5, radius: 1), .identity, box(5, 5, radius: 1), Transform(Vec2(0, 11.5), 0), speculativeDistance: speculative)
        #expect(m.pointCount == 2)
        // Core gap 1.5, minus radii 2 → −0.5; points midway between y = 6 and y = 5.5.
        #expect(near(m.point0.separation, -0.5, 1e-12) && near(m.point1.separation, -0.5, 1e-12))
        #expect(near(m.point0.point.y, 5.75, 1e-12))
    }

    @Test func diagonalCornersUseVertexNormal() {
        // Two axis-aligned boxes whose corners face each other across a diagonal gap of (3, 4):
        // distance 5 — beyond speculative; at (0.6, 0.8) distance 1, normal (0.6, 0.8).
        let a = box(5, 5), b = box(5, 5)
        #expect(collide(a, .identity, b, Transform(Vec2(13, 14), 0), speculativeDistance: speculative).pointCount == 0)
        let m = collide(a, .identity, b, Transform(Vec2(10.6, 10.8), 0), speculativeDistance: speculative)
        #expect(m.pointCount == 1)
        #expect(near(m.normal, Vec2(0.6, 0.8), 1e-12))
        #expect(near(m.point0.separation, 1, 1e-12))
        #expect(near(m.point0.point, Vec2(5.3, 5.4), 1e-12))
    }

    // MARK: Polygon and circle

    @Test func circleOnBoxFaceAndCorner() {
        // Face: circle r 3 centred 2 above the top face → separation −1, normal up.
        let face = collide(ground, .identity, .circle(Circle(radius: 3)), Transform(Vec2(10, 7), 0), speculativeDistance: speculative)
        #expect(face.pointCount == 1 && near(face.normal, Vec2(0, 1), 1e-12))
        // Surfaces at y = 5 (box) and y = 4 (circle bottom): the point is midway at 4.5.
        #expect(near(face.point0.separation, -1, 1e-12) && near(face.point0.point, Vec2(10, 4.5), 1e-12))
        // Corner (50, 5): centre at (50 + 1.8, 5 + 2.4), distance 3 → touching, normal (0.6, 0.8).
        let corner = collide(ground, .identity, .circle(Circle(radius: 3)), Transform(Vec2(51.8, 7.4), 0), speculativeDistance: speculative)
        #expect(corner.pointCount == 1 && near(corner.normal, Vec2(0.6, 0.8), 1e-12))
        #expect(near(corner.point0.separation, 0, 1e-12))
        // Circle first: same contact, normal reversed.
        let flipped = collide(.circle(Circle(radius: 3)), Transform(Vec2(51.8, 7.4), 0), ground, .identity, speculativeDistance: speculative)
        #expect(near(flipped.normal, Vec2(-0.6, -0.8), 1e-12) && near(flipped.point0.point, corner.point0.point, 1e-12))
    }

    // MARK: Segments

    @Test func segmentAgainstCircleAndBox() {
        let floor = Geometry.segment(Segment(Vec2(-100, 0), Vec2(100, 0)))
        let c = collide(floor, .identity, .circle(Circle(radius: 4)), Transform(Vec2(20, 3), 0), speculativeDistance: speculative)
        #expect(c.pointCount == 1 && near(c.normal, Vec2(0, 1), 1e-12) && near(c.point0.separation, -1, 1e-12))
        #expect(near(c.point0.point, Vec2(20, -0.5), 1e-12))
        // Past the segment's end the normal points from the end point.
        let end = collide(floor, .identity, .circle(Circle(radius: 4)), Transform(Vec2(103, 4), 0), speculativeDistance: speculative)
        #expect(end.pointCount == 1 && near(end.normal, Vec2(0.6, 0.8), 1e-12) && near(end.point0.separation, 1, 1e-12))
        // A box resting on the segment: two points, separation 0.
        let b = collide(floor, .identity, box(5, 5), Transform(Vec2(0, 5), 0), speculativeDistance: speculative)
        #expect(b.pointCount == 2 && near(b.normal, Vec2(0, 1), 1e-12))
        #expect(near(b.point0.separation, 0, 1e-12) && near(b.point1.separation, 0, 1e-12))
        // From below the two-sided segment pushes down.
        let below = collide(floor, .identity, box(5, 5), Transform(Vec2(0, -5.2), 0), speculativeDistance: speculative)
        #expect(below.pointCount == 2 && near(below.normal, Vec2(0, -1), 1e-12) && near(below.point0.separation, 0.2, 1e-12))
        // Box first.
        let flipped = collide(box(5, 5), Transform(Vec2(0, 5), 0), floor, .identity, speculativeDistance: speculative)
        #expect(flipped.pointCount == 2 && near(flipped.normal, Vec2(0, -1), 1e-12))
        #expect(collide(floor, .identity, floor, Transform(Vec2(0, 0.5), 0.1), speculativeDistance: speculative).pointCount == 0)
    }

    // MARK: Ellipses

    /// The ellipse's farthest point along the unit direction u: c + R·(a² l.x, b² l.y)/√(a² l.x² + b² l.y²), l = Rᵀu.
    func ellipseSupport(_ e: Ellipse, _ xf: Transform, _ u: Vec2) -> Vec2 {
        let q = xf.q.multiplied(by: Rot(angle: e.angle)), l = q.inverseRotate(u)
        let a2 = e.radii.x * e.radii.x, b2 = e.radii.y * e.radii.y
        let h = (a2 * l.x * l.x + b2 * l.y * l.y).squareRoot()
        return xf.apply(e.center) + q.rotate(Vec2(a2 * l.x / h, b2 * l.y / h))
    }

    @Test(arguments: [0.0, 0.3, 1.0, .pi / 2, 2.2, 2.9])
    func ellipseOnTiltedSegment(angle: Double) {
        // A segment through the origin tilted by 0.2 rad; its normal n. The ellipse's tangent point is
        // its support point along −n; place the ellipse so that point sits `gap` above the line.
        // Tolerance 1e-9: the contact axis is polished to a face normal exactly, so only rounding remains.
        let tilt = 0.2, t = Vec2(cos(tilt), sin(tilt)), n = t.leftPerp
        let segment = Geometry.segment(Segment(-200 * t, 200 * t))
        let e = Ellipse(center: Vec2(3, -2), radii: Vec2(40, 15), angle: 0.4)
        for gap in [1.5, 0.0, -0.6] {
            var xf = Transform(Vec2.zero, angle)
            // Support offset along −n at this angle, then lift the body so the tangent point is at `gap`.
            let tangent = ellipseSupport(e, xf, -n)
            xf.p = xf.p + (gap - dot(tangent, n)) * n + 10 * t
            let expectedSurfacePoint = ellipseSupport(e, xf, -n)
            let m = collide(segment, .identity, .ellipse(e), xf, speculativeDistance: speculative)
            #expect(m.pointCount == 1)
            #expect(near(m.normal, n, 1e-9), "angle \(angle) gap \(gap): normal \(m.normal)")
            #expect(near(m.point0.separation, gap, 1e-9), "angle \(angle) gap \(gap): separation \(m.point0.separation)")
            // The contact point is midway between the tangent point and its projection on the line.
            #expect(near(m.point0.point, expectedSurfacePoint - 0.5 * gap * n, 1e-9), "angle \(angle) gap \(gap)")
        }
    }

    @Test func roundEllipseMatchesCircle() {
        // With equal radii the ellipse's core is a point, so every pair must match the circle's
        // manifold: faces, corners, shallow and deep overlap, and separated within the margin.
        let r = 12.0
        let circle = Geometry.circle(Circle(center: Vec2(1, -2), radius: r))
        let round = Geometry.ellipse(Ellipse(center: Vec2(1, -2), radii: Vec2(r, r), angle: 0.9))
        let others: [Geometry] = [
            box(30, 10), box(8, 6, center: Vec2(2, 1), angle: 0.3, radius: 2),
            .circle(Circle(center: Vec2(3, 0), radius: 7)),
            .segment(Segment(Vec2(-40, 3), Vec2(35, -4))),
        ]
        let placements = [Transform(Vec2(0, 22.5), 0.2), Transform(Vec2(37, 20), -0.4), Transform(Vec2(5, 13), 1.1), Transform(Vec2(-20, 16), 2.0)]
        var compared = 0
        for other in others {
            for xf in placements {
                // A wide margin so that separated placements are compared too.
                let mc = collide(other, .identity, circle, xf, speculativeDistance: 100)
                let me = collide(other, .identity, round, xf, speculativeDistance: 100)
                #expect(mc.pointCount == me.pointCount)
                guard mc.pointCount == 1, me.pointCount == 1 else { continue }
                compared += 1
                #expect(near(mc.normal, me.normal, 1e-6), "\(other) at \(xf)")
                #expect(near(mc.point0.separation, me.point0.separation, 1e-6), "\(other) at \(xf)")
                #expect(near(mc.point0.point, me.point0.point, 1e-6), "\(other) at \(xf)")
                #expect(near(mc.point0.anchorB, me.point0.anchorB, 1e-6))
            }
        }
        #expect(compared == others.count * placements.count)
        // Ellipse against ellipse equals circle against circle.
        let xf = Transform(Vec2(15, 14), 0.3)
        let mc = collide(circle, .identity, .circle(Circle(radius: 9)), xf, speculativeDistance: speculative)
        let me = collide(round, .identity, .ellipse(Ellipse(radii: Vec2(9, 9), angle: 1)), xf, speculativeDistance: speculative)
        #expect(mc.pointCount == 1 && me.pointCount == 1)
        #expect(near(mc.normal, me.normal, 1e-6) && near(mc.point0.point, me.point0.point, 1e-6) && near(mc.point0.separation, me.point0.separation, 1e-6))
    }

    @Test func ellipseDeepInBoxUsesFaceNormal() {
        // A flat ellipse (60 × 10, core skin 10²/60 ≈ 1.7) sunk 5 into the ground's top face: the
        // cores overlap, so the separating-axis search decides: up, separation −5, tangent point (x, 0).
        let e = Geometry.ellipse(Ellipse(radii: Vec2(60, 10)))
        let m = collide(ground, .identity, e, Transform(Vec2(4, 5 + 10 - 5), 0), speculativeDistance: speculative)
        #expect(m.pointCount == 1)
        #expect(near(m.normal, Vec2(0, 1), 1e-6))
        #expect(near(m.point0.separation, -5, 1e-6))
        #expect(near(m.point0.point, Vec2(4, 2.5), 1e-5))
    }

    @Test func ellipseRollsSmoothlyOverCorner() {
        // An ellipse slides over the corner (50, 5) of the ground, lowered at each x until it
        // overlaps by 0.2. The normal must turn continuously and monotonically from straight up
        // toward the corner's outside: steps of 0.25 in x change its angle by well under 0.05 rad
        // (a faceted ellipse would jump by a facet's angle, and the same body rolling would bump).
        let e = Geometry.ellipse(Ellipse(radii: Vec2(25, 15), angle: 0.3))
        var previous: Double? = nil
        var x = 40.0
        while x <= 72 {
            // Find the height where the separation is −0.2 by bisection on the centre height.
            var lo = -30.0, hi = 60.0
            for _ in 0..<60 {
                let mid = 0.5 * (lo + hi)
                let m = collide(ground, .identity, e, Transform(Vec2(x, mid), 0), speculativeDistance: 100)
                if m.pointCount == 0 || m.point0.separation > -0.2 { hi = mid } else { lo = mid }
            }
            let m = collide(ground, .identity, e, Transform(Vec2(x, hi), 0), speculativeDistance: speculative)
            #expect(m.pointCount == 1)
            let angle = atan2(m.normal.y, m.normal.x)
            if let previous {
                #expect(angle <= previous + 1e-9, "normal must turn one way at x = \(x)")
                #expect(previous - angle < 0.05, "normal jumped at x = \(x): \(previous) → \(angle)")
            }
            previous = angle
            x += 0.25
        }
        // Over the corner the normal has turned well toward the ground's right face (+x).
        #expect(previous! < 0.8)
    }

    @Test func ellipseAgainstPolygonMatchesDistance() {
        // Separated within the margin: the separation equals the GJK surface distance.
        let e = Geometry.ellipse(Ellipse(radii: Vec2(20, 8), angle: 0.7))
        let xf = Transform(Vec2(60, 25), 0.4)
        let m = collide(ground, .identity, e, xf, speculativeDistance: 50)
        let d = shapeDistance(ground, .identity, e, xf)
        #expect(m.pointCount == 1)
        #expect(d.distance > 0)
        #expect(near(m.point0.separation, d.distance, 1e-6))
        #expect(near(m.normal, (d.pointB - d.pointA).normalized, 1e-6))
    }

    // MARK: Property over random placements

    @Test func translatingByTheDeepestSeparationTouches() throws {
        // For random convex pairs placed between 1.5 apart and 3 deep, moving B along the normal by
        // (0.01 − the smallest point separation) must leave 0.01 between the shapes. Exact for round
        // shapes; polygons may pick the reference face of A while B's face separates by up to
        // 0.1 × slop more (Box2D's bias against flip-flopping), so 0.05 there (2e-4 seen).
        var rng = SplitMix64(seed: 7)
        let shapes: [Geometry] = [
            box(10, 4), box(3, 3, radius: 1), .circle(Circle(center: Vec2(1, 0), radius: 6)),
            .polygon(try Polygon.make(points: [Vec2(-7, -5), Vec2(9, -3), Vec2(6, 4), Vec2(-2, 7), Vec2(-8, 2)])),
            .segment(Segment(Vec2(-12, 1), Vec2(12, -1))),
        ]
        var checked = 0
        for (i, a) in shapes.enumerated() {
            for (j, b) in shapes.enumerated() {
                if case .segment = a, case .segment = b { continue }
                let round: Bool = { if case .circle = a { return true }; if case .circle = b { return true }; return false }()
                for _ in 0..<40 {
                    let u = Vec2(cos(Double.random(in: 0..<(2 * .pi), using: &rng)), sin(Double.random(in: 0..<(2 * .pi), using: &rng))).normalized
                    let xfA = Transform(Vec2(2, -3), Double.random(in: -3...3, using: &rng))
                    let angleB = Double.random(in: -3...3, using: &rng)
                    let target = Double.random(in: -3...1.5, using: &rng)
                    func deepest(_ m: Manifold) -> Double { m.pointCount == 2 ? Swift.min(m.point0.separation, m.point1.separation) : m.point0.separation }
                    var lo = 0.0, hi = 100.0
                    for _ in 0..<60 {
                        let mid = 0.5 * (lo + hi)
                        let m = collide(a, xfA, b, Transform(xfA.p + mid * u, angleB), speculativeDistance: speculative)
                        if m.pointCount > 0 && deepest(m) < target { lo = mid } else { hi = mid }
                    }
                    let xfB = Transform(xfA.p + hi * u, angleB)
                    let m = collide(a, xfA, b, xfB, speculativeDistance: speculative)
                    guard m.pointCount > 0 else { Issue.record("no contact for shapes \(i), \(j)"); continue }
                    let moved = Transform(xfB.p + (0.01 - deepest(m)) * m.normal, angleB)
                    let d = shapeDistance(a, xfA, b, moved).distance
                    #expect(near(d, 0.01, round ? 1e-9 : 0.05), "shapes \(i), \(j): separation \(deepest(m)), distance after the move \(d)")
                    checked += 1
                }
            }
        }
        #expect(checked == 24 * 40)
    }
}
