// The world: owns bodies, shapes, joints and contacts in contiguous storage, and steps them.
// CONTRACT: the public signatures in this file are what `Dynamics` is written against. The bodies
// marked `unimplemented` are filled in by the engine work; keep the signatures.

/// A contact began between two shapes during the last step.
public struct ContactBeginEvent: Hashable, Sendable {
    public var shapeA: ShapeID
    public var shapeB: ShapeID
    /// World contact point (midpoint of the manifold points when there are two).
    public var point: Vec2
    /// World normal from A to B.
    public var normal: Vec2
    public init(shapeA: ShapeID, shapeB: ShapeID, point: Vec2, normal: Vec2) {
        self.shapeA = shapeA; self.shapeB = shapeB; self.point = point; self.normal = normal
    }
}

/// A contact ended between two shapes during the last step (or because a shape was destroyed).
public struct ContactEndEvent: Hashable, Sendable {
    public var shapeA: ShapeID
    public var shapeB: ShapeID
    public init(shapeA: ShapeID, shapeB: ShapeID) { self.shapeA = shapeA; self.shapeB = shapeB }
}

/// The result of a ray cast.
public struct RayHit: Hashable, Sendable {
    public var shape: ShapeID
    public var point: Vec2
    public var normal: Vec2
    /// Fraction of the ray's length at the hit, 0…1.
    public var fraction: Double
}

/// A joint's kind, for drawing and inspection.
public enum JointKind: Hashable, Sendable { case distance, revolute, weld, prismatic, target }

