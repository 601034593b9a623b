// Fields: every kind's direction and its dependence on distance, falloff, region, charge, mass
// and velocity (K = 100, O9–O13), checked on the force law and on items in an animator.
import Testing
import Foundation
import KineticPhysics
@testable import KineticDynamics

@Suite struct FieldBehaviorTests {
    func sample(_ p: Vec2, v: Vec2 = .zero, mass: Double = 1, charge: Double = 0, time: Double = 0) -> FieldSample {
        FieldSample(position: p, velocity: v, mass: mass, charge: charge, time: time)
    }
    func near(_ a: Vec2, _ b: Vec2, _ tol: Double = 1e-9) -> Bool { distance(a, b) <= tol * max(1, b.length) }

    @Test func defaultsFollowTheDecisions() {
        // O10 default falloffs; strength 1, infinite region, minimumRadius 5 pt.
        for kind in FieldBehavior.Kind.allCases {
            let f = FieldBehavior(kind: kind)
            let expected: Double = [.radialGravity, .electric].contains(kind) ? 2 : [.spring, .vortex].contains(kind) ? -1 : 0
            #expect(f.falloff == expected, "\(kind)")
            #expect(f.strength == 1 && f.region.isInfinite && f.minimumRadius == 5 && f.position == .zero)
        }
    }

    @Test func linearGravityIsUniformAccelerationK() {
        // a = K·s·direction = 100 · 2 · (0, 1) = 200 pt/s², × mass.
        let f = FieldBehavior.linearGravityField(direction: Vec2(0, 1)); f.strength = 2
        #expect(near(f.force(for: sample(Vec2(10, 999), mass: 3)), Vec2(0, 600)))
        #expect(near(f.acceleration(for: sample(Vec2(-500, 0), mass: 0.1)), Vec2(0, 200)))
    }

    @Test func radialGravityPullsInverseSquareInMetres() {
        // s = 1, falloff 2: at 100 pt (1 m) a = 100 pt/s² toward the position; at 200 pt a quarter.
        let f = FieldBehavior.radialGravityField(position: Vec2(50, 50))
        #expect(near(f.acceleration(for: sample(Vec2(150, 50))), Vec2(-100, 0)))
        #expect(near(f.acceleration(for: sample(Vec2(50, 250))), Vec2(0, -25)))
        // Below minimumRadius the distance counts as minimumRadius: 5 pt → (0.05 m)^−2 = 400 × 100.
        #expect(near(f.acceleration(for: sample(Vec2(51, 50))), Vec2(-40_000, 0)))
        f.falloff = 0
        #expect(near(f.acceleration(for: sample(Vec2(50, 250))), Vec2(0, -100)))
        f.strength = -1   // repels
        #expect(near(f.acceleration(for: sample(Vec2(50, 250))), Vec2(0, 100)))
    }

    @Test func springIsHookeAndMassIndependent() {
        // F = −s·r (engine units) with the default falloff −1: 100 pt away → 100 N-units back.
        let f = FieldBehavior.springField(); f.position = Vec2(0, 0); f.strength = 2
        #expect(near(f.force(for: sample(Vec2(100, 0), mass: 1)), Vec2(-200, 0)))
        #expect(near(f.force(for: sample(Vec2(0, 50), mass: 9)), Vec2(0, -100)))
    }

    @Test func electricScalesWithChargeAndLikeSignsRepel() {
        let f = FieldBehavior.electricField()
        #expect(f.force(for: sample(Vec2(100, 0), charge: 0)) == .zero)
        #expect(near(f.force(for: sample(Vec2(100, 0), charge: 2)), Vec2(200, 0)))     // pushed away
        #expect(near(f.force(for: sample(Vec2(100, 0), charge: -2)), Vec2(-200, 0)))   // pulled in
        #expect(near(f.force(for: sample(Vec2(200, 0), charge: 2)), Vec2(50, 0)))    // 1/d²
        #expect(near(f.force(for: sample(Vec2(100, 0), mass: 7, charge: 2)), Vec2(200, 0)))   // not ∝ m
    }

    @Test func magneticTurnsVelocityCounterClockwiseOnScreen() {
        // O11: moving right (+x) with s·q > 0 the force points up the screen (−y).
        let f = FieldBehavior.magneticField(); f.strength = 2
        #expect(near(f.force(for: sample(Vec2(7, 7), v: Vec2(100, 0), charge: 1)), Vec2(0, -200)))
        #expect(near(f.force(for: sample(.zero, v: Vec2(0, -50), charge: 1)), Vec2(-100, 0)))
        #expect(f.force(for: sample(.zero, v: Vec2(100, 0), charge: 0)) == .zero)
        #expect(f.force(for: sample(.zero, v: .zero, charge: 1)) == .zero)
    }

