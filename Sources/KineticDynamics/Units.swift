// UIKit Dynamics units in the engine's units: every conversion between the two lives here, with its
// derivation.

/// UIKit Dynamics units expressed in the engine's units (points, seconds, engine mass).
///
/// The engine works in points and seconds; its mass equals the UIKit mass, so its force unit is
/// mass·pt/s². UIKit's anchors (reference §1.1): a 100 × 100 pt item of density 1 has mass 1; one
/// UIKit newton accelerates that item at 100 pt/s²; gravity magnitude 1.0 is 1000 pt/s². All are
/// consistent with PhysicsKit working in metres with 100 pt = 1 m.
public enum Units {
    /// Points in one PhysicsKit metre. Field falloff distances are measured in metres.
    public static let pointsPerMeter = 100.0
    /// Gravity acceleration for `GravityBehavior.magnitude` 1.0, pt/s².
    public static let gravityAcceleration = 1000.0
    /// Engine force (mass·pt/s²) of one UIKit newton: 1 N on mass 1 gives 100 pt/s².
    /// Also the engine impulse (mass·pt/s) of one UIKit newton-second.
    public static let newton = 100.0
    /// Field unit K (O9): strength 1 is 100 pt/s² for acceleration fields, 1 UIKit newton for
    /// force fields, 100 pt/s for velocity fields.
    public static let fieldUnit = 100.0
    /// Engine density for UIKit density 1: mass = area (pt²) × density / 10 000 (O1).
    public static let densityScale = 1.0 / 10_000
    /// Resistance rate c of O5: each substep v ← v / (1 + h·c·resistance), so speed decays as
    /// e^(−c·resistance·t). Calibrated to 1 (Box2D damping as is, PhysicsKit being Box2D-derived):
    /// the Newton's cradle seed uses resistance 2 and still swings, which c = 10 would prevent.
    public static let resistanceRate = 1.0
    /// Engine torque (mass·pt²/s²) of one UIKit newton-metre, for `frictionTorque`.
    public static let newtonMeter = newton * pointsPerMeter

    /// UIKit mass of a shape area (pt²) at a UIKit density.
    public static func mass(area: Double, density: Double) -> Double { area * density * densityScale }
}
