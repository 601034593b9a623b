// Kinematic items (`DynamicItemBehavior.isKinematic`, Box2D's b2_kinematicBody): they move only at
// the velocity written to them, push and carry dynamic items, and ignore everything else.
import Foundation
import Testing
import KineticPhysics
@testable import KineticDynamics

@Suite struct KinematicItemTests {
    /// A kinematic item and its behaviour, with velocity `v` and angular velocity `w`.
    func kinematicBox(_ animator: DynamicAnimator, at center: Vec2, _ w: Double = 100, _ h: Double = 20,
                      velocity: Vec2 = .zero, angularVelocity: Double = 0) throws -> (ItemID, DynamicItemBehavior) {
        let item = try animator.box(at: center, w, h)
        let props = DynamicItemBehavior(items: [item]); props.isKinematic = true; props.friction = 1
        try animator.addBehavior(props)
        try animator.setVelocity(velocity, of: item)
        try animator.setAngularVelocity(angularVelocity, of: item)
        return (item, props)
    }

    /// After N steps a kinematic item at v is at x0 + v·N·dt, whatever acts on it: gravity, a
    /// continuous and an instantaneous push, a velocity field, an impulse, an attachment to a
    /// fixed point. Its velocities stay exactly what was written.
    @Test func movesExactlyAtItsVelocityWhateverActsOnIt() throws {
        let animator = try makeAnimator(nil)
        let x0 = Vec2(10, 20), v = Vec2(120, -30), w = 0.5
        let (item, _) = try kinematicBox(animator, at: x0, velocity: v, angularVelocity: w)
        try animator.addBehavior(GravityBehavior(items: [item]))
        let push = PushBehavior(items: [item], mode: .continuous); push.pushDirection = Vec2(50, 50)
        try animator.addBehavior(push)
        let kick = PushBehavior(items: [item], mode: .instantaneous); kick.pushDirection = Vec2(-20, 0)
        try animator.addBehavior(kick)
        let field = FieldBehavior(kind: .velocity, items: [item]); field.direction = Vec2(0, 1)
        try animator.addBehavior(field)
        try animator.addBehavior(try AttachmentBehavior(item: item, offsetFromCenter: Vec2(40, 0), attachedToAnchor: Vec2(0, 0)))
        let steps = 90
        for n in 1...steps {
            if n == 30 { try animator.applyImpulse(Vec2(0, 100), to: item) }
            animator.step()
        }
        let t = Double(steps) * animator.stepDuration
        let c = try animator.center(of: item)
        #expect(isClose(c.x, x0.x + v.x * t, 1e-9) && isClose(c.y, x0.y + v.y * t, 1e-9), "center \(c)")
        // The engine turns a body by atan(h·ω) each substep h (Box2D v3's integrate rotation, a
        // normalised first-order step), not h·ω: 1.1e-6 rad short of ω·t after these 360 substeps.
        let h = animator.stepDuration / Double(animator.substeps)
        #expect(isClose(try animator.angle(of: item), Double(steps * animator.substeps) * atan(h * w), 1e-12))
        #expect(isClose(try animator.angle(of: item), w * t, 2e-6))
        #expect(try animator.velocity(of: item) == v)
        #expect(try animator.angularVelocity(of: item) == w)
    }

    /// An attachment pulls the dynamic item, never the kinematic one: a ball hanging 100 pt below
    /// a moving platform follows it; a snap on the platform does nothing.
    @Test func attachmentsAndSnapsCarryOthersButNeverMoveIt() throws {
        let animator = try makeAnimator(nil)
        let x0 = Vec2(0, 0), v = Vec2(50, 0)
        let (platform, _) = try kinematicBox(animator, at: x0, velocity: v)
        let ball = try animator.ball(at: Vec2(0, 100), diameter: 20)
        try animator.addBehavior(GravityBehavior(items: [ball, platform]))
        try animator.addBehavior(try AttachmentBehavior(item: ball, attachedTo: platform))
        try animator.addBehavior(try SnapBehavior(item: platform, snapTo: Vec2(-300, 300)))
        animator.run(seconds: 2)
        let p = try animator.center(of: platform), b = try animator.center(of: ball)
        #expect(isClose(p.x, 100, 1e-9) && p.y == 0, "platform at \(p)")
        #expect(try animator.velocity(of: platform) == v)
        #expect(isClose((b - p).length, 100, 0.5) && b.x > 50, "ball at \(b)")
    }

