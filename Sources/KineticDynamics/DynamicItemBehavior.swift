// UIDynamicItemBehavior: material and flags for its items (no force of its own), and velocity
// access. Only the properties set explicitly apply; among several behaviours on one item the most
// recently added one wins per property (O8).
import Foundation
import KineticPhysics

/// Per-item physical properties. An item in no item behaviour has UIKit's defaults: elasticity 0,
/// friction 0, density 1, resistance 0, angular resistance 0, rotation allowed, charge 0, not
/// anchored, not kinematic.
public final class DynamicItemBehavior: DynamicBehavior {
    override public var kindName: String { "DynamicItemBehavior" }

    override func savedState() -> () -> Void {
        let base = super.savedState(), (overrides, linear, angular) = (set_, pendingLinear, pendingAngular)
        return { [self] in base(); set_ = overrides; pendingLinear = linear; pendingAngular = angular }
    }

    /// Restitution 0 (no bounce) … 1 (elastic); > 1 adds energy. Pair value: the larger (O6).
    public var elasticity: Double {
        get { set_.elasticity ?? 0 }
        set { guard acceptNonNegative(newValue, "elasticity") else { return }; set_.elasticity = newValue; changed() }
    }
    /// Coulomb friction coefficient, 0 = none. Pair value √(f₁·f₂); with a boundary √f (O6).
    public var friction: Double {
        get { set_.friction ?? 0 }
        set { guard acceptNonNegative(newValue, "friction") else { return }; set_.friction = newValue; changed() }
    }
    /// Mass per area: mass = area (pt²) × density / 10 000. Must be > 0. Default 1.
    public var density: Double {
        get { set_.density ?? 1 }
        set { guard acceptDensity(newValue) else { return }; set_.density = newValue; changed() }
    }
    /// Linear velocity damping, ≥ 0, 1/s: each substep v ← v / (1 + h·resistance) (O5), so speed
    /// decays as e^(−resistance·t).
    public var resistance: Double {
        get { set_.resistance ?? 0 }
        set { guard acceptNonNegative(newValue, "resistance") else { return }; set_.resistance = newValue; changed() }
    }
    /// Angular velocity damping, ≥ 0, same law as `resistance`.
    public var angularResistance: Double {
        get { set_.angularResistance ?? 0 }
        set { guard acceptNonNegative(newValue, "angularResistance") else { return }; set_.angularResistance = newValue; changed() }
    }
    /// False: the item never turns (its angle stays exactly as it is). Default true.
    public var allowsRotation: Bool {
        get { set_.allowsRotation ?? true }
        set { set_.allowsRotation = newValue; changed() }
    }
    /// Scales the response to electric and magnetic fields. Default 0.
    public var charge: Double {
        get { set_.charge ?? 0 }
        set { guard acceptFinite(newValue, "charge") else { return }; set_.charge = newValue; changed() }
    }
    /// An anchored item collides but never moves (a static body). Default false.
    public var isAnchored: Bool {
        get { set_.anchored ?? false }
        set { set_.anchored = newValue; changed() }
    }
    /// A kinematic item moves only at the velocity and angular velocity written to it (Box2D's
    /// kinematic body): gravity, fields, pushes, impulses, contacts and attachments never change
    /// them; it pushes and carries the items it meets as an infinite mass, and passes through
    /// anchored items, boundaries and other kinematic items. An item both anchored and kinematic is
    /// anchored. Default false.
    public var isKinematic: Bool {
        get { set_.kinematic ?? false }
        set { set_.kinematic = newValue; changed() }
    }

    /// Explicitly set properties (nil = not set).
    struct Overrides {
        var elasticity: Double?, friction: Double?, density: Double?, resistance: Double?
        var angularResistance: Double?, allowsRotation: Bool?, charge: Double?, anchored: Bool?
        var kinematic: Bool?
    }
    var set_ = Overrides()
    /// Velocity changes requested before the behaviour joined an animator.
    var pendingLinear: [(item: ItemID, velocity: Vec2)] = []
    var pendingAngular: [(item: ItemID, velocity: Double)] = []

