// Gravity: 1.0 = 1000 pt/s², mass-independent, UIKit's angle/magnitude quirks, one per animator.
import Testing
import Foundation
import KineticPhysics
@testable import KineticDynamics

@Suite struct GravityBehaviorTests {
    @Test func defaultGravityFalls500PointsInOneSecond() throws {
        // y = g t²/2 = 1000 · 1 / 2 = 500 pt. Semi-implicit Euler over 240 substeps of 1/240 s
        // overshoots by a factor (n + 1)/n ≈ 1.004, inside the stated ±1 %.
        let animator = try makeAnimator(nil)
        let item = try animator.box(at: Vec2(0, 0))
        try animator.addBehavior(GravityBehavior(items: [item]))
        animator.step(count: 60)
        let y = try animator.center(of: item).y
        #expect(isClose(y, 500, 5), "fell \(y) pt")
        #expect(isClose(try animator.velocity(of: item).y, 1000, 10))
        #expect(isClose(animator.elapsedTime, 1, 1e-9))
    }

    @Test func gravityIsMassIndependent() throws {
        // A dense large item and a light small one fall together.
        let animator = try makeAnimator(nil)
        let heavy = try animator.box(at: Vec2(0, 0), 200, 200)
        let light = try animator.ball(at: Vec2(500, 0), diameter: 10)
        let props = DynamicItemBehavior(items: [heavy]); props.density = 50
        try animator.addBehavior(props)
        try animator.addBehavior(GravityBehavior(items: [heavy, light]))
        animator.step(count: 30)
        #expect(isClose(try animator.center(of: heavy).y, try animator.center(of: light).y, 1e-6))
    }

    @Test func angleAndMagnitudeFollowUIKit() {
        let g = GravityBehavior()
        #expect(g.gravityDirection == Vec2(0, 1))
        #expect(isClose(g.angle, .pi / 2, 1e-12))
        #expect(g.magnitude == 1)
        g.magnitude = 2
        #expect(isClose(g.gravityDirection.y, 2, 1e-12) && isClose(g.gravityDirection.x, 0, 1e-12))
        g.angle = 0
        #expect(isClose(g.gravityDirection.x, 2, 1e-12))
        // Q17: magnitude 0 resets the angle, so a later magnitude points right.
        g.angle = .pi / 2
        g.magnitude = 0
        g.magnitude = 1
        #expect(isClose(g.gravityDirection.x, 1, 1e-12) && isClose(g.gravityDirection.y, 0, 1e-12))
        g.setAngle(-.pi / 2, magnitude: 3)
        #expect(isClose(g.gravityDirection.y, -3, 1e-12))
    }

    @Test func nonFiniteValuesAreRefusedAndKept() {
        let g = GravityBehavior()
        g.magnitude = .nan
        #expect(g.magnitude == 1)
        let e = g.takeLastError()
        #expect(e?.message.contains("magnitude") == true && e?.message.contains("nan") == true)
        #expect(throws: DynamicsError.self) { try g.checked { g.gravityDirection = Vec2(.infinity, 0) } }
        #expect(g.gravityDirection == Vec2(0, 1))
    }

    @Test func secondGravityWarnsAndTheLastAddedWins() throws {
        // O7: the most recently added gravity applies; the animator posts a warning.
        let animator = try makeAnimator(nil)
        let item = try animator.box(at: .zero)
        let down = GravityBehavior(items: [item])
        let right = GravityBehavior(items: [item]); right.angle = 0
        try animator.addBehavior(down)
        try animator.addBehavior(right)
        let events = animator.drainEvents()
        #expect(events.contains { if case .warning(let m) = $0 { return m.contains("GravityBehavior") }; return false })
        animator.step(count: 30)
        let c = try animator.center(of: item)
        #expect(c.x > 100 && abs(c.y) < 1e-9, "moved to \(c)")
    }

    @Test func itemsOutsideTheGravityBehaviourDoNotFall() throws {
        let animator = try makeAnimator(nil)
        let a = try animator.box(at: .zero), b = try animator.box(at: Vec2(300, 0))
        try animator.addBehavior(GravityBehavior(items: [a]))
        try animator.addBehavior(DynamicItemBehavior(items: [b]))
        animator.step(count: 30)
        #expect(try animator.center(of: a).y > 100)
        #expect(try animator.center(of: b).y == 0)
    }
}

@Suite struct GravityChangeTests {
    @Test func turningGravityWakesRestingItems() throws {
        // A box at rest on the floor (animator paused); gravity turned to point right resumes
        // the animator and the box accelerates right at 1000 pt/s² (frictionless floor).
        let animator = try makeAnimator()
        let box = try animator.box(at: Vec2(200, 770), 60, 60)
        let c = CollisionBehavior(items: [box]); c.translatesReferenceBoundsIntoBoundary = true
        let g = GravityBehavior(items: [box])
        try animator.addBehavior(c)
        try animator.addBehavior(g)
        animator.run(seconds: 2)
        #expect(!animator.isRunning)
        g.angle = 0
        animator.step(count: 6)
        #expect(animator.isRunning)
        let v = try animator.velocity(of: box).x
        #expect(isClose(v, 100, 2), "v = \(v)")   // 1000 pt/s² · 0.1 s
    }
}
