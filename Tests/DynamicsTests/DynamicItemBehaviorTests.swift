// Item behaviour: resistance law (O5), rotation lock, anchoring, elasticity, property merging
// (O8) and velocity access before and after joining an animator.
import Testing
import Foundation
import KineticPhysics
@testable import KineticDynamics

@Suite struct DynamicItemBehaviorTests {
    @Test func resistanceDecaysSpeedAsDocumented() throws {
        // O5: each of the 240 substeps per second divides v by 1 + h·r; r = 1 gives
        // v(1 s) = 100 · (1 + 1/240)^−240 = 36.864 pt/s (≈ 100 e^−1).
        let animator = try makeAnimator(nil)
        let item = try animator.box(at: .zero)
        let props = DynamicItemBehavior(items: [item]); props.resistance = 1
        try animator.addBehavior(props)
        try props.addLinearVelocity(Vec2(100, 0), for: item)
        animator.step(count: 60)
        let expected = 100 * pow(1.0 + 1.0 / 240.0, -240.0)
        let v = try animator.velocity(of: item).x
        #expect(isClose(v, expected, 0.01), "v = \(v)")
    }

    @Test func angularResistanceUsesTheSameLaw() throws {
        let animator = try makeAnimator(nil)
        let item = try animator.box(at: .zero)
        let props = DynamicItemBehavior(items: [item]); props.angularResistance = 2
        try animator.addBehavior(props)
        try props.addAngularVelocity(5, for: item)
        animator.step(count: 60)
        let w = try animator.angularVelocity(of: item)
        #expect(isClose(w, 5 * pow(1.0 + 2.0 / 240.0, -240.0), 1e-3), "ω = \(w)")
    }

    @Test func allowsRotationFalseKeepsTheAngleAtExactlyZero() throws {
        // An off-centre push and a tumble against the floor would turn it; the angle stays 0.
        let animator = try makeAnimator()
        let item = try animator.box(at: Vec2(200, 100), 60, 20)
        let props = DynamicItemBehavior(items: [item]); props.allowsRotation = false
        let push = PushBehavior(items: [item], mode: .instantaneous)
        push.pushDirection = Vec2(0.5, 0.2)
        try push.setTargetOffsetFromCenter(Vec2(30, 10), for: item)
        let walls = CollisionBehavior(items: [item]); walls.translatesReferenceBoundsIntoBoundary = true
        try animator.addBehavior(props)
        try animator.addBehavior(push)
        try animator.addBehavior(walls)
        try animator.addBehavior(GravityBehavior(items: [item]))
        try props.addAngularVelocity(3, for: item)
        for _ in 0..<240 {
            animator.step()
            #expect(try animator.angle(of: item) == 0)
        }
        #expect(try animator.angularVelocity(of: item) == 0)
    }

    @Test func anchoredItemsNeverMoveAndStillCollide() throws {
        let animator = try makeAnimator(nil)
        let floor = try animator.box(at: Vec2(0, 300), 400, 20)
        let ball = try animator.ball(at: Vec2(0, 0), diameter: 20)
        let props = DynamicItemBehavior(items: [floor]); props.isAnchored = true
        try animator.addBehavior(props)
        try animator.addBehavior(CollisionBehavior(items: [floor, ball]))
        try animator.addBehavior(GravityBehavior(items: [floor, ball]))
        let push = PushBehavior(items: [floor], mode: .continuous); push.pushDirection = Vec2(10, 0)
        try animator.addBehavior(push)
        animator.run(seconds: 2)
        #expect(try animator.center(of: floor) == Vec2(0, 300))
        #expect(try animator.angle(of: floor) == 0)
        // The ball rests on top: floor top at 290, ball radius 10 → center near 280.
        let y = try animator.center(of: ball).y
        #expect(isClose(y, 280, 1.0), "ball at \(y)")
        #expect(try animator.mass(of: floor) == 0.8)   // still reports its UIKit mass
    }

