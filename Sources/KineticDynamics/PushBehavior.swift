// UIPushBehavior: one force vector shared by its items, continuous or as a one-shot impulse.
import Foundation
import KineticPhysics

/// A push on every item: `pushDirection` in UIKit newtons (1 N accelerates a 100 × 100 pt item
/// of density 1 at 100 pt/s²). Continuous: a = 100·F/m every step while `active`. Instantaneous:
/// Δv = 100·F/m once at the next step, after which `active` turns false by itself (O2).
public final class PushBehavior: DynamicBehavior, DirectedBehavior {
    override public var kindName: String { "PushBehavior" }
    /// `DirectedBehavior`'s vector, which `angle`, `magnitude` and `setAngle(_:magnitude:)` read and write.
    public var vector: Vec2 { get { pushDirection } set { pushDirection = newValue } }

    override func savedState() -> () -> Void {
        let base = super.savedState()
        let (active, direction, offset, itemOffsets) = (isActive, pushDirection, self.offset, self.itemOffsets)
        return { [self] in
            base(); isActive = active; pushDirection = direction; self.offset = offset; self.itemOffsets = itemOffsets
        }
    }

    public enum Mode: Hashable, Sendable {
        case continuous
        case instantaneous
    }

    /// Fixed at creation.
    public let mode: Mode

    /// Default true. For an instantaneous push, setting it true fires one more impulse.
    public var active: Bool {
        get { isActive }
        set { isActive = newValue; changed() }
    }
    var isActive = true

    /// The force vector, UIKit newtons per component. Default (0, 0).
    public var pushDirection = Vec2.zero {
        didSet {
            guard acceptFinite(pushDirection, "pushDirection") else { pushDirection = oldValue; return }
            changed()
        }
    }

    /// Where the force acts for items without their own offset: points from the center in the
    /// item's rotating frame. Off-centre pushes turn the item. Default (0, 0).
    public var offset = Vec2.zero {
        didSet {
            guard acceptFinite(offset, "offset") else { offset = oldValue; return }
            changed()
        }
    }

    var itemOffsets: [(item: ItemID, offset: Vec2)] = []

    public init(items: [ItemID] = [], mode: Mode) {
        self.mode = mode
        super.init(items: items)
    }

    /// Sets where the force acts on one item (points from its center, rotating with it).
    public func setTargetOffsetFromCenter(_ offset: Vec2, for item: ItemID) throws(DynamicsError) {
        try requireFinite(offset, "push offset")
        if let k = itemOffsets.firstIndex(where: { $0.item == item }) { itemOffsets[k].offset = offset } else { itemOffsets.append((item, offset)) }
        changed()
    }

    /// The offset for one item (its own, else `offset`).
    public func targetOffsetFromCenter(for item: ItemID) -> Vec2 {
        for entry in itemOffsets where entry.item == item { return entry.offset }
        return offset
    }

    override func itemsDidChange() {
        itemOffsets.removeAll { !items.contains($0.item) }
    }

    /// The impulse was delivered: switch off without counting as a change (so it can pause).
    func fired() { isActive = false }
}
