// Items: mass (O1), geometry validation, handles (stale, foreign), state access.
import Testing
import Foundation
@testable import KineticPhysics
@testable import KineticDynamics

@Suite struct DynamicItemTests {
    @Test func massIsTrueAreaTimesDensityOver10000() throws {
        let animator = try makeAnimator()
        #expect(try animator.mass(of: try animator.box(at: .zero, 100, 100)) == 1)
        #expect(isClose(try animator.mass(of: try animator.box(at: .zero, 100, 200)), 2, 1e-12))
        let ellipse = try animator.addItem(ItemDef(center: .zero, size: Size(100, 50), bounds: .ellipse))
        #expect(isClose(try animator.mass(of: ellipse), .pi * 50 * 25 / 10_000, 1e-12))
        let triangle = try animator.addItem(ItemDef(center: .zero, bounds: .path([Vec2(0, -50), Vec2(50, 50), Vec2(-50, 50)])))
        #expect(isClose(try animator.mass(of: triangle), 100 * 100 / 2 / 10_000, 1e-12))
        #expect(try animator.size(of: triangle) == Size(100, 100))
        // Group: an L of two boxes, mass = sum.
        let l = try animator.addItem(ItemDef(center: .zero, bounds: .parts([
            ItemPart(bounds: .rectangle, center: Vec2(0, 0), size: Size(100, 20)),
            ItemPart(bounds: .rectangle, center: Vec2(-40, 40), size: Size(20, 60)),
        ])))
        #expect(isClose(try animator.mass(of: l), (2000 + 1200) / 10_000, 1e-12))
    }

    @Test func massFollowsDensityAndTheEngineAgrees() throws {
        let animator = try makeAnimator()
        let item = try animator.box(at: .zero, 50, 50)
        let props = DynamicItemBehavior(items: [item]); props.density = 4
        try animator.addBehavior(props)
        animator.step()
        #expect(try animator.mass(of: item) == 1)
        #expect(isClose(animator.world.mass(of: animator.records[Int(item.index)].body), 1, 1e-12))
    }

    @Test func badItemsAreRefusedWithAMessage() throws {
        let animator = try makeAnimator()
        func message(_ def: ItemDef) -> String {
            do { _ = try animator.addItem(def); return "" } catch { return error.message }
        }
        #expect(message(ItemDef(name: "a", center: .zero, size: Size(0, 10))).contains("width"))
        #expect(message(ItemDef(name: "b", center: .zero, size: Size(10, -1))).contains("height"))
        #expect(message(ItemDef(name: "c", center: Vec2(.nan, 0), size: Size(10, 10))).contains("center"))
        #expect(message(ItemDef(name: "d", center: .zero, size: Size(10, 10), angle: .infinity)).contains("angle"))
        #expect(message(ItemDef(name: "e", center: .zero, bounds: .path([Vec2(0, 0), Vec2(1, 0)]))).contains("at least 3"))
        let concave = [Vec2(0, 0), Vec2(100, 0), Vec2(100, 100), Vec2(50, 20), Vec2(0, 100)]
        let m = message(ItemDef(name: "f", center: .zero, bounds: .path(concave)))
        #expect(m.contains("convex") && m.contains("parts"), "\(m)")
        #expect(message(ItemDef(name: "g", center: .zero)).contains("size"))
        #expect(message(ItemDef(name: "h", center: .zero, bounds: .parts([ItemPart(bounds: .parts([]))]))).contains("nest"))
        #expect(animator.items.isEmpty)   // nothing was added
        _ = try animator.box("ball", at: .zero)
        #expect(message(ItemDef(name: "ball", center: .zero, size: Size(1, 1))).contains("already exists"))
    }

