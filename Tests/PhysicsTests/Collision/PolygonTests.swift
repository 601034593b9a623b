// Polygon validation and the mass, area, bounds and point tests of every geometry.
import Foundation
import Testing
@testable import KineticPhysics

@Suite struct PolygonTests {
    // MARK: Factories

    @Test func clockwiseInputIsNormalisedToPositiveWinding() throws {
        let p = try Polygon.make(points: [Vec2(0, 0), Vec2(0, 10), Vec2(20, 10), Vec2(20, 0)])
        #expect(p.vertices.count == 4)
        for i in 0..<4 {
            let a = p.vertices[i], b = p.vertices[(i + 1) % 4], c = p.vertices[(i + 2) % 4]
            #expect(cross(b - a, c - b) > 0)
            // Unit normals pointing away from the centroid.
            #expect(near(p.normals[i].length, 1, 1e-12))
            #expect(dot(p.normals[i], a - p.centroid) > 0)
            #expect(near(dot(p.normals[i], b - a), 0, 1e-12))
        }
        #expect(near(p.centroid, Vec2(10, 5), 1e-12))
    }

    @Test func collinearAndRepeatedPointsAreMerged() throws {
        // Midpoints on two edges, a repeated corner and a closing point equal to the first.
        let p = try Polygon.make(points: [Vec2(0, 0), Vec2(5, 0), Vec2(10, 0), Vec2(10, 0), Vec2(10, 10), Vec2(0, 10), Vec2(0, 5), Vec2(0, 0)])
        #expect(p.vertices.count == 4)
        #expect(Set(p.vertices.map { [$0.x, $0.y] }) == Set([[0, 0], [10, 0], [10, 10], [0, 10]]))
    }

