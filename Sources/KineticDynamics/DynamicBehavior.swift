// UIDynamicBehavior: the base of every behaviour and a composite container of child behaviours.
// Behaviours are classes (reference semantics, as in UIKit); they hold items by handle.
import KineticPhysics

/// A behaviour in an animator's tree. A plain `DynamicBehavior()` is a container for children
/// (UIKit's composite behaviour); the concrete behaviours subclass it.
///
/// Properties are plain settable values that take effect on the next step. A write that is
/// refused (a NaN, a negative density…) keeps the old value and leaves an error to collect with
/// `takeLastError()` or `checked(_:)`.
open class DynamicBehavior {
    /// The animator whose tree holds this behaviour (or its root), nil while outside one.
    /// Not weak: the animator sets it when the behaviour joins its tree and clears it when the
    /// behaviour leaves or the animator goes away, so it never dangles. A weak reference would move
    /// the animator's reference count to a side table, where every retain and release of the
    /// animator (a few per Lua call into it) takes a slow path.
    /// Unchecked exclusivity, as `items` and `itemSet`: a script's behaviour method reads them on every call.
    @exclusivity(unchecked) public internal(set) unowned(unsafe) var animator: DynamicAnimator?
    /// The behaviour this one is a child of, nil for a top-level or free behaviour.
    public private(set) weak var parent: DynamicBehavior?
    /// Direct children in insertion order.
    public private(set) var childBehaviors: [DynamicBehavior] = []
    /// The items this behaviour acts on, in insertion order. An item has a body (moves, collides)
    /// only while some behaviour in the animator lists it.
    @exclusivity(unchecked) public internal(set) var items: [ItemID] = []
    /// The same items, for membership tests: a level may list thousands, and adding each one
    /// after a linear search took quadratic time. Never iterated (its order is not deterministic).
    @exclusivity(unchecked) private var itemSet: Set<ItemID> = []
    /// Called after every step while the behaviour is in a running animator: depth-first, a parent
    /// before its children, children in insertion order (O17). May change anything.
    public var action: (() -> Void)?

    /// Order in which the behaviour joined its animator: "last added wins" rules compare it.
    var attachSerial = 0
    var lastError: DynamicsError?

    /// An empty behaviour (a container for children).
    public init() {}
    /// A behaviour acting on `items` (duplicates are dropped).
    public init(items: [ItemID]) {
        for item in items where itemSet.insert(item).inserted { self.items.append(item) }
    }

    /// A short name for messages ("GravityBehavior").
    open var kindName: String { "DynamicBehavior" }
    /// Snap and attachment behaviours have items fixed at creation.
    var itemsAreFixed: Bool { false }
    /// Whether listing an item gives it a body and wakes it: false for sensors, which only watch.
    var drivesItems: Bool { true }

    // MARK: - Items

    /// True when the behaviour lists `item`: a short list is searched faster than an item is
    /// hashed, a long one is looked up in the set.
    public func lists(_ item: ItemID) -> Bool { items.count <= 8 ? items.contains(item) : itemSet.contains(item) }

    /// Adds an item (ignored when already present). Throws for a stale item or one of another
    /// animator, and for behaviours whose items are fixed (snap, attachment).
    public func addItem(_ item: ItemID) throws(DynamicsError) {
        guard !itemsAreFixed else { throw DynamicsError("\(kindName): items are fixed when it is created") }
        if let animator { try animator.validate(item) }
        guard itemSet.insert(item).inserted else { return }
        items.append(item)
        itemsDidChange()
        changed()
    }

    /// Removes an item (ignored when absent). Fixed-item behaviours ignore it too.
    public func removeItem(_ item: ItemID) {
        guard !itemsAreFixed, itemSet.remove(item) != nil, let i = items.firstIndex(of: item) else { return }
        items.remove(at: i)
        itemsDidChange()
        changed()
        if drivesItems { animator?.wake(item) }
    }

    /// Hook for per-item state that must follow the item list.
    func itemsDidChange() {}

    // MARK: - Children

    /// The most levels a behaviour tree may have. Every walk of a tree (and freeing it) recurses
    /// once per level, so a tree a script nests without end would overflow the stack.
    public static let maxDepth = 100

    /// Adds a child at the end. Throws when the child is already in a tree (here or elsewhere), is
    /// this behaviour or one of its ancestors, holds items the animator refuses, or would make the
    /// tree deeper than `maxDepth`.
    public func addChild(_ child: DynamicBehavior) throws(DynamicsError) {
        guard child.parent == nil, child.animator == nil else {
            throw DynamicsError("\(child.kindName) is already in a behaviour tree; remove it first")
        }
        var levelsAbove = 0
        var node: DynamicBehavior? = self
        while let n = node {
            if n === child { throw DynamicsError("\(child.kindName) cannot be its own descendant") }
            levelsAbove += 1
            node = n.parent
        }
        let depth = levelsAbove + child.height
        guard depth <= Self.maxDepth else {
            throw DynamicsError("the behaviour tree would be \(depth) levels deep; a tree may have at most \(Self.maxDepth)")
        }
        if let animator {
            try animator.validateTree(child)
            childBehaviors.append(child)
            child.parent = self
            animator.attachTree(child)
        } else {
            childBehaviors.append(child)
            child.parent = self
        }
    }