    @Test func vortexCirclesCounterClockwiseOnScreenAndGrowsWithDistance() {
        // Right of the centre the push is up (−y); with falloff −1, twice as far twice as strong.
        let f = FieldBehavior.vortexField()
        #expect(near(f.acceleration(for: sample(Vec2(100, 0))), Vec2(0, -100)))
        #expect(near(f.acceleration(for: sample(Vec2(200, 0))), Vec2(0, -200)))
        #expect(near(f.acceleration(for: sample(Vec2(0, -100))), Vec2(-100, 0)))   // above: push left
    }

    @Test func dragOpposesVelocityLinearly() {
        let f = FieldBehavior.dragField(); f.strength = 3
        #expect(near(f.force(for: sample(.zero, v: Vec2(10, -20))), Vec2(-30, 60)))
    }

    @Test func noiseIsDeterministicBoundedAndAnimated() {
        let f = FieldBehavior.noiseField(smoothness: 0.5, animationSpeed: 1)
        let a = f.acceleration(for: sample(Vec2(123, 45), time: 0.3))
        #expect(a == f.acceleration(for: sample(Vec2(123, 45), time: 0.3)))          // same bits
        #expect(a != f.acceleration(for: sample(Vec2(123, 45), time: 0.8)))          // animated
        var largest = 0.0, sum = Vec2.zero
        for i in 0..<400 {
            let acc = f.acceleration(for: sample(Vec2(Double(i) * 17.3, Double(i % 20) * 31.1), time: Double(i) * 0.01))
            largest = max(largest, abs(acc.x), abs(acc.y)); sum += acc
        }
        #expect(largest <= 100 * 1.05 && largest > 30, "largest component \(largest)")   // K·s·[−1, 1]
        f.animationSpeed = 0
        #expect(f.acceleration(for: sample(Vec2(5, 5), time: 0)) == f.acceleration(for: sample(Vec2(5, 5), time: 9)))
    }

    @Test func turbulenceScalesWithSpeed() {
        let f = FieldBehavior.turbulenceField(smoothness: 0.2, animationSpeed: 0)
        #expect(f.force(for: sample(Vec2(30, 40), v: .zero)) == .zero)
        let slow = f.force(for: sample(Vec2(30, 40), v: Vec2(100, 0)))
        let fast = f.force(for: sample(Vec2(30, 40), v: Vec2(0, 300)))
        #expect(near(fast, 3 * slow))
    }

    @Test func customFieldReceivesTheSampleAndReturnsNewtons() {
        let f = FieldBehavior.customField { s in Vec2(s.charge, s.mass) }
        #expect(near(f.force(for: sample(.zero, mass: 2, charge: 3)), Vec2(300, 200)))
    }

    @Test func badValuesAreRefused() {
        let f = FieldBehavior(kind: .radialGravity)
        f.strength = .infinity
        #expect(f.strength == 1 && f.takeLastError()?.message.contains("strength") == true)
        f.minimumRadius = -1
        #expect(f.minimumRadius == 5 && f.takeLastError() != nil)
    }

    // MARK: - In an animator

    @Test func fieldsMoveItemsAndRespectRegionAndItems() throws {
        // Linear gravity to the right, region a 200 pt disc around (0, 0): the item inside moves
        // at 100 pt/s² · t; the one outside and the one not added stay.
        let animator = try makeAnimator(nil)
        let inside = try animator.ball(at: Vec2(0, 0))
        let outside = try animator.ball(at: Vec2(0, 500))
        let notAdded = try animator.ball(at: Vec2(0, 50))
        try animator.addBehavior(DynamicItemBehavior(items: [notAdded]))
        let f = FieldBehavior.linearGravityField(direction: Vec2(1, 0))
        f.region = try Region(radius: 200)
        try f.addItem(inside); try f.addItem(outside)
        try animator.addBehavior(f)
        animator.step(count: 60)
        #expect(isClose(try animator.velocity(of: inside).x, 100, 1e-6))
        #expect(try animator.velocity(of: outside) == .zero)
        #expect(try animator.velocity(of: notAdded) == .zero)
    }

