// The seed scenes' numbers (reference §4) run through the whole layer: units, pushes, joints.
import Testing
import Foundation
import KineticPhysics
@testable import KineticDynamics

@Suite struct SeedSceneTests {
    @Test func ballSwiftRiggedShotFallsBetweenTheRimArms() throws {
        // §4.1 on a 375 × 667 screen: the ball (28 pt ellipse, density 3) starts at (40, 567) and is
        // pushed at −1.35 rad with magnitude 1.56: v₀ = (185.0, −824.0) pt/s, apex y = 227.5, and it
        // falls through the rim height y = 383 at x ≈ 295.5, between the arms at 265 and 315.
        let animator = try DynamicAnimator(referenceBounds: Size(375, 667))
        let ball = try animator.ball("ball", at: Vec2(40, 567), diameter: 28)
        let props = DynamicItemBehavior(items: [ball]); props.density = 3; props.elasticity = 1
        let push = PushBehavior(items: [ball], mode: .instantaneous)
        push.setAngle(-1.35, magnitude: 1.56)
        try animator.addBehavior(props)
        try animator.addBehavior(GravityBehavior(items: [ball]))
        try animator.addBehavior(push)
        var apex = Double.infinity, crossing: Double? = nil
        var previous = try animator.center(of: ball)
        for _ in 0..<120 {
            animator.step()
            let p = try animator.center(of: ball)
            apex = min(apex, p.y)
            if crossing == nil, previous.y < 383, p.y >= 383, p.x > 100 {
                crossing = previous.x + (p.x - previous.x) * (383 - previous.y) / (p.y - previous.y)
            }
            previous = p
        }
        #expect(isClose(apex, 227.5, 2), "apex \(apex)")
        #expect(crossing.map { isClose($0, 295.5, 3) } == true, "crossed the rim height at x = \(String(describing: crossing))")
    }

    @Test func photoPinnedAtFourCornersHolds() throws {
        // §4.3: a 50 × 50 box at (200, 100) with four zero-length rods from its corners to fixed
        // anchors at the same points stays put under gravity (over-constrained but consistent).
        let animator = try makeAnimator()
        let box = try animator.box("photo", at: Vec2(200, 100), 50, 50)
        for (dx, dy) in [(-25.0, -25.0), (25, -25), (-25, 25), (25, 25)] {
            let corner = try AttachmentBehavior(item: box, offsetFromCenter: Vec2(dx, dy), attachedToAnchor: Vec2(200 + dx, 100 + dy))
            #expect(corner.length == 0)
            try animator.addBehavior(corner)
        }
        try animator.addBehavior(GravityBehavior(items: [box]))
        animator.run(seconds: 2)
        #expect(distance(try animator.center(of: box), Vec2(200, 100)) < 1)
        #expect(abs(try animator.angle(of: box)) < 0.01)
    }

    @Test func photoPinnedAtOneCornerSwingsAndTurns() throws {
        // Q4: with a single corner attachment the box swings down and turns about that corner.
        let animator = try makeAnimator()
        let box = try animator.box("photo", at: Vec2(200, 100), 50, 50)
        try animator.addBehavior(try AttachmentBehavior(item: box, offsetFromCenter: Vec2(-25, -25), attachedToAnchor: Vec2(175, 75)))
        try animator.addBehavior(GravityBehavior(items: [box]))
        animator.run(seconds: 0.5)
        #expect(abs(try animator.angle(of: box)) > 0.3)
        // The corner stays at the anchor.
        let corner = Transform(try animator.center(of: box), try animator.angle(of: box)).apply(Vec2(-25, -25))
        #expect(distance(corner, Vec2(175, 75)) < 0.5)
    }

    @Test func newtonsCradlePassesTheKickAlong() throws {
        // §4.5 on 375 × 667: five (31.25 − 1) pt squares on rigid rods of H/4, gravity 10,
        // elasticity 1, resistance 2, no rotation; the left ball is kicked left (−0.5 N·s).
        // It swings back, and the momentum leaves through the right ball.
        let w = 375.0, h = 667.0, size = w / 12
        let animator = try DynamicAnimator(referenceBounds: Size(w, h))
        var balls: [ItemID] = []
        let cradle = DynamicBehavior()
        for i in 0..<5 {
            let x = w / 3 + Double(i) * size
            let ball = try animator.box("ball\(i)", at: Vec2(x, h / 2), size - 1, size - 1)
            balls.append(ball)
            try cradle.addChild(try AttachmentBehavior(item: ball, attachedToAnchor: Vec2(x, h / 4)))
        }
        let gravity = GravityBehavior(items: balls); gravity.magnitude = 10
        let props = DynamicItemBehavior(items: balls)
        props.elasticity = 1; props.allowsRotation = false; props.resistance = 2
        try cradle.addChild(gravity)
        try cradle.addChild(CollisionBehavior(items: balls))
        try cradle.addChild(props)
        try animator.addBehavior(cradle)
        let kick = PushBehavior(items: [balls[0]], mode: .instantaneous)
        kick.pushDirection = Vec2(-0.5, 0)
        try animator.addBehavior(kick)
        var rightmost = 0.0
        for _ in 0..<60 {
            animator.step()
            rightmost = max(rightmost, try animator.center(of: balls[4]).x - (w / 3 + 4 * size))
        }
        #expect(rightmost > 10, "the right ball swung out \(rightmost) pt")
        #expect(abs(try animator.center(of: balls[2]).x - (w / 3 + 2 * size)) < 3)
    }

