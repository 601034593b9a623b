// World queries (World+Queries.swift) against closed-form answers: rays through the trees, points
// and shapes tested exactly rather than by bounding box, and an order that never depends on the trees.
import Foundation
import Testing
@testable import KineticPhysics

@Suite struct WorldQueriesTests {
    /// A static body at `p` turned by `angle`, holding one shape of `geometry`.
    @discardableResult
    func addShape(_ world: World, _ geometry: Geometry, at p: Vec2, angle: Double = 0, filter: Filter = Filter(),
                  type: BodyType = .static) -> ShapeID {
        var bd = BodyDef()
        bd.type = type
        bd.position = p
        bd.angle = angle
        let body = try! world.createBody(bd)
        var sd = ShapeDef()
        sd.filter = filter
        return try! world.createShape(on: body, sd, geometry)
    }

    @Test func rayHitsCircleAtDistanceMinusRadius() throws {
        // A circle of radius r centred at distance d along a ray of length L: the ray enters at
        // d − r, so fraction (d − r)/L, and the normal points back along the ray.
        let world = makeWorld(gravity: .zero)
        let from = Vec2(5, 7), u = Vec2(3, 4) / 5, length = 200.0, d = 120.0, r = 10.0
        let shape = addShape(world, .circle(Circle(radius: r)), at: from + d * u, type: .dynamic)
        let hit = try #require(world.rayCast(from: from, translation: length * u))
        #expect(hit.shape == shape)
        #expect(near(hit.fraction, (d - r) / length, 1e-12))
        #expect(near(hit.point, from + (d - r) * u, 1e-9))
        #expect(near(hit.normal, -u, 1e-12))
        #expect(world.rayCastAll(from: from, translation: length * u) == [hit])
        // Too short to reach it.
        #expect(world.rayCastAll(from: from, translation: (d - r - 1) * u).isEmpty)
    }

    @Test func rayGrazingCircleBoundingBoxCornerMisses() {
        // Circle r = 10 at the origin; its box spans −10…10. The line x + y = −20 passes through the
        // box's corner (−10, −10) and x + y = −15 cuts across the box, but they lie 20/√2 and
        // 15/√2 from the centre, both more than r.
        let world = makeWorld(gravity: .zero)
        let circle = addShape(world, .circle(Circle(radius: 10)), at: .zero, type: .dynamic)
        for c in [-20.0, -15] {
            let from = Vec2(-30, c + 30), to = Vec2(10, c - 10)  // both on x + y = c
            #expect(world.queryAABB(AABB(lower: min(from, to), upper: max(from, to))) == [circle])
            #expect(world.rayCast(from: from, translation: to - from) == nil)
            #expect(world.rayCastAll(from: from, translation: to - from).isEmpty)
        }
        // x + y = −14 lies 14/√2 ≈ 9.9 from the centre: it hits.
        #expect(world.rayCast(from: Vec2(-30, 16), translation: Vec2(40, -40)) != nil)
    }

    @Test func pointInsideEllipseBoxButOutsideEllipseFindsNothing() {
        // Ellipse with radii 40 × 20 at (100, 50): (35, 15) from its centre gives
        // (35/40)² + (15/20)² = 1.33 > 1 (outside), (30, 10) gives 0.81 (inside).
        let world = makeWorld(gravity: .zero)
        let center = Vec2(100, 50)
        let ellipse = addShape(world, .ellipse(Ellipse(radii: Vec2(40, 20))), at: center)
        #expect(world.queryPoint(center + Vec2(35, 15)).isEmpty)
        #expect(world.queryPoint(center + Vec2(30, 10)) == [ellipse])
        // Turned a quarter, the same offsets swap axes: (15, 35) is outside, (10, 30) inside.
        let turned = makeWorld(gravity: .zero)
        let upright = addShape(turned, .ellipse(Ellipse(radii: Vec2(40, 20))), at: center, angle: .pi / 2)
        #expect(turned.queryPoint(center + Vec2(15, 35)).isEmpty)
        #expect(turned.queryPoint(center + Vec2(10, 30)) == [upright])
    }

