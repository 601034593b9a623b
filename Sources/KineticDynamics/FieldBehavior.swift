// UIFieldBehavior: a force field evaluated at each of its items every step. One class, every kind
// of UIKit (and a Swift closure for custom fields); the force laws are in Fields/FieldForce.swift.
import KineticPhysics

/// What a custom field sees of an item, and what every field law is evaluated on.
public struct FieldSample: Hashable, Sendable {
    /// Item center, points, reference coordinates.
    public var position: Vec2
    /// pt/s.
    public var velocity: Vec2
    /// UIKit mass.
    public var mass: Double
    /// The item's charge.
    public var charge: Double
    /// Animator elapsed time, seconds.
    public var time: Double
    /// Step length, seconds.
    public var deltaTime: Double
    /// The animator's `noiseSeed`: which noise pattern noise and turbulence fields read.
    public var noiseSeed: Int
    public init(position: Vec2, velocity: Vec2 = .zero, mass: Double = 1, charge: Double = 0, time: Double = 0,
                deltaTime: Double = 1.0 / 60, noiseSeed: Int = 0) {
        self.position = position; self.velocity = velocity; self.mass = mass; self.charge = charge
        self.time = time; self.deltaTime = deltaTime; self.noiseSeed = noiseSeed
    }
}

/// A field acting on its items (only those added, only inside `region` around `position`).
/// Strength unit K = 100 (O9): strength 1 is 100 pt/s² for acceleration fields, 1 UIKit newton
/// for force fields, 100 pt/s for the velocity field. Distances in falloff laws are in metres of
/// 100 pt, clamped below at `minimumRadius`. Fields on one item add up; a velocity field
/// overrides all other accelerations.
public final class FieldBehavior: DynamicBehavior {
    override public var kindName: String { "FieldBehavior" }

    override func savedState() -> () -> Void {
        let base = super.savedState()
        let (position, region, strength, falloff, minimumRadius) = (self.position, self.region, self.strength, self.falloff, self.minimumRadius)
        let (direction, smoothness, animationSpeed, evaluator) = (self.direction, self.smoothness, self.animationSpeed, self.evaluator)
        return { [self] in
            base()
            self.position = position; self.region = region; self.strength = strength; self.falloff = falloff
            self.minimumRadius = minimumRadius; self.direction = direction; self.smoothness = smoothness
            self.animationSpeed = animationSpeed; self.evaluator = evaluator
        }
    }

    /// The field kinds. Raw values are the Lua names.
    public enum Kind: String, Hashable, Sendable, CaseIterable {
        case linearGravity, radialGravity, noise, turbulence, spring, electric, magnetic, vortex, drag, velocity, custom
    }

    /// Fixed at creation.
    public let kind: Kind

    /// Field origin, reference coordinates; the region is centred on it. Default (0, 0).
    public var position = Vec2.zero {
        didSet { guard acceptCoordinate(position, "position") else { position = oldValue; return }; changed() }
    }
    /// Domain of effect. Default infinite.
    public var region = Region.infinite { didSet { changed() } }
    /// Scale of the force; its sign flips the direction. Default 1.
    public var strength = 1.0 {
        didSet { guard acceptFinite(strength, "strength") else { strength = oldValue; return }; changed() }
    }
    /// Exponent of distance: force × (d / 100 pt)^(−falloff). Defaults per kind (O10):
    /// radialGravity and electric 2, spring and vortex −1, others 0.
    public var falloff: Double {
        didSet { guard acceptFinite(falloff, "falloff") else { falloff = oldValue; return }; changed() }
    }
    /// Distances below this (points) count as this. Default 5 pt.
    public var minimumRadius = 5.0 {
        didSet { guard acceptNonNegative(minimumRadius, "minimumRadius") else { minimumRadius = oldValue; return }; changed() }
    }
    /// Direction of linearGravity and velocity fields; its length scales the field. Default
    /// (0, 0) unless given at creation.
    public var direction = Vec2.zero {
        didSet { guard acceptFinite(direction, "direction") else { direction = oldValue; return }; changed() }
    }
    /// Noise and turbulence: 0 (busiest) … 1 (smoothest); spatial scale 20 … 400 pt (O13).
    public var smoothness = 0.0 {
        didSet { guard acceptFinite(smoothness, "smoothness") else { smoothness = oldValue; return }; changed() }
    }
    /// Noise and turbulence: how fast the pattern changes, Hz; 0 = frozen.
    public var animationSpeed = 0.0 {
        didSet { guard acceptInput(animationSpeed, "animationSpeed") else { animationSpeed = oldValue; return }; changed() }
    }
    /// Custom fields: the force (UIKit newtons) at a sample.
    public var evaluator: ((FieldSample) -> Vec2)? { didSet { changed() } }

