// UIAttachmentBehavior: a joint between an item and an anchor point or between two items. The
// kind (rod/spring, pin, fixed, limit, sliding) is chosen at creation and cannot change.
import KineticPhysics

/// A joint from one item to a fixed anchor point or to a second item.
///
/// Geometry (lengths, anchors in each item's frame, the starting relative angle) is read when
/// the behaviour joins an animator, from the items' poses at that moment (UIKit reads it at
/// creation). Offsets are in the item's rotating frame, relative to its center.
public final class AttachmentBehavior: DynamicBehavior {
    override public var kindName: String { "AttachmentBehavior" }

    override func savedState() -> () -> Void {
        let base = super.savedState()
        let (anchor, frequency, damping, frictionTorque, range) = (anchorPoint, self.frequency, self.damping, self.frictionTorque, attachmentRange)
        let (motorSpeed, frictionForce) = (self.motorSpeed, self.frictionForce)
        let (length, resolve, joint, isPoint) = (explicitLength, needsResolve, self.joint, jointIsPoint)
        let (anchorA, anchorB, axisA, reference) = (localAnchorA, localAnchorB, localAxisA, referenceAngle)
        return { [self] in
            base()
            anchorPoint = anchor; self.frequency = frequency; self.damping = damping
            self.frictionTorque = frictionTorque; self.motorSpeed = motorSpeed; self.frictionForce = frictionForce
            attachmentRange = range
            explicitLength = length; needsResolve = resolve; self.joint = joint; jointIsPoint = isPoint
            localAnchorA = anchorA; localAnchorB = anchorB; localAxisA = axisA; referenceAngle = reference
        }
    }
    override var itemsAreFixed: Bool { true }

    /// The joint kind. Raw values are the Lua names.
    public enum Kind: String, Hashable, Sendable {
        /// Rod (frequency 0) or spring between two points: distance `length`.
        case distance
        /// Revolute: the items turn about a shared point; optional angle range and friction.
        case pin
        /// Weld: relative position and angle frozen.
        case fixed
        /// Rope: distance at most `length`.
        case limit
        /// Prismatic: translation along an axis only, no relative rotation; optional range.
        case sliding
    }

    /// UIKit's attachedBehaviorType.
    public enum AttachmentType: Hashable, Sendable { case items, anchor }

    /// Fixed at creation (Lua `b.kind`).
    public let kind: Kind
    /// The first item.
    public let item: ItemID
    /// The second item, or nil when attached to `anchorPoint`.
    public let attachedItem: ItemID?
    /// Attachment point on `item`, points from its center in its rotating frame.
    public let offsetFromCenter: Vec2
    /// Attachment point on `attachedItem`, likewise.
    public let attachedOffsetFromCenter: Vec2
    /// Unit axis of a sliding attachment in reference coordinates at creation; zero otherwise.
    public let axis: Vec2

    /// `.anchor` when attached to a point, `.items` when to a second item.
    public var attachedBehaviorType: AttachmentType { attachedItem == nil ? .anchor : .items }

    /// Anchor in reference coordinates. For anchor attachments, moving it drags the item. For
    /// two-item pin, fixed and sliding attachments it is the creation point; writing it re-pins
    /// the items there from their current poses.
    public var anchorPoint: Vec2 {
        didSet {
            guard acceptFinite(anchorPoint, "anchorPoint") else { anchorPoint = oldValue; return }
            if attachedItem != nil && (kind == .pin || kind == .fixed || kind == .sliding) { needsResolve = true }
            changed()
        }
    }

    /// Distance between the attachment points (distance: rest length; limit: the most), points.
    /// Defaults to the distance when the behaviour joins an animator.
    public var length: Double {
        get { explicitLength ?? 0 }
        set {
            guard acceptNonNegative(newValue, "length") else { return }
            explicitLength = newValue
            changed()
        }
    }

    /// Spring frequency, Hz; 0 (default) is a rigid rod. Distance attachments only.
    public var frequency = 0.0 {
        didSet { guard acceptNonNegative(frequency, "frequency") else { frequency = oldValue; return }; changed() }
    }

    /// Spring damping ratio (1 = critical); only with `frequency > 0`. Default 0.
    public var damping = 0.0 {
        didSet { guard acceptNonNegative(damping, "damping") else { damping = oldValue; return }; changed() }
    }