    // A 10⁻³²⁰ pt wide item was accepted, and from the first step filled the scene with NaN.
    @Test func sizesThatAreNotNormalNumbersOrGiveNoUsableMassAreRefused() throws {
        let animator = try makeAnimator()
        func message(_ def: ItemDef) -> String {
            do { _ = try animator.addItem(def); return "" } catch { return error.message }
        }
        #expect(message(ItemDef(name: "subnormal", center: .zero, size: Size(1e-320, 10)))
                == "item 'subnormal' width must be a number > 0 and at most 10000000 pt, got 1e-320")
        #expect(message(ItemDef(name: "huge", center: .zero, size: Size(10, 1e300))).contains("height must be a number > 0 and at most"))
        #expect(message(ItemDef(name: "tiny", center: .zero, size: Size(1e-300, 1e-300))).contains("too small for the engine"))
        #expect(message(ItemDef(name: "dust", center: .zero, size: Size(1e-100, 1e-100), bounds: .ellipse)).contains("too small"))
        let part = ItemPart(center: Vec2(5, 0), size: Size(1e-320, 1))
        #expect(message(ItemDef(name: "group", center: .zero, bounds: .parts([ItemPart(size: Size(10, 10)), part]))).contains("part 2 width"))
        #expect(animator.items.isEmpty)
        // Small but usable: it falls with a normal box without turning anything NaN.
        let small = try animator.box("small", at: Vec2(200, 100), 1e-100, 10)
        let box = try animator.box("box", at: Vec2(200, 120), 10, 10)
        try animator.addBehavior(GravityBehavior(items: [small, box]))
        try animator.addBehavior(CollisionBehavior(items: [small, box]))
        animator.step(count: 30)
        #expect(animator.nonFiniteStateError == nil)
        #expect(try animator.center(of: small).isFinite && animator.center(of: box).isFinite)
    }

    // What an input no check caught would leave: the step reports it, naming the item.
    @Test func aStepThatLeavesAnItemNonFiniteReportsIt() throws {
        let animator = try makeAnimator()
        let ball = try animator.ball("ball", at: Vec2(100, 100))
        try animator.addBehavior(GravityBehavior(items: [ball]))
        animator.step()
        #expect(animator.nonFiniteStateError == nil)
        animator.world.bodyStore[Int(animator.records[Int(ball.index)].body.index)].v = Vec2(.nan, 0)
        animator.step()
        let message = animator.nonFiniteStateError?.message ?? ""
        #expect(message.hasPrefix("item 'ball' has a non-finite state after step"), "\(message)")
        #expect(message.contains("nan"))
        animator.removeAllBehaviors()
        animator.step()
        #expect(animator.nonFiniteStateError == nil)  // cleared once no item is left non-finite
    }

    @Test func anItemHasAtMostTheMaximumNumberOfParts() throws {
        // Parts of one item piled in one spot cost the pair search n² per step: bounded here.
        let animator = try makeAnimator()
        let part = ItemPart(center: .zero, size: Size(10, 10))
        _ = try animator.addItem(ItemDef(center: .zero, bounds: .parts(Array(repeating: part, count: CollisionBounds.maximumPartCount))))
        do {
            _ = try animator.addItem(ItemDef(name: "comb", center: .zero, bounds: .parts(Array(repeating: part, count: 1000))))
            Issue.record("an item of 1000 parts was accepted")
        } catch {
            #expect(error.message == "item 'comb' has 1000 parts; an item may have at most 256", "\(error.message)")
        }
        #expect(animator.items.count == 1)
    }

    @Test func aPileBeyondTheContactCapWarnsOnceAndKeepsRunning() throws {
        // 40 items in one spot make 780 pairs; the world keeps 100 of them as contacts.
        var def = WorldDef(); def.maximumContactCount = 100
        let animator = try DynamicAnimator(referenceBounds: Size(400, 800), fps: 60, substeps: 4, worldDef: def)
        let items = try (0..<40).map { _ in try animator.box(at: Vec2(200, 400), 10, 10) }
        try animator.addBehavior(CollisionBehavior(items: items))
        var warnings: [String] = []
        for _ in 0..<30 {
            animator.step()
            for case .warning(let m) in animator.drainEvents() { warnings.append(m) }
        }
        #expect(warnings == ["the world holds its maximum of 100 contacts (pairs of items close enough to touch): "
            + "items piled on each other beyond that pass through each other until other contacts end"])
        #expect(animator.world.contactCount <= 100)
        // The pile still spreads: the contacts it has push the items apart.
        let spread = try items.map { try animator.center(of: $0) }.map { abs($0.x - 200) + abs($0.y - 400) }.max()!
        #expect(spread > 10)
    }

    @Test func eitherWindingIsAccepted() throws {
        // O19: a clockwise and a counter-clockwise square give the same mass.
        let animator = try makeAnimator()
        let cw = try animator.addItem(ItemDef(center: .zero, bounds: .path([Vec2(-10, -10), Vec2(10, -10), Vec2(10, 10), Vec2(-10, 10)])))
        let ccw = try animator.addItem(ItemDef(center: .zero, bounds: .path([Vec2(-10, 10), Vec2(10, 10), Vec2(10, -10), Vec2(-10, -10)])))
        #expect(try animator.mass(of: cw) == animator.mass(of: ccw))
    }

    @Test func staleAndForeignHandlesGiveClearErrors() throws {
        let a = try makeAnimator(), b = try makeAnimator()
        let ball = try a.box("ball", at: .zero)
        let other = try b.box(at: .zero)
        #expect(throws: DynamicsError.self) { try a.center(of: other) }
        do { _ = try a.center(of: other); Issue.record("no error") } catch { #expect(error.message.contains("another animator")) }
        try a.removeItem(ball)
        do { _ = try a.center(of: ball); Issue.record("no error") } catch { #expect(error.message.contains("'ball' was removed")) }
        // The slot is reused with a new generation; the old handle stays stale.
        let fresh = try a.box(at: Vec2(5, 5))
        #expect(fresh.index == ball.index && fresh.generation != ball.generation)
        #expect(!a.isValid(ball) && a.isValid(fresh))
        #expect(throws: DynamicsError.self) { try a.removeItem(ball) }
    }

    @Test func anItemOfAnotherAnimatorInTheSameSlotIsRefused() throws {
        // Both animators hand out slot 0, generation 1: only the animator's serial tells them apart.
        let a = try makeAnimator(), b = try makeAnimator()
        let ballA = try a.box("ball", at: Vec2(10, 10)), ballB = try b.box("ball", at: Vec2(90, 90))
        #expect(ballA.index == ballB.index && ballA.generation == ballB.generation && ballA.animator != ballB.animator)
        #expect(a.isValid(ballA) && !b.isValid(ballA))
        #expect(b.centerIfLive(ballA) == nil && b.velocityIfLive(ballA) == nil)
        #expect(throws: DynamicsError.self) { try b.setCenter(Vec2(0, 0), of: ballA) }
        #expect(throws: DynamicsError.self) { try b.removeItem(ballA) }
        #expect(try b.center(of: ballB) == Vec2(90, 90) && b.items == [ballB])
    }

    @Test func aStaleItemIsRefusedAfterItsSlotIsReused() throws {
        let animator = try makeAnimator()
        let old = try animator.box("old", at: Vec2(10, 10))
        try animator.removeItem(old)
        let new = try animator.box("new", at: Vec2(50, 50))
        #expect(new.index == old.index && new.generation != old.generation)
        #expect(animator.centerIfLive(old) == nil)
        do { try animator.setCenter(.zero, of: old); Issue.record("no error") } catch { #expect(error.message == "\(old) was removed") }
        #expect(try animator.center(of: new) == Vec2(50, 50) && animator.items == [new])
    }

    @Test func updateItemUsingCurrentStateKeepsVelocity() throws {
        let animator = try makeAnimator(nil)
        let item = try animator.box(at: .zero)
        try animator.addBehavior(DynamicItemBehavior(items: [item]))
        try animator.setVelocity(Vec2(60, 0), of: item)
        animator.step()
        try animator.updateItemUsingCurrentState(item, center: Vec2(200, 300), angle: 0.5)
        #expect(try animator.center(of: item) == Vec2(200, 300))
        #expect(isClose(try animator.angle(of: item), 0.5, 1e-12))
        #expect(isClose(try animator.velocity(of: item).x, 60, 1e-9))
        animator.step(count: 60)
        #expect(isClose(try animator.center(of: item).x, 260, 1e-6))
        #expect(throws: DynamicsError.self) { try animator.updateItemUsingCurrentState(item, center: Vec2(.nan, 0), angle: 0) }
        #expect(isClose(try animator.center(of: item).x, 260, 1e-6))
    }

    @Test func unreferencedItemsDoNotMoveAndLoseVelocityWithTheirBody() throws {
        // Decision: an item has a body only while some behaviour in the tree lists it (UIKit).
        let animator = try makeAnimator(nil)
        let item = try animator.box(at: .zero)
        #expect(try !animator.isSimulated(item))
        let g = GravityBehavior(items: [item])
        try animator.addBehavior(g)
        animator.step(count: 30)
        #expect(try animator.isSimulated(item))
        let stopped = try animator.center(of: item)
        animator.removeBehavior(g)
        animator.step(count: 30)
        #expect(try animator.center(of: item) == stopped)
        #expect(try animator.velocity(of: item) == .zero)
        #expect(try !animator.isSimulated(item))
    }

    @Test func itemsInRectUseTheRotatedFrame() throws {
        let animator = try makeAnimator()
        let a = try animator.box(at: Vec2(50, 50), 100, 10)
        let b = try animator.box(at: Vec2(300, 300), 100, 10, angle: .pi / 2)   // frame 10 × 100
        #expect(animator.items(in: Rect(x: 0, y: 0, width: 60, height: 60)) == [a])
        #expect(animator.items(in: Rect(x: 298, y: 340, width: 4, height: 5)) == [b])
        #expect(animator.items(in: Rect(x: 340, y: 298, width: 5, height: 4)).isEmpty)
        let f = try animator.frame(of: b)
        #expect(isClose(f.width, 10, 1e-9) && isClose(f.height, 100, 1e-9))
    }

    @Test func rebuildItemChangesShapeAndMassAndKeepsMotion() throws {
        // Q19: an explicit rebuild picks up a new size; the velocity and position stay.
        let animator = try makeAnimator(nil)
        let item = try animator.box("grow", at: .zero, 50, 50)
        try animator.addBehavior(DynamicItemBehavior(items: [item]))
        try animator.setVelocity(Vec2(30, 0), of: item)
        animator.step()
        let before = try animator.center(of: item)
        try animator.rebuildItem(item, size: Size(100, 200), bounds: .ellipse)
        #expect(try animator.center(of: item) == before)
        #expect(try animator.size(of: item) == Size(100, 200) && animator.bounds(of: item) == .ellipse)
        #expect(isClose(try animator.mass(of: item), .pi * 50 * 100 / 10_000, 1e-12))
        animator.step()
        #expect(isClose(animator.world.mass(of: animator.records[Int(item.index)].body), .pi * 0.5, 1e-9))
        #expect(isClose(try animator.velocity(of: item).x, 30, 1e-9))
        #expect(throws: DynamicsError.self) { try animator.rebuildItem(item, size: Size(-1, 1), bounds: .rectangle) }
        #expect(try animator.size(of: item) == Size(100, 200))
    }
}
