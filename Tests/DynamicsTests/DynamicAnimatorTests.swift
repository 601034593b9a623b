// Animator: behaviour tree bookkeeping, action order (O17), stepping and clock (O18), pause and
// resume, snapshot, determinism and the errors for misuse.
import Testing
import Foundation
import KineticPhysics
@testable import KineticDynamics

@Suite struct DynamicAnimatorTests {
    @Test func initRefusesBadSettings() {
        #expect(throws: DynamicsError.self) { try DynamicAnimator(referenceBounds: Size(0, 10)) }
        #expect(throws: DynamicsError.self) { try DynamicAnimator(referenceBounds: Size(10, .nan)) }
        #expect(throws: DynamicsError.self) { try DynamicAnimator(fps: 0) }
        #expect(throws: DynamicsError.self) { try DynamicAnimator(substeps: 0) }
        #expect((try? DynamicAnimator())?.stepDuration == 1.0 / 60)
        #expect((try? DynamicAnimator())?.substeps == 4)
    }

    @Test func behaviourTreesAreBoundedInDepth() throws {
        // A chain nested without end made every walk of the tree (and freeing it) recurse past
        // the stack. A tree of exactly maxDepth levels works, in an animator and out of one.
        let animator = try makeAnimator()
        let root = DynamicBehavior()
        try animator.addBehavior(root)
        var leaf = root
        for _ in 1..<DynamicBehavior.maxDepth {
            let child = DynamicBehavior()
            try leaf.addChild(child)
            leaf = child
        }
        #expect(animator.allBehaviors.count == DynamicBehavior.maxDepth)
        do { try leaf.addChild(DynamicBehavior()); Issue.record("no error") } catch {
            #expect(error.message == "the behaviour tree would be 101 levels deep; a tree may have at most 100")
        }
        // Built from the bottom up outside the animator, the whole subtree counts.
        var bottom = DynamicBehavior()
        for _ in 1..<DynamicBehavior.maxDepth {
            let parent = DynamicBehavior()
            try parent.addChild(bottom)
            bottom = parent
        }
        #expect(throws: DynamicsError.self) { try DynamicBehavior().addChild(bottom) }
        #expect(throws: DynamicsError.self) { try root.addChild(bottom) }
        animator.step()
        #expect(animator.allBehaviors.count == DynamicBehavior.maxDepth)
    }

    @Test func anAnimatorHoldsBoundedBehavioursAndItems() throws {
        let animator = try makeAnimator()
        let many = DynamicBehavior()
        for _ in 2..<DynamicAnimator.maxBehaviors { try many.addChild(DynamicBehavior()) }  // and itself
        try animator.addBehavior(many)
        let last = DynamicBehavior()
        try animator.addBehavior(last)
        do { try animator.addBehavior(DynamicBehavior()); Issue.record("no error") } catch {
            #expect(error.message == "the animator would have 100001 behaviours; it may have at most 100000")
        }
        animator.removeBehavior(last)
        try animator.addBehavior(DynamicBehavior())
        #expect(throws: DynamicsError.self) { try many.addChild(DynamicBehavior()) }

        for i in 0..<DynamicAnimator.maxItems { try animator.addItem(ItemDef(center: Vec2(Double(i % 100), 0), size: Size(1, 1))) }
        do { try animator.addItem(ItemDef(center: .zero, size: Size(1, 1))); Issue.record("no error") } catch {
            #expect(error.message == "the animator has 100000 items; it may have at most 100000")
        }
        try animator.removeItem(animator.items[0])
        _ = try animator.box(at: .zero)
    }