    /// Pin only: resistance to turning, UIKit newton-metres (1 = 10 000 mass·pt²/s² of torque).
    /// Default 0: turns freely.
    public var frictionTorque = 0.0 {
        didSet { guard acceptNonNegative(frictionTorque, "frictionTorque") else { frictionTorque = oldValue; return }; changed() }
    }

    /// Sliding only: resistance to sliding along the axis, UIKit newtons (1 = 100 mass·pt/s² of
    /// force). Default 0: slides freely. The slide's counterpart of a pin's `frictionTorque`.
    public var frictionForce = 0.0 {
        didSet { guard acceptNonNegative(frictionForce, "frictionForce") else { frictionForce = oldValue; return }; changed() }
    }

    /// Pin and sliding: the speed `frictionTorque` (pin, radians/s, positive clockwise) or
    /// `frictionForce` (sliding, points/s along `axis`) drives `item` towards, relative to
    /// `attachedItem` (or the world). 0 (default): the friction brakes the motion; any other speed
    /// makes the attachment a motor, Box2D's revolute or prismatic motor with the friction as its
    /// largest torque or force.
    public var motorSpeed = 0.0 {
        didSet { guard acceptInput(motorSpeed, "motorSpeed") else { motorSpeed = oldValue; return }; changed() }
    }

    /// Pin: allowed turn from the starting relative angle, radians (positive = clockwise on
    /// screen). Sliding: allowed travel along the axis from the start, points. Must contain 0.
    /// Default infinite.
    public var attachmentRange = FloatRange.infinite {
        didSet {
            let r = attachmentRange
            guard !r.minimum.isNaN, !r.maximum.isNaN, r.minimum <= 0, r.maximum >= 0 else {
                refuse("attachmentRange", r, "a range containing 0"); attachmentRange = oldValue; return
            }
            changed()
        }
    }

    var explicitLength: Double?
    var needsResolve = true
    var joint = JointID.null
    // Resolved geometry: body A is `attachedItem` (or the ground), body B is `item`.
    var localAnchorA = Vec2.zero
    var localAnchorB = Vec2.zero
    var localAxisA = Vec2(1, 0)
    var referenceAngle = 0.0

    init(kind: Kind, item: ItemID, offset: Vec2, attachedTo other: ItemID?, otherOffset: Vec2, anchor: Vec2, axis: Vec2 = .zero) throws(DynamicsError) {
        try requireFinite(offset, "attachment offset")
        try requireFinite(otherOffset, "attachment offset of the attached item")
        try requireFinite(anchor, "attachment anchor")
        if let other, other == item { throw DynamicsError("an attachment cannot attach \(item) to itself") }
        if kind == .sliding {
            try requireFinite(axis, "sliding axis")
            guard axis.length > 1e-12 else { throw DynamicsError("sliding axis must not be zero, got \(axis)") }
        }
        self.kind = kind
        self.item = item
        self.attachedItem = other
        self.offsetFromCenter = offset
        self.attachedOffsetFromCenter = otherOffset
        self.anchorPoint = anchor
        self.axis = axis.normalized
        super.init(items: other.map { [item, $0] } ?? [item])
    }

    // MARK: - Factories (UIKit's initialisers)

    /// Rod (or spring) from a point of the item to an anchor point.
    public convenience init(item: ItemID, offsetFromCenter offset: Vec2 = .zero, attachedToAnchor anchor: Vec2) throws(DynamicsError) {
        try self.init(kind: .distance, item: item, offset: offset, attachedTo: nil, otherOffset: .zero, anchor: anchor)
    }

    /// Rod (or spring) between points of two items.
    public convenience init(item: ItemID, offsetFromCenter offset: Vec2 = .zero, attachedTo other: ItemID, offsetFromCenter otherOffset: Vec2 = .zero) throws(DynamicsError) {
        try self.init(kind: .distance, item: item, offset: offset, attachedTo: other, otherOffset: otherOffset, anchor: .zero)
    }