    /// Removes a direct child (ignored when it is not one).
    public func removeChild(_ child: DynamicBehavior) {
        guard let i = childBehaviors.firstIndex(where: { $0 === child }) else { return }
        childBehaviors.remove(at: i)
        child.parent = nil
        animator?.detachTree(child)
    }

    /// Levels in the tree below and including this behaviour (1 without children).
    var height: Int { 1 + childBehaviors.reduce(0) { max($0, $1.height) } }

    /// This behaviour and its descendants, depth-first, parent before children.
    func subtree(into list: inout [DynamicBehavior]) {
        list.append(self)
        for c in childBehaviors { c.subtree(into: &list) }
    }

    // MARK: - Errors from property writes

    /// The error left by the last refused property write, cleared by reading it.
    public func takeLastError() -> DynamicsError? {
        defer { lastError = nil }
        return lastError
    }

    /// Runs `body` (property writes) and throws the first refused write's error.
    public func checked(_ body: () -> Void) throws(DynamicsError) {
        lastError = nil
        body()
        if let e = takeLastError() { throw e }
    }

    /// Records a refused write; setters read `guard accept…(value, name) else { keep the old value }`.
    func refuse(_ property: String, _ value: Any, _ rule: String) {
        lastError = DynamicsError("\(kindName).\(property) must be \(rule), got \(value)")
    }

    func acceptFinite(_ v: Double, _ property: String) -> Bool {
        if v.isFinite { return true }
        refuse(property, v, "a finite number"); return false
    }
    func acceptFinite(_ v: Vec2, _ property: String) -> Bool {
        if v.isFinite { return true }
        refuse(property, v, "finite"); return false
    }
    /// A point the engine can hold: within ±`World.largestCoordinate` (a field 10³⁰⁰ pt away
    /// overflows every distance to it).
    func acceptCoordinate(_ v: Vec2, _ property: String) -> Bool {
        if v.isUsableCoordinate { return true }
        refuse(property, v, "a point within ±\(Int(World.largestCoordinate))"); return false
    }
    /// A rate or scale the engine can multiply by time and distance: within ±`World.largestInput`.
    func acceptInput(_ v: Double, _ property: String) -> Bool {
        if v.isUsableInput { return true }
        refuse(property, v, "a finite number within ±\(World.largestInput)"); return false
    }
    func acceptNonNegative(_ v: Double, _ property: String) -> Bool {
        if v.isFinite && v >= 0 { return true }
        refuse(property, v, "a finite number ≥ 0"); return false
    }

    // MARK: - Checkpoints

    /// Captures what a checkpoint of its animator restores (its place in the tree, its items, and
    /// each kind's parameters and engine objects); the closure puts it back. Subclasses add theirs.
    /// Callbacks (`action`, `began`…) are kept by reference.
    func savedState() -> () -> Void {
        let (animator, parent, children, items, itemSet) = (self.animator, self.parent, childBehaviors, self.items, self.itemSet)
        let (action, attachSerial, lastError) = (self.action, self.attachSerial, self.lastError)
        return { [self] in
            self.animator = animator; self.parent = parent; childBehaviors = children
            self.items = items; self.itemSet = itemSet
            self.action = action; self.attachSerial = attachSerial; self.lastError = lastError
        }
    }

    /// Takes the behaviour out of `animator`'s tree without touching engine objects (a restored
    /// checkpoint that predates it already has none of them).
    func leaveRestoredTree(of animator: DynamicAnimator) {
        guard self.animator === animator else { return }
        self.animator = nil
        if let parent, parent.animator === animator, !parent.childBehaviors.contains(where: { $0 === self }) { self.parent = nil }
        // A child the checkpoint put back under its old parent is no longer this one's.
        childBehaviors.removeAll { $0.parent !== self }
    }

    // MARK: - Animator hooks

    /// Tells the animator a parameter changed: it resumes and applies it on the next step.
    func changed() { animator?.behaviorDidChange(self) }
    /// Checks what only this kind knows (called before the tree joins an animator).
    func validate(in animator: DynamicAnimator) throws(DynamicsError) {}
    /// Called after the behaviour joined `animator`.
    func didAttach(to animator: DynamicAnimator) {}
    /// Called before the behaviour leaves `animator`: drop engine objects.
    func willDetach(from animator: DynamicAnimator) {}
    /// Called before a step after something changed: create or update engine objects (joints,
    /// boundaries). Item bodies already exist.
    func synchronize(in animator: DynamicAnimator) {}
}