    @Test func magneticFieldMakesACircleOfTheDocumentedSense() throws {
        // ω = s·q/m = 2 rad/s; radius v/ω = 100 pt. Moving right, it curves up: after a quarter
        // turn (π/4 s) it is near (100, −100) from the start, heading up.
        let animator = try makeAnimator(nil)
        let item = try animator.box(at: .zero)
        let props = DynamicItemBehavior(items: [item]); props.charge = 2
        try animator.addBehavior(props)
        let f = FieldBehavior.magneticField()
        try f.addItem(item)
        try animator.addBehavior(f)
        try animator.setVelocity(Vec2(200, 0), of: item)
        animator.run(seconds: .pi / 4)
        let c = try animator.center(of: item), v = try animator.velocity(of: item)
        #expect(distance(c, Vec2(100, -100)) < 5, "at \(c)")
        #expect(v.y < -190 && abs(v.x) < 20, "heading \(v)")
    }

    @Test func velocityFieldOverridesOtherAccelerations() throws {
        // Strength 1 × direction (1, 0) = 100 pt/s, even under gravity.
        let animator = try makeAnimator(nil)
        let item = try animator.box(at: .zero)
        let f = FieldBehavior.velocityField(direction: Vec2(1, 0))
        try f.addItem(item)
        try animator.addBehavior(f)
        try animator.addBehavior(GravityBehavior(items: [item]))
        animator.step(count: 30)
        let v = try animator.velocity(of: item)
        #expect(isClose(v.x, 100, 1e-9) && isClose(v.y, 0, 1e-9), "v = \(v)")
    }

    @Test func radialGravityPullsAnItemInward() throws {
        let animator = try makeAnimator(nil)
        let item = try animator.ball(at: Vec2(300, 0))
        let f = FieldBehavior.radialGravityField(position: .zero); f.strength = 10
        try f.addItem(item)
        try animator.addBehavior(f)
        animator.step(count: 10)
        // a = 100·10/(3 m)² = 111 pt/s² toward the origin.
        let v = try animator.velocity(of: item)
        #expect(isClose(v.x, -111.1 * 10 / 60, 1.0) && abs(v.y) < 1e-9, "v = \(v)")
    }

    @Test func aCustomFieldReturningNaNIsIgnored() throws {
        // NaN never reaches the engine: the force is dropped and the item keeps its state.
        let animator = try makeAnimator(nil)
        let item = try animator.box(at: Vec2(10, 10))
        let f = FieldBehavior.customField { _ in Vec2(.nan, 1) }
        try f.addItem(item)
        try animator.addBehavior(f)
        animator.step(count: 5)
        #expect(try animator.center(of: item) == Vec2(10, 10) && animator.velocity(of: item) == .zero)
    }

    @Test func noiseFieldKeepsTheAnimatorRunning() throws {
        let animator = try makeAnimator(nil)
        let item = try animator.box(at: .zero)
        let f = FieldBehavior.noiseField(smoothness: 1, animationSpeed: 0.5)
        try f.addItem(item)
        let props = DynamicItemBehavior(items: [item]); props.resistance = 5
        try animator.addBehavior(f)
        try animator.addBehavior(props)
        animator.run(seconds: 5)
        #expect(animator.isRunning)
    }
}

// `animationSpeed = 1e300` and `position = {1e300, 0}` crashed the host: the noise turned a
// coordinate of 10³⁰⁰ into an `Int` cell index.
@Suite struct FieldNumericInputTests {
    @Test func positionsAndRatesBeyondTheEnginesRangeAreRefused() throws {
        let noise = FieldBehavior.noiseField(smoothness: 0, animationSpeed: 1)
        #expect(throws: DynamicsError.self) { try noise.checked { noise.animationSpeed = 1e300 } }
        #expect(throws: DynamicsError.self) { try noise.checked { noise.animationSpeed = -1e300 } }
        #expect(throws: DynamicsError.self) { try noise.checked { noise.position = Vec2(1e300, 0) } }
        #expect(noise.animationSpeed == 1 && noise.position == .zero)
        noise.animationSpeed = World.largestInput
        #expect(noise.takeLastError() == nil)
    }

    @Test func noiseFarBeyondAnyCellIsZeroNotATrap() throws {
        let noise = FieldBehavior.noiseField(smoothness: 0, animationSpeed: World.largestInput)
        // The engine's largest rate for a day of window time: 10²⁰, far past Int's range.
        let far = noise.force(for: FieldSample(position: Vec2(1, 1), mass: 1, charge: 0, time: 86_400 * 1000))
        #expect(far == .zero)
        let near = FieldBehavior.noiseField(smoothness: 0, animationSpeed: 1)
        #expect(near.force(for: FieldSample(position: Vec2(1, 1), mass: 1, charge: 0, time: 0.5)) != .zero)
    }
}