    /// Teleports as any item: a centre write keeps the velocity and the item goes on from there;
    /// `moveItem` stops it.
    @Test func teleportsKeepOrStopItsMotionAsForAnyItem() throws {
        let animator = try makeAnimator(nil)
        let (item, _) = try kinematicBox(animator, at: .zero, velocity: Vec2(0, -60))
        animator.step(count: 10)
        try animator.setCenter(Vec2(500, 500), of: item)
        animator.step(count: 30)
        let c = try animator.center(of: item)
        #expect(c.x == 500 && isClose(c.y, 470, 1e-9), "at \(c)")
        try animator.moveItem(item, to: Vec2(10, 10), angle: 0)
        animator.step(count: 10)
        #expect(try animator.center(of: item) == Vec2(10, 10))
        #expect(try animator.velocity(of: item) == .zero)
    }

    @Test func gravityDoesNotMoveAKinematicItemAtRest() throws {
        let animator = try makeAnimator(nil)
        let (item, _) = try kinematicBox(animator, at: Vec2(0, 100))
        try animator.addBehavior(GravityBehavior(items: [item]))
        animator.step(count: 120)
        #expect(try animator.center(of: item) == Vec2(0, 100))
        #expect(try animator.velocity(of: item) == .zero)
        #expect(try animator.mass(of: item) == 0.2)   // it still reports its UIKit mass
    }

    /// Friction 1 on both: a box standing on a platform that moves sideways at a constant speed
    /// is carried along, its speed within 1 pt/s of the platform's after a second.
    @Test func aBoxStandingOnAMovingPlatformIsCarried() throws {
        let animator = try makeAnimator(nil)
        let (platform, _) = try kinematicBox(animator, at: Vec2(0, 300), 400, 20)
        let box = try animator.box(at: Vec2(0, 269.5), 40, 40)
        let boxProps = DynamicItemBehavior(items: [box]); boxProps.friction = 1
        try animator.addBehavior(boxProps)
        try animator.addBehavior(GravityBehavior(items: [box]))
        try animator.addBehavior(CollisionBehavior(items: [platform, box]))
        animator.run(seconds: 0.5)   // the box settles on the platform at rest
        let start = try animator.center(of: box)
        try animator.setVelocity(Vec2(80, 0), of: platform)
        animator.run(seconds: 1)
        let v = try animator.velocity(of: box)
        #expect(isClose(v.x, 80, 1) && isClose(v.y, 0, 1), "box velocity \(v)")
        let moved = try animator.center(of: box).x - start.x
        #expect(moved > 70 && moved <= 80.001, "box moved \(moved) pt in 1 s")
        #expect(try animator.velocity(of: platform) == Vec2(80, 0))
    }

    /// A heavy ball dropped onto a kinematic platform bounces off it; the platform's velocity and
    /// path stay exactly as written (infinite mass).
    @Test func aFallingBallDoesNotChangeThePlatformsVelocity() throws {
        let animator = try makeAnimator(nil)
        let x0 = Vec2(0, 300), v = Vec2(30, -10)
        let (platform, _) = try kinematicBox(animator, at: x0, 400, 20, velocity: v)
        let ball = try animator.ball(at: Vec2(0, 100), diameter: 40)
        let ballProps = DynamicItemBehavior(items: [ball]); ballProps.density = 1000; ballProps.elasticity = 0.5
        try animator.addBehavior(ballProps)
        try animator.addBehavior(GravityBehavior(items: [ball]))
        try animator.addBehavior(CollisionBehavior(items: [platform, ball]))
        var touched = false
        for _ in 0..<60 {
            animator.step()
            touched = touched || animator.collisionEvents.contains { $0.kind == .began }
            #expect(try animator.velocity(of: platform) == v)
        }
        #expect(touched, "the ball never reached the platform")
        let t = 60 * animator.stepDuration
        let c = try animator.center(of: platform)
        #expect(isClose(c.x, x0.x + v.x * t, 1e-9) && isClose(c.y, x0.y + v.y * t, 1e-9), "platform at \(c)")
        // The ball is above the platform's top, not through it.
        #expect(try animator.center(of: ball).y < c.y - 10 - 19)
    }

    @Test func switchingKinematicOffMakesItFall() throws {
        let animator = try makeAnimator(nil)
        let (item, props) = try kinematicBox(animator, at: Vec2(0, 100), velocity: Vec2(60, 0))
        try animator.addBehavior(GravityBehavior(items: [item]))
        animator.step(count: 30)
        #expect(try animator.center(of: item).y == 100)
        props.isKinematic = false
        animator.step(count: 30)
        // Half a second of 1000 pt/s² from rest: about 125 pt down; the sideways speed is kept.
        let c = try animator.center(of: item), vel = try animator.velocity(of: item)
        #expect(c.y > 200 && c.y < 240, "fell to \(c.y)")
        #expect(isClose(vel.x, 60, 1e-9) && vel.y > 450, "velocity \(vel)")
        // Switched on again mid-fall, it keeps the velocity of that moment, unchanged by gravity.
        props.isKinematic = true
        animator.step(count: 30)
        #expect(try animator.velocity(of: item) == vel)
        let y = try animator.center(of: item).y
        #expect(isClose(y, c.y + vel.y * 0.5, 1e-9), "went on to \(y)")
    }

