// UICollisionBehavior: its items collide with each other and/or with its boundaries (the reference
// bounds, segments, paths), and it reports contacts that begin and end.
import KineticPhysics

/// Collisions among its items and with its boundaries. Items of different collision behaviours
/// pass through each other; a behaviour's boundaries stop only its own items.
public final class CollisionBehavior: DynamicBehavior {
    override public var kindName: String { "CollisionBehavior" }

    override func savedState() -> () -> Void {
        let base = super.savedState()
        let (mode, translates, insets, began, ended) = (collisionMode, translatesReferenceBoundsIntoBoundary, referenceBoundsInsets, self.began, self.ended)
        let (list, slots, dirty) = (boundaryList, boundarySlots, boundariesDirty)
        return { [self] in
            base()
            collisionMode = mode; translatesReferenceBoundsIntoBoundary = translates; referenceBoundsInsets = insets
            self.began = began; self.ended = ended
            boundaryList = list; boundarySlots = slots; boundariesDirty = dirty
        }
    }

    /// What collides (UICollisionBehavior.Mode).
    public struct Mode: OptionSet, Hashable, Sendable {
        public let rawValue: UInt
        public init(rawValue: UInt) { self.rawValue = rawValue }
        /// Item with item only.
        public static let items = Mode(rawValue: 1 << 0)
        /// Item with boundary only; items pass through each other.
        public static let boundaries = Mode(rawValue: 1 << 1)
        /// Both (default).
        public static let everything: Mode = [.items, .boundaries]
    }

    /// A boundary: a two-sided segment or an outline (edge chain, not filled, O20).
    public struct Boundary: Hashable, Sendable {
        /// Reference coordinates, points.
        public var points: [Vec2]
        /// Joined back to the first point.
        public var isClosed: Bool
    }

    /// Default `.everything`.
    public var collisionMode: Mode = .everything { didSet { changed() } }

    /// The reference bounds, inset by `referenceBoundsInsets`, act as a closed boundary reported
    /// as `.referenceBounds`. No effect for an animator without reference bounds. Default false.
    public var translatesReferenceBoundsIntoBoundary = false { didSet { boundariesChanged() } }

    /// Positive insets move the reference boundary inward, points. Default zero.
    public var referenceBoundsInsets = EdgeInsets.zero {
        didSet {
            guard referenceBoundsInsets.isFinite else {
                refuse("referenceBoundsInsets", referenceBoundsInsets, "finite"); referenceBoundsInsets = oldValue; return
            }
            boundariesChanged()
        }
    }

    /// Turns the reference boundary on with these insets (UIKit's
    /// setTranslatesReferenceBoundsIntoBoundary(with:)).
    public func setTranslatesReferenceBoundsIntoBoundary(insets: EdgeInsets) {
        referenceBoundsInsets = insets
        translatesReferenceBoundsIntoBoundary = true
    }

    /// Called when an item starts touching another item or a boundary of this behaviour: the
    /// behaviour, the item, the other side and the contact point (reference coordinates).
    public var began: ((CollisionBehavior, ItemID, CollisionPartner, Vec2) -> Void)?
    /// Called when they stop touching.
    public var ended: ((CollisionBehavior, ItemID, CollisionPartner) -> Void)?

    /// Explicit boundaries in insertion order.
    var boundaryList: [(id: String, boundary: Boundary)] = []
    /// Boundary slots in the animator while attached.
    var boundarySlots: [Int] = []
    var boundariesDirty = true

    override public init() { super.init() }
    /// A collision behaviour for `items` with `mode`.
    public init(items: [ItemID], mode: Mode = .everything) {
        super.init(items: items)
        collisionMode = mode
    }

    // MARK: - Boundaries

    /// Identifiers of the explicit boundaries (not the reference bounds), in insertion order.
    public var boundaryIdentifiers: [String] { boundaryList.map(\.id) }

    /// The boundary with this identifier.
    public func boundary(withIdentifier id: String) -> Boundary? {
        boundaryList.first { $0.id == id }?.boundary
    }

