// Definition structs: every field has a default, so `BodyDef()` is Box2D's b2DefaultBodyDef().
// Units are the world's: Kinetic uses points (pt), seconds and radians; `WorldDef.lengthUnitsPerMeter`
// (100 pt = 1 m) scales the tolerances that Box2D states in meters.

/// How a body moves.
public enum BodyType: Hashable, Sendable {
    /// Never moves; infinite mass. Boundaries, anchored items.
    case `static`
    /// Moves only by its velocity; infinite mass; pushes dynamic bodies.
    case kinematic
    /// Moved by forces, contacts and joints.
    case dynamic
}

/// Settings of a world.
public struct WorldDef: Sendable {
    /// Acceleration applied to every dynamic body (scaled by its `gravityScale`), length/s².
    /// Default zero: Kinetic applies gravity per item through the gravity behaviour.
    public var gravity: Vec2 = .zero
    /// Length units per meter: scales the tolerances below, which Box2D tunes for meters.
    /// 100 makes items of 5–500 points behave like objects of 5 cm – 5 m.
    public var lengthUnitsPerMeter: Double = 100
    /// Stiffness of contact constraints, Hz, capped at a quarter of the substep rate (60 Hz at 60 fps
    /// with 4 substeps). Box2D v3 uses 30; at 45 Hz a pyramid settles
    /// less splayed (docs/semantics.md, "Contact stiffness", has the figures).
    public var contactHertz: Double = 45
    /// Damping ratio of contact constraints (Box2D v3: 10; heavily overdamped so stacks don't bounce).
    public var contactDampingRatio: Double = 10
    /// Joint constraint stiffness, Hz, and damping ratio (Box2D v3: 60 and 2 / 5).
    public var jointHertz: Double = 60
    public var jointDampingRatio: Double = 2
    /// Fastest speed at which overlap is pushed apart, length/s (Box2D v3: 3 m/s).
    public var maxContactPushSpeed: Double = 300
    /// Relative normal speed below which contacts don't bounce, length/s (Box2D: 1 m/s).
    public var restitutionThreshold: Double = 100
    /// Speed cap, length/s (Box2D v3: 400 m/s).
    public var maximumLinearSpeed: Double = 40_000
    /// Bodies may fall asleep when at rest.
    public var enableSleep: Bool = true
    /// Fast bodies are swept against static geometry (and bullets against everything).
    public var enableContinuous: Bool = true
    /// Most contacts the world holds at once, a count (a contact is a pair of shapes whose fat
    /// bounds overlap, touching or not). n shapes piled in one spot make n(n − 1)/2 pairs, and each
    /// contact costs a few hundred bytes and its share of every step's solve; the cap keeps such a
    /// pile's memory and step time bounded. At the cap the pair search stops and waits: shapes whose
    /// pair has no contact pass through each other until other contacts end, and
    /// `World.isAtContactCapacity` is true after the step, so the owner can warn. Box2D v3 has no
    /// such cap. Default 2¹⁸ = 262 144, about 70 MB of contacts: a packed grid of 10 000 boxes of
    /// 10 pt holds 231 672 (each box's fat bounds reach three boxes out).
    public var maximumContactCount: Int = 1 << 18
    /// Kinetic's own corrections on top of Box2D v3's soft step, each switchable
    /// (Sources/KineticPhysics/Safeguards/README.md says what each defends and costs). Default `.all`.
    public var safeguards: Safeguards = .all
    /// Threads a step's large stages run on, the calling thread included (Step/Workers.swift):
    /// 1 steps on the calling thread only; 0, the default, is automatic: `automaticWorkers` threads
    /// while at least `parallelBodyThreshold` bodies are awake, else the calling thread only, since
    /// handing out a small scene's stages costs more than they take. A count above 1 is used while
    /// at least 64 bodies are awake: with fewer no stage has two blocks to share. The results are
    /// the same bits for any count. At most 16; negative counts as 1.
    public var workers: Int = 0
    public init() {}

    /// Awake bodies from which the automatic setting (`workers` 0) uses worker threads.
    public static let parallelBodyThreshold = 1024
    /// The automatic setting's thread count: the processor's cores, at most 4.
    public static var automaticWorkers: Int { Swift.min(4, Swift.max(1, ProcessorCores.online)) }
}

/// Kinetic's safeguards: stages of the step that Box2D v3 does not have, each defending one invariant
/// that the fuzzer found broken without it (Sources/KineticPhysics/Safeguards/README.md). Turning one off
/// gives Box2D v3's behaviour for that part of the step.
public struct Safeguards: OptionSet, Hashable, Sendable {
    public let rawValue: UInt32
    public init(rawValue: UInt32) { self.rawValue = rawValue }

