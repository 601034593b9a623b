// Push: 1 UIKit newton on mass 1 = 100 pt/s²; instantaneous Δv = 100·J/m once; offsets give torque.
import Testing
import Foundation
import KineticPhysics
@testable import KineticDynamics

@Suite struct PushBehaviorTests {
    @Test func continuousPushOfMagnitudeOneGives100PointsPerSecondSquared() throws {
        // 100 × 100 pt at density 1 has mass 1, so a = 100·1/1 = 100 pt/s²: after 1 s v = 100 pt/s.
        let animator = try makeAnimator(nil)
        let item = try animator.box(at: .zero)
        let push = PushBehavior(items: [item], mode: .continuous)
        push.setAngle(0, magnitude: 1)
        try animator.addBehavior(push)
        animator.step(count: 60)
        #expect(isClose(try animator.velocity(of: item).x, 100, 1e-6))
        // x = a t²/2 (+ the (n+1)/n substep overshoot, 0.4 %)
        #expect(isClose(try animator.center(of: item).x, 50, 0.5))
        #expect(push.active)
    }

    @Test func instantaneousPushGives100PointsPerSecondOnceThenTurnsOff() throws {
        let animator = try makeAnimator(nil)
        let item = try animator.box(at: .zero)
        let push = PushBehavior(items: [item], mode: .instantaneous)
        push.pushDirection = Vec2(0, 1)
        try animator.addBehavior(push)
        animator.step()
        #expect(isClose(try animator.velocity(of: item).y, 100, 1e-9))
        #expect(!push.active)
        animator.step(count: 10)
        #expect(isClose(try animator.velocity(of: item).y, 100, 1e-9))   // no second impulse
        push.active = true                                                 // fire again
        animator.step()
        #expect(isClose(try animator.velocity(of: item).y, 200, 1e-9))
    }

    @Test func ballSwiftShotGets844PointsPerSecond() throws {
        // Reference §4.1: 28 × 28 ellipse, density 3 → mass π·14²·3/10⁴ = 0.18473; angle −1.35,
        // magnitude 1.56 → Δv = 156 / 0.18473 = 844.5 pt/s along (cos, sin)(−1.35).
        let animator = try makeAnimator(nil)
        let ball = try animator.ball(at: Vec2(40, 567), diameter: 28)
        let props = DynamicItemBehavior(items: [ball]); props.density = 3; props.elasticity = 1
        try animator.addBehavior(props)
        #expect(isClose(try animator.mass(of: ball), .pi * 14 * 14 * 3 / 10_000, 1e-12))
        let push = PushBehavior(items: [ball], mode: .instantaneous)
        push.setAngle(-1.35, magnitude: 1.56)
        try animator.addBehavior(push)
        animator.step()
        let v = try animator.velocity(of: ball)
        #expect(isClose(v.length, 844.5, 0.1), "Δv = \(v.length)")
        #expect(isClose(v.x, 844.5 * cos(-1.35), 0.1) && isClose(v.y, 844.5 * sin(-1.35), 0.1))
    }

    @Test func offsetPushTurnsTheItemClockwiseForAForceDownOnTheRight() throws {
        // Force (0, F) at (50, 0) from the center: torque r × F = 50·F > 0, clockwise on screen.
        // Angular impulse: J·r / I with I = m(w² + h²)/12 = 1·20000/12 → ω = 100·1·50/1666.7 = 3 rad/s.
        let animator = try makeAnimator(nil)
        let item = try animator.box(at: .zero)
        let push = PushBehavior(items: [item], mode: .instantaneous)
        push.pushDirection = Vec2(0, 1)
        try push.setTargetOffsetFromCenter(Vec2(50, 0), for: item)
        #expect(push.targetOffsetFromCenter(for: item) == Vec2(50, 0))
        try animator.addBehavior(push)
        animator.step()
        #expect(isClose(try animator.angularVelocity(of: item), 3, 1e-6))
        #expect(isClose(try animator.velocity(of: item).y, 100, 1e-6))
    }

    @Test func continuousOffsetPushProducesTorque() throws {
        // Force 1 N down at (50, 0): τ = 100·50 = 5000, I = 1·(100² + 100²)/12 = 1666.7, so
        // α = 3 rad/s²; after 0.1 s ω ≈ 0.3 rad/s (the lever turns only 0.015 rad meanwhile).
        let animator = try makeAnimator(nil)
        let item = try animator.box(at: .zero)
        let push = PushBehavior(items: [item], mode: .continuous)
        push.pushDirection = Vec2(0, 1)
        push.offset = Vec2(50, 0)
        try animator.addBehavior(push)
        animator.step(count: 6)
        let w = try animator.angularVelocity(of: item)
        #expect(isClose(w, 0.3, 0.005), "ω = \(w)")
    }

    @Test func magnitudeRescalesTheDirection() {
        // DynamicToss: direction v/10, then magnitude ‖v‖/35 → vector of length ‖v‖/35 along v.
        let push = PushBehavior(mode: .instantaneous)
        #expect(push.pushDirection == .zero && push.magnitude == 0 && push.angle == 0)
        push.pushDirection = Vec2(300, 400) / 10
        push.magnitude = 500 / 35
        #expect(isClose(push.pushDirection.x, 0.6 * 500 / 35, 1e-9) && isClose(push.pushDirection.y, 0.8 * 500 / 35, 1e-9))
        push.magnitude = -1
        #expect(isClose(push.pushDirection.x, -0.6, 1e-12))
    }

    @Test func inactivePushDoesNothing() throws {
        let animator = try makeAnimator(nil)
        let item = try animator.box(at: .zero)
        let push = PushBehavior(items: [item], mode: .continuous)
        push.pushDirection = Vec2(1, 0)
        push.active = false
        try animator.addBehavior(push)
        animator.step(count: 10)
        #expect(try animator.velocity(of: item) == .zero)
    }
}
