// Behaviour tree bookkeeping: children, insertion order, the one-place rule, and the order in
// which actions run (O17).
import Testing
import Foundation
import KineticPhysics
@testable import KineticDynamics

@Suite struct DynamicBehaviorTests {
    @Test func treeListsBehavioursInInsertionOrder() throws {
        let animator = try makeAnimator()
        let root = DynamicBehavior(), child1 = GravityBehavior(), child2 = CollisionBehavior(), grandchild = PushBehavior(mode: .continuous)
        try root.addChild(child1)
        try root.addChild(child2)
        try child1.addChild(grandchild)
        let other = DynamicItemBehavior()
        try animator.addBehavior(root)
        try animator.addBehavior(other)
        #expect(animator.behaviors.map(ObjectIdentifier.init) == [root, other].map(ObjectIdentifier.init))
        #expect(animator.allBehaviors.map(ObjectIdentifier.init) == [root, child1, grandchild, child2, other].map(ObjectIdentifier.init))
        #expect(grandchild.animator === animator && grandchild.parent === child1)
        root.removeChild(child1)
        #expect(child1.animator == nil && grandchild.animator == nil && child1.parent == nil)
        #expect(animator.allBehaviors.count == 3)
        animator.removeAllBehaviors()
        #expect(animator.behaviors.isEmpty && root.animator == nil && child2.animator == nil)
    }

    @Test func addingABehaviourTwiceOrAtAnotherLevelIsAnError() throws {
        let animator = try makeAnimator()
        let g = GravityBehavior(), root = DynamicBehavior()
        try animator.addBehavior(g)
        do { try animator.addBehavior(g); Issue.record("no error") } catch { #expect(error.message.contains("already")) }
        #expect(throws: DynamicsError.self) { try root.addChild(g) }          // another level
        try animator.addBehavior(root)
        #expect(throws: DynamicsError.self) { try animator.addBehavior(root) }
        #expect(throws: DynamicsError.self) { try root.addChild(root) }       // itself
        let child = DynamicBehavior()
        try root.addChild(child)
        let loose = DynamicBehavior()
        try loose.addChild(DynamicBehavior())
        #expect(throws: DynamicsError.self) { try child.addChild(root) }      // an ancestor
        let second = try makeAnimator()
        #expect(throws: DynamicsError.self) { try second.addBehavior(g) }     // another animator's
        #expect(animator.allBehaviors.count == 3)
    }

    @Test func actionsRunDepthFirstParentBeforeChildrenAfterEachStep() throws {
        let animator = try makeAnimator()
        let item = try animator.box(at: Vec2(100, 100))
        var order: [String] = []
        let root = DynamicBehavior(); root.action = { order.append("root") }
        let a = GravityBehavior(items: [item]); a.action = { order.append("a") }
        let a1 = DynamicBehavior(); a1.action = { order.append("a1") }
        let b = DynamicBehavior(); b.action = { order.append("b") }
        let top2 = DynamicBehavior(); top2.action = { order.append("top2") }
        try a.addChild(a1); try root.addChild(a); try root.addChild(b)
        try animator.addBehavior(root); try animator.addBehavior(top2)
        animator.step()
        #expect(order == ["root", "a", "a1", "b", "top2"])
        order = []
        animator.step(count: 2)
        #expect(order.count == 10)
    }

    @Test func itemsAreUniqueAndKeepTheirOrder() throws {
        let animator = try makeAnimator()
        let a = try animator.box(at: .zero), b = try animator.box(at: Vec2(1, 1))
        let g = GravityBehavior(items: [b, a, b])
        #expect(g.items == [b, a])
        try g.addItem(a)
        #expect(g.items == [b, a])
        g.removeItem(b)
        #expect(g.items == [a])
        g.removeItem(b)   // ignored
        #expect(g.items == [a])
        try g.addItem(b)  // a removed item can come back
        #expect(g.items == [a, b])
    }
}

@Suite struct BehaviourLifetimeTests {
    @Test func behavioursOutliveTheirAnimatorAndJoinANewOne() throws {
        // The first animator is released without removing its behaviours. Re-used in a second
        // animator, the old behaviour must not touch the engine objects of that animator that
        // happen to have the same slots (here: another behaviour's reference boundary).
        let walls = CollisionBehavior(); walls.translatesReferenceBoundsIntoBoundary = true
        do {
            let first = try makeAnimator()
            let a = try first.box(at: Vec2(100, 100), 20, 20)
            try walls.addItem(a)
            try first.addBehavior(walls)
            first.step(count: 3)
            walls.removeItem(a)
        }
        #expect(walls.animator == nil)
        let second = try makeAnimator()
        let b = try second.box(at: Vec2(100, 700), 20, 20)
        let c = CollisionBehavior(items: [b]); c.translatesReferenceBoundsIntoBoundary = true
        try second.addBehavior(c)
        try second.addBehavior(GravityBehavior(items: [b]))
        second.step()                      // c's boundary takes the first boundary slot
        try second.addBehavior(walls)      // the re-used behaviour had that slot number too
        second.run(seconds: 1)
        #expect(isClose(try second.center(of: b).y, 790, 1))
    }
}

@Suite struct ForeignBehaviorTests {
    @Test func behavioursAndItemsOfAnotherAnimatorAreRefused() throws {
        let a = try makeAnimator(), b = try makeAnimator()
        let ballA = try a.box("ball", at: .zero), ballB = try b.box("ball", at: .zero)
        #expect(ballA.index == ballB.index && ballA.generation == ballB.generation)
        let gravityA = GravityBehavior(items: [ballA])
        try a.addBehavior(gravityA)
        // In A's tree: B can neither take it nor remove it from A.
        #expect(throws: DynamicsError.self) { try b.addBehavior(gravityA) }
        b.removeBehavior(gravityA)
        #expect(gravityA.animator === a && a.behaviors.count == 1 && b.behaviors.isEmpty)
        // A behaviour in B's tree refuses A's item, though B has an item in the same slot.
        let gravityB = GravityBehavior()
        try b.addBehavior(gravityB)
        do { try gravityB.addItem(ballA); Issue.record("no error") } catch { #expect(error.message.contains("another animator")) }
        #expect(gravityB.items.isEmpty)
        // A behaviour made with A's item is refused by B when it is added.
        let loose = GravityBehavior(items: [ballA])
        do { try b.addBehavior(loose); Issue.record("no error") } catch { #expect(error.message.contains("another animator")) }
        #expect(b.behaviors.count == 1 && loose.animator == nil)
    }
}
