// Exact queries of the animator (DynamicAnimator+Queries.swift): items with and without bodies,
// boundaries, one hit per item or boundary, a fixed order, and a simulation they leave alone.
import Testing
import KineticPhysics
@testable import KineticDynamics

@Suite struct DynamicAnimatorQueriesTests {
    @Test func itemsAtFindsItemsWithAndWithoutABodyByTheirShape() throws {
        let animator = try makeAnimator()
        let simulated = try animator.ball(at: Vec2(100, 100), diameter: 40)
        let resting = try animator.ball(at: Vec2(110, 100), diameter: 40)  // in no behaviour: no body
        try animator.addBehavior(GravityBehavior(items: [simulated]))
        #expect(try animator.items(at: Vec2(105, 100)) == [simulated, resting])
        #expect(try animator.isSimulated(simulated) && !animator.isSimulated(resting))
        // (114, 114) lies in the corner of the first ball's frame, 19.8 from its centre (inside),
        // and 14.6 from the second's (inside); (118, 118) is 25.5 and 19.7 away.
        #expect(try animator.items(at: Vec2(114, 114)) == [simulated, resting])
        #expect(try animator.items(at: Vec2(118, 118)) == [resting])
        #expect(try animator.items(at: Vec2(131, 100)).isEmpty)
        #expect(throws: DynamicsError.self) { try animator.items(at: Vec2(.nan, 0)) }
    }

    @Test func raycastReportsEachItemAndBoundaryOnceAtItsEntry() throws {
        let animator = try makeAnimator(Size(400, 400))
        // One item made of two squares 20 wide, at x 90…110 and 150…170 along y = 200.
        let pair = try animator.addItem(ItemDef(center: Vec2(130, 200), size: Size(80, 20), bounds: .parts([
            ItemPart(center: Vec2(-30, 0), size: Size(20, 20)), ItemPart(center: Vec2(30, 0), size: Size(20, 20)),
        ])))
        let collision = CollisionBehavior(items: [pair])
        collision.translatesReferenceBoundsIntoBoundary = true
        // A closed square outline 200…300 that the ray crosses twice.
        try collision.addBoundary(withIdentifier: "pen", path: [Vec2(200, 150), Vec2(300, 150), Vec2(300, 250), Vec2(200, 250)])
        try animator.addBehavior(collision)
        let hits = try animator.raycast(from: Vec2(10, 200), to: Vec2(410, 200))
        #expect(hits.map(\.target) == [.item(pair), .boundary("pen"), .referenceBounds])
        let expected: [Double] = [80.0 / 400, 190.0 / 400, 390.0 / 400]
        #expect(hits.map(\.fraction) == expected)
        #expect(hits.allSatisfy { isClose($0.normal.x, -1, 1e-12) && isClose($0.normal.y, 0, 1e-12) })
        #expect(hits[0].point == Vec2(90, 200))
        // Starting inside the first square: the item is met again only where the ray enters the second.
        let inside = try animator.raycast(from: Vec2(100, 200), to: Vec2(190, 200))
        #expect(inside.map(\.target) == [.item(pair)] && isClose(inside[0].fraction, 50.0 / 90, 1e-12))
        #expect(throws: DynamicsError.self) { try animator.raycast(from: Vec2(1, 2), to: Vec2(1, 2)) }
        #expect(throws: DynamicsError.self) { try animator.raycast(from: Vec2(-1e308, 0), to: Vec2(1e308, 0)) }
    }

    @Test func equalFractionsPutTheLaterItemFirst() throws {
        let animator = try makeAnimator()
        let first = try animator.ball(at: Vec2(100, 100))
        let second = try animator.ball(at: Vec2(100, 100))
        try animator.addBehavior(GravityBehavior(items: [second]))  // one with a body, one without
        let hits = try animator.raycast(from: Vec2(0, 100), to: Vec2(200, 100))
        #expect(hits.map(\.target) == [.item(second), .item(first)])
        #expect(hits[0].fraction == hits[1].fraction)
    }

