// UIGravityBehavior: a uniform, mass-independent acceleration for its items.
import Foundation
import KineticPhysics

/// Gravity for its items: acceleration 1000 pt/s² × `gravityDirection`, the same for every mass.
///
/// One per animator, as in UIKit: when several are in the tree, the most recently added one
/// applies and the animator posts a warning (O7).
public final class GravityBehavior: DynamicBehavior {
    override public var kindName: String { "GravityBehavior" }

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

    /// Direction in radians from +x toward +y (π/2 = down, clockwise on screen). Writing keeps
    /// the magnitude.
    public var angle: Double {
        get { gravityDirection.angle }
        set {
            guard acceptFinite(newValue, "angle") else { return }
            gravityDirection = Vec2(length: magnitude, angle: newValue)
        }
    }

    /// Length of the vector; 1.0 = 1000 pt/s². Writing keeps the angle; writing 0 also resets
    /// the angle to 0 (UIKit), so a later magnitude points right unless the angle is set again.
    public var magnitude: Double {
        get { gravityDirection.length }
        set {
            guard acceptFinite(newValue, "magnitude") else { return }
            gravityDirection = Vec2(length: newValue, angle: angle)
        }
    }

    /// Sets both at once (avoids the zero-magnitude trap).
    public func setAngle(_ angle: Double, magnitude: Double) {
        guard acceptFinite(angle, "angle"), acceptFinite(magnitude, "magnitude") else { return }
        gravityDirection = Vec2(length: magnitude, angle: angle)
    }

    override public init() { super.init() }
    override public init(items: [ItemID]) { super.init(items: items) }
}