    @Test func foreignAndStaleItemsAreRefusedWhenJoining() throws {
        let animator = try makeAnimator(), other = try makeAnimator()
        let mine = try animator.box(at: .zero), theirs = try other.box(at: .zero)
        let g = GravityBehavior(items: [mine, theirs])
        do { try animator.addBehavior(g); Issue.record("no error") } catch { #expect(error.message.contains("another animator")) }
        #expect(g.animator == nil && animator.behaviors.isEmpty)
        let gone = try animator.box("gone", at: .zero)
        try animator.removeItem(gone)
        let root = DynamicBehavior(); try root.addChild(GravityBehavior(items: [gone]))
        do { try animator.addBehavior(root); Issue.record("no error") } catch { #expect(error.message.contains("'gone' was removed")) }
        let live = GravityBehavior(items: [mine])
        try animator.addBehavior(live)
        #expect(throws: DynamicsError.self) { try live.addItem(theirs) }
        #expect(live.items == [mine])
    }

    @Test func aReleasedAnimatorTakesItsWholeTreeOut() throws {
        // A script may hold behaviours after its world is gone: they leave the tree with it and
        // can join another animator.
        let root = DynamicBehavior()
        let child = GravityBehavior()
        try root.addChild(child)
        do {
            let animator = try makeAnimator()
            try animator.addBehavior(root)
            #expect(root.animator === animator && child.animator === animator)
        }
        #expect(root.animator == nil && child.animator == nil)
        let next = try makeAnimator()
        try next.addBehavior(root)
        #expect(child.animator === next)
        next.removeBehavior(root)
        #expect(root.animator == nil && child.animator == nil)
    }

    @Test func actionsMayRemoveAndAddBehaviours() throws {
        // BallSwift's reset: an action removes every behaviour and rebuilds them mid-run.
        let scene = try makeAnimator()
        // `build` and the actions hold the animator unowned: it holds each action (through its
        // gravity), so a strong capture would be a cycle that leaks the scene.
        unowned let animator = scene
        let ball = try animator.ball("ball", at: Vec2(100, 100))
        var rebuilds = 0
        func build() throws {
            let g = GravityBehavior(items: [ball])
            g.action = {
                if (try? animator.center(of: ball).y) ?? 0 > 300 {
                    rebuilds += 1
                    animator.removeAllBehaviors()
                    try? animator.updateItemUsingCurrentState(ball, center: Vec2(100, 100), angle: 0)
                    try? build()
                }
            }
            try animator.addBehavior(g)
        }
        try build()
        animator.run(seconds: 3)
        #expect(rebuilds >= 3)
        #expect(animator.behaviors.count == 1)
        // No second-gravity warning: the removal happened before the new one was added.
        #expect(!animator.drainEvents().contains { if case .warning = $0 { return true }; return false })
        withExtendedLifetime(scene) {}
    }

    @Test func pausesWhenAStackComesToRestAndResumesWhenPushed() throws {
        // Three boxes stacked on the reference floor settle, fall asleep and the animator pauses
        // (one .paused event, time frozen). A push resumes it (one .resumed event).
        let animator = try makeAnimator(Size(400, 400))
        var boxes: [ItemID] = []
        for k in 0..<3 { boxes.append(try animator.box("box\(k)", at: Vec2(200, 370 - Double(k) * 60), 60, 60)) }
        let c = CollisionBehavior(items: boxes); c.translatesReferenceBoundsIntoBoundary = true
        let props = DynamicItemBehavior(items: boxes); props.friction = 0.5
        try animator.addBehavior(props)
        try animator.addBehavior(c)
        try animator.addBehavior(GravityBehavior(items: boxes))
        var pausedAfter: Int? = nil
        for step in 1...600 {
            animator.step()
            if !animator.isRunning { pausedAfter = step; break }
        }
        #expect(pausedAfter != nil, "never paused")
        #expect(animator.drainEvents() == [.resumed, .paused])
        let frozen = animator.elapsedTime
        animator.step(count: 30)
        #expect(animator.elapsedTime == frozen && animator.drainEvents().isEmpty)
        #expect(isClose(try animator.center(of: boxes[0]).y, 370, 1))
        let push = PushBehavior(items: [boxes[2]], mode: .instantaneous)
        push.pushDirection = Vec2(0.2, 0)
        try animator.addBehavior(push)
        animator.step()
        #expect(animator.isRunning && animator.drainEvents() == [.resumed])
        #expect(try animator.velocity(of: boxes[2]).x > 10)
        #expect(animator.elapsedTime > frozen)
    }

    @Test func removingTheSupportOfASleepingItemLetsItFall() throws {
        // Gravity never wakes a sleeping body by itself, so the engine must wake the bodies that
        // touched a removed item; likewise when a boundary under a sleeping item goes away.
        let animator = try makeAnimator(nil)
        let bottom = try animator.box("bottom", at: Vec2(0, 80), 40, 40)
        let top = try animator.box("top", at: Vec2(0, 40), 40, 40)
        let c = CollisionBehavior(items: [bottom, top])
        try c.addBoundary(withIdentifier: "floor", from: Vec2(-200, 100), to: Vec2(200, 100))
        try animator.addBehavior(c)
        try animator.addBehavior(GravityBehavior(items: [bottom, top]))
        animator.run(seconds: 3)
        #expect(!animator.isRunning)
        try animator.removeItem(bottom)
        animator.run(seconds: 0.5)
        let y = try animator.center(of: top).y
        #expect(isClose(y, 80, 1), "top at \(y)")
        animator.run(seconds: 3)
        #expect(!animator.isRunning)
        c.removeBoundary(withIdentifier: "floor")
        animator.run(seconds: 0.5)
        #expect(try animator.center(of: top).y > 150)
    }

    @Test func closuresHearPauseAndResume() throws {
        let animator = try makeAnimator()
        let item = try animator.box(at: Vec2(100, 100))
        var heard: [String] = []
        animator.onPause = { heard.append("pause") }
        animator.onResume = { heard.append("resume") }
        try animator.addBehavior(DynamicItemBehavior(items: [item]))
        animator.run(seconds: 2)   // nothing moves: it falls asleep after the sleep delay
        #expect(heard == ["resume", "pause"])
        try animator.setVelocity(Vec2(10, 0), of: item)
        animator.step()
        #expect(heard == ["resume", "pause", "resume"])
    }

    @Test func elapsedTimeResetsAfterPausingWithNoBehaviours() throws {
        // O18: the clock runs only while running, and restarts from 0 after an empty pause.
        let animator = try makeAnimator()
        let item = try animator.box(at: Vec2(100, 100))
        let g = GravityBehavior(items: [item])
        try animator.addBehavior(g)
        animator.step(count: 30)
        #expect(isClose(animator.elapsedTime, 0.5, 1e-9))
        animator.removeBehavior(g)
        animator.step(count: 5)
        #expect(!animator.isRunning)
        try animator.addBehavior(g)
        animator.step()
        #expect(isClose(animator.elapsedTime, 1.0 / 60, 1e-12))
        // Emptying and refilling the tree while running (BallSwift's reset) keeps the clock.
        animator.removeAllBehaviors()
        try animator.addBehavior(g)
        animator.step(count: 2)
        #expect(isClose(animator.elapsedTime, 3.0 / 60, 1e-12))
        // Emptied while paused: the next run starts from 0 again.
        animator.removeAllBehaviors()
        animator.step(count: 2)
        #expect(!animator.isRunning)
        let resting = GravityBehavior(items: [item])
        try animator.addBehavior(resting)
        animator.step()
        #expect(isClose(animator.elapsedTime, 1.0 / 60, 1e-12))
    }

    @Test func stepWithNothingToSimulateStaysPaused() throws {
        let animator = try makeAnimator()
        _ = try animator.box(at: .zero)
        try animator.addBehavior(DynamicBehavior())
        animator.step(count: 3)
        #expect(!animator.isRunning && animator.elapsedTime == 0 && animator.drainEvents().isEmpty)
    }

    @Test func snapshotListsItemsLinksFieldsAndBoundaries() throws {
        let animator = try makeAnimator()
        animator.debugEnabled = true
        let a = try animator.box("a", at: Vec2(100, 100))
        let b = try animator.ball("b", at: Vec2(200, 100))
        let idle = try animator.box("idle", at: Vec2(300, 300))
        let rod = try AttachmentBehavior(item: a, attachedToAnchor: Vec2(100, 0))
        let snap = try SnapBehavior(item: b, snapTo: Vec2(250, 100))
        let field = FieldBehavior.vortexField(); field.position = Vec2(5, 6); try field.addItem(b)
        let c = CollisionBehavior(items: [a, b]); c.translatesReferenceBoundsIntoBoundary = true
        try c.addBoundary(withIdentifier: "ramp", from: Vec2(0, 500), to: Vec2(400, 600))
        for behaviour in [rod, snap, field, c] as [DynamicBehavior] { try animator.addBehavior(behaviour) }
        animator.step()
        let s = animator.snapshot()
        #expect(s.debugEnabled && s.referenceBounds == Size(400, 800))
        #expect(s.items.map(\.name) == ["a", "b", "idle"])
        #expect(s.items[1].bounds == .ellipse && s.items[1].size == Size(20, 20))
        #expect(s.items[0].isSimulated && !s.items[2].isSimulated && s.items[2].id == idle)
        #expect(s.links.count == 2)
        #expect(s.links[0].kind == .attachment(.distance) && isClose(s.links[0].otherPoint.y, 0, 1e-9))
        #expect(s.links[1].kind == .snap && s.links[1].otherPoint == Vec2(250, 100))
        #expect(s.fields.count == 1 && s.fields[0].kind == .vortex && s.fields[0].position == Vec2(5, 6))
        #expect(s.boundaries.map(\.identifier) == [nil, "ramp"])
        #expect(s.time == animator.elapsedTime)
    }

    @Test func sameInputGivesBitIdenticalResults() throws {
        func run() throws -> [Double] {
            let animator = try makeAnimator(Size(300, 300))
            var items: [ItemID] = []
            for i in 0..<10 { items.append(try animator.box(at: Vec2(40 + Double(i) * 25, 50 + Double(i % 3) * 40), 20, 20, angle: Double(i) * 0.2)) }
            let c = CollisionBehavior(items: items); c.translatesReferenceBoundsIntoBoundary = true
            let noise = FieldBehavior.noiseField(smoothness: 0.3, animationSpeed: 1)
            for id in items { try noise.addItem(id) }
            try animator.addBehavior(c)
            try animator.addBehavior(noise)
            try animator.addBehavior(GravityBehavior(items: items))
            animator.run(seconds: 2)
            return try items.flatMap { [try animator.center(of: $0).x, try animator.center(of: $0).y, try animator.angle(of: $0)] }
        }
        let first = try run(), second = try run()
        #expect(first.map(\.bitPattern) == second.map(\.bitPattern))
    }

    @Test func removeItemDropsItEverywhere() throws {
        let animator = try makeAnimator()
        let a = try animator.box("a", at: Vec2(100, 100)), b = try animator.box("b", at: Vec2(200, 100))
        let g = GravityBehavior(items: [a, b])
        let rod = try AttachmentBehavior(item: a, attachedTo: b)
        try animator.addBehavior(g)
        try animator.addBehavior(rod)
        animator.step()
        try animator.removeItem(a)
        #expect(g.items == [b])
        #expect(rod.animator == nil)            // an attachment cannot live without its item
        #expect(animator.items == [b])
        #expect(animator.item(named: "a") == nil)
        animator.step(count: 10)
        #expect(try animator.center(of: b).y > 100)
    }
}