    /// As Box2D: a kinematic item passes through anchored items, boundaries and other kinematic items.
    @Test func passesThroughAnchoredAndKinematicItemsAndBoundaries() throws {
        let animator = try makeAnimator(Size(400, 400))
        let (mover, _) = try kinematicBox(animator, at: Vec2(100, 200), 40, 40, velocity: Vec2(300, 0))
        let (other, _) = try kinematicBox(animator, at: Vec2(200, 200), 20, 100)
        let wall = try animator.box(at: Vec2(300, 200), 20, 100)
        let anchor = DynamicItemBehavior(items: [wall]); anchor.isAnchored = true
        try animator.addBehavior(anchor)
        let collision = CollisionBehavior(items: [mover, other, wall]); collision.translatesReferenceBoundsIntoBoundary = true
        try animator.addBehavior(collision)
        for _ in 0..<60 {
            animator.step()
            #expect(animator.collisionEvents.isEmpty)
        }
        #expect(isClose(try animator.center(of: mover).x, 400, 1e-9))   // past the wall and onto the boundary
        #expect(try animator.center(of: other) == Vec2(200, 200))
        #expect(try animator.center(of: wall) == Vec2(300, 200))
    }

    /// An item both anchored and kinematic is anchored: it stays put and a velocity written to it
    /// reads 0. Freed of `anchored`, it is kinematic again.
    @Test func anchoredWinsOverKinematic() throws {
        let animator = try makeAnimator(nil)
        let (item, props) = try kinematicBox(animator, at: Vec2(0, 0), velocity: Vec2(50, 0))
        let anchor = DynamicItemBehavior(items: [item]); anchor.isAnchored = true
        try animator.addBehavior(anchor)
        #expect(try animator.velocity(of: item) == .zero)
        try animator.setVelocity(Vec2(50, 0), of: item)
        animator.step(count: 10)
        #expect(try animator.center(of: item) == Vec2(0, 0))
        #expect(try animator.velocity(of: item) == .zero)
        anchor.isAnchored = false
        try animator.setVelocity(Vec2(50, 0), of: item)
        animator.step(count: 60)
        #expect(isClose(try animator.center(of: item).x, 50, 1e-9))
        #expect(props.isKinematic && !props.isAnchored)
    }

    /// Slower than the engine's sleep threshold (5 pt/s), a kinematic item still never falls
    /// asleep, and neither does the box it carries.
    @Test func aSlowKinematicItemNeverFallsAsleep() throws {
        let animator = try makeAnimator(nil)
        let (platform, _) = try kinematicBox(animator, at: Vec2(0, 300), 400, 20, velocity: Vec2(2, 0))
        let box = try animator.box(at: Vec2(0, 269.5), 40, 40)
        let boxProps = DynamicItemBehavior(items: [box]); boxProps.friction = 1
        try animator.addBehavior(boxProps)
        try animator.addBehavior(GravityBehavior(items: [box]))
        try animator.addBehavior(CollisionBehavior(items: [platform, box]))
        animator.step(count: 300)
        #expect(isClose(try animator.center(of: platform).x, 10, 1e-9))
        let awake = animator.snapshot().items.filter(\.isAwake).map(\.id)
        #expect(awake == [platform, box])
        #expect(isClose(try animator.velocity(of: box).x, 2, 0.1))
        // Stopped, it may sleep: the world comes to rest.
        try animator.setVelocity(.zero, of: platform)
        animator.step(count: 120)
        #expect(animator.world.isAtRest)
    }

    /// A checkpoint holds whether an item is kinematic: restored after kinematic was switched
    /// off, the item moves at its velocity again, bit for bit as the first time.
    @Test func checkpointsKeepKinematicState() throws {
        let animator = try makeAnimator(nil)
        let (item, props) = try kinematicBox(animator, at: Vec2(0, 100), velocity: Vec2(40, -5))
        try animator.addBehavior(GravityBehavior(items: [item]))
        animator.step(count: 10)
        let saved = animator.checkpoint()
        animator.step(count: 30)
        let first = (try animator.center(of: item), animator.stateHash())
        props.isKinematic = false
        animator.step(count: 30)
        #expect(try animator.center(of: item).y > first.0.y + 50)
        try animator.restore(saved)
        #expect(props.isKinematic)
        animator.step(count: 30)
        #expect(try animator.center(of: item) == first.0)
        #expect(animator.stateHash() == first.1)
    }
}