    @Test func rotatedBoxAnswersByItsOutlineNotItsBounds() throws {
        // Box 100 × 20 turned by π/4 at the origin. On the x axis a point (x, 0) has local
        // coordinates (x/√2, −x/√2): it is inside while |x|/√2 ≤ 10, so the ray along +x from
        // (−100, 0) enters at x = −10√2 through the face y' = +10, whose normal (0, 1) turns to
        // (−1, 1)/√2.
        let world = makeWorld(gravity: .zero)
        let shape = addShape(world, box(50, 10), at: .zero, angle: .pi / 4)
        let hit = try #require(world.rayCast(from: Vec2(-100, 0), translation: Vec2(200, 0)))
        #expect(hit.shape == shape)
        #expect(near(hit.fraction, (100 - 10 * 2.0.squareRoot()) / 200, 1e-12))
        #expect(near(hit.normal, Vec2(-1, 1) / 2.0.squareRoot(), 1e-12))
        #expect(world.queryPoint(Vec2(20, 0)).isEmpty)  // inside the bounding box, outside the box
        #expect(world.queryPoint(Vec2(10, 10)) == [shape])
    }

    @Test func shapeOverlapIsExact() {
        // Circle r = 10 at the origin against a square of half side 5: centred at (12, 12) its
        // nearest corner (7, 7) lies 9.9 from the centre (overlap); at (14, 14) the corner (9, 9)
        // lies 12.7 away (apart, though the bounding boxes overlap).
        let world = makeWorld(gravity: .zero)
        let circle = addShape(world, .circle(Circle(radius: 10)), at: .zero)
        #expect(world.queryShape(box(5, 5), at: Transform(Vec2(12, 12), 0)) == [circle])
        #expect(world.queryShape(box(5, 5), at: Transform(Vec2(14, 14), 0)).isEmpty)
        // A query ellipse with radii 30 × 10 turned by π/4, its centre at distance D on the diagonal:
        // its nearest point to the circle is the tip of its major axis, D − 30 from the centre. Its
        // bounds (half extents √((30² + 10²)/2) = 22.4) overlap the circle's for both D.
        let u = Vec2(1, 1) / 2.0.squareRoot()
        let ellipse = Geometry.ellipse(Ellipse(radii: Vec2(30, 10)))
        #expect(world.queryShape(ellipse, at: Transform(39 * u, .pi / 4)) == [circle])  // tip 9 from the centre
        #expect(world.queryShape(ellipse, at: Transform(41 * u, .pi / 4)).isEmpty)  // tip 11 away
        // A segment through the circle overlaps it; one beside it does not.
        #expect(world.queryShape(.segment(Segment(Vec2(-20, 5), Vec2(20, 5))), at: .identity) == [circle])
        #expect(world.queryShape(.segment(Segment(Vec2(-20, 11), Vec2(20, 11))), at: .identity).isEmpty)
        // Invalid query shapes find nothing.
        #expect(world.queryShape(.circle(Circle(radius: .nan)), at: .identity).isEmpty)
        #expect(world.queryShape(box(5, 5), at: Transform(Vec2(.infinity, 0), 0)).isEmpty)
    }

    @Test func roundedPolygonRayAndOverlapUseTheRounding() throws {
        // A 20 × 20 square rounded by 5 at the origin: along the diagonal its corner is the arc
        // at 10√2 + 5 from the centre.
        let world = makeWorld(gravity: .zero)
        let shape = addShape(world, box(10, 10, radius: 5), at: .zero)
        let u = Vec2(1, 1) / 2.0.squareRoot()
        let hit = try #require(world.rayCast(from: -100 * u, translation: 100 * u))
        #expect(hit.shape == shape && near(hit.fraction, (100 - (10 * 2.0.squareRoot() + 5)) / 100, 1e-9))
        #expect(near(hit.normal, -u, 1e-9))
        // A point in the corner of the bounds, outside the arc.
        #expect(world.queryPoint(Vec2(14.5, 14.5)).isEmpty)
        #expect(world.queryPoint(Vec2(13, 13)) == [shape])
    }

