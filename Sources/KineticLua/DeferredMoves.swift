// Item moves a script wrote (`item.x = v`, `item.y`, `item.angle`, `item:moveTo`) that the physics
// has not seen yet. A teleport updates the body's bounds and the broad phase and wakes what it
// touches; a script often writes one item several times in a row (`x`, then `y`), so the fast
// setters only note the item's new place here and the world teleports it once, when Lua next
// reaches the host (`Runtime.settle`: before any Swift function, and when a callback returns).
// Reads of `x`, `y`, `center` and `position()` answer from here; any other read of an item with a
// move noted settles its world first, so a script never sees the difference.
import KineticDynamics
import KineticPhysics

struct DeferredMoves {
    /// Where one item goes: its new center, the angle (nil: the rotation stays exactly as it is),
    /// and whether it stops (`moveTo`).
    struct Move {
        var item: ItemID
        var center: Vec2
        var angle: Double?
        var stops: Bool
    }

    /// In the order of each item's first write, so that settling is deterministic.
    private(set) var list: [Move] = []
    /// Item index → position in `list` + 1 (0: no move noted), so a write finds its item at once.
    private var position: [Int32] = []

    var isEmpty: Bool { list.isEmpty }

    /// Where the move noted for `item` is in `list`, nil for none. The item of a noted move is live:
    /// removing an item or its world is a Swift call, and Lua reaches Swift only through a settle.
    @inline(__always)
    func index(of item: ItemID) -> Int? {
        let i = Int(item.index)
        guard i < position.count, position[i] > 0 else { return nil }
        let index = Int(position[i]) - 1
        return list[index].item == item ? index : nil
    }

    /// The move noted for `item`, if any.
    @inline(__always)
    func move(of item: ItemID) -> Move? { index(of: item).map { list[$0] } }

    /// Replaces the move at `index`.
    @inline(__always)
    mutating func replace(at index: Int, with move: Move) { list[index] = move }

    /// Notes the first move of an item. The values must be what the animator takes (`accepts`):
    /// settling cannot report an error.
    @inline(__always)
    mutating func append(_ move: Move) {
        let i = Int(move.item.index)
        if i >= position.count { position.append(contentsOf: repeatElement(0, count: i + 1 - position.count)) }
        list.append(move)
        position[i] = Int32(list.count)
    }

    /// A center and angle the world can teleport to (what `World.setTransform` accepts): a script's
    /// other values take the general path, which reports them.
    @inline(__always)
    static func accepts(_ center: Vec2, angle: Double? = nil) -> Bool {
        center.isUsableCoordinate && (angle?.isUsableInput ?? true)
    }

    /// Teleports every item noted to its place, in order, and forgets the moves.
    mutating func apply(to animator: DynamicAnimator) {
        for move in list {
            position[Int(move.item.index)] = 0
            do throws(DynamicsError) {
                if let angle = move.angle {
                    if move.stops {
                        try animator.moveItem(move.item, to: move.center, angle: angle)
                    } else {
                        try animator.updateItemUsingCurrentState(move.item, center: move.center, angle: angle)
                    }
                } else {
                    try animator.setCenter(move.center, of: move.item)
                }
            } catch {
                // Unreachable: the values were checked when noted, and removing an item settles first.
                assertionFailure("a deferred move was refused: \(error)")
            }
        }
        list.removeAll(keepingCapacity: true)
    }
}
