// Attachments: rod pendulum period, limit (rope), sliding (prismatic), pin (revolute), fixed
// (weld), anchor dragging, springs and the bad inputs.
import Testing
import Foundation
import KineticPhysics
@testable import KineticDynamics

@Suite struct AttachmentBehaviorTests {
    @Test func pendulumPeriodIs2PiRootLOverG() throws {
        // A small ball on a 100 pt rod under 1000 pt/s²: T = 2π√(L/g) = 2π√0.1 = 1.987 s for
        // small swings (5° here: the amplitude correction is 1 + θ²/16 ≈ 1.0005).
        let animator = try makeAnimator(nil)
        let length = 100.0, theta = 5 * Double.pi / 180
        let ball = try animator.ball(at: Vec2(length * sin(theta), length * cos(theta)), diameter: 4)
        let rod = try AttachmentBehavior(item: ball, attachedToAnchor: .zero)
        try animator.addBehavior(rod)
        try animator.addBehavior(GravityBehavior(items: [ball]))
        #expect(isClose(rod.length, length, 1e-9))
        #expect(rod.kind == .distance && rod.attachedBehaviorType == .anchor)
        // Time the downward zero crossings of x (interpolated) over several periods.
        var crossings: [Double] = []
        var previous = try animator.center(of: ball).x
        for step in 1...(60 * 9) {
            animator.step()
            let x = try animator.center(of: ball).x
            if previous > 0 && x <= 0 { crossings.append((Double(step) - x / (x - previous)) / 60) }
            previous = x
        }
        #expect(crossings.count >= 4)
        let period = (crossings.last! - crossings.first!) / Double(crossings.count - 1)
        let expected = 2 * Double.pi * (0.1).squareRoot()
        #expect(abs(period - expected) / expected < 0.02, "period \(period) s, expected \(expected) s")
    }

    @Test func limitNeverExceedsItsLength() throws {
        // A ball on a 120 pt rope thrown sideways and falling: distance ≤ 120 (+0.5 pt solver slack).
        let animator = try makeAnimator(nil)
        let anchor = try animator.box(at: .zero, 10, 10)
        let ball = try animator.ball(at: Vec2(30, 0), diameter: 10)
        let anchoredProps = DynamicItemBehavior(items: [anchor]); anchoredProps.isAnchored = true
        let rope = try AttachmentBehavior.limit(item: ball, attachedTo: anchor)
        rope.length = 120
        try animator.addBehavior(anchoredProps)
        try animator.addBehavior(rope)
        try animator.addBehavior(GravityBehavior(items: [ball]))
        try animator.setVelocity(Vec2(400, -300), of: ball)
        var longest = 0.0, shortest = Double.infinity
        for _ in 0..<240 {
            animator.step()
            let d = distance(try animator.center(of: ball), .zero)
            longest = max(longest, d); shortest = min(shortest, d)
        }
        #expect(longest <= 120.5, "longest \(longest)")
        #expect(longest > 119, "the rope went taut")
        #expect(shortest < 100, "and was slack at times: \(shortest)")
        #expect(try animator.center(of: anchor) == .zero)
        #expect(rope.kind == .limit)
    }

    @Test func slidingKeepsTheItemOnItsAxisAndInsideItsRange() throws {
        // Axis at 30° below +x through the start; gravity pulls it down the slope; range [−20, 80].
        let animator = try makeAnimator(nil)
        let start = Vec2(100, 100)
        let item = try animator.box(at: start, 30, 30)
        let axis = Vec2(cos(Double.pi / 6), sin(Double.pi / 6))
        let slide = try AttachmentBehavior.sliding(item: item, attachedTo: nil, anchor: start, axis: axis * 5)
        slide.attachmentRange = FloatRange(minimum: -20, maximum: 80)
        try animator.addBehavior(slide)
        try animator.addBehavior(GravityBehavior(items: [item]))
        var furthest = 0.0
        for _ in 0..<180 {
            animator.step()
            let r = try animator.center(of: item) - start
            #expect(abs(cross(axis, r)) < 0.5, "off axis by \(cross(axis, r))")
            furthest = max(furthest, dot(r, axis))
            #expect(abs(try animator.angle(of: item)) < 1e-3)
        }
        #expect(furthest <= 80.5 && furthest > 79, "travel \(furthest)")
        #expect(throws: DynamicsError.self) { try AttachmentBehavior.sliding(item: item, attachedTo: nil, anchor: start, axis: .zero) }
        slide.attachmentRange = FloatRange(minimum: 5, maximum: 10)   // must contain 0
        #expect(slide.takeLastError() != nil && slide.attachmentRange.minimum == -20)
    }

