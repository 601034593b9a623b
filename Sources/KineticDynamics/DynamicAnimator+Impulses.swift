// Forces and impulses a script applies to one item directly, in UIKit units, converted exactly as a
// push behaviour converts its vector (DynamicAnimator+Forces.swift), so the two agree bit for bit.
import Foundation
import KineticPhysics

extension DynamicAnimator {
    /// Changes the item's velocity at once by an impulse in UIKit newton-seconds: Δv = 100·J/m pt/s,
    /// as an instantaneous push of the same vector gives. `point` (world coordinates, points; default
    /// the item's centre) off the centre of mass also turns it: Δω = r × J / I. An anchored item, or
    /// one that no behaviour lists (it has no body), ignores it, as it would a push.
    public func applyImpulse(_ impulse: Vec2, at point: Vec2? = nil, to id: ItemID) throws(DynamicsError) {
        guard let (body, at) = try target(id, impulse, point, "impulse") else { return }
        world.applyLinearImpulse(Units.newton * impulse, at: at, to: body, wake: true)
        needsResume = true
    }

    /// Adds a force in UIKit newtons that acts during the next step only (then it is cleared):
    /// a = 100·F/m pt/s², as a continuous push of the same vector gives for that step. `point` as for
    /// `applyImpulse`. A force of zero changes nothing and does not wake the item.
    public func applyForce(_ force: Vec2, at point: Vec2? = nil, to id: ItemID) throws(DynamicsError) {
        guard let (body, at) = try target(id, force, point, "force"), force != .zero else { return }
        world.applyForce(Units.newton * force, at: at, to: body, wake: true)
        needsResume = true
    }

    /// Adds a torque in UIKit newton-metres (1 N at 100 pt from the centre of mass) that acts during
    /// the next step only. Positive turns clockwise on screen.
    public func applyTorque(_ torque: Double, to id: ItemID) throws(DynamicsError) {
        guard let body = try rotatingBody(id, torque, "torque"), torque != 0 else { return }
        world.applyTorque(Units.newtonMeter * torque, to: body, wake: true)
        needsResume = true
    }

    /// Changes the angular velocity at once by an angular impulse in UIKit newton-metre-seconds:
    /// Δω = 10 000·j / I rad/s (I in engine units, mass·pt²). Positive turns clockwise on screen.
    public func applyAngularImpulse(_ impulse: Double, to id: ItemID) throws(DynamicsError) {
        guard let body = try rotatingBody(id, impulse, "angular impulse") else { return }
        world.applyAngularImpulse(Units.newtonMeter * impulse, to: body, wake: true)
        needsResume = true
    }

    // MARK: - Checks

    /// The body a linear force or impulse acts on and the world point where it acts; nil for an
    /// item that does not move. Throws, changing nothing, for a value the engine cannot take.
    private func target(_ id: ItemID, _ value: Vec2, _ point: Vec2?, _ what: String) throws(DynamicsError) -> (BodyID, Vec2)? {
        let i = try slot(id)
        try requireUsable(value, "\(label(id)) \(what)")
        if let point, !(abs(point.x) <= World.largestCoordinate && abs(point.y) <= World.largestCoordinate) {
            throw DynamicsError("\(label(id)) \(what) point must be finite and within ±\(Int(World.largestCoordinate)) pt, got \(point)")
        }
        synchronize()  // an item a behaviour listed since the last step gets its body now
        let body = records[i].body
        guard !body.isNull, world.type(of: body) == .dynamic else { return nil }
        return (body, point ?? world.position(of: body))
    }

    /// The body a torque or angular impulse acts on; nil for an item that does not move.
    private func rotatingBody(_ id: ItemID, _ value: Double, _ what: String) throws(DynamicsError) -> BodyID? {
        let i = try slot(id)
        guard abs(Units.newtonMeter * value) <= World.largestInput else {  // NaN fails too
            throw DynamicsError("\(label(id)) \(what) must be a finite number within ±\(String(format: "%g", Self.largestTorque)), got \(value)")
        }
        synchronize()
        let body = records[i].body
        guard !body.isNull, world.type(of: body) == .dynamic else { return nil }
        return body
    }

    /// A force or impulse whose engine value the engine takes (it ignores larger ones silently).
    private func requireUsable(_ value: Vec2, _ what: String) throws(DynamicsError) {
        guard abs(Units.newton * value.x) <= World.largestInput, abs(Units.newton * value.y) <= World.largestInput else {
            throw DynamicsError("\(what) must be finite with components within ±\(String(format: "%g", Self.largestForce)), got \(value)")
        }
    }

    /// The largest force or impulse component (UIKit units) the engine takes.
    static var largestForce: Double { World.largestInput / Units.newton }
    /// The largest torque or angular impulse (UIKit units) the engine takes.
    static var largestTorque: Double { World.largestInput / Units.newtonMeter }
}
