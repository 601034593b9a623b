// A sensor: a zone that reports the items entering and leaving it and never pushes anything (Box2D
// v3.1's sensor shapes and events). The zone is fixed in the world or carried by an item.
import KineticPhysics

/// A zone that watches items. After every step the animator finds the watched items whose
/// collision shape overlaps or touches the zone (as `itemsAndBoundaries(overlapping:)` does), and
/// reports each one that was not inside after the previous step (`began`) and each one inside
/// then that is not now (`ended`). A sensor gives no item a body, wakes nothing and changes no
/// motion: the steps run bit for bit the same with or without it.
///
/// What is sampled is the world after each step: an item that passes through the zone within one
/// step, or that a script moves in and out again between two steps, is never inside. Removing an
/// item that is inside, or the sensor, ends the stay without `ended` (as a removed item's contacts
/// end without `ended`): there is nothing left to report to.
public final class SensorBehavior: DynamicBehavior {
    override public var kindName: String { "SensorBehavior" }

    override func savedState() -> () -> Void {
        let base = super.savedState(), (name, began, ended, inside) = (self.name, self.began, self.ended, itemsInside)
        return { [self] in base(); self.name = name; self.began = began; self.ended = ended; itemsInside = inside }
    }

    /// A name that a host may use to find the sensor again (Kinetic's hot reload carries the
    /// items inside a named sensor over to the new sensor of that name). Default nil.
    public var name: String?
    /// The item that carries the zone, nil for a zone fixed in the world.
    public let carrier: ItemID?
    /// The zone as given: for a fixed zone its `center` and `angle` place it in the world; for a
    /// carried one they are the offset from the carrier's centre and the angle, in the carrier's
    /// own (rotating) frame. nil: the carrier's own collision shape.
    public let zone: ItemDef?
    /// True when the sensor watches every item of the animator (`items` is then empty and ignored);
    /// false when it watches its `items` only.
    public let watchesEveryItem: Bool
    /// Called after the step in which a watched item came to overlap the zone.
    public var began: ((SensorBehavior, ItemID) -> Void)?
    /// Called after the step in which an item inside stopped overlapping the zone, or stopped
    /// being watched.
    public var ended: ((SensorBehavior, ItemID) -> Void)?
    /// The watched items inside after the last step, in the animator's item order.
    public internal(set) var itemsInside: [ItemID] = []

    /// The zone's shapes in its own frame (nil: the carrier's).
    let geometry: ItemGeometry?

    /// A sensor with the zone `zone` (its `center`, `size`, `angle` and `bounds`, read as `addItem`
    /// reads them; `.parts` is allowed too), fixed in the world when `carrier` is nil, else carried
    /// by that item at the offset `zone.center` in its frame. A carried sensor without a zone uses
    /// its carrier's collision shape. `items` nil watches every item; the carrier is never inside
    /// its own sensor. Throws for a shape `addItem` would refuse, or neither a zone nor a carrier.
    public init(zone: ItemDef?, carrier: ItemID? = nil, items: [ItemID]? = nil) throws(DynamicsError) {
        guard zone != nil || carrier != nil else {
            throw DynamicsError("a sensor needs a zone (a shape) or an item to carry it")
        }
        self.geometry = try zone.map { z throws(DynamicsError) in try ItemGeometry(z, label: "the sensor's zone") }
        self.zone = zone
        self.carrier = carrier
        self.watchesEveryItem = items == nil
        super.init(items: items ?? [])
    }

    /// Marks `items` as inside without `began` (a host carrying a sensor across a reload): those
    /// still inside after the next step get no `began`, the others get `ended`.
    public func assumeInside(_ items: [ItemID]) {
        itemsInside = items
    }

    /// A sensor that watches every item has no list to change.
    override public func addItem(_ item: ItemID) throws(DynamicsError) {
        guard !watchesEveryItem else {
            throw DynamicsError("\(kindName) watches every item; give it a list of items when it is made to watch some only")
        }
        try super.addItem(item)
    }

    override var drivesItems: Bool { false }

    override func validate(in animator: DynamicAnimator) throws(DynamicsError) {
        if let carrier { try animator.validate(carrier, in: self) }
    }

    override func willDetach(from animator: DynamicAnimator) {
        itemsInside = []
    }

    /// Whether `id` is one of the items this sensor watches.
    func watches(_ id: ItemID) -> Bool {
        id != carrier && (watchesEveryItem || items.contains(id))
    }
}