    /// A velocity written to an item that is anchored, or may not rotate, reads back as ignored at
    /// once, also when the behaviour that says so was added or changed after the last step: before
    /// the item has a body, and while its body is still the dynamic one of the last step. One
    /// written in the turn that frees it again counts.
    @Test func ignoredVelocityWritesReadBackAsIgnoredBeforeTheNextStep() throws {
        let animator = try makeAnimator(nil)
        let fresh = try animator.box(at: Vec2(0, 0), 20, 20)
        let props = DynamicItemBehavior(items: [fresh]); props.isAnchored = true
        try animator.addBehavior(props)
        try animator.setVelocity(Vec2(100, 0), of: fresh)
        #expect(try animator.velocity(of: fresh) == .zero)

        let moving = try animator.box(at: Vec2(100, 0), 20, 20)
        try animator.addBehavior(GravityBehavior(items: [moving]))
        animator.step()
        #expect(try animator.velocity(of: moving).y > 0)
        let later = DynamicItemBehavior(items: [moving])
        try animator.addBehavior(later)
        try animator.setAngularVelocity(3, of: moving)
        #expect(try animator.angularVelocity(of: moving) == 3)
        later.allowsRotation = false
        #expect(try animator.angularVelocity(of: moving) == 0)
        later.isAnchored = true
        try animator.setVelocity(Vec2(50, 0), of: moving)
        #expect(try animator.velocity(of: moving) == .zero)
        animator.step()
        #expect(try animator.velocity(of: moving) == .zero)
        #expect(try animator.velocity(of: fresh) == .zero)

        // Freed in the same turn: the write counts at once and the item moves with it.
        later.isAnchored = false
        later.allowsRotation = true
        try animator.setVelocity(Vec2(50, 0), of: moving)
        try animator.setAngularVelocity(2, of: moving)
        #expect(try animator.velocity(of: moving) == Vec2(50, 0))
        #expect(try animator.angularVelocity(of: moving) == 2)
        let x = try animator.center(of: moving).x
        animator.step()
        #expect(try animator.center(of: moving).x > x + 0.5)
    }

    @Test func elasticityOneBouncesBackUp() throws {
        // A ball dropped 200 pt onto an anchored floor with elasticity 1 returns near its height.
        let animator = try makeAnimator(nil)
        let floor = try animator.box(at: Vec2(0, 300), 400, 20)
        let ball = try animator.ball(at: Vec2(0, 80), diameter: 20)
        let floorProps = DynamicItemBehavior(items: [floor]); floorProps.isAnchored = true
        let ballProps = DynamicItemBehavior(items: [ball]); ballProps.elasticity = 1
        try animator.addBehavior(floorProps)
        try animator.addBehavior(ballProps)
        try animator.addBehavior(CollisionBehavior(items: [floor, ball]))
        try animator.addBehavior(GravityBehavior(items: [ball]))
        var highest = Double.infinity, bounced = false
        for _ in 0..<90 {
            animator.step()
            let v = try animator.velocity(of: ball).y
            if v < 0 { bounced = true }
            if bounced { highest = min(highest, try animator.center(of: ball).y) }
        }
        #expect(bounced && highest < 95, "rose back to y = \(highest)")
    }

    @Test func onlyExplicitPropertiesApplyAndTheLastAddedWins() throws {
        // O8: b1 sets density 2 and friction 0.3; b2 (added later) sets density 5 only.
        let animator = try makeAnimator(nil)
        let item = try animator.box(at: .zero)
        let b1 = DynamicItemBehavior(items: [item]); b1.density = 2; b1.friction = 0.3
        let b2 = DynamicItemBehavior(items: [item]); b2.density = 5
        try animator.addBehavior(b1)
        try animator.addBehavior(b2)
        #expect(try animator.mass(of: item) == 5)
        animator.synchronize()
        #expect(animator.records[Int(item.index)].material.friction == 0.3)
        animator.removeBehavior(b2)
        #expect(try animator.mass(of: item) == 2)
        // Reading an unset property gives the UIKit default.
        #expect(b2.friction == 0 && b2.elasticity == 0 && b2.allowsRotation && !b2.isAnchored && b2.charge == 0)
    }

