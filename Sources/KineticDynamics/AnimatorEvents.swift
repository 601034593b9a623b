// What the animator tells its owner: pause/resume and warnings (an event list drained after each
// step, plus closures), and the snapshot a renderer draws from.
import KineticPhysics

/// An animator event, in the order it happened.
public enum AnimatorEvent: Hashable, Sendable {
    /// Every item came to rest: the animator stopped stepping (UIKit dynamicAnimatorDidPause).
    case paused
    /// Something changed or moved: the animator steps again (UIKit dynamicAnimatorWillResume).
    case resumed
    /// A non-fatal problem, e.g. a second gravity behaviour (O7).
    case warning(String)
}

/// The other side of a collision: another item, a named boundary, or the reference bounds.
public enum CollisionPartner: Hashable, Sendable {
    case item(ItemID)
    /// An explicit boundary, by its identifier.
    case boundary(String)
    /// The reference-bounds boundary (UIKit reports a nil identifier; Lua sees "bounds").
    case referenceBounds
}

// MARK: - Snapshot

/// Everything a renderer needs to draw one frame, copied out of the animator.
public struct AnimatorSnapshot: Sendable {
    /// Animator elapsed time, seconds.
    public var time: Double
    /// False while paused at rest.
    public var isRunning: Bool
    /// Draw outlines, links, contacts and field vectors.
    public var debugEnabled: Bool
    /// Reference bounds size, points (nil: abstract space).
    public var referenceBounds: Size?
    /// Every live item in insertion order.
    public var items: [ItemSnapshot]
    /// Attachments and snaps in the behaviour tree, in tree order.
    public var links: [LinkSnapshot]
    /// Contact points of touching shapes, reference coordinates.
    public var contactPoints: [Vec2]
    /// Fields in the behaviour tree, in tree order.
    public var fields: [FieldSnapshot]
    /// Boundary outlines of the collision behaviours in the tree.
    public var boundaries: [BoundarySnapshot]
}

/// One item as drawn.
public struct ItemSnapshot: Hashable, Sendable {
    public var id: ItemID
    /// The name given at creation.
    public var name: String?
    /// Points, reference coordinates.
    public var center: Vec2
    /// Radians, clockwise on screen.
    public var angle: Double
    /// Bounds size, points.
    public var size: Size
    /// Collision bounds as given (the outline to draw).
    public var bounds: CollisionBounds
    /// The engine shapes the item collides with, in its own frame (origin at its centre, before
    /// rotation): what `bounds` became, e.g. a rectangle as a four-point polygon.
    public var shapes: [Geometry]
    /// pt/s.
    public var velocity: Vec2
    /// rad/s, clockwise-positive.
    public var angularVelocity: Double
    /// False when no behaviour references the item (it has no body).
    public var isSimulated: Bool
    /// Anchored by an item behaviour (never moves).
    public var isAnchored: Bool
    /// Has a body that is not asleep.
    public var isAwake: Bool
}

/// A drawn link: an attachment of some kind, or a snap.
public enum LinkKind: Hashable, Sendable {
    case attachment(AttachmentBehavior.Kind)
    case snap
}

/// A drawn attachment or snap.
public struct LinkSnapshot: Hashable, Sendable {
    public var kind: LinkKind
    /// World point on the first item.
    public var itemPoint: Vec2
    /// World point on the other item, or the anchor / snap point.
    public var otherPoint: Vec2
    /// The items joined.
    public var items: [ItemID]
}

/// A field, for drawing its vectors (sample `FieldBehavior.acceleration(for:)` on a grid).
public struct FieldSnapshot: Hashable, Sendable {
    public var kind: FieldBehavior.Kind
    public var position: Vec2
    public var region: Region
    public var strength: Double
    public var direction: Vec2
    public var items: [ItemID]
}

/// A collision boundary outline, reference coordinates.
public struct BoundarySnapshot: Hashable, Sendable {
    /// nil for the reference bounds.
    public var identifier: String?
    public var points: [Vec2]
    public var isClosed: Bool
}