    @Test func chainSegmentsAreHitFromEitherSide() throws {
        // A closed square chain 0…100: a ray from the left across it hits the left wall at x = 0
        // and the right wall at x = 100, each with a normal facing the ray's start.
        let world = makeWorld(gravity: .zero)
        var ground = BodyDef()
        ground.type = .static
        let body = try world.createBody(ground)
        let walls = try world.createChain(on: body, points: [Vec2(0, 0), Vec2(100, 0), Vec2(100, 100), Vec2(0, 100)],
                                          isLoop: true, ShapeDef())
        let hits = world.rayCastAll(from: Vec2(-50, 50), translation: Vec2(200, 0))
        #expect(hits.count == 2)
        #expect(hits.map(\.fraction) == [0.25, 0.75])
        #expect(hits.allSatisfy { near($0.normal, Vec2(-1, 0), 1e-12) })
        #expect(Set(hits.map(\.shape)).isSubset(of: Set(walls)))
        // Segments hold no area: no point is inside them.
        #expect(world.queryPoint(Vec2(50, 0)).isEmpty)
    }

    @Test func rayCastAllIsSortedAndOrderIsDeterministic() {
        // Circles along the x axis created out of order, and two at the very same place: hits come
        // nearest first, equal fractions in ascending shape index, however the trees are built.
        func hits(order: [Double]) -> [(Double, Int32)] {
            let world = makeWorld(gravity: .zero)
            // Kinematic bodies at rest: in the moving tree, and the step leaves them in place.
            for x in order { addShape(world, .circle(Circle(radius: 5)), at: Vec2(x, 0), type: .kinematic) }
            world.step(by: testStep, substeps: 4)
            return world.rayCastAll(from: Vec2(0, 0), translation: Vec2(1000, 0)).map { ($0.point.x.rounded(), $0.shape.index) }
        }
        let a = hits(order: [500, 100, 300, 300, 700])
        #expect(a.map(\.0) == [95, 295, 295, 495, 695])
        #expect(a[1].1 < a[2].1)
        let again = hits(order: [500, 100, 300, 300, 700])
        #expect(a.map(\.0) == again.map(\.0) && a.map(\.1) == again.map(\.1))
    }

    @Test func nilFilterSeesShapesThatCollideWithNothing() {
        // A shape with mask 0 (Kinetic's items outside every collision behaviour) is still found
        // by a query without a filter, and skipped by one with the default filter.
        let world = makeWorld(gravity: .zero)
        let loner = addShape(world, .circle(Circle(radius: 10)), at: Vec2(50, 0), filter: Filter(categoryBits: 1, maskBits: 0))
        #expect(world.rayCastAll(from: .zero, translation: Vec2(100, 0)).map(\.shape) == [loner])
        #expect(world.rayCast(from: .zero, translation: Vec2(100, 0))?.shape == loner)
        #expect(world.rayCastAll(from: .zero, translation: Vec2(100, 0), filter: Filter()).isEmpty)
        #expect(world.rayCast(from: .zero, translation: Vec2(100, 0), filter: Filter()) == nil)
        #expect(world.queryShape(.circle(Circle(radius: 1)), at: Transform(Vec2(50, 0), 0)) == [loner])
        #expect(world.queryShape(.circle(Circle(radius: 1)), at: Transform(Vec2(50, 0), 0), filter: Filter()).isEmpty)
    }

    @Test func degenerateRaysFindNothing() {
        let world = makeWorld(gravity: .zero)
        addShape(world, .circle(Circle(radius: 10)), at: .zero)
        #expect(world.rayCastAll(from: Vec2(-50, 0), translation: .zero).isEmpty)
        #expect(world.rayCastAll(from: Vec2(.nan, 0), translation: Vec2(100, 0)).isEmpty)
        #expect(world.rayCastAll(from: Vec2(-50, 0), translation: Vec2(.infinity, 0)).isEmpty)
        // A ray starting inside a shape does not report it.
        #expect(world.rayCastAll(from: Vec2(1, 0), translation: Vec2(100, 0)).isEmpty)
    }
}