    /// A warm start never raises the kinetic energy of an island with a long-lever joint.
    public static let warmStartEnergyLimit = Safeguards(rawValue: 1 << 0)
    /// The relax pass never leaves an island of passive joints with more kinetic energy than its warm start did.
    public static let relaxEnergyLimit = Safeguards(rawValue: 1 << 1)
    /// The restitution stage never leaves an island faster than the step began, gravity and forces aside.
    public static let restitutionEnergyLimit = Safeguards(rawValue: 1 << 3)
    /// Elastic impacts between touching dynamic bodies pass along a row before the solve (Newton's cradle).
    public static let impactPropagation = Safeguards(rawValue: 1 << 4)
    /// Positions move at most at the speed caps, and a step ends with capped velocities.
    public static let speedCapsAfterSolve = Safeguards(rawValue: 1 << 5)
    /// A dynamic body deep in a static shape after the step is moved back out.
    public static let staticPushOut = Safeguards(rawValue: 1 << 6)

    public static let all: Safeguards = [.warmStartEnergyLimit, .relaxEnergyLimit, .restitutionEnergyLimit,
                                         .impactPropagation, .speedCapsAfterSolve, .staticPushOut]
    public static let none: Safeguards = []

    /// Each safeguard with its name, in step order (the names `kinetic bench --safeguards` takes).
    public static let named: [(name: String, safeguard: Safeguards)] = [
        ("impactPropagation", .impactPropagation), ("warmStartEnergyLimit", .warmStartEnergyLimit),
        ("speedCapsAfterSolve", .speedCapsAfterSolve), ("relaxEnergyLimit", .relaxEnergyLimit),
        ("restitutionEnergyLimit", .restitutionEnergyLimit),
        ("staticPushOut", .staticPushOut),
    ]
}

/// How often each safeguard acted since the world was created (for measuring them, not for behaviour).
public struct SafeguardCounts: Hashable, Sendable {
    /// Elastic impulses passed along rows of touching bodies.
    public var impactsPropagated = 0
    /// Island warm starts scaled back.
    public var warmStartsScaledBack = 0
    /// Island relax passes scaled back.
    public var relaxPassesScaledBack = 0
    /// Island bounces scaled back.
    public var bouncesScaledBack = 0
    /// Bodies moved out of static shapes.
    public var staticPushOuts = 0
    public init() {}
}

/// Settings of a new body.
public struct BodyDef: Sendable {
    public var type: BodyType = .dynamic
    /// World position of the body origin.
    public var position: Vec2 = .zero
    /// Rotation, radians.
    public var angle: Double = 0
    /// length/s.
    public var linearVelocity: Vec2 = .zero
    /// rad/s.
    public var angularVelocity: Double = 0
    /// Velocity decay rate, 1/s: v ← v / (1 + dt·damping) each substep.
    public var linearDamping: Double = 0
    public var angularDamping: Double = 0
    /// Multiplies `WorldDef.gravity` for this body.
    public var gravityScale: Double = 1
    /// The body never rotates (infinite rotational inertia).
    public var fixedRotation: Bool = false
    /// Swept against dynamic bodies too, not only static ones (continuous collision).
    public var isBullet: Bool = false
    public var allowSleep: Bool = true
    public var isAwake: Bool = true
    /// A value the owner uses to find its own object from a body (Kinetic: the item index).
    public var userData: Int = 0
    public init() {}
}

/// Which shapes may collide. Two shapes collide when each one's category is in the other's mask,
/// unless they share a non-zero `groupIndex`: positive always collide, negative never collide.
public struct Filter: Hashable, Sendable {
    public var categoryBits: UInt64 = 1
    public var maskBits: UInt64 = .max
    public var groupIndex: Int32 = 0
    public init() {}
    public init(categoryBits: UInt64, maskBits: UInt64, groupIndex: Int32 = 0) {
        self.categoryBits = categoryBits; self.maskBits = maskBits; self.groupIndex = groupIndex
    }
}

/// Settings of a new shape.
public struct ShapeDef: Sendable {
    /// Mass per unit area.
    public var density: Double = 1
    /// Coulomb friction coefficient. Pair value: √(fa·fb).
    public var friction: Double = 0.6
    /// Bounciness 0…1. Pair value: max(ea, eb).
    public var restitution: Double = 0
    public var filter: Filter = Filter()
    /// A sensor detects overlap (events) but never produces a contact response.
    public var isSensor: Bool = false
    /// Report begin/end contact events for this shape.
    public var enableContactEvents: Bool = true
    /// A one-way shape: the side, as a direction in the body's frame (it turns with the body; any
    /// length but zero), from which other shapes are stopped. From every other side they pass
    /// through (Box2D v3's platformer pre-solve, decided in the narrow phase: `OneWay.swift`).
    /// nil (the default): the shape collides from every side. Ignored by sensors.
    public var oneWay: Vec2? = nil
    /// A value the owner uses to identify the shape (Kinetic: a boundary or part index).
    public var userData: Int = 0
    public init() {}
}