    @Test func pinKeepsBothAnchorPointsTogetherWhileSwinging() throws {
        // Two bars pinned end to end; the first pinned to the world at its other end. Both swing.
        let animator = try makeAnimator(nil)
        let a = try animator.box(at: Vec2(50, 0), 100, 10)
        let b = try animator.box(at: Vec2(150, 0), 100, 10)
        let top = try AttachmentBehavior.pin(item: a, attachedTo: nil, anchor: .zero)
        let joint = try AttachmentBehavior.pin(item: b, attachedTo: a, anchor: Vec2(100, 0))
        try animator.addBehavior(top)
        try animator.addBehavior(joint)
        try animator.addBehavior(GravityBehavior(items: [a, b]))
        var worst = 0.0, turned = 0.0
        for _ in 0..<180 {
            animator.step()
            // The pin point seen from each bar: A's right end, B's left end.
            let pa = Transform(try animator.center(of: a), try animator.angle(of: a)).apply(Vec2(50, 0))
            let pb = Transform(try animator.center(of: b), try animator.angle(of: b)).apply(Vec2(-50, 0))
            worst = max(worst, distance(pa, pb))
            turned = max(turned, abs(try animator.angle(of: b) - animator.angle(of: a)))
        }
        #expect(worst < 0.5, "pin points drifted \(worst) pt apart")
        #expect(turned > 0.1, "the bars turned relative to each other")
        #expect(joint.kind == .pin)
    }

    @Test func pinRangeLimitsTheRelativeAngle() throws {
        // A bar pinned at its left end to the world, allowed to turn 0…0.5 rad clockwise.
        let animator = try makeAnimator(nil)
        let bar = try animator.box(at: Vec2(50, 0), 100, 10)
        let pin = try AttachmentBehavior.pin(item: bar, attachedTo: nil, anchor: .zero)
        pin.attachmentRange = FloatRange(minimum: 0, maximum: 0.5)
        try animator.addBehavior(pin)
        try animator.addBehavior(GravityBehavior(items: [bar]))
        animator.run(seconds: 2)
        #expect(isClose(try animator.angle(of: bar), 0.5, 0.02))
    }

    @Test func fixedKeepsTheRelativePose() throws {
        // Two boxes welded, one pushed off-centre: they turn and fly as one body.
        let animator = try makeAnimator(nil)
        let a = try animator.box(at: Vec2(0, 0), 40, 40)
        let b = try animator.box(at: Vec2(60, 10), 40, 40, angle: 0.3)
        let weld = try AttachmentBehavior.fixed(item: b, attachedTo: a, anchor: Vec2(30, 5))
        try animator.addBehavior(weld)
        let push = PushBehavior(items: [a], mode: .instantaneous)
        push.pushDirection = Vec2(0.5, -1)
        try push.setTargetOffsetFromCenter(Vec2(0, 20), for: a)
        try animator.addBehavior(push)
        let relative0 = Transform(Vec2(0, 0), 0).inverseMultiplied(by: Transform(Vec2(60, 10), 0.3))
        for _ in 0..<120 {
            animator.step()
            let ta = Transform(try animator.center(of: a), try animator.angle(of: a))
            let tb = Transform(try animator.center(of: b), try animator.angle(of: b))
            let rel = ta.inverseMultiplied(by: tb)
            #expect(distance(rel.p, relative0.p) < 0.5)
            #expect(abs(Rot.relativeAngle(rel.q, relative0.q)) < 0.01)
        }
        #expect(abs(try animator.angle(of: a)) > 0.2, "the pair turned")
    }

