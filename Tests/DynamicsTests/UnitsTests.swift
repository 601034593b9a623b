// Units: the UIKit anchors expressed in engine units, and the value types' helpers.
import Testing
import KineticPhysics
@testable import KineticDynamics

@Suite struct UnitsTests {
    @Test func anchorsOfTheUnitSystem() {
        // 100 × 100 pt at density 1 is mass 1 (O1), and 1 N on it gives 100 pt/s².
        #expect(Units.mass(area: 100 * 100, density: 1) == 1)
        #expect(abs(Units.mass(area: 28 * 28, density: 3) - 0.2352) < 1e-15)   // BallSwift, rectangle area
        #expect(Units.newton / Units.mass(area: 10_000, density: 1) == 100)
        #expect(Units.gravityAcceleration == 1000)
        #expect(Units.fieldUnit == 100)
        #expect(Units.newtonMeter == 10_000)
        #expect(Units.resistanceRate == 1)
    }

    @Test func rectHelpers() {
        let r = Rect(center: Vec2(50, 50), size: Size(20, 10))
        #expect(r == Rect(x: 40, y: 45, width: 20, height: 10))
        #expect(r.center == Vec2(50, 50) && r.maxX == 60 && r.maxY == 55)
        #expect(r.intersects(Rect(x: 60, y: 55, width: 1, height: 1)))    // touching counts
        #expect(!r.intersects(Rect(x: 61, y: 40, width: 5, height: 5)))
        #expect(r.contains(Vec2(40, 45)) && !r.contains(Vec2(39.9, 50)))
    }

    @Test func floatRange() {
        #expect(FloatRange.infinite.isInfinite && FloatRange.infinite.contains(-1e300))
        #expect(FloatRange.zero.contains(0) && !FloatRange.zero.contains(1e-9))
        #expect(!FloatRange(minimum: -1, maximum: .infinity).isInfinite)
    }
}