    override public init() { super.init() }
    override public init(items: [ItemID]) { super.init(items: items) }

    func overlay(on m: inout Material) {
        if let v = set_.elasticity { m.elasticity = v }
        if let v = set_.friction { m.friction = v }
        if let v = set_.density { m.density = v }
        if let v = set_.resistance { m.resistance = v }
        if let v = set_.angularResistance { m.angularResistance = v }
        if let v = set_.allowsRotation { m.allowsRotation = v }
        if let v = set_.charge { m.charge = v }
        if let v = set_.anchored { m.anchored = v }
        if let v = set_.kinematic { m.kinematic = v }
    }

    // MARK: - Velocities

    /// Adds `velocity` (pt/s) to the item's velocity. Before the behaviour is in an animator the
    /// additions accumulate and apply when it joins one.
    public func addLinearVelocity(_ velocity: Vec2, for item: ItemID) throws(DynamicsError) {
        try requireFinite(velocity, "linear velocity")
        guard items.contains(item) else { throw DynamicsError("\(item) is not an item of this DynamicItemBehavior") }
        if let animator {
            try animator.setVelocity(try animator.velocity(of: item) + velocity, of: item)
        } else {
            pendingLinear.append((item, velocity))
        }
    }

    /// The item's current velocity, pt/s (before joining an animator: the pending additions).
    public func linearVelocity(for item: ItemID) throws(DynamicsError) -> Vec2 {
        if let animator { return try animator.velocity(of: item) }
        return pendingLinear.filter { $0.item == item }.reduce(.zero) { $0 + $1.velocity }
    }

    /// Adds `velocity` (rad/s, clockwise-positive); no effect when rotation is not allowed.
    public func addAngularVelocity(_ velocity: Double, for item: ItemID) throws(DynamicsError) {
        try requireFinite(velocity, "angular velocity")
        guard items.contains(item) else { throw DynamicsError("\(item) is not an item of this DynamicItemBehavior") }
        if let animator {
            try animator.setAngularVelocity(try animator.angularVelocity(of: item) + velocity, of: item)
        } else {
            pendingAngular.append((item, velocity))
        }
    }

    /// The item's current angular velocity, rad/s.
    public func angularVelocity(for item: ItemID) throws(DynamicsError) -> Double {
        if let animator { return try animator.angularVelocity(of: item) }
        return pendingAngular.filter { $0.item == item }.reduce(0) { $0 + $1.velocity }
    }

    override func didAttach(to animator: DynamicAnimator) {
        // Items without a body yet keep the velocity until their body is created.
        for (item, v) in pendingLinear where animator.isValid(item) {
            try? animator.setVelocity((try? animator.velocity(of: item)).map { $0 + v } ?? v, of: item)
        }
        for (item, w) in pendingAngular where animator.isValid(item) {
            try? animator.setAngularVelocity(((try? animator.angularVelocity(of: item)) ?? 0) + w, of: item)
        }
        pendingLinear.removeAll()
        pendingAngular.removeAll()
    }
}

extension DynamicItemBehavior {
    /// The densities the engine takes (its density is this × `Units.densityScale`, within
    /// [1/`World.largestInput`, `World.largestInput`]): 10⁻¹¹ to 10¹⁹. A density of 10⁻³²⁰ would
    /// give a mass whose inverse is infinite.
    static func isUsableDensity(_ v: Double) -> Bool {
        let engine = v * Units.densityScale
        return engine >= 1 / World.largestInput && engine <= World.largestInput
    }

    func acceptDensity(_ v: Double) -> Bool {
        if Self.isUsableDensity(v) { return true }
        let range = [1 / World.largestInput, World.largestInput].map { String(format: "%g", $0 / Units.densityScale) }
        refuse("density", v, "a number from \(range[0]) to \(range[1])"); return false
    }
}