    @Test func nonConvexPathNamesThePoint() {
        // An arrow: point 3 (5, 4) is a reflex vertex.
        #expect(throws: PhysicsError("path is not convex at point 3; use parts")) {
            try Polygon.make(points: [Vec2(0, 0), Vec2(10, 0), Vec2(10, 10), Vec2(5, 4), Vec2(0, 10)])
        }
        // The same path the other way round names the same input point.
        #expect(throws: PhysicsError("path is not convex at point 1; use parts")) {
            try Polygon.make(points: [Vec2(0, 10), Vec2(5, 4), Vec2(10, 10), Vec2(10, 0), Vec2(0, 0)])
        }
        // A pentagram: every point is on the hull but the path crosses itself.
        let star = (0..<5).map { k -> Vec2 in let t = Double(k) * 4 * .pi / 5; return Vec2(10 * cos(t), 10 * sin(t)) }
        #expect(throws: PhysicsError.self) { try Polygon.make(points: star) }
    }

    @Test func degenerateInputIsRejectedWithMessages() {
        #expect(throws: PhysicsError("polygon needs at least 3 distinct points, got 2")) {
            try Polygon.make(points: [Vec2(0, 0), Vec2(1, 1), Vec2(1, 1)])
        }
        #expect(throws: PhysicsError("polygon points are collinear")) {
            try Polygon.make(points: [Vec2(0, 0), Vec2(1, 1), Vec2(3, 3)])
        }
        #expect(throws: PhysicsError("polygon point 1 is not finite: (nan, 0.0)")) {
            try Polygon.make(points: [Vec2(0, 0), Vec2(.nan, 0), Vec2(3, 3)])
        }
        #expect(throws: PhysicsError("polygon radius must be finite and ≥ 0, got -1.0")) {
            try Polygon.make(points: [Vec2(0, 0), Vec2(1, 0), Vec2(0, 1)], radius: -1)
        }
        let circle17 = (0..<17).map { k -> Vec2 in let t = Double(k) * 2 * .pi / 17; return Vec2(10 * cos(t), 10 * sin(t)) }
        #expect(throws: PhysicsError("polygon has 17 vertices; at most 16 are allowed (use parts)")) {
            try Polygon.make(points: circle17)
        }
        #expect(throws: PhysicsError.self) { try Polygon.box(halfWidth: 0, halfHeight: 1) }
        #expect(throws: PhysicsError.self) { try Polygon.box(halfWidth: 1, halfHeight: .infinity) }
    }

    @Test func rotatedBoxHasRotatedCorners() throws {
        let p = try Polygon.box(halfWidth: 2, halfHeight: 1, center: Vec2(5, 5), angle: .pi / 2)
        // Turned a quarter: the long side is vertical.
        let g = Geometry.polygon(p).aabb(.identity)
        #expect(near(g.lower, Vec2(4, 3), 1e-12) && near(g.upper, Vec2(6, 7), 1e-12))
        #expect(near(p.centroid, Vec2(5, 5), 1e-12))
    }

    // MARK: Mass

    @Test func boxMass() {
        // 20 × 10 box, density 2: m = 400, I = m(w² + h²)/12.
        let md = box(10, 5, center: Vec2(3, -4), angle: 0.3).massData(density: 2)
        #expect(near(md.mass, 400, 1e-9))
        #expect(near(md.center, Vec2(3, -4), 1e-12))
        #expect(near(md.rotationalInertia, 400 * (400 + 100) / 12, 1e-7))
    }

    @Test func circleAndEllipseMass() {
        let c = Geometry.circle(Circle(center: Vec2(1, 2), radius: 3)).massData(density: 2)
        #expect(near(c.mass, 2 * .pi * 9, 1e-12) && near(c.rotationalInertia, 0.5 * c.mass * 9, 1e-9) && c.center == Vec2(1, 2))
        // Ellipse: m = ρπab, I = m(a² + b²)/4 whatever its angle.
        let e = Geometry.ellipse(Ellipse(center: Vec2(-1, 0), radii: Vec2(6, 2), angle: 0.8)).massData(density: 0.5)
        #expect(near(e.mass, 0.5 * .pi * 12, 1e-12) && near(e.rotationalInertia, e.mass * 40 / 4, 1e-9) && e.center == Vec2(-1, 0))
        let s = Geometry.segment(Segment(Vec2(0, 0), Vec2(4, 0))).massData(density: 3)
        #expect(s.mass == 0 && s.rotationalInertia == 0 && s.center == Vec2(2, 0))
    }

    @Test func triangleMass() throws {
        // Triangle with sides a, b, c: area from the cross product, centroid the vertex mean,
        // and I about the centroid = m(a² + b² + c²)/36.
        let v = [Vec2(0, 0), Vec2(12, 0), Vec2(3, 7)]
        let md = Geometry.polygon(try Polygon.make(points: v)).massData(density: 1.5)
        let area = 0.5 * cross(v[1] - v[0], v[2] - v[0])
        let sides = distanceSquared(v[0], v[1]) + distanceSquared(v[1], v[2]) + distanceSquared(v[2], v[0])
        #expect(near(md.mass, 1.5 * area, 1e-9))
        #expect(near(md.center, (v[0] + v[1] + v[2]) / 3, 1e-12))
        #expect(near(md.rotationalInertia, 1.5 * area * sides / 36, 1e-8))
    }

    @Test func roundedBoxMass() {
        // A w × h box rounded by r is the core, four side strips and four quarter discs (a full disc
        // split over the corners). Each piece's polar moment about the centre, by parallel axes:
        let w = 20.0, h = 10.0, r = 2.0
        let core = w * h * (w * w + h * h) / 12
        // Strip r × h at distance w/2 + r/2 (two of them), strip w × r at h/2 + r/2 (two).
        let sideX = r * h * (r * r + h * h) / 12 + r * h * pow(w / 2 + r / 2, 2)
        let sideY = w * r * (w * w + r * r) / 12 + w * r * pow(h / 2 + r / 2, 2)
        // Quarter disc about its apex: πr⁴/8; its centroid is 4r/(3π) from the apex along both axes.
        let quarterArea = Double.pi * r * r / 4
        let c = 4 * r / (3 * .pi)
        let apexToCentroid = 2 * c * c
        let cornerCentroid = pow(w / 2 + c, 2) + pow(h / 2 + c, 2)
        let quarter = Double.pi * pow(r, 4) / 8 - quarterArea * apexToCentroid + quarterArea * cornerCentroid
        let expectedArea = w * h + 2 * r * (w + h) + .pi * r * r
        let expectedInertia = core + 2 * sideX + 2 * sideY + 4 * quarter
        let g = box(w / 2, h / 2, center: Vec2(7, 1), angle: 1.2, radius: r)
        let md = g.massData(density: 1)
        #expect(near(g.area, expectedArea, 1e-9))
        #expect(near(md.mass, expectedArea, 1e-9))
        #expect(near(md.center, Vec2(7, 1), 1e-9))
        #expect(near(md.rotationalInertia, expectedInertia, 1e-6 * expectedInertia))
    }

    // MARK: Validation, bounds, point tests

    @Test func validateNamesTheProblem() {
        #expect(throws: PhysicsError("circle radius must be finite, within ±10000000.0 and > 0, got 0.0")) { try Geometry.circle(Circle(radius: 0)).validate() }
        #expect(throws: PhysicsError("ellipse radii must be finite, within ±10000000.0 and > 0, got (3.0, -1.0)")) { try Geometry.ellipse(Ellipse(radii: Vec2(3, -1))).validate() }
        #expect(throws: PhysicsError("segment is degenerate: both ends at (1.0, 1.0)")) { try Geometry.segment(Segment(Vec2(1, 1), Vec2(1, 1))).validate() }
        #expect(throws: PhysicsError.self) { try Geometry.circle(Circle(center: Vec2(.infinity, 0), radius: 1)).validate() }
        #expect(throws: PhysicsError.self) { try Geometry.polygon(try Polygon.box(halfWidth: 1, halfHeight: 1, center: Vec2(2e7, 0))).validate() }
        #expect(throws: PhysicsError("segment neighbour points are not finite or beyond ±10000000.0: nil, (nan, 0.0)")) {
            try Geometry.segment(Segment(Vec2(0, 0), Vec2(1, 0), previous: nil, next: Vec2(.nan, 0))).validate()
        }
        #expect(throws: Never.self) { try box(1, 1).validate() }
        #expect(throws: Never.self) { try Geometry.ellipse(Ellipse(radii: Vec2(3, 1), angle: 2)).validate() }
    }

    @Test func ellipseBoundsTouchTheExtremePoints() {
        // The AABB half extent along x of an ellipse turned by θ is √(a²cos²θ + b²sin²θ); check it
        // against the maximum of x over a fine parametrisation (error ≤ a·(Δt)²/2).
        let e = Ellipse(center: Vec2(2, 3), radii: Vec2(30, 10), angle: 0.5)
        let xf = Transform(Vec2(100, -50), 0.4)
        let box = Geometry.ellipse(e).aabb(xf)
        var lower = Vec2(1e9, 1e9), upper = Vec2(-1e9, -1e9)
        let q = xf.q.multiplied(by: Rot(angle: e.angle))
        for k in 0..<100_000 {
            let t = Double(k) * 2 * .pi / 100_000
            let p = xf.apply(e.center) + q.rotate(Vec2(30 * cos(t), 10 * sin(t)))
            lower = min(lower, p); upper = max(upper, p)
        }
        #expect(near(box.lower, lower, 1e-6) && near(box.upper, upper, 1e-6))
    }

    @Test func pointTests() {
        let xf = Transform(Vec2(10, 10), .pi / 2)
        // Ellipse 30 × 10 turned a quarter by the body: long axis vertical in the world.
        let e = Geometry.ellipse(Ellipse(radii: Vec2(30, 10)))
        #expect(e.testPoint(Vec2(10, 39), xf) && !e.testPoint(Vec2(10, 41), xf) && !e.testPoint(Vec2(21, 10), xf))
        let b = box(5, 2)
        #expect(b.testPoint(Vec2(11.9, 14.9), xf) && !b.testPoint(Vec2(12.1, 10), xf))
        // Rounded by 1: the corner region is a quarter disc.
        let r = box(5, 2, radius: 1)
        #expect(r.testPoint(Vec2(12.9, 10), xf) && r.testPoint(Vec2(12.7, 15.7), xf) && !r.testPoint(Vec2(12.8, 15.8), xf))
        #expect(Geometry.circle(Circle(center: Vec2(1, 0), radius: 2)).testPoint(Vec2(10, 12.9), xf))
        #expect(!Geometry.segment(Segment(Vec2(0, 0), Vec2(1, 0))).testPoint(Vec2(10, 10), xf))
    }
}