    /// Rope between points of two items, or of an item and an anchor (`other` nil).
    public static func limit(item: ItemID, offsetFromCenter offset: Vec2 = .zero, attachedTo other: ItemID?, offsetFromCenter otherOffset: Vec2 = .zero, anchor: Vec2 = .zero) throws(DynamicsError) -> AttachmentBehavior {
        try AttachmentBehavior(kind: .limit, item: item, offset: offset, attachedTo: other, otherOffset: otherOffset, anchor: anchor)
    }

    /// Pin at a point (reference coordinates) shared by the two items (or the item and the world).
    public static func pin(item: ItemID, attachedTo other: ItemID?, anchor: Vec2) throws(DynamicsError) -> AttachmentBehavior {
        try AttachmentBehavior(kind: .pin, item: item, offset: .zero, attachedTo: other, otherOffset: .zero, anchor: anchor)
    }

    /// Weld the two items at a point, keeping their relative pose.
    public static func fixed(item: ItemID, attachedTo other: ItemID, anchor: Vec2) throws(DynamicsError) -> AttachmentBehavior {
        try AttachmentBehavior(kind: .fixed, item: item, offset: .zero, attachedTo: other, otherOffset: .zero, anchor: anchor)
    }

    /// Slide along `axis` (reference coordinates; only its direction matters) through `anchor`,
    /// relative to another item or to the world (`other` nil).
    public static func sliding(item: ItemID, attachedTo other: ItemID?, anchor: Vec2, axis: Vec2) throws(DynamicsError) -> AttachmentBehavior {
        try AttachmentBehavior(kind: .sliding, item: item, offset: .zero, attachedTo: other, otherOffset: .zero, anchor: anchor, axis: axis)
    }

    /// The current distance between the attachment points in `animator` (what `length` becomes
    /// when the behaviour joins it, unless set): lets a caller show the default before joining.
    public func measuredLength(in animator: DynamicAnimator) throws(DynamicsError) -> Double {
        try animator.validate(item)
        let pointB = animator.pose(of: item).apply(offsetFromCenter)
        guard let other = attachedItem else { return distance(anchorPoint, pointB) }
        try animator.validate(other)
        return distance(animator.pose(of: other).apply(attachedOffsetFromCenter), pointB)
    }

    // MARK: - Engine joint

    /// Reads the geometry from the items' current poses.
    func resolve(in animator: DynamicAnimator) {
        let poseB = animator.pose(of: item)
        let poseA = attachedItem.map { animator.pose(of: $0) } ?? .identity
        switch kind {
        case .distance, .limit:
            localAnchorB = offsetFromCenter
            localAnchorA = attachedItem == nil ? anchorPoint : attachedOffsetFromCenter
            if explicitLength == nil {
                explicitLength = distance(poseA.apply(localAnchorA), poseB.apply(localAnchorB))
            }
        case .pin, .fixed, .sliding:
            localAnchorA = poseA.applyInverse(anchorPoint)
            localAnchorB = poseB.applyInverse(anchorPoint)
            localAxisA = poseA.q.inverseRotate(axis)
            referenceAngle = Rot.relativeAngle(poseA.q, poseB.q)
        }
        needsResolve = false
    }

    override func didAttach(to animator: DynamicAnimator) {
        joint = .null   // a handle from an animator that went away without detaching us
        if needsResolve || explicitLength == nil { resolve(in: animator) }
    }

    override func willDetach(from animator: DynamicAnimator) {
        if !joint.isNull, animator.world.isValid(joint) { animator.world.destroyJoint(joint) }
        joint = .null
    }

    /// The engine needs a positive length; 0.01 pt behaves as 0 for items of 5–500 pt.
    var engineLength: Double { Swift.max(length, 0.01) }

    /// A rigid rod shorter than this (points) is built as an engine pin: a rod of (nearly) zero
    /// length has no direction to push along, so it cannot hold the points together.
    static let pointJointLength = 0.5
    var wantsPointJoint: Bool { kind == .distance && frequency == 0 && length < Self.pointJointLength }
    var jointIsPoint = false

    /// Finite stand-in for an open range end: the engine wants finite limits, and takes a
    /// slide's as coordinates, so the stand-in is the largest coordinate (a rail longer than the
    /// engine's whole plane cannot be reached anyway).
    static func finite(_ v: Double) -> Double { Swift.min(Swift.max(v, -World.largestCoordinate), World.largestCoordinate) }