    @Test func velocitiesAddedBeforeJoiningAccumulate() throws {
        let animator = try makeAnimator(nil)
        let item = try animator.box(at: .zero)
        let props = DynamicItemBehavior(items: [item])
        try props.addLinearVelocity(Vec2(10, 0), for: item)
        try props.addLinearVelocity(Vec2(5, 5), for: item)
        #expect(try props.linearVelocity(for: item) == Vec2(15, 5))
        try animator.addBehavior(props)
        #expect(try animator.velocity(of: item) == Vec2(15, 5))
        animator.step()
        #expect(try props.linearVelocity(for: item) == Vec2(15, 5))
        // The UIKit idiom to set a velocity: add (v − current).
        try props.addLinearVelocity(Vec2(-100, 0) - (try props.linearVelocity(for: item)), for: item)
        let v = try animator.velocity(of: item)
        #expect(isClose(v.x, -100, 1e-9) && isClose(v.y, 0, 1e-9))
    }

    @Test func badValuesAreRefused() throws {
        let props = DynamicItemBehavior()
        props.density = 0
        #expect(props.density == 1 && props.takeLastError()?.message.contains("density") == true)
        props.resistance = -1
        #expect(props.resistance == 0 && props.takeLastError() != nil)
        props.elasticity = .nan
        #expect(props.elasticity == 0 && props.takeLastError() != nil)
        let animator = try makeAnimator(nil)
        let item = try animator.box(at: .zero)
        #expect(throws: DynamicsError.self) { try props.addLinearVelocity(Vec2(1, 0), for: item) }   // not its item
    }
}

@Suite struct MaterialMixingTests {
    /// Deceleration of a box sliding at 300 pt/s on a floor under gravity 1000 pt/s²: μ·1000.
    func deceleration(itemFriction: Double, floorFriction: Double?) throws -> Double {
        let animator = try makeAnimator(nil)
        let box = try animator.box(at: Vec2(0, -10), 20, 20)
        let props = DynamicItemBehavior(items: [box]); props.friction = itemFriction
        let c = CollisionBehavior(items: [box])
        try animator.addBehavior(props)
        if let floorFriction {
            let floor = try animator.box(at: Vec2(0, 10), 2000, 20)
            let floorProps = DynamicItemBehavior(items: [floor]); floorProps.isAnchored = true; floorProps.friction = floorFriction
            try animator.addBehavior(floorProps)
            try c.addItem(floor)
        } else {
            try c.addBoundary(withIdentifier: "floor", from: Vec2(-1000, 0), to: Vec2(1000, 0))
        }
        try animator.addBehavior(c)
        try animator.addBehavior(GravityBehavior(items: [box]))
        animator.step(count: 6)   // settle onto the floor
        try animator.setVelocity(Vec2(300, 0), of: box)
        let v0 = try animator.velocity(of: box).x
        animator.step(count: 12)  // 0.2 s
        return (v0 - (try animator.velocity(of: box).x)) / 0.2
    }

    @Test func itemPairsUseTheGeometricMeanOfFriction() throws {
        // O6: μ = √(0.25 · 1) = 0.5 → 500 pt/s².
        let a = try deceleration(itemFriction: 0.25, floorFriction: 1)
        #expect(isClose(a, 500, 25), "deceleration \(a)")
    }

    @Test func boundariesActAsFrictionOneSurfaces() throws {
        // O6: a boundary has no material; μ = √(f · 1) = √0.25 = 0.5 → 500 pt/s²; f = 0 slides freely.
        let a = try deceleration(itemFriction: 0.25, floorFriction: nil)
        #expect(isClose(a, 500, 25), "deceleration \(a)")
        let free = try deceleration(itemFriction: 0, floorFriction: nil)
        #expect(abs(free) < 1, "deceleration \(free)")
    }
}