@inline(never) func unimplemented(_ what: String = #function) -> Never { fatalError("Physics: \(what) is not implemented yet") }

/// A 2D rigid-body world. Not thread-safe: use from one thread.
public final class World {
    public init(_ def: WorldDef = WorldDef()) { unimplemented() }

    // MARK: - Stepping

    /// Advances by `dt` seconds in `substeps` soft-step substeps. Bodies, shapes and joints may be
    /// created and destroyed between steps only. Contact events of this step are readable afterwards.
    public func step(by dt: Double, substeps: Int = 4) { unimplemented() }
    /// The begin events of the last step in a deterministic order (by shape pair ids).
    public var contactBeginEvents: [ContactBeginEvent] { unimplemented() }
    /// The end events of the last step in a deterministic order (by shape pair ids).
    public var contactEndEvents: [ContactEndEvent] { unimplemented() }
    /// True when no dynamic or kinematic body is awake.
    public var isAtRest: Bool { unimplemented() }
    public var awakeBodyCount: Int { unimplemented() }
    /// A hash of every body's transform and velocity bits in creation order (determinism tests).
    public func stateHash() -> UInt64 { unimplemented() }

    // MARK: - Bodies

    public func createBody(_ def: BodyDef) throws(PhysicsError) -> BodyID { unimplemented() }
    /// Destroys the body, its shapes and its joints. Ignores a stale id.
    public func destroyBody(_ id: BodyID) { unimplemented() }
    public func isValid(_ id: BodyID) -> Bool { unimplemented() }
    /// Live bodies in creation order.
    public var bodies: [BodyID] { unimplemented() }
    public var bodyCount: Int { unimplemented() }

    public func type(of id: BodyID) -> BodyType { unimplemented() }
    public func setType(_ type: BodyType, of id: BodyID) { unimplemented() }
    public func userData(of id: BodyID) -> Int { unimplemented() }
    /// Body origin, world.
    public func position(of id: BodyID) -> Vec2 { unimplemented() }
    public func angle(of id: BodyID) -> Double { unimplemented() }
    public func transform(of id: BodyID) -> Transform { unimplemented() }
    /// Teleports the body (wakes it; velocity kept). Throws on non-finite input.
    public func setTransform(position: Vec2, angle: Double, of id: BodyID) throws(PhysicsError) { unimplemented() }
    /// Centre of mass, world.
    public func worldCenter(of id: BodyID) -> Vec2 { unimplemented() }
    public func linearVelocity(of id: BodyID) -> Vec2 { unimplemented() }
    public func setLinearVelocity(_ v: Vec2, of id: BodyID) throws(PhysicsError) { unimplemented() }
    public func angularVelocity(of id: BodyID) -> Double { unimplemented() }
    public func setAngularVelocity(_ w: Double, of id: BodyID) throws(PhysicsError) { unimplemented() }
    /// Velocity of a world point attached to the body.
    public func velocity(atWorldPoint p: Vec2, of id: BodyID) -> Vec2 { unimplemented() }
    /// Force (mass·length/s²) at a world point, applied during the next step, then cleared.
    public func applyForce(_ f: Vec2, at point: Vec2, to id: BodyID, wake: Bool = true) { unimplemented() }
    public func applyForceToCenter(_ f: Vec2, to id: BodyID, wake: Bool = true) { unimplemented() }
    public func applyTorque(_ t: Double, to id: BodyID, wake: Bool = true) { unimplemented() }
    /// Impulse (mass·length/s) at a world point: changes velocity immediately.
    public func applyLinearImpulse(_ j: Vec2, at point: Vec2, to id: BodyID, wake: Bool = true) { unimplemented() }
    public func applyAngularImpulse(_ j: Double, to id: BodyID, wake: Bool = true) { unimplemented() }
    public func mass(of id: BodyID) -> Double { unimplemented() }
    /// About the centre of mass.
    public func rotationalInertia(of id: BodyID) -> Double { unimplemented() }
    public func gravityScale(of id: BodyID) -> Double { unimplemented() }
    public func setGravityScale(_ s: Double, of id: BodyID) { unimplemented() }
    public func linearDamping(of id: BodyID) -> Double { unimplemented() }
    public func setLinearDamping(_ d: Double, of id: BodyID) { unimplemented() }
    public func angularDamping(of id: BodyID) -> Double { unimplemented() }
    public func setAngularDamping(_ d: Double, of id: BodyID) { unimplemented() }
    public func isFixedRotation(_ id: BodyID) -> Bool { unimplemented() }
    public func setFixedRotation(_ flag: Bool, of id: BodyID) { unimplemented() }
    public func isBullet(_ id: BodyID) -> Bool { unimplemented() }
    public func setBullet(_ flag: Bool, of id: BodyID) { unimplemented() }
    public func isAwake(_ id: BodyID) -> Bool { unimplemented() }
    public func setAwake(_ flag: Bool, of id: BodyID) { unimplemented() }
    /// World AABB of all the body's shapes.
    public func aabb(of id: BodyID) -> AABB { unimplemented() }

    // MARK: - Shapes

    /// Attaches a shape; the body's mass is recomputed from all its shapes' densities.
    public func createShape(on body: BodyID, _ def: ShapeDef, _ geometry: Geometry) throws(PhysicsError) -> ShapeID { unimplemented() }
    /// A chain of two-sided segments through `points` (closed when `isLoop`), for boundaries.
    public func createChain(on body: BodyID, points: [Vec2], isLoop: Bool, _ def: ShapeDef) throws(PhysicsError) -> [ShapeID] { unimplemented() }
    public func destroyShape(_ id: ShapeID) { unimplemented() }
    public func isValid(_ id: ShapeID) -> Bool { unimplemented() }
    public func shapes(of body: BodyID) -> [ShapeID] { unimplemented() }
    public func body(of shape: ShapeID) -> BodyID { unimplemented() }
    public func geometry(of shape: ShapeID) -> Geometry { unimplemented() }
    public func userData(of shape: ShapeID) -> Int { unimplemented() }
    public func friction(of shape: ShapeID) -> Double { unimplemented() }
    public func setFriction(_ f: Double, of shape: ShapeID) { unimplemented() }
    public func restitution(of shape: ShapeID) -> Double { unimplemented() }
    public func setRestitution(_ e: Double, of shape: ShapeID) { unimplemented() }
    public func density(of shape: ShapeID) -> Double { unimplemented() }
    /// Recomputes the body's mass.
    public func setDensity(_ d: Double, of shape: ShapeID) { unimplemented() }
    public func filter(of shape: ShapeID) -> Filter { unimplemented() }
    /// Re-filters existing contacts on the next step.
    public func setFilter(_ f: Filter, of shape: ShapeID) { unimplemented() }
    public func aabb(of shape: ShapeID) -> AABB { unimplemented() }

    // MARK: - Joints

    public func createJoint(_ def: JointDef) throws(PhysicsError) -> JointID { unimplemented() }
    public func destroyJoint(_ id: JointID) { unimplemented() }
    public func isValid(_ id: JointID) -> Bool { unimplemented() }
    public var joints: [JointID] { unimplemented() }
    public func kind(of joint: JointID) -> JointKind { unimplemented() }
    public func bodies(of joint: JointID) -> (BodyID, BodyID) { unimplemented() }
    /// The two anchors in world coordinates (for a target joint: the body anchor and the target).
    public func worldAnchors(of joint: JointID) -> (Vec2, Vec2) { unimplemented() }
    /// Distance joint: rest length, limits and spring.
    public func setLength(_ length: Double, of joint: JointID) { unimplemented() }
    public func setLengthRange(min: Double, max: Double, enabled: Bool, of joint: JointID) { unimplemented() }
    public func setSpring(hertz: Double, dampingRatio: Double, enabled: Bool, of joint: JointID) { unimplemented() }
    /// Revolute: angle limits (radians) and motor; prismatic: translation limits and motor.
    public func setLimits(lower: Double, upper: Double, enabled: Bool, of joint: JointID) { unimplemented() }
    public func setMotor(speed: Double, maxTorqueOrForce: Double, enabled: Bool, of joint: JointID) { unimplemented() }
    /// Revolute joint angle (angleB − angleA − reference), prismatic translation.
    public func jointAngle(of joint: JointID) -> Double { unimplemented() }
    public func jointTranslation(of joint: JointID) -> Double { unimplemented() }
    /// Target joint: move the target (wakes the body), and change its spring.
    public func setTarget(_ p: Vec2, of joint: JointID) { unimplemented() }
    public func setTargetSpring(hertz: Double, dampingRatio: Double, maxForce: Double, of joint: JointID) { unimplemented() }
    /// Moves the anchor that is on the static/world side (body A) of any joint, in world coordinates.
    public func setWorldAnchorA(_ p: Vec2, of joint: JointID) { unimplemented() }

    // MARK: - Filtering

    /// Asked once when the broad phase finds a new pair of shapes whose `Filter`s let them collide;
    /// returning false keeps them apart. Never called inside the solver's inner loops.
    public var customFilter: ((ShapeID, ShapeID) -> Bool)? { get { unimplemented() } set { unimplemented() } }
    /// Re-runs filtering (Filter and `customFilter`) for the shape's existing and future pairs on the
    /// next step: call it after whatever `customFilter` depends on has changed.
    public func refilter(_ shape: ShapeID) { unimplemented() }

    // MARK: - Queries

    /// Shapes whose AABB overlaps `box`, in ascending shape index order.
    public func queryAABB(_ box: AABB) -> [ShapeID] { unimplemented() }
    /// Shapes containing the point.
    public func queryPoint(_ p: Vec2) -> [ShapeID] { unimplemented() }
    /// Closest hit along the ray from `origin` to `origin + translation`.
    public func rayCast(from origin: Vec2, translation: Vec2, filter: Filter = Filter()) -> RayHit? { unimplemented() }
    /// Current contact points (world) of touching shapes, for debug drawing.
    public func contactPoints() -> [Vec2] { unimplemented() }
}