    override func synchronize(in animator: DynamicAnimator) {
        let world = animator.world
        let bodyB = animator.body(of: item)
        let bodyA = attachedItem.map { animator.body(of: $0) } ?? animator.groundBody()
        guard !bodyA.isNull, !bodyB.isNull else { return }
        if needsResolve || (jointIsPoint != wantsPointJoint && !joint.isNull) {
            if needsResolve { resolve(in: animator) }
            if !joint.isNull, world.isValid(joint) { world.destroyJoint(joint) }
            joint = .null
        }
        let range = attachmentRange
        let limited = !range.isInfinite
        // The ground sits at the origin unrotated: an anchor's local point is the anchor itself.
        if attachedItem == nil { localAnchorA = anchorPoint }
        if joint.isNull || !world.isValid(joint) {
            /// `def` between the two bodies at the attachment's anchors.
            func anchored<Def: TwoBodyJointDef>(_ def: Def) -> Def {
                var d = def
                d.bodyA = bodyA; d.bodyB = bodyB
                d.localAnchorA = localAnchorA; d.localAnchorB = localAnchorB
                return d
            }
            let def: JointDef
            jointIsPoint = wantsPointJoint
            switch kind {
            case .distance where jointIsPoint:
                def = .revolute(anchored(RevoluteJointDef()))
            case .distance, .limit:
                var d = anchored(DistanceJointDef())
                d.length = engineLength
                if kind == .limit {
                    // A rope: no rod and no spring, only the range [0, length].
                    d.enableSpring = false
                    d.enableLimit = true; d.minLength = 0; d.maxLength = engineLength
                } else {
                    d.enableSpring = frequency > 0; d.hertz = frequency; d.dampingRatio = damping
                }
                def = .distance(d)
            case .pin:
                var r = anchored(RevoluteJointDef())
                r.referenceAngle = referenceAngle
                r.enableLimit = limited; r.lowerAngle = Self.finite(range.minimum); r.upperAngle = Self.finite(range.maximum)
                r.enableMotor = frictionTorque > 0; r.motorSpeed = motorSpeed; r.maxMotorTorque = frictionTorque * Units.newtonMeter
                def = .revolute(r)
            case .fixed:
                var w = anchored(WeldJointDef())
                w.referenceAngle = referenceAngle
                def = .weld(w)
            case .sliding:
                var p = anchored(PrismaticJointDef())
                p.localAxisA = localAxisA
                p.referenceAngle = referenceAngle
                p.enableLimit = limited; p.lowerTranslation = Self.finite(range.minimum); p.upperTranslation = Self.finite(range.maximum)
                p.enableMotor = frictionForce > 0; p.motorSpeed = motorSpeed; p.maxMotorForce = frictionForce * Units.newton
                def = .prismatic(p)
            }
            do { joint = try world.createJoint(def) } catch {
                joint = .null
                animator.warn("\(kind.rawValue) attachment of \(animator.label(item)): \(error)")
            }
            return
        }
        // Existing joint: bring its parameters up to date.
        switch kind {
        case .distance where jointIsPoint:
            break
        case .distance:
            world.setLength(engineLength, of: joint)
            world.setSpring(hertz: frequency, dampingRatio: damping, enabled: frequency > 0, of: joint)
        case .limit:
            world.setLength(engineLength, of: joint)
            world.setLengthRange(min: 0, max: engineLength, enabled: true, of: joint)
        case .pin:
            world.setLimits(lower: Self.finite(range.minimum), upper: Self.finite(range.maximum), enabled: limited, of: joint)
            world.setMotor(speed: motorSpeed, maxTorqueOrForce: frictionTorque * Units.newtonMeter, enabled: frictionTorque > 0, of: joint)
        case .sliding:
            world.setLimits(lower: Self.finite(range.minimum), upper: Self.finite(range.maximum), enabled: limited, of: joint)
            world.setMotor(speed: motorSpeed, maxTorqueOrForce: frictionForce * Units.newton, enabled: frictionForce > 0, of: joint)
        case .fixed:
            break
        }
        if attachedItem == nil, kind != .fixed {
            world.setWorldAnchorA(anchorPoint, of: joint)
        }
    }
}
