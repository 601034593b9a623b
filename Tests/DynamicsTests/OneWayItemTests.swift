// One-way items (`ItemDef.oneWay`, `setOneWay(_:of:)`): the engine's one-way shapes through the
// animator, with its collision events and its checks. y grows down; screen up is (0, −1).
import Testing
@testable import KineticDynamics
import KineticPhysics

@Suite struct OneWayItemTests {
    /// An anchored 400 × 20 ledge with its top at y = 390, one-way when `oneWay` is given, and a
    /// ball of diameter 20 under it thrown up at 800 pt/s, in one collision behaviour with gravity.
    /// Returns the animator, the ledge, the ball and the began events with the ledge so far.
    func scene(oneWay: Vec2?) throws -> (DynamicAnimator, ItemID, ItemID, () -> Int) {
        let animator = try makeAnimator()
        var def = ItemDef(name: "ledge", center: Vec2(200, 400), size: Size(400, 20))
        def.oneWay = oneWay
        let ledge = try animator.addItem(def)
        let ball = try animator.ball("ball", at: Vec2(200, 500))
        let anchored = DynamicItemBehavior(items: [ledge]); anchored.isAnchored = true
        try animator.addBehavior(anchored)
        let collision = CollisionBehavior(items: [ledge, ball])
        final class Counter { var began = 0 }
        let counter = Counter()
        collision.began = { _, _, _, _ in counter.began += 1 }
        try animator.addBehavior(collision)
        try animator.addBehavior(GravityBehavior(items: [ball]))
        try animator.setVelocity(Vec2(0, -800), of: ball)
        return (animator, ledge, ball, { counter.began })
    }

    @Test func ballThrownUpThroughAOneWayLedgeLandsOnItsTop() throws {
        // 800 pt/s under 1000 pt/s² rises 320 pt: from y = 500 well past the top (390). It must land
        // there, its centre one radius (10 pt) above the top within 1 pt, with one `began` (the
        // landing); a two-way ledge stops it below, its centre never above the bottom (410) + 10.
        let (animator, _, ball, began) = try scene(oneWay: Vec2(0, -1))
        var highest = Double.infinity
        for _ in 0..<120 {
            animator.step()
            highest = min(highest, try animator.center(of: ball).y)
        }
        #expect(highest < 300, "passed up through: highest y \(highest)")
        let landed = try animator.center(of: ball).y
        #expect(isClose(landed, 380, 1), "on the top: \(landed)")
        #expect(began() == 1)

        let (twoWay, _, stopped, _) = try scene(oneWay: nil)
        var top = Double.infinity
        for _ in 0..<120 {
            twoWay.step()
            top = min(top, try twoWay.center(of: stopped).y)
        }
        #expect(top > 419, "stopped under a two-way ledge: highest y \(top)")
    }

    @Test func directionReadsBackAtUnitLengthAndIsWritable() throws {
        let (animator, ledge, ball, _) = try scene(oneWay: Vec2(0, -3))
        #expect(try animator.oneWay(of: ledge) == Vec2(0, -1))
        #expect(try animator.oneWay(of: ball) == nil)
        for bad in [Vec2(0, 0), Vec2(.infinity, 0), Vec2(1e300, 1)] {
            #expect(throws: DynamicsError.self) { try animator.setOneWay(bad, of: ledge) }
            var def = ItemDef(center: .zero, size: Size(10, 10))
            def.oneWay = bad
            #expect(throws: DynamicsError.self) { try animator.addItem(def) }
        }
        #expect(try animator.oneWay(of: ledge) == Vec2(0, -1), "a refused write changes nothing")
        // Landed, then the ledge turned to stop items from below only: the ball falls through.
        animator.run(seconds: 2)
        #expect(isClose(try animator.center(of: ball).y, 380, 1))
        try animator.setOneWay(Vec2(0, 1), of: ledge)
        animator.run(seconds: 0.5)
        let fallen = try animator.center(of: ball).y
        #expect(fallen > 420, "fell through: \(fallen)")
        try animator.setOneWay(nil, of: ledge)
        #expect(try animator.oneWay(of: ledge) == nil)
    }
}