    @Test func movingTheAnchorDragsTheItem() throws {
        let animator = try makeAnimator(nil)
        let item = try animator.box(at: Vec2(0, 50), 20, 20)
        let drag = try AttachmentBehavior(item: item, attachedToAnchor: .zero)
        try animator.addBehavior(drag)
        drag.anchorPoint = Vec2(200, 0)
        animator.run(seconds: 2)
        #expect(isClose(distance(try animator.center(of: item), Vec2(200, 0)), 50, 0.5))
        #expect(try animator.center(of: item).x > 150)
    }

    @Test func shorteningARodToZeroPullsThePointsTogether() throws {
        // Length 100 → 0 at run time: the rod becomes a pin and the item's center reaches the anchor.
        let animator = try makeAnimator(nil)
        let item = try animator.box(at: Vec2(0, 100), 20, 20)
        let rod = try AttachmentBehavior(item: item, attachedToAnchor: .zero)
        try animator.addBehavior(rod)
        animator.step()
        #expect(isClose(rod.length, 100, 1e-9))
        rod.length = 0
        animator.run(seconds: 1)
        #expect(distance(try animator.center(of: item), .zero) < 0.5)
    }

    @Test func dampingWithoutFrequencyHasNoEffect() throws {
        // Q10 (BallSwift's board hanger: length 2, damping 5, frequency 0): a rigid rod ignores
        // damping, so the swing is bit-identical to the undamped one.
        func swing(damping: Double) throws -> [UInt64] {
            let animator = try makeAnimator(nil)
            let item = try animator.box(at: Vec2(80, 60), 20, 20)
            let rod = try AttachmentBehavior(item: item, attachedToAnchor: .zero)
            rod.damping = damping
            try animator.addBehavior(rod)
            try animator.addBehavior(GravityBehavior(items: [item]))
            animator.run(seconds: 1)
            let c = try animator.center(of: item)
            return [c.x.bitPattern, c.y.bitPattern]
        }
        #expect(try swing(damping: 5) == swing(damping: 0))
    }

    @Test func springAttachmentOscillatesAtItsFrequency() throws {
        // frequency 2 Hz spring with no damping, length 0, stretched 30 pt: x(t) = 30 cos(2π·2·t),
        // so after a quarter period (0.125 s) it passes the anchor, after half (0.25 s) it is at −30.
        let animator = try makeAnimator(nil)
        let item = try animator.box(at: Vec2(30, 0), 20, 20)
        let spring = try AttachmentBehavior(item: item, attachedToAnchor: .zero)
        spring.length = 0
        spring.frequency = 2
        try animator.addBehavior(spring)
        animator.step(count: 15)
        let x = try animator.center(of: item).x
        #expect(x < -25, "x = \(x)")
    }

    @Test func frictionTorqueIsInUIKitNewtonMetres() throws {
        // A 100 × 10 bar (mass 0.1) pinned at its left end, horizontal: gravity's torque about the
        // pin is m·g·L/2 = 0.1 · 1000 · 50 = 5000 mass·pt²/s² = 0.5 N·m. frictionTorque 1 (10 000)
        // holds it; 0.25 (2 500) only slows it; 0 lets it swing freely.
        func angleAfterHalfASecond(_ friction: Double) throws -> Double {
            let animator = try makeAnimator(nil)
            let bar = try animator.box(at: Vec2(50, 0), 100, 10)
            let pin = try AttachmentBehavior.pin(item: bar, attachedTo: nil, anchor: .zero)
            pin.frictionTorque = friction
            try animator.addBehavior(pin)
            try animator.addBehavior(GravityBehavior(items: [bar]))
            animator.run(seconds: 0.5)
            return try animator.angle(of: bar)
        }
        let held = try angleAfterHalfASecond(1), slowed = try angleAfterHalfASecond(0.25), free = try angleAfterHalfASecond(0)
        #expect(abs(held) < 0.01, "held bar turned \(held)")
        #expect(slowed > 0.05 && slowed < free - 0.1, "slowed \(slowed), free \(free)")
    }