    @Test func overlappingListsItemsThenBoundaries() throws {
        let animator = try makeAnimator(Size(400, 400))
        let ball = try animator.ball(at: Vec2(100, 100), diameter: 40)
        let box = try animator.box(at: Vec2(30, 100), 20, 20)
        let collision = CollisionBehavior(items: [box])
        collision.translatesReferenceBoundsIntoBoundary = true
        try collision.addBoundary(withIdentifier: "shelf", from: Vec2(0, 118), to: Vec2(400, 118))
        try animator.addBehavior(collision)
        // A rectangle spanning x 10…170, y 108…120 cuts the ball (down to y = 120), the box
        // (x 20…40, y 90…110) and the shelf at y = 118.
        let found = try animator.itemsAndBoundaries(overlapping: ItemDef(center: Vec2(90, 114), size: Size(160, 12)))
        #expect(found == [.item(ball), .item(box), .boundary("shelf")])
        // An ellipse in the corner of the ball's frame, outside the ball.
        let corner = ItemDef(center: Vec2(118, 82), size: Size(6, 6), bounds: .ellipse)
        #expect(try animator.itemsAndBoundaries(overlapping: corner).isEmpty)
        // Against the reference bounds' left edge.
        #expect(try animator.itemsAndBoundaries(overlapping: ItemDef(center: Vec2(0, 300), size: Size(10, 10))) == [.referenceBounds])
        #expect(throws: DynamicsError.self) { try animator.itemsAndBoundaries(overlapping: ItemDef(center: .zero, size: Size(0, 10))) }
    }

    @Test func queriesLeaveTheSimulationBitIdentical() throws {
        // The same scene twice; one is queried before its first step, after every step, and between
        // removing every behaviour and adding them back within one frame (where bringing the engine
        // up to date would drop the bodies and their velocities). The motion must match bit for bit.
        func run(querying: Bool) throws -> [Vec2] {
            let animator = try makeAnimator(Size(400, 400))
            let items = try (0..<6).map { i in try animator.ball(at: Vec2(60 + 50 * Double(i), 100 + 7 * Double(i)), diameter: 30) }
            let box = try animator.box(at: Vec2(200, 300), 120, 20, angle: 0.2)
            func addBehaviors() throws {
                try animator.addBehavior(GravityBehavior(items: items + [box]))
                let collision = CollisionBehavior(items: items + [box])
                collision.translatesReferenceBoundsIntoBoundary = true
                try collision.addBoundary(withIdentifier: "ramp", from: Vec2(0, 250), to: Vec2(150, 350))
                try animator.addBehavior(collision)
            }
            func query() throws {
                guard querying else { return }
                _ = try animator.items(at: Vec2(200, 300))
                _ = try animator.raycast(from: Vec2(0, 0), to: Vec2(400, 400))
                _ = try animator.itemsAndBoundaries(overlapping: ItemDef(center: Vec2(200, 200), size: Size(300, 300), bounds: .ellipse))
            }
            try addBehaviors()
            try query()
            for step in 0..<120 {
                animator.step()
                try query()
                if step == 40 {
                    animator.removeAllBehaviors()
                    try query()
                    try addBehaviors()
                    try query()
                }
            }
            return try (items + [box]).flatMap { [try animator.center(of: $0), try animator.velocity(of: $0), Vec2(try animator.angle(of: $0), 0)] }
        }
        #expect(try run(querying: true) == run(querying: false))
    }

    @Test func boundariesNotYetInTheEngineAreFoundAsDeclared() throws {
        // Before any step the engine holds no boundary; after one, a changed boundary is answered
        // from its new declaration, not from the engine's old segment.
        let animator = try makeAnimator(Size(400, 400))
        let collision = CollisionBehavior()
        try collision.addBoundary(withIdentifier: "wall", from: Vec2(200, 0), to: Vec2(200, 400))
        try animator.addBehavior(collision)
        let ray = (from: Vec2(0, 100), to: Vec2(400, 100))
        #expect(try animator.raycast(from: ray.from, to: ray.to).map(\.fraction) == [0.5])
        animator.step()
        #expect(try animator.raycast(from: ray.from, to: ray.to).map(\.fraction) == [0.5])
        try collision.addBoundary(withIdentifier: "wall", from: Vec2(300, 0), to: Vec2(300, 400))
        #expect(try animator.raycast(from: ray.from, to: ray.to).map(\.fraction) == [0.75])
        #expect(try animator.itemsAndBoundaries(overlapping: ItemDef(center: Vec2(200, 100), size: Size(10, 10))).isEmpty)
        #expect(try animator.itemsAndBoundaries(overlapping: ItemDef(center: Vec2(300, 100), size: Size(10, 10))) == [.boundary("wall")])
        animator.removeBehavior(collision)
        #expect(try animator.raycast(from: ray.from, to: ray.to).isEmpty)
    }
}