    /// A field of `kind` with its default falloff (use the factories for the UIKit spelling).
    public init(kind: Kind, items: [ItemID] = []) {
        self.kind = kind
        self.falloff = Self.defaultFalloff(kind)
        super.init(items: items)
    }

    /// O10: SpriteKit's per-kind defaults where UIKit is silent (inverse square for radial
    /// gravity and electric), UIKit's stated laws for spring and vortex (∝ distance).
    public static func defaultFalloff(_ kind: Kind) -> Double {
        switch kind {
        case .radialGravity, .electric: return 2
        case .spring, .vortex: return -1
        default: return 0
        }
    }

    // MARK: - Factories (UIKit's)

    /// Uniform acceleration K·strength·direction.
    public static func linearGravityField(direction: Vec2) -> FieldBehavior {
        let f = FieldBehavior(kind: .linearGravity); f.direction = direction; return f
    }
    /// Pull toward `position`, inverse square by default.
    public static func radialGravityField(position: Vec2) -> FieldBehavior {
        let f = FieldBehavior(kind: .radialGravity); f.position = position; return f
    }
    /// Smooth random acceleration changing at `animationSpeed` Hz.
    public static func noiseField(smoothness: Double, animationSpeed: Double) -> FieldBehavior {
        let f = FieldBehavior(kind: .noise); f.smoothness = smoothness; f.animationSpeed = animationSpeed; return f
    }
    /// Noise scaled by the item's speed.
    public static func turbulenceField(smoothness: Double, animationSpeed: Double) -> FieldBehavior {
        let f = FieldBehavior(kind: .turbulence); f.smoothness = smoothness; f.animationSpeed = animationSpeed; return f
    }
    /// Hooke's law toward `position`.
    public static func springField() -> FieldBehavior { FieldBehavior(kind: .spring) }
    /// Force ∝ charge, away from `position` for like signs.
    public static func electricField() -> FieldBehavior { FieldBehavior(kind: .electric) }
    /// Force ∝ charge × velocity, turning it counter-clockwise on screen.
    public static func magneticField() -> FieldBehavior { FieldBehavior(kind: .magnetic) }
    /// Swirl around `position`, counter-clockwise on screen.
    public static func vortexField() -> FieldBehavior { FieldBehavior(kind: .vortex) }
    /// Force against the velocity.
    public static func dragField() -> FieldBehavior { FieldBehavior(kind: .drag) }
    /// Sets the velocity to K·strength·direction.
    public static func velocityField(direction: Vec2) -> FieldBehavior {
        let f = FieldBehavior(kind: .velocity); f.direction = direction; return f
    }
    /// A Swift closure returning UIKit newtons.
    public static func customField(_ evaluator: @escaping (FieldSample) -> Vec2) -> FieldBehavior {
        let f = FieldBehavior(kind: .custom); f.evaluator = evaluator; return f
    }

    /// The engine force (mass·pt/s²) on an item described by `sample`, ignoring the region.
    /// For the velocity field: zero (it sets velocities instead; see `velocity`).
    public func force(for sample: FieldSample) -> Vec2 {
        FieldForce.force(self, sample)
    }

    /// The acceleration (pt/s²) the field gives an item described by `sample` (for drawing).
    public func acceleration(for sample: FieldSample) -> Vec2 {
        sample.mass > 0 ? force(for: sample) / sample.mass : .zero
    }

    /// Velocity a velocity field sets, pt/s.
    public var velocity: Vec2 { kind == .velocity ? Units.fieldUnit * strength * direction : .zero }
}