    /// A pin's motor: `motorSpeed` is the speed its `frictionTorque` drives towards (0, friction, brakes),
    /// Box2D's revolute motor (motorSpeed, maxMotorTorque). A free wheel reaches the speed; a bar
    /// whose weight needs more torque than the cap is held back.
    @Test func motorSpeedTurnsThePinWithAtMostItsFrictionTorque() throws {
        let animator = try makeAnimator(nil)
        let wheel = try animator.box(at: Vec2(0, 0), 40, 40)
        let motor = try AttachmentBehavior.pin(item: wheel, attachedTo: nil, anchor: .zero)
        motor.frictionTorque = 10
        motor.motorSpeed = 3
        try animator.addBehavior(motor)
        animator.run(seconds: 0.5)
        #expect(isClose(try animator.angularVelocity(of: wheel), 3, 1e-6), "the wheel turns at the motor's speed")
        motor.motorSpeed = -2
        animator.run(seconds: 0.5)
        #expect(isClose(try animator.angularVelocity(of: wheel), -2, 1e-6), "a new speed is taken up")

        // The bar of frictionTorqueIsInUIKitNewtonMetres: its weight needs 0.5 N·m about the pin. A
        // motor lifting it (anticlockwise, negative) with 0.25 N·m cannot; with 1 N·m it can.
        func barAngle(cap: Double) throws -> Double {
            let animator = try makeAnimator(nil)
            let bar = try animator.box(at: Vec2(50, 0), 100, 10)
            let pin = try AttachmentBehavior.pin(item: bar, attachedTo: nil, anchor: .zero)
            pin.frictionTorque = cap
            pin.motorSpeed = -1
            try animator.addBehavior(pin)
            try animator.addBehavior(GravityBehavior(items: [bar]))
            animator.run(seconds: 0.5)
            return try animator.angle(of: bar)
        }
        #expect(try barAngle(cap: 0.25) > 0.05, "too weak: the bar falls (clockwise)")
        // 1 N·m less the weight's 0.5 leaves 5000 mass·pt²/s² on I = m·L²/3 = 333: 15 rad/s², so the
        // bar reaches 1 rad/s after 0.067 s and has turned 0.5 − 0.033 rad by 0.5 s.
        let lifted = try barAngle(cap: 1)
        #expect(isClose(lifted, -0.467, 0.01), "strong enough: lifted at 1 rad/s, got \(lifted)")
    }

    /// A slide's motor: `motorSpeed` (pt/s along the axis) is the speed its `frictionForce` (UIKit
    /// newtons) drives towards, Box2D's prismatic motor (motorSpeed, maxMotorForce). A free slider
    /// reaches the speed; an elevator whose load weighs more than the cap sinks at (W − F) / m.
    @Test func motorSpeedDrivesTheSlideWithAtMostItsFrictionForce() throws {
        let animator = try makeAnimator(nil)
        let start = Vec2(100, 100)
        let slider = try animator.box(at: start, 30, 30)
        let axis = Vec2(0.6, 0.8)
        let motor = try AttachmentBehavior.sliding(item: slider, attachedTo: nil, anchor: start, axis: axis)
        motor.frictionForce = 1
        motor.motorSpeed = 50
        try animator.addBehavior(motor)
        animator.run(seconds: 0.5)
        let v = try animator.velocity(of: slider)
        #expect(isClose(dot(v, axis), 50, 1e-6) && abs(cross(axis, v)) < 1e-6, "along the axis at the motor's speed: \(v)")
        motor.motorSpeed = -20
        animator.run(seconds: 0.5)
        #expect(isClose(dot(try animator.velocity(of: slider), axis), -20, 1e-6), "a new speed is taken up")
        motor.frictionForce = 0
        try animator.setVelocity(Vec2(30, 40), of: slider)
        animator.run(seconds: 0.5)
        #expect(isClose(dot(try animator.velocity(of: slider), axis), 50, 1e-9), "no friction force: no motor, it keeps sliding")

        // An elevator: a 30 x 30 box (mass 0.09) on a vertical rail, weight 0.09 × 1000 pt/s² = 0.9 N.
        func elevator(cap: Double, speed: Double) throws -> Double {
            let animator = try makeAnimator(nil)
            let car = try animator.box(at: Vec2(0, 0), 30, 30)
            let rail = try AttachmentBehavior.sliding(item: car, attachedTo: nil, anchor: .zero, axis: Vec2(0, 1))
            rail.frictionForce = cap
            rail.motorSpeed = speed
            try animator.addBehavior(rail)
            try animator.addBehavior(GravityBehavior(items: [car]))
            animator.run(seconds: 0.5)
            return try animator.velocity(of: car).y
        }
        // 0.45 N holds back half the weight: it sinks at (0.9 − 0.45) × 100 / 0.09 = 500 pt/s², 250 pt/s at 0.5 s.
        #expect(isClose(try elevator(cap: 0.45, speed: -100), 250, 1e-6), "too weak: it sinks at (W − F) / m")
        // 2 N lifts it: it rises (negative y) at the motor's speed.
        #expect(isClose(try elevator(cap: 2, speed: -100), -100, 1e-6), "strong enough: it rises at 100 pt/s")
    }

