// Forces and impulses applied to one item: UIKit units converted as a push converts them.
import Testing
import Foundation
import KineticPhysics
@testable import KineticDynamics

@Suite struct ImpulseTests {
    @Test func anOffCentreImpulseMatchesAnInstantaneousPushAtTheSamePoint() throws {
        let animator = try makeAnimator(nil)
        let pushed = try animator.box(at: Vec2(0, 0), 80, 40, angle: 0.3)
        let kicked = try animator.box(at: Vec2(1000, 0), 80, 40, angle: 0.3)
        let push = PushBehavior(items: [pushed], mode: .instantaneous)
        push.pushDirection = Vec2(0.4, -1.1)
        push.offset = Vec2(20, 10)  // in the item's rotating frame
        try animator.addBehavior(push)
        try animator.addBehavior(DynamicItemBehavior(items: [kicked]))
        // The same point in world coordinates: the offset rotated by the angle, from the centre.
        let point = Vec2(1000 + 20 * cos(0.3) - 10 * sin(0.3), 20 * sin(0.3) + 10 * cos(0.3))
        try animator.applyImpulse(Vec2(0.4, -1.1), at: point, to: kicked)
        animator.step()
        // The lever arms are computed at different places (1000 pt apart, the push through the body's
        // transform), so they agree to rounding, not bit for bit (centred impulses do: ItemImpulseTests).
        let v = try animator.velocity(of: kicked) - animator.velocity(of: pushed)
        #expect(abs(v.x) < 1e-9 && abs(v.y) < 1e-9, "\(v)")
        #expect(isClose(try animator.angularVelocity(of: kicked), try animator.angularVelocity(of: pushed), 1e-9))
        #expect(try abs(animator.angularVelocity(of: kicked)) > 0.1)
    }

    @Test func aForceOfZeroLeavesAPausedAnimatorPaused() throws {
        let animator = try makeAnimator(nil)
        let item = try animator.box(at: .zero)
        try animator.addBehavior(DynamicItemBehavior(items: [item]))
        animator.step(count: 120)
        #expect(!animator.isRunning)
        try animator.applyForce(.zero, to: item)
        try animator.applyTorque(0, to: item)
        animator.step()
        #expect(!animator.isRunning)
        try animator.applyForce(Vec2(1, 0), to: item)
        animator.step()
        #expect(animator.isRunning)
        #expect(isClose(try animator.velocity(of: item).x, 100.0 / 60, 1e-9))
    }
}
