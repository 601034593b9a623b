// Collision: who collides (shared behaviour, mode), boundaries (reference bounds with insets,
// segments, paths), and began/ended events: once per contact, deterministic, with identifiers.
import Testing
import Foundation
import KineticPhysics
@testable import KineticDynamics

@Suite struct CollisionBehaviorTests {
    enum Event: Equatable { case began(String, String), ended(String, String) }

    /// Records events with item names (boundary ids as given, "bounds" for the reference bounds).
    /// The callbacks hold the animator unowned: it holds `c`, which holds them (a strong capture
    /// would be a reference cycle that leaks the whole scene).
    func record(_ c: CollisionBehavior, _ animator: DynamicAnimator, into log: Log) {
        unowned let animator = animator
        func name(_ p: CollisionPartner) -> String {
            switch p {
            case .item(let id): return (try? animator.name(of: id)).flatMap { $0 } ?? "?"
            case .boundary(let b): return b
            case .referenceBounds: return "bounds"
            }
        }
        c.began = { _, item, other, point in
            log.events.append(.began((try? animator.name(of: item)).flatMap { $0 } ?? "?", name(other)))
            log.points.append(point)
        }
        c.ended = { _, item, other in
            log.events.append(.ended((try? animator.name(of: item)).flatMap { $0 } ?? "?", name(other)))
        }
    }
    final class Log { var events: [Event] = []; var points: [Vec2] = [] }

    @Test func itemsFallOntoTheInsetReferenceBoundsAndReportOnce() throws {
        // A 20 pt ball under gravity lands on the bottom wall at y = 800 − 50; it settles and
        // reports exactly one began with the point on the wall, and no ended while resting.
        let animator = try makeAnimator()
        let ball = try animator.ball("ball", at: Vec2(200, 600))
        let c = CollisionBehavior(items: [ball])
        c.setTranslatesReferenceBoundsIntoBoundary(insets: EdgeInsets(top: 20, left: 5, bottom: 50, right: 5))
        let log = Log()
        record(c, animator, into: log)
        try animator.addBehavior(c)
        try animator.addBehavior(GravityBehavior(items: [ball]))
        animator.run(seconds: 3)
        #expect(log.events == [.began("ball", "bounds")], "\(log.events)")
        #expect(isClose(log.points[0].y, 750, 1) && isClose(log.points[0].x, 200, 1))
        #expect(isClose(try animator.center(of: ball).y, 740, 1))
    }

    @Test func onlyItemsSharingABehaviourCollide() throws {
        // a and b share one behaviour; c is in another: a falls onto b and stops, c falls
        // through b (UIKit: items of different collision behaviours pass through each other).
        let animator = try makeAnimator(nil)
        let floor = try animator.box("floor", at: Vec2(0, 200), 600, 20)
        let a = try animator.ball("a", at: Vec2(-100, 0)), c = try animator.ball("c", at: Vec2(100, 0))
        let anchored = DynamicItemBehavior(items: [floor]); anchored.isAnchored = true
        try animator.addBehavior(anchored)
        try animator.addBehavior(CollisionBehavior(items: [floor, a]))
        try animator.addBehavior(CollisionBehavior(items: [c]))
        try animator.addBehavior(GravityBehavior(items: [a, c]))
        animator.run(seconds: 1.5)
        #expect(isClose(try animator.center(of: a).y, 180, 1))
        #expect(try animator.center(of: c).y > 400)
    }