/// What every joint between two bodies is defined by (Box2D v3.2 gathers the same fields in
/// `b2JointDef`): the distance, revolute, weld and prismatic joints. The target joint has one body.
public protocol TwoBodyJointDef: Sendable {
    var bodyA: BodyID { get set }
    var bodyB: BodyID { get set }
    /// Anchors in each body's local frame (relative to the body origin).
    var localAnchorA: Vec2 { get set }
    var localAnchorB: Vec2 { get set }
    /// The two bodies still collide with each other.
    var collideConnected: Bool { get set }
}

/// A rod, rope or spring between two anchor points.
public struct DistanceJointDef: TwoBodyJointDef {
    public var bodyA: BodyID = .null
    public var bodyB: BodyID = .null
    /// Anchors in each body's local frame (relative to the body origin).
    public var localAnchorA: Vec2 = .zero
    public var localAnchorB: Vec2 = .zero
    /// Rest length (rigid rod length when no spring).
    public var length: Double = 1
    /// Clamp the length to [minLength, maxLength] (a rope: minLength 0, maxLength = length).
    public var enableLimit: Bool = false
    public var minLength: Double = 0
    public var maxLength: Double = .greatestFiniteMagnitude
    /// A spring toward `length` with this frequency (Hz) and damping ratio instead of a rigid rod.
    public var enableSpring: Bool = false
    public var hertz: Double = 0
    public var dampingRatio: Double = 0
    public var collideConnected: Bool = false
    public init() {}
}

/// A pin: both anchors coincide; optional angle limits and a motor (a zero-speed motor with a torque
/// cap models friction torque).
public struct RevoluteJointDef: TwoBodyJointDef {
    public var bodyA: BodyID = .null
    public var bodyB: BodyID = .null
    public var localAnchorA: Vec2 = .zero
    public var localAnchorB: Vec2 = .zero
    /// angleB − angleA at which the joint angle is zero.
    public var referenceAngle: Double = 0
    public var enableLimit: Bool = false
    public var lowerAngle: Double = 0
    public var upperAngle: Double = 0
    public var enableMotor: Bool = false
    /// rad/s.
    public var motorSpeed: Double = 0
    /// Torque cap of the motor (mass·length²/s²).
    public var maxMotorTorque: Double = 0
    public var collideConnected: Bool = false
    public init() {}
}

/// Glues two bodies in their current relative pose; stiffness 0 means rigid.
public struct WeldJointDef: TwoBodyJointDef {
    public var bodyA: BodyID = .null
    public var bodyB: BodyID = .null
    public var localAnchorA: Vec2 = .zero
    public var localAnchorB: Vec2 = .zero
    public var referenceAngle: Double = 0
    /// 0 = rigid.
    public var linearHertz: Double = 0
    public var angularHertz: Double = 0
    public var linearDampingRatio: Double = 1
    public var angularDampingRatio: Double = 1
    public var collideConnected: Bool = false
    public init() {}
}

/// A slider: B moves along an axis fixed in A, with no relative rotation.
public struct PrismaticJointDef: TwoBodyJointDef {
    public var bodyA: BodyID = .null
    public var bodyB: BodyID = .null
    public var localAnchorA: Vec2 = .zero
    public var localAnchorB: Vec2 = .zero
    /// Unit axis in body A's frame.
    public var localAxisA: Vec2 = Vec2(1, 0)
    public var referenceAngle: Double = 0
    public var enableLimit: Bool = false
    /// Translation range along the axis, length.
    public var lowerTranslation: Double = 0
    public var upperTranslation: Double = 0
    public var enableMotor: Bool = false
    public var motorSpeed: Double = 0
    public var maxMotorForce: Double = 0
    public var collideConnected: Bool = false
    public init() {}
}

/// Pulls a point of a body toward a world `target` with a soft spring (dragging, snapping).
/// With `angularHertz > 0` it also turns the body toward `targetAngle`.
public struct TargetJointDef: Sendable {
    public var body: BodyID = .null
    /// Anchor in the body's local frame.
    public var localAnchor: Vec2 = .zero
    /// World point the anchor is pulled to.
    public var target: Vec2 = .zero
    public var hertz: Double = 5
    public var dampingRatio: Double = 0.7
    /// Force cap (mass·length/s²).
    public var maxForce: Double = .greatestFiniteMagnitude
    /// 0 = no angular drive.
    public var angularHertz: Double = 0
    public var angularDampingRatio: Double = 1
    public var targetAngle: Double = 0
    public init() {}
}

/// Any joint definition.
public enum JointDef: Sendable {
    case distance(DistanceJointDef)
    case revolute(RevoluteJointDef)
    case weld(WeldJointDef)
    case prismatic(PrismaticJointDef)
    case target(TargetJointDef)
}