    @Test func offsetsRotateWithTheItems() throws {
        // A rod between the right edge of a and the left edge of b; a is spun. The two offset points,
        // seen in each item's rotating frame, stay the rod's length apart.
        let animator = try makeAnimator(nil)
        let a = try animator.box(at: Vec2(0, 0), 40, 40), b = try animator.box(at: Vec2(100, 0), 40, 40)
        let rod = try AttachmentBehavior(item: a, offsetFromCenter: Vec2(20, 0), attachedTo: b, offsetFromCenter: Vec2(-20, 0))
        try animator.addBehavior(rod)
        #expect(isClose(rod.length, 60, 1e-9) && rod.attachedBehaviorType == .items)
        try animator.setAngularVelocity(4, of: a)
        var worst = 0.0
        for _ in 0..<120 {
            animator.step()
            let pa = Transform(try animator.center(of: a), try animator.angle(of: a)).apply(Vec2(20, 0))
            let pb = Transform(try animator.center(of: b), try animator.angle(of: b)).apply(Vec2(-20, 0))
            worst = max(worst, abs(distance(pa, pb) - 60))
        }
        #expect(worst < 0.5, "rod length drifted by \(worst)")
        #expect(abs(try animator.angle(of: b)) > 0.1, "the spin was passed on through the rod")
    }

    @Test func lengthDefaultsToTheDistanceWhenJoining() throws {
        let animator = try makeAnimator(nil)
        let a = try animator.box(at: Vec2(0, 0), 20, 20), b = try animator.box(at: Vec2(30, 40), 20, 20)
        let rope = try AttachmentBehavior.limit(item: a, offsetFromCenter: Vec2(10, 0), attachedTo: b)
        #expect(rope.length == 0)                                          // unknown before joining
        #expect(isClose(try rope.measuredLength(in: animator), (20.0 * 20 + 40 * 40).squareRoot(), 1e-9))
        try animator.setCenter(Vec2(-30, 0), of: a)                        // moved before joining
        try animator.addBehavior(rope)
        #expect(isClose(rope.length, (50.0 * 50 + 40 * 40).squareRoot(), 1e-9))   // (−20, 0) to (30, 40)
    }

    @Test func attachmentsRefuseBadInput() throws {
        let animator = try makeAnimator(nil)
        let a = try animator.box(at: .zero)
        #expect(throws: DynamicsError.self) { try AttachmentBehavior(item: a, attachedTo: a) }
        #expect(throws: DynamicsError.self) { try AttachmentBehavior.pin(item: a, attachedTo: a, anchor: .zero) }
        #expect(throws: DynamicsError.self) { try AttachmentBehavior(item: a, attachedToAnchor: Vec2(.nan, 0)) }
        let rod = try AttachmentBehavior(item: a, attachedToAnchor: Vec2(0, 100))
        rod.length = -1
        #expect(rod.takeLastError()?.message.contains("length") == true)
        rod.frequency = .nan
        #expect(rod.frequency == 0 && rod.takeLastError() != nil)
        #expect(throws: DynamicsError.self) { try rod.addItem(a) }
        #expect(rod.attachmentRange.isInfinite && rod.damping == 0 && rod.frictionTorque == 0)
    }
}
