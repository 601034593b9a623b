// UIGravityBehavior: a uniform, mass-independent acceleration for its items.
import Foundation
import KineticPhysics

/// Gravity for its items: acceleration 1000 pt/s² × `gravityDirection`, the same for every mass.
///
/// One per animator, as in UIKit: when several are in the tree, the most recently added one
/// applies and the animator posts a warning (O7).
public final class GravityBehavior: DynamicBehavior, DirectedBehavior {
    override public var kindName: String { "GravityBehavior" }
    /// `DirectedBehavior`'s vector, which `angle`, `magnitude` and `setAngle(_:magnitude:)` read and write.
    public var vector: Vec2 { get { gravityDirection } set { gravityDirection = newValue } }

    override func savedState() -> () -> Void {
        let base = super.savedState(), direction = gravityDirection
        return { [self] in base(); gravityDirection = direction }
    }

    /// The acceleration vector; each component 1.0 = 1000 pt/s². Default (0, 1): down.
    /// Its length is `magnitude`, its direction `angle`.
    public var gravityDirection = Vec2(0, 1) {
        didSet {
            guard acceptFinite(gravityDirection, "gravityDirection") else { gravityDirection = oldValue; return }
            changed()
        }
    }

    override public init() { super.init() }
    override public init(items: [ItemID]) { super.init(items: items) }
}
