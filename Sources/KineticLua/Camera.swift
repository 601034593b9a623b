// Where a world's view looks: `world.camera`, `world:follow(item)`, and the conversions between view
// points (the window's, a recording's) and world points (the level's). Moved once per step, after
// the step's callbacks, so the same steps and inputs give the same camera.
import KineticDynamics
import KineticPhysics
import KineticScene

/// A world's camera: the world point at the view's centre and the zoom (view points per world point).
struct Camera {
    /// The item the camera keeps in view, and how.
    struct Follow {
        var item: ItemID
        /// Fraction of the way to the target the camera moves each step, in (0, 1]; 1 keeps up exactly.
        var lerp: Double
        /// A box about the view's centre, view points, inside which the item moves without the camera.
        var deadzone: Size
    }

    /// The most and least a camera may zoom.
    static let zoomRange = 0.01...100.0

    /// The view's size, points.
    let view: Size
    var center: Vec2
    var zoom = 1.0
    var follow: Follow?

    /// A camera that shows the world unmoved: its top-left corner at the view's, one point per point.
    init(view: Size) {
        self.view = view
        center = Vec2(view.width / 2, view.height / 2)
    }

    var scene: SceneCamera { SceneCamera(center: center, zoom: zoom) }

    /// The world point under the view point `p`.
    func worldPoint(_ p: Vec2) -> Vec2 {
        let w = scene.worldPoint(p, in: view)
        return w
    }

    /// The view point where the world point `p` is drawn.
    func viewPoint(_ p: Vec2) -> Vec2 {
        let v = scene.viewPoint(p, in: view)
        return v
    }

    /// Moves towards keeping `target` inside the dead zone (all the way when `snap`), then keeps
    /// the view inside the world's `bounds` on each axis where the world is the larger; on an axis
    /// where it is smaller the world is centred.
    mutating func track(_ target: Vec2, bounds: Size, snap: Bool) {
        guard let follow else { return }
        let halfZone = Vec2(follow.deadzone.width / 2 / zoom, follow.deadzone.height / 2 / zoom)
        var goal = center
        if target.x > center.x + halfZone.x { goal.x = target.x - halfZone.x }
        if target.x < center.x - halfZone.x { goal.x = target.x + halfZone.x }
        if target.y > center.y + halfZone.y { goal.y = target.y - halfZone.y }
        if target.y < center.y - halfZone.y { goal.y = target.y + halfZone.y }
        if snap { goal = target }
        let lerp = snap ? 1 : follow.lerp
        center = lerp == 1 ? goal : center + lerp * (goal - center)
        let halfView = Vec2(view.width / 2 / zoom, view.height / 2 / zoom)
        center.x = bounds.width >= 2 * halfView.x ? min(max(center.x, halfView.x), bounds.width - halfView.x) : bounds.width / 2
        center.y = bounds.height >= 2 * halfView.y ? min(max(center.y, halfView.y), bounds.height - halfView.y) : bounds.height / 2
    }
}

extension Runtime {
    /// Moves the camera of `world` after a step (or at once, `snap`, when following starts): towards
    /// its item, if it follows one that is still in the world.
    func moveCamera(_ world: WorldModel, snap: Bool = false) {
        guard let follow = world.camera.follow else { return }
        guard let center = world.animator.centerIfLive(follow.item) else {
            world.camera.follow = nil  // the item was removed: the camera stays where it is
            return
        }
        world.camera.track(center, bounds: Size(world.setup.width, world.setup.height), snap: snap)
    }
}
