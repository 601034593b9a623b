// Sensors: zones fixed or carried, entries and exits once each in a deterministic order, removal,
// sampling after the step, no effect on motion; and sensor items, which never collide.
import Testing
import KineticPhysics
@testable import KineticDynamics

@Suite struct SensorBehaviorTests {
    /// Records a sensor's events with item names. The closures hold the animator unowned: it holds
    /// the sensor, which holds them.
    final class Log { var events: [String] = [] }
    func record(_ s: SensorBehavior, _ animator: DynamicAnimator, _ log: Log, _ label: String = "") {
        unowned let animator = animator
        func name(_ id: ItemID) -> String { ((try? animator.name(of: id)) ?? nil) ?? "?" }
        s.began = { _, item in log.events.append("\(label)began \(name(item))") }
        s.ended = { _, item in log.events.append("\(label)ended \(name(item))") }
    }

    func zone(_ center: Vec2, _ w: Double, _ h: Double, bounds: CollisionBounds = .rectangle) -> ItemDef {
        ItemDef(center: center, size: Size(w, h), bounds: bounds)
    }

    @Test func aBallFallingThroughAFixedZoneEntersAndLeavesOnceEach() throws {
        // A 20 pt ball falls from y = 100 through a 100 × 50 zone centred at y = 325: it touches
        // the zone from y = 290 to y = 360, a few steps at ~700 pt/s.
        let animator = try makeAnimator()
        let ball = try animator.ball("ball", at: Vec2(200, 100))
        try animator.addBehavior(GravityBehavior(items: [ball]))
        let cup = try SensorBehavior(zone: zone(Vec2(200, 325), 100, 50))
        let log = Log()
        record(cup, animator, log)
        try animator.addBehavior(cup)
        var stepsInside = 0
        for _ in 0..<90 {
            animator.step()
            if cup.itemsInside == [ball] { stepsInside += 1 } else { #expect(cup.itemsInside.isEmpty) }
        }
        #expect(log.events == ["began ball", "ended ball"])
        #expect(stepsInside >= 2, "the ball was seen inside for \(stepsInside) steps")
        #expect(try animator.center(of: ball).y > 400)
    }

    @Test func sensorsChangeNoMotionAndGiveNoBody() throws {
        // The same scene with and without sensors (fixed, carried, watching every item) ends bit
        // for bit the same; an item only a sensor lists has no body, so it does not move.
        func scene(withSensors: Bool) throws -> ([Vec2], Vec2) {
            let animator = try makeAnimator()
            let a = try animator.ball("a", at: Vec2(150, 100)), b = try animator.box("b", at: Vec2(220, 300), 40, 40)
            let loner = try animator.box("loner", at: Vec2(300, 300), 20, 20)
            try animator.setVelocity(Vec2(0, 100), of: loner)
            let c = CollisionBehavior(items: [a, b]); c.translatesReferenceBoundsIntoBoundary = true
            try animator.addBehavior(c)
            try animator.addBehavior(GravityBehavior(items: [a, b]))
            if withSensors {
                try animator.addBehavior(try SensorBehavior(zone: zone(Vec2(200, 400), 300, 200)))
                try animator.addBehavior(try SensorBehavior(zone: zone(.zero, 60, 60), carrier: a))
                try animator.addBehavior(try SensorBehavior(zone: zone(Vec2(300, 300), 50, 50), items: [loner]))
            }
            animator.run(seconds: 3)
            return (try [a, b].map { try animator.center(of: $0) }, try animator.center(of: loner))
        }
        let plain = try scene(withSensors: false), sensed = try scene(withSensors: true)
        #expect(plain.0 == sensed.0)
        #expect(sensed.1 == Vec2(300, 300))
    }

    @Test func aCarriedZoneFollowsItsCarrierAndNeverHoldsIt() throws {
        // A box moving right at 300 pt/s carries a 40 pt zone 60 pt ahead of its centre; a post
        // (no body) at x = 250 is inside while the zone passes it, and the box itself never is.
        let animator = try makeAnimator()
        let box = try animator.box("box", at: Vec2(50, 200), 40, 40)
        let post = try animator.box("post", at: Vec2(250, 200), 10, 10)
        try animator.addBehavior(DynamicItemBehavior(items: [box]))
        try animator.setVelocity(Vec2(300, 0), of: box)
        let radar = try SensorBehavior(zone: zone(Vec2(60, 0), 40, 40), carrier: box)
        let log = Log()
        record(radar, animator, log)
        try animator.addBehavior(radar)
        var postSeenAt: Double? = nil
        for _ in 0..<60 {
            animator.step()
            #expect(!radar.itemsInside.contains(box))
            if postSeenAt == nil, radar.itemsInside == [post] { postSeenAt = try animator.center(of: box).x }
        }
        #expect(log.events == ["began post", "ended post"])
        // The zone (x from box + 40 to box + 80) first touches the post (x from 245 to 255) at box ≥ 165.
        let seen = try #require(postSeenAt)
        #expect(seen >= 165 && seen < 175, "seen with the box at x = \(seen)")
    }

    @Test func removingAnItemInsideOrTheSensorEndsTheStayWithoutEnded() throws {
        let animator = try makeAnimator()
        let a = try animator.box("a", at: Vec2(100, 100), 20, 20), b = try animator.box("b", at: Vec2(110, 100), 20, 20)
        try animator.addBehavior(DynamicItemBehavior(items: [a, b]))
        let zone1 = try SensorBehavior(zone: zone(Vec2(100, 100), 80, 80)), zone2 = try SensorBehavior(zone: zone(Vec2(100, 100), 80, 80))
        let log = Log()
        record(zone1, animator, log, "1 "); record(zone2, animator, log, "2 ")
        try animator.addBehavior(zone1); try animator.addBehavior(zone2)
        animator.step()
        #expect(log.events == ["1 began a", "1 began b", "2 began a", "2 began b"])
        log.events = []
        try animator.removeItem(a)
        animator.removeBehavior(zone2)
        #expect(zone2.itemsInside.isEmpty)
        try animator.setVelocity(Vec2(1, 0), of: b)  // keep the animator stepping
        animator.step(count: 3)
        #expect(log.events.isEmpty, "\(log.events)")
        #expect(zone1.itemsInside == [b])
        // A carried sensor goes with its carrier.
        let carried = try SensorBehavior(zone: nil, carrier: b)
        try animator.addBehavior(carried)
        try animator.removeItem(b)
        #expect(carried.animator == nil)
    }

    @Test func whatIsSampledIsTheWorldAfterEachStep() throws {
        // Moved in and out again between two steps: never inside. Moved in: began after the next step.
        let animator = try makeAnimator()
        let token = try animator.box("token", at: Vec2(20, 20), 10, 10)
        try animator.addBehavior(DynamicItemBehavior(items: [token]))
        let pad = try SensorBehavior(zone: zone(Vec2(200, 200), 50, 50))
        let log = Log()
        record(pad, animator, log)
        try animator.addBehavior(pad)
        animator.step()
        try animator.setCenter(Vec2(200, 200), of: token)
        try animator.setCenter(Vec2(20, 20), of: token)
        animator.step()
        #expect(log.events.isEmpty)
        try animator.setCenter(Vec2(200, 200), of: token)
        #expect(log.events.isEmpty)
        animator.step()
        #expect(log.events == ["began token"])
        #expect(animator.sensorEvents.map(\.kind) == [.began])
    }

    @Test func eventOrderIsBeganThenEndedBySensorThenItem() throws {
        // Two items swap places between two zones in one move: every began (zones in tree order,
        // items in the order they were added) comes before every ended.
        let animator = try makeAnimator()
        let a = try animator.box("a", at: Vec2(100, 100), 10, 10), b = try animator.box("b", at: Vec2(300, 100), 10, 10)
        try animator.addBehavior(DynamicItemBehavior(items: [a, b]))
        let left = try SensorBehavior(zone: zone(Vec2(100, 100), 40, 40)), right = try SensorBehavior(zone: zone(Vec2(300, 100), 40, 40))
        let log = Log()
        record(left, animator, log, "L "); record(right, animator, log, "R ")
        let parent = DynamicBehavior()
        try parent.addChild(right); try parent.addChild(left)
        try animator.addBehavior(parent)
        animator.step()
        log.events = []
        try animator.setCenter(Vec2(300, 100), of: a)
        try animator.setCenter(Vec2(100, 100), of: b)
        animator.step()
        #expect(log.events == ["R began a", "L began b", "R ended b", "L ended a"])
    }

    @Test func aWatchListLimitsTheSensorAndLeavingItEnds() throws {
        let animator = try makeAnimator()
        let a = try animator.box("a", at: Vec2(100, 100), 10, 10), b = try animator.box("b", at: Vec2(100, 100), 10, 10)
        try animator.addBehavior(DynamicItemBehavior(items: [a, b]))
        let gate = try SensorBehavior(zone: zone(Vec2(100, 100), 40, 40, bounds: .ellipse), items: [b])
        let log = Log()
        record(gate, animator, log)
        try animator.addBehavior(gate)
        animator.step()
        #expect(log.events == ["began b"])
        gate.removeItem(b)
        animator.step()
        #expect(log.events == ["began b", "ended b"])
        let everything = try SensorBehavior(zone: zone(Vec2(100, 100), 40, 40))
        #expect(throws: DynamicsError.self) { try everything.addItem(a) }
    }

    @Test func itemsAssumedInsideGetNoBegan() throws {
        // What a host does across a reload: the new sensor starts with what the old one held.
        let animator = try makeAnimator()
        let a = try animator.box("a", at: Vec2(100, 100), 10, 10), b = try animator.box("b", at: Vec2(500, 500), 10, 10)
        try animator.addBehavior(DynamicItemBehavior(items: [a, b]))
        let pad = try SensorBehavior(zone: zone(Vec2(100, 100), 40, 40))
        let log = Log()
        record(pad, animator, log)
        try animator.addBehavior(pad)
        pad.assumeInside([a, b])
        animator.step()
        #expect(log.events == ["ended b"])
    }

    @Test func aSensorItemMovesKeepsItsMassAndNeverCollides() throws {
        // A sensor ball and a plain ball fall onto an anchored floor in one collision behaviour: the
        // plain one lands, the sensor one falls through with no collision event; a zone it carries
        // reports the floor and the plain ball.
        let animator = try makeAnimator()
        let floor = try animator.box("floor", at: Vec2(200, 400), 400, 20)
        let plain = try animator.ball("plain", at: Vec2(100, 300))
        var def = ItemDef(name: "ghost", center: Vec2(110, 300), size: Size(20, 20), bounds: .ellipse)
        def.isSensor = true
        let ghost = try animator.addItem(def)
        #expect(try animator.isSensor(ghost) && !animator.isSensor(plain))
        let anchored = DynamicItemBehavior(items: [floor]); anchored.isAnchored = true
        try animator.addBehavior(anchored)
        let c = CollisionBehavior(items: [floor, plain, ghost])
        var collisions: [String] = []
        c.began = { [unowned animator] _, item, partner, _ in
            guard case .item(let other) = partner else { return }
            collisions.append([item, other].map { ((try? animator.name(of: $0)) ?? nil) ?? "?" }.sorted().joined(separator: "+"))
        }
        try animator.addBehavior(c)
        try animator.addBehavior(GravityBehavior(items: [plain, ghost]))
        let aura = try SensorBehavior(zone: nil, carrier: ghost)
        let log = Log()
        record(aura, animator, log)
        try animator.addBehavior(aura)
        animator.run(seconds: 1)
        #expect(collisions == ["floor+plain"])
        #expect(animator.collisionEvents.isEmpty || !animator.collisionEvents.contains { $0.item == ghost })
        #expect(isClose(try animator.mass(of: ghost), try animator.mass(of: plain), 1e-12))
        #expect(try animator.center(of: ghost).y > 500)
        #expect(isClose(try animator.center(of: plain).y, 380, 1))
        #expect(log.events.contains("began floor") && log.events.contains("ended floor"), "\(log.events)")
        #expect(log.events.contains("began plain"), "\(log.events)")
    }
}