    /// Adds (or replaces) a two-sided segment boundary from `p1` to `p2`, reference coordinates.
    public func addBoundary(withIdentifier id: String, from p1: Vec2, to p2: Vec2) throws(DynamicsError) {
        try requireFinite(p1, "boundary '\(id)' start")
        try requireFinite(p2, "boundary '\(id)' end")
        guard p1 != p2 else { throw DynamicsError("boundary '\(id)' has zero length: both ends at \(p1)") }
        setBoundary(id, Boundary(points: [p1, p2], isClosed: false))
    }

    /// Adds (or replaces) a boundary along a path of at least 2 points, reference coordinates:
    /// an outline that is closed back to its first point when `closed`. Concave paths are fine.
    public func addBoundary(withIdentifier id: String, path: [Vec2], closed: Bool = true) throws(DynamicsError) {
        guard path.count >= 2 else { throw DynamicsError("boundary '\(id)' path needs at least 2 points, got \(path.count)") }
        for (k, p) in path.enumerated() { try requireFinite(p, "boundary '\(id)' point \(k + 1)") }
        setBoundary(id, Boundary(points: path, isClosed: closed && path.count >= 3))
    }

    /// Removes a boundary (ignored when unknown).
    public func removeBoundary(withIdentifier id: String) {
        guard let k = boundaryList.firstIndex(where: { $0.id == id }) else { return }
        boundaryList.remove(at: k)
        boundariesChanged()
    }

    /// Removes every explicit boundary (the reference boundary stays as set).
    public func removeAllBoundaries() {
        boundaryList.removeAll()
        boundariesChanged()
    }

    func setBoundary(_ id: String, _ b: Boundary) {
        if let k = boundaryList.firstIndex(where: { $0.id == id }) { boundaryList[k].boundary = b } else { boundaryList.append((id, b)) }
        boundariesChanged()
    }

    func boundariesChanged() {
        boundariesDirty = true
        changed()
    }

    /// The reference boundary's outline, when it applies.
    func referenceOutline(in animator: DynamicAnimator) -> [Vec2]? {
        guard translatesReferenceBoundsIntoBoundary, let size = animator.referenceBounds else { return nil }
        let i = referenceBoundsInsets
        let x0 = i.left, y0 = i.top, x1 = size.width - i.right, y1 = size.height - i.bottom
        return [Vec2(x0, y0), Vec2(x1, y0), Vec2(x1, y1), Vec2(x0, y1)]
    }

    // MARK: - Animator hooks

    override func didAttach(to animator: DynamicAnimator) {
        // Slots of an animator that went away without detaching us mean nothing here.
        boundarySlots = []
        boundariesDirty = true
        if translatesReferenceBoundsIntoBoundary && animator.referenceBounds == nil {
            animator.warn("CollisionBehavior: the animator has no reference bounds to turn into a boundary")
        }
    }

    override func willDetach(from animator: DynamicAnimator) {
        // Boundaries stay on the behaviour (UIKit loses them on re-add, rdar 23593048; we don't).
        for s in boundarySlots { animator.destroyBoundary(s) }
        boundarySlots = []
        boundariesDirty = true
    }

    override func synchronize(in animator: DynamicAnimator) {
        guard boundariesDirty else { return }
        boundariesDirty = false
        for s in boundarySlots { animator.destroyBoundary(s) }
        boundarySlots = []
        if let outline = referenceOutline(in: animator),
           let s = animator.createBoundary(owner: self, identifier: nil, points: outline, isLoop: true) {
            boundarySlots.append(s)
        }
        for (id, b) in boundaryList {
            if let s = animator.createBoundary(owner: self, identifier: id, points: b.points, isLoop: b.isClosed) {
                boundarySlots.append(s)
            }
        }
    }

    /// Outlines for drawing, reference bounds first.
    func boundarySnapshots(in animator: DynamicAnimator) -> [BoundarySnapshot] {
        var list: [BoundarySnapshot] = []
        if let o = referenceOutline(in: animator) { list.append(BoundarySnapshot(identifier: nil, points: o, isClosed: true)) }
        for (id, b) in boundaryList { list.append(BoundarySnapshot(identifier: id, points: b.points, isClosed: b.isClosed)) }
        return list
    }
}
