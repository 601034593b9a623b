// Ray casts against analytic hits.
import Foundation
import Testing
@testable import KineticPhysics

@Suite struct RayCastTests {
    @Test func circle() throws {
        // From (−20, 3) along +x (length 40) against r = 5 at the origin: hit x = −√(25 − 9) = −4,
        // fraction (20 − 4)/40 = 0.4, normal (−4, 3)/5.
        let c = Geometry.circle(Circle(radius: 5))
        let hit = try #require(c.rayCast(origin: Vec2(-20, 3), translation: Vec2(40, 0), maxFraction: 1, .identity))
        #expect(near(hit.fraction, 0.4, 1e-12) && near(hit.point, Vec2(-4, 3), 1e-12) && near(hit.normal, Vec2(-0.8, 0.6), 1e-12))
        // Too short, missing, starting inside.
        #expect(c.rayCast(origin: Vec2(-20, 3), translation: Vec2(40, 0), maxFraction: 0.39, .identity) == nil)
        #expect(c.rayCast(origin: Vec2(-20, 6), translation: Vec2(40, 0), maxFraction: 1, .identity) == nil)
        #expect(c.rayCast(origin: Vec2(0, 1), translation: Vec2(40, 0), maxFraction: 1, .identity) == nil)
    }

    @Test func transformedBox() throws {
        // Box 10 × 4 turned a quarter at (50, 0): in the world it spans x 48…52, y −5…5.
        let b = box(5, 2)
        let xf = Transform(Vec2(50, 0), .pi / 2)
        let hit = try #require(b.rayCast(origin: Vec2(0, 1), translation: Vec2(100, 0), maxFraction: 1, xf))
        #expect(near(hit.fraction, 0.48, 1e-12) && near(hit.point, Vec2(48, 1), 1e-12) && near(hit.normal, Vec2(-1, 0), 1e-12))
        // From above, straight down.
        let down = try #require(b.rayCast(origin: Vec2(51, 20), translation: Vec2(0, -30), maxFraction: 1, xf))
        #expect(near(down.fraction, 0.5, 1e-12) && near(down.normal, Vec2(0, 1), 1e-12))
        #expect(b.rayCast(origin: Vec2(50, 0), translation: Vec2(100, 0), maxFraction: 1, xf) == nil)
    }

    @Test func roundedBoxCorner() throws {
        // Box 10 × 10 rounded by 2: the corner arc is centred at (5, 5). A diagonal ray from
        // (20, 20) toward the origin meets the arc at (5 + √2, 5 + √2).
        let b = box(5, 5, radius: 2)
        let hit = try #require(b.rayCast(origin: Vec2(20, 20), translation: Vec2(-20, -20), maxFraction: 1, .identity))
        let expected = 5 + 2.0.squareRoot()
        #expect(near(hit.point, Vec2(expected, expected), 1e-12))
        #expect(near(hit.normal, Vec2(1, 1).normalized, 1e-12))
        #expect(near(hit.fraction, (20 - expected) / 20, 1e-12))
        // Against a face: the surface is 2 beyond the core.
        let face = try #require(b.rayCast(origin: Vec2(-30, 1), translation: Vec2(30, 0), maxFraction: 1, .identity))
        #expect(near(face.point, Vec2(-7, 1), 1e-12) && near(face.normal, Vec2(-1, 0), 1e-12))
    }

    @Test func ellipse() throws {
        // Axis-aligned 40 × 20 ellipse; a ray along +x at y = 10 enters at x = −40·√(1 − 1/4),
        // where the outward normal is ∝ (x/a², y/b²).
        let e = Geometry.ellipse(Ellipse(radii: Vec2(40, 20)))
        let hit = try #require(e.rayCast(origin: Vec2(-100, 10), translation: Vec2(200, 0), maxFraction: 1, .identity))
        let x = -40 * 0.75.squareRoot()
        #expect(near(hit.point, Vec2(x, 10), 1e-9))
        #expect(near(hit.normal, Vec2(x / 1600, 10.0 / 400).normalized, 1e-12))
        #expect(near(hit.fraction, (x + 100) / 200, 1e-12))
        // The same ellipse given an angle of π/2 inside a body turned by −π/2 is unchanged.
        let turned = Geometry.ellipse(Ellipse(center: Vec2(0, 0), radii: Vec2(40, 20), angle: .pi / 2))
        let same = try #require(turned.rayCast(origin: Vec2(-100, 10), translation: Vec2(200, 0), maxFraction: 1, Transform(.zero, -.pi / 2)))
        #expect(near(same.point, hit.point, 1e-9) && near(same.normal, hit.normal, 1e-9))
    }

    @Test func segmentFacesTheRay() throws {
        let s = Geometry.segment(Segment(Vec2(0, -10), Vec2(0, 10)))
        let fromLeft = try #require(s.rayCast(origin: Vec2(-10, 5), translation: Vec2(20, 0), maxFraction: 1, .identity))
        #expect(near(fromLeft.fraction, 0.5, 1e-12) && near(fromLeft.normal, Vec2(-1, 0), 1e-12))
        let fromRight = try #require(s.rayCast(origin: Vec2(10, 5), translation: Vec2(-20, 0), maxFraction: 1, .identity))
        #expect(near(fromRight.normal, Vec2(1, 0), 1e-12))
        #expect(s.rayCast(origin: Vec2(-10, 11), translation: Vec2(20, 0), maxFraction: 1, .identity) == nil)
    }
}
