// Sleep: islands at rest fall asleep after 0.5 s below 5 pt/s; contacts, joints and the API wake them.
import Testing
@testable import KineticPhysics

@Suite struct SleepTests {
    @Test func restingBodyFallsAsleepAndWakesOnImpulse() {
        let world = makeWorld()
        addStaticBox(world, center: Vec2(0, 10), halfWidth: 200, halfHeight: 10)
        let box = addBox(world, at: Vec2(0, -10), halfWidth: 10, halfHeight: 10)
        // Placed on the ground it is at rest at once; it must sleep after the 0.5 s timer (plus the
        // first steps of settling), so by 1 s.
        run(world, seconds: 1)
        #expect(!world.isAwake(box))
        #expect(world.isAtRest)
        #expect(world.awakeBodyCount == 0)
        world.applyLinearImpulse(Vec2(1e5, 0), at: world.worldCenter(of: box), to: box)
        #expect(world.isAwake(box))
        world.step(by: testStep)
        #expect(world.linearVelocity(of: box).x > 0)
        #expect(!world.isAtRest)
    }

    @Test func slowDriftAboveThresholdKeepsABodyAwake() throws {
        // 6 pt/s is above the 5 pt/s threshold: awake after 2 s. 4 pt/s is below: asleep after 1 s.
        let world = makeWorld(gravity: .zero)
        let fast = addCircle(world, at: .zero, radius: 10, velocity: Vec2(6, 0))
        let slow = addCircle(world, at: Vec2(0, 100), radius: 10, velocity: Vec2(4, 0))
        run(world, seconds: 2)
        #expect(world.isAwake(fast))
        #expect(!world.isAwake(slow))
        #expect(world.linearVelocity(of: slow) == .zero)
    }

    @Test func fallingBodyWakesASleepingStack() {
        let world = makeWorld()
        addStaticBox(world, center: Vec2(0, 10), halfWidth: 200, halfHeight: 10)
        let bottom = addBox(world, at: Vec2(0, -10), halfWidth: 10, halfHeight: 10)
        let top = addBox(world, at: Vec2(0, -30), halfWidth: 10, halfHeight: 10)
        run(world, seconds: 1.5)
        #expect(!world.isAwake(bottom) && !world.isAwake(top))
        let ball = addCircle(world, at: Vec2(0, -200), radius: 5)
        var woke = false
        run(world, seconds: 1) { if world.isAwake(bottom) { woke = true } }
        #expect(woke)
        #expect(world.isValid(ball))
    }

    @Test func allowSleepFalseNeverSleeps() {
        let world = makeWorld(gravity: .zero)
        let body = addCircle(world, at: .zero, radius: 10) { $0.allowSleep = false }
        run(world, seconds: 2)
        #expect(world.isAwake(body))
        #expect(!world.isAtRest)
    }

    @Test func disabledSleepKeepsEverythingAwake() {
        let world = makeWorld { $0.enableSleep = false }
        addStaticBox(world, center: Vec2(0, 10), halfWidth: 200, halfHeight: 10)
        let box = addBox(world, at: Vec2(0, -10), halfWidth: 10, halfHeight: 10)
        run(world, seconds: 2)
        #expect(world.isAwake(box))
    }
}
