// UIKit Dynamics in Swift, with the engine alone (the KineticDynamics product: no Lua, no drawing):
// an animator over a 320 × 480 pt view, gravity, a collision behaviour whose boundary is the view's
// edge, three boxes and a bouncy ball. It prints each first landing and where everything comes to rest.
//
//     swift run falling-boxes
import Foundation
import KineticDynamics

func points(_ value: Double) -> String { String(format: "%.1f", value) }

do {
    // As `UIDynamicAnimator(referenceView:)`: the reference bounds are the view's, in points, y down.
    let animator = try DynamicAnimator(referenceBounds: Size(width: 320, height: 480))
    var items: [ItemID] = []
    for (i, x) in [70.0, 160, 250].enumerated() {
        let size = Size(width: 40 + 10 * Double(i), height: 40)
        items.append(try animator.addItem(ItemDef(name: "box \(i + 1)", center: Vec2(x, 60 + 50 * Double(i)), size: size, angle: 0.3 * Double(i))))
    }
    let ball = try animator.addItem(ItemDef(name: "ball", center: Vec2(150, 20), size: Size(width: 30, height: 30), bounds: .ellipse))
    items.append(ball)

    try animator.addBehavior(GravityBehavior(items: items))  // 1.0 = 1000 pt/s², downward
    let collision = CollisionBehavior(items: items)
    collision.translatesReferenceBoundsIntoBoundary = true
    // The callback holds the animator unowned: the animator holds the behaviour, which holds it.
    unowned let weakAnimator = animator
    var landed = Set<ItemID>()
    collision.began = { _, item, partner, point in
        guard case .referenceBounds = partner, landed.insert(item).inserted else { return }
        let name = (try? weakAnimator.name(of: item)) ?? nil
        print("\(name ?? "?") lands at x = \(points(point.x)) pt after \(String(format: "%.2f", weakAnimator.elapsedTime)) s")
    }
    try animator.addBehavior(collision)
    // Bouncy, and slowed by the air (UIKit's `resistance`) so that it stops rolling in the end.
    let bouncy = DynamicItemBehavior(items: [ball])
    bouncy.elasticity = 0.6
    bouncy.resistance = 1
    try animator.addBehavior(bouncy)

    // A host calls `step()` once per frame; here 60 Hz steps until everything rests (the animator
    // pauses), or 10 s.
    var atRest = false
    animator.onPause = { atRest = true }
    while !atRest && animator.elapsedTime < 10 { animator.step() }

    print(atRest ? String(format: "at rest after %.2f s", animator.elapsedTime) : "still moving after 10 s")
    for id in animator.items {
        let name = (try animator.name(of: id)) ?? "?"
        let center = try animator.center(of: id), angle = try animator.angle(of: id)
        print("\(name): centre (\(points(center.x)), \(points(center.y))) pt, angle \(String(format: "%.3f", angle)) rad")
    }
} catch {
    // A bad definition (a negative size, a NaN centre...) is a DynamicsError naming the item.
    print("error: \(error)")
}
