// Gravity: 1.0 = 1000 pt/s², direction, angle and magnitude.
import Foundation
import KineticLuaBridge
import Testing
@testable import KineticLua

@Suite struct GravityBindingTests {
    @Test func aBallFallsAbout500PointsInOneSecond() throws {
        let y = try Harness().number("""
            local w = kinetic.world{ width = 400, height = 1000 }
            local ball = w:addItem{ center = {100, 0}, size = {20, 20}, bounds = "ellipse" }
            w:addBehavior(kinetic.gravity{ items = { ball } })
            w:run(1)
            return ball.y
            """)
        // ½·1000·1² = 500 pt; the engine integrates velocity before position (semi-implicit Euler over
        // 240 substeps), which adds g·h·t/2 = 1000 · (1/240) / 2 ≈ 2.1 pt.
        #expect(abs(y - 500) < 5)
    }

    @Test func directionAngleAndMagnitude() throws {
        let values = try Harness().run("""
            local g = kinetic.gravity{ angle = 0, magnitude = 2 }
            local d = g.direction
            g.direction = {0, -0.5}
            return d.x, d.y, g.magnitude, g.angle
            """)
        #expect(values == [.number(2), .number(0), .number(0.5), .number(-Double.pi / 2)])
    }

    @Test func sidewaysGravityMovesSideways() throws {
        let x = try Harness().number("""
            local w = kinetic.world{ width = 4000, height = 400 }
            local a = w:addItem{ center = {0, 100}, size = {10, 10} }
            w:addBehavior(kinetic.gravity{ items = {a}, direction = {0.5, 0} })
            w:run(1)
            return a.x
            """)
        #expect(abs(x - 250) < 3)
    }
}
