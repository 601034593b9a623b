// The angle and magnitude views of a behaviour's one vector (UIGravityBehavior, UIPushBehavior).
import KineticPhysics

/// A behaviour driven by one vector that is also read and written as an angle and a magnitude:
/// `GravityBehavior` (acceleration, 1.0 = 1000 pt/s²) and `PushBehavior` (force, UIKit newtons).
public protocol DirectedBehavior: DynamicBehavior {
    /// The vector itself: `gravityDirection` or `pushDirection`.
    var vector: Vec2 { get set }
}

extension DirectedBehavior {
    /// Direction in radians from +x toward +y (π/2 = down, clockwise on screen). Writing keeps
    /// the magnitude.
    public var angle: Double {
        get { vector.angle }
        set {
            guard acceptFinite(newValue, "angle") else { return }
            vector = Vec2(length: magnitude, angle: newValue)
        }
    }

    /// Length of the vector (negative reverses it). Writing keeps the angle; writing 0 also resets
    /// the angle to 0 (UIKit), so a later magnitude points right unless the angle is set again.
    public var magnitude: Double {
        get { vector.length }
        set {
            guard acceptFinite(newValue, "magnitude") else { return }
            vector = Vec2(length: newValue, angle: angle)
        }
    }

    /// Sets both at once (no zero-magnitude trap).
    public func setAngle(_ angle: Double, magnitude: Double) {
        guard acceptFinite(angle, "angle"), acceptFinite(magnitude, "magnitude") else { return }
        vector = Vec2(length: magnitude, angle: angle)
    }
}