    @Test func noisePlaygroundKeepsItemsInsideTheInsetBounds() throws {
        // §4.2: a square and an ellipse (100 × 100) under gravity and a noise field (smoothness 1,
        // 0.5 Hz, strength 0.5 → ~50 pt/s²) inside the reference bounds inset 20/5/5/5 on 375 × 667.
        let animator = try DynamicAnimator(referenceBounds: Size(375, 667))
        // (The seed's frames start at x = 0, across the 5 pt inset; these start just inside it.)
        let square = try animator.box("square", at: Vec2(60, 80), 100, 100)
        let ellipse = try animator.addItem(ItemDef(name: "ellipse", center: Vec2(60, 190), size: Size(100, 100), bounds: .ellipse))
        let noise = FieldBehavior.noiseField(smoothness: 1, animationSpeed: 0.5)
        noise.strength = 0.5
        try noise.addItem(square); try noise.addItem(ellipse)
        let walls = CollisionBehavior(items: [square, ellipse])
        walls.setTranslatesReferenceBoundsIntoBoundary(insets: EdgeInsets(top: 20, left: 5, bottom: 5, right: 5))
        try animator.addBehavior(GravityBehavior(items: [square, ellipse]))
        try animator.addBehavior(walls)
        try animator.addBehavior(noise)
        var travelled = 0.0
        var last = try animator.center(of: ellipse)
        for _ in 0..<600 {
            animator.step()
            // The square's frame is its outline's box; the circle's outline is 50 pt from its center.
            // 10 pt allow for the engine's soft contacts: when the square lands on the circle the
            // circle is pressed up to 6 pt into the floor for a few steps (measured), then pushed out.
            let f = try animator.frame(of: square)
            #expect(f.minX > 5 - 10 && f.maxX < 370 + 10 && f.minY > 20 - 10 && f.maxY < 662 + 10, "square left the box: \(f)")
            let c = try animator.center(of: ellipse)
            let sq = try animator.center(of: square)
            #expect(c.x > 55 - 10 && c.x < 320 + 10 && c.y > 70 - 10 && c.y < 612 + 10, "ellipse left the box: \(c) square \(sq)")
            travelled += distance(c, last); last = c
        }
        #expect(animator.isRunning)     // an animated noise field never lets it pause
        #expect(travelled > 100, "the ellipse moved \(travelled) pt")
    }

    @Test func dynamicTossDragThenFling() throws {
        // §4.4: the 254 × 172 goldfish (mass 4.369) is grabbed off-centre by a zero-length
        // attachment, dragged, then released with a pan velocity of 1000 pt/s to the right:
        // pushDirection (100, 0) then magnitude 1000/35 → Δv = 100 · 28.57 / 4.369 = 654 pt/s.
        let animator = try DynamicAnimator(referenceBounds: Size(320, 568))
        let fish = try animator.box("goldfish", at: Vec2(160, 223), 254, 172)
        #expect(isClose(try animator.mass(of: fish), 4.3688, 1e-9))
        let grab = try AttachmentBehavior(item: fish, offsetFromCenter: Vec2(60, 40), attachedToAnchor: Vec2(220, 263))
        try animator.addBehavior(grab)
        for k in 1...30 {   // drag the finger 90 pt down over half a second
            grab.anchorPoint = Vec2(220, 263 + 3 * Double(k))
            animator.step()
        }
        let held = Transform(try animator.center(of: fish), try animator.angle(of: fish)).apply(Vec2(60, 40))
        // The joint is soft (60 Hz): a heavy item dragged at 180 pt/s trails by about a point.
        #expect(distance(held, grab.anchorPoint) < 2, "the grabbed point follows the finger")
        // Released and re-configured within one frame the item keeps its body and velocity (it
        // loses them only if no behaviour lists it when the next step starts).
        animator.removeAllBehaviors()
        let v0 = try animator.velocity(of: fish), w0 = try animator.angularVelocity(of: fish)
        let fling = PushBehavior(items: [fish], mode: .instantaneous)
        fling.pushDirection = Vec2(1000 / 10, 0)
        fling.magnitude = 1000 / 35
        let spin = DynamicItemBehavior(items: [fish]); spin.friction = 0.2
        try animator.addBehavior(fling)
        try animator.addBehavior(spin)
        try spin.addAngularVelocity(-7, for: fish)
        animator.step()
        let dv = try animator.velocity(of: fish) - v0
        #expect(isClose(dv.x, 654, 1) && isClose(dv.y, 0, 1e-6), "Δv = \(dv)")
        #expect(isClose(try animator.angularVelocity(of: fish), w0 - 7, 1e-6))
    }
}
