// Shared helpers for the Dynamics tests: a scene builder and small numeric checks.
import Testing
import KineticPhysics
@testable import KineticDynamics

/// An animator with a 400 × 800 reference space at 60 steps/s, 4 substeps.
func makeAnimator(_ size: Size? = Size(400, 800)) throws -> DynamicAnimator {
    try DynamicAnimator(referenceBounds: size)
}

extension DynamicAnimator {
    /// Adds a rectangle item.
    func box(_ name: String? = nil, at center: Vec2, _ w: Double = 100, _ h: Double = 100, angle: Double = 0) throws -> ItemID {
        try addItem(ItemDef(name: name, center: center, size: Size(w, h), angle: angle))
    }
    /// Adds a circle item of `diameter`.
    func ball(_ name: String? = nil, at center: Vec2, diameter: Double = 20) throws -> ItemID {
        try addItem(ItemDef(name: name, center: center, size: Size(diameter, diameter), bounds: .ellipse))
    }
}

func isClose(_ a: Double, _ b: Double, _ tolerance: Double) -> Bool { abs(a - b) <= tolerance }