    @Test func boundariesModeLetsItemsPassThroughEachOther() throws {
        let animator = try makeAnimator()
        let a = try animator.ball("a", at: Vec2(100, 400)), b = try animator.ball("b", at: Vec2(300, 400))
        let c = CollisionBehavior(items: [a, b], mode: .boundaries)
        c.translatesReferenceBoundsIntoBoundary = true
        let log = Log(); record(c, animator, into: log)
        try animator.addBehavior(c)
        try animator.setVelocity(Vec2(200, 0), of: a)
        try animator.setVelocity(Vec2(-200, 0), of: b)
        animator.run(seconds: 1)
        // They crossed (no item contact) and neither has reached a wall yet.
        #expect(try animator.center(of: a).x > 250 && animator.center(of: b).x < 150)
        #expect(log.events.isEmpty)
        // Switching to items mode makes them collide on the way back.
        c.collisionMode = .everything
        try animator.setVelocity(Vec2(-200, 0), of: a)
        try animator.setVelocity(Vec2(200, 0), of: b)
        animator.run(seconds: 1)
        #expect(log.events.first == .began("a", "b") || log.events.first == .began("b", "a"), "\(log.events)")
    }

    @Test func beganAndEndedComeOncePerContactWithBoundaryIdentifiers() throws {
        // A bouncing ball (elasticity 1, no gravity) between two named walls: each touch gives
        // one began then one ended, alternating walls.
        let animator = try makeAnimator(nil)
        let ball = try animator.ball("ball", at: Vec2(0, 0), diameter: 20)
        let props = DynamicItemBehavior(items: [ball]); props.elasticity = 1
        let c = CollisionBehavior(items: [ball])
        try c.addBoundary(withIdentifier: "left", from: Vec2(-100, -100), to: Vec2(-100, 100))
        try c.addBoundary(withIdentifier: "right", path: [Vec2(100, -100), Vec2(100, 100)], closed: false)
        #expect(c.boundaryIdentifiers == ["left", "right"])
        let log = Log(); record(c, animator, into: log)
        try animator.addBehavior(props)
        try animator.addBehavior(c)
        try animator.setVelocity(Vec2(300, 0), of: ball)
        animator.run(seconds: 2)   // 180 pt between touches at 300 pt/s: 0.3, 0.9, 1.5 s
        #expect(log.events == [
            .began("ball", "right"), .ended("ball", "right"),
            .began("ball", "left"), .ended("ball", "left"),
            .began("ball", "right"), .ended("ball", "right"),
        ], "\(log.events)")
        #expect(isClose(log.points[0].x, 100, 1) && isClose(log.points[1].x, -100, 1))
    }

    @Test func groupedItemsReportOneContactPerPair() throws {
        // An item of two parts lands flat on a floor: both parts touch, one began.
        let animator = try makeAnimator(nil)
        let floor = try animator.box("floor", at: Vec2(0, 100), 400, 20)
        let pair = try animator.addItem(ItemDef(name: "pair", center: Vec2(0, 0), bounds: .parts([
            ItemPart(bounds: .rectangle, center: Vec2(-30, 0), size: Size(20, 20)),
            ItemPart(bounds: .ellipse, center: Vec2(30, 0), size: Size(20, 20)),
        ])))
        let anchored = DynamicItemBehavior(items: [floor]); anchored.isAnchored = true
        let c = CollisionBehavior(items: [floor, pair])
        let log = Log(); record(c, animator, into: log)
        try animator.addBehavior(anchored)
        try animator.addBehavior(c)
        try animator.addBehavior(GravityBehavior(items: [pair]))
        animator.run(seconds: 2)
        #expect(log.events.count == 1, "\(log.events)")
        #expect(isClose(try animator.center(of: pair).y, 80, 1))
    }

    @Test func everyBehaviourHoldingThePairHearsItOnceInTreeOrder() throws {
        // Two collision behaviours both list a and b (the second inside a composite): one began
        // each, the top-level one first; a third behaviour with only a hears nothing.
        let animator = try makeAnimator(nil)
        let a = try animator.ball("a", at: Vec2(0, 0)), b = try animator.ball("b", at: Vec2(100, 0))
        var heard: [String] = []
        let first = CollisionBehavior(items: [a, b]); first.began = { _, _, _, _ in heard.append("first") }
        let second = CollisionBehavior(items: [b, a]); second.began = { _, _, _, _ in heard.append("second") }
        let onlyA = CollisionBehavior(items: [a]); onlyA.began = { _, _, _, _ in heard.append("onlyA") }
        let group = DynamicBehavior()
        try group.addChild(second)
        try animator.addBehavior(first)
        try animator.addBehavior(group)
        try animator.addBehavior(onlyA)
        try animator.setVelocity(Vec2(200, 0), of: a)
        animator.run(seconds: 1)
        #expect(heard == ["first", "second"], "\(heard)")
    }

    @Test func eventOrderIsDeterministic() throws {
        // The same scene twice gives the same event list, bit for bit.
        func run() throws -> ([Event], [Vec2]) {
            let animator = try makeAnimator(Size(300, 300))
            var items: [ItemID] = []
            for i in 0..<12 {
                items.append(try animator.ball("b\(i)", at: Vec2(30 + Double(i % 6) * 45, 40 + Double(i / 6) * 40), diameter: 24))
            }
            let c = CollisionBehavior(items: items); c.translatesReferenceBoundsIntoBoundary = true
            let log = Log(); record(c, animator, into: log)
            let props = DynamicItemBehavior(items: items); props.elasticity = 0.5
            try animator.addBehavior(props)
            try animator.addBehavior(c)
            try animator.addBehavior(GravityBehavior(items: items))
            for (k, id) in items.enumerated() { try animator.setVelocity(Vec2(Double(k * 37 % 200) - 100, 0), of: id) }
            animator.run(seconds: 2)
            return (log.events, log.points)
        }
        let first = try run(), second = try run()
        #expect(first.0.count > 12)
        #expect(first.0 == second.0 && first.1 == second.1)
    }

    @Test func removingBoundariesAndReAddingKeepsThem() throws {
        // Q9 fixed: boundaries live on the behaviour, so removing and re-adding it keeps them.
        let animator = try makeAnimator(nil)
        let ball = try animator.ball("ball", at: Vec2(0, 0))
        let c = CollisionBehavior(items: [ball])
        try c.addBoundary(withIdentifier: "floor", path: [Vec2(-100, 50), Vec2(100, 50), Vec2(100, 60)], closed: false)
        try animator.addBehavior(c)
        animator.removeBehavior(c)
        try animator.addBehavior(c)
        try animator.addBehavior(GravityBehavior(items: [ball]))
        animator.run(seconds: 1)
        #expect(isClose(try animator.center(of: ball).y, 40, 1))
        c.removeBoundary(withIdentifier: "floor")
        #expect(c.boundaryIdentifiers.isEmpty)
        animator.run(seconds: 1)
        #expect(try animator.center(of: ball).y > 100)
    }

    @Test func callbacksMayChangeTheTree() throws {
        // On the first touch the callback removes the ball and adds a new gravity: no crash, and
        // the new behaviour runs from the next step.
        let animator = try makeAnimator()
        let ball = try animator.ball("ball", at: Vec2(200, 700))
        let other = try animator.ball("other", at: Vec2(100, 100))
        let c = CollisionBehavior(items: [ball]); c.translatesReferenceBoundsIntoBoundary = true
        var fired = 0
        c.began = { [unowned animator] _, item, _, _ in  // the animator holds c: no cycle
            fired += 1
            try? animator.removeItem(item)
            try? animator.addBehavior(GravityBehavior(items: [other]))
        }
        try animator.addBehavior(c)
        try animator.addBehavior(GravityBehavior(items: [ball]))
        animator.run(seconds: 1)
        #expect(fired == 1)
        #expect(!animator.isValid(ball))
        #expect(try animator.center(of: other).y > 150)
    }

    @Test func fastItemsDoNotTunnelThroughBoundaries() throws {
        // Q1 fixed: a 10 pt ball at 20 000 pt/s moves 333 pt per step, far more than its size;
        // continuous collision (which also asks the collision filter) stops it at the wall.
        let animator = try makeAnimator()
        let ball = try animator.ball("ball", at: Vec2(200, 400), diameter: 10)
        let c = CollisionBehavior(items: [ball]); c.translatesReferenceBoundsIntoBoundary = true
        try animator.addBehavior(c)
        try animator.setVelocity(Vec2(20_000, 3_000), of: ball)
        for _ in 0..<30 {
            animator.step()
            let p = try animator.center(of: ball)
            #expect(p.x > 0 && p.x < 400 && p.y > 0 && p.y < 800, "escaped to \(p)")
        }
    }

    @Test func badBoundariesAreRefused() {
        let c = CollisionBehavior()
        #expect(throws: DynamicsError.self) { try c.addBoundary(withIdentifier: "x", from: .zero, to: .zero) }
        #expect(throws: DynamicsError.self) { try c.addBoundary(withIdentifier: "x", from: .zero, to: Vec2(.nan, 1)) }
        #expect(throws: DynamicsError.self) { try c.addBoundary(withIdentifier: "x", path: [.zero]) }
        #expect(c.boundaryIdentifiers.isEmpty)
        #expect(c.collisionMode == .everything && !c.translatesReferenceBoundsIntoBoundary)
    }

    @Test(arguments: [100.0, 250.0, 400.0])
    func beganReportsTheImpactSpeedOfABallDroppedFromAHeight(height: Double) throws {
        // A ball dropped from rest `height` pt above an anchored floor hits at √(2 g h), g = 1000
        // pt/s². The contact begins within one step of the touch (the speculative margin), and
        // the speed is the one the step started with, so it differs by at most one step's gain
        // g·dt = 16.7 pt/s.
        let animator = try makeAnimator()
        let floor = try animator.box("floor", at: Vec2(200, 710), 400, 20)  // top at y = 700
        let ball = try animator.ball("ball", at: Vec2(200, 690 - height))   // bottom at 700 − h
        let anchored = DynamicItemBehavior(items: [floor]); anchored.isAnchored = true
        try animator.addBehavior(anchored)
        try animator.addBehavior(CollisionBehavior(items: [floor, ball]))
        try animator.addBehavior(GravityBehavior(items: [ball]))
        var hits: [CollisionEvent] = []
        for _ in 0..<120 {
            animator.step()
            hits += animator.collisionEvents.filter { $0.kind == .began }
        }
        let hit = try #require(hits.first)
        #expect(hits.count == 1)
        let expected = (2 * 1000 * height).squareRoot()
        #expect(isClose(hit.approachSpeed, expected, 1000.0 / 60), "\(hit.approachSpeed) against \(expected)")
        #expect(animator.collisionEvents.allSatisfy { $0.approachSpeed >= 0 })
    }

    @Test func aBallRestingOnAnotherReportsNoSpeedAndSidewaysContactsOnlyTheirNormalPart() throws {
        // Items that start touching approach at 0; a ball sliding along a wall at 300 pt/s while
        // moving into it at 50 pt/s reports about 50.
        let animator = try makeAnimator(nil)
        let wall = try animator.box("wall", at: Vec2(0, 0), 20, 2000)  // right face at x = 10
        let ball = try animator.ball("ball", at: Vec2(25, 0))           // 5 pt from the wall
        let anchored = DynamicItemBehavior(items: [wall]); anchored.isAnchored = true
        try animator.addBehavior(anchored)
        try animator.addBehavior(CollisionBehavior(items: [wall, ball]))
        try animator.setVelocity(Vec2(-50, 300), of: ball)
        var hits: [CollisionEvent] = []
        for _ in 0..<30 {
            animator.step()
            hits += animator.collisionEvents.filter { $0.kind == .began }
        }
        let hit = try #require(hits.first)
        #expect(isClose(hit.approachSpeed, 50, 1e-9), "\(hit.approachSpeed)")
    }
}
