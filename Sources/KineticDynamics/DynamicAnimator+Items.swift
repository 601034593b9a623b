// The animator's items: storage (records in `itemPool`'s slots), creation and removal, and the
// per-item state API (center, angle, velocities, size, mass) that UIKit reads off a UIDynamicItem.
import KineticPhysics

/// The material and flags an item gets from its item behaviours (O8), with UIKit's defaults.
struct Material: Equatable {
    var elasticity = 0.0
    var friction = 0.0
    var density = 1.0
    var resistance = 0.0
    var angularResistance = 0.0
    var allowsRotation = true
    var charge = 0.0
    var anchored = false
    var kinematic = false

    /// The engine body type: anchored wins over kinematic, since an anchored item promises it never
    /// moves (docs/semantics.md, "Kinematic items").
    var bodyType: BodyType { anchored ? .static : kinematic ? .kinematic : .dynamic }
}

/// One item slot.
struct ItemRecord {
    var name: String?
    var bounds: CollisionBounds = .rectangle
    var geometry = ItemGeometry.empty
    /// `ItemDef.isSensor`: its shapes are engine sensors, and its filter's zero mask keeps them out
    /// of the pair search.
    var isSensor = false
    /// `ItemDef.oneWay` at unit length, given to every shape of its body.
    var oneWay: Vec2?
    // State while the item has no body (and the initial state of a new body).
    var center = Vec2.zero
    var angle = 0.0
    var velocity = Vec2.zero
    var angularVelocity = 0.0
    var body = BodyID.null
    var shapes: [ShapeID] = []
    var material = Material()
    var appliedMaterial: Material?
    /// attachSerials of the collision behaviours (items mode) that list this item, ascending.
    var collidesWithItemsOf: [Int] = []
    /// attachSerials of the collision behaviours (boundaries mode) that list this item, ascending.
    var collidesWithBoundariesOf: [Int] = []
}

extension ItemGeometry {
    static let empty = ItemGeometry(shapes: [], size: .zero)
}

extension DynamicAnimator {
    // MARK: - Creating and removing

    /// The most items an animator may hold at a time: a script adding items every step must not
    /// grow the host without end.
    public static let maxItems = 100_000

    /// Creates an item. It has no body (does not move or collide) until a behaviour lists it.
    /// Throws for a non-finite or non-positive size, non-finite center or angle, a path with
    /// fewer than 3 points or not convex (use `.parts`), a name already in use, or `maxItems` reached.
    @discardableResult
    public func addItem(_ def: ItemDef) throws(DynamicsError) -> ItemID {
        guard itemOrder.count < Self.maxItems else {
            throw DynamicsError("the animator has \(itemOrder.count) items; it may have at most \(Self.maxItems)")
        }
        let label = def.name.map { "item '\($0)'" } ?? "item"
        if let name = def.name, item(named: name) != nil {
            throw DynamicsError("an item named '\(name)' already exists")
        }
        let geometry = try ItemGeometry(def, label: label)
        let oneWay = try def.oneWay.map { direction throws(DynamicsError) in try Self.oneWayUnit(direction, label: label) }
        let (index, isNew) = itemPool.allocate()
        if isNew {
            records.append(ItemRecord())
            forces.append(.zero); velocityOverridden.append(false); forceWakes.append(false)
        }
        var r = ItemRecord()
        r.name = def.name
        r.bounds = def.bounds
        r.geometry = geometry
        r.isSensor = def.isSensor
        r.oneWay = oneWay
        r.center = def.center
        r.angle = def.angle
        records[Int(index)] = r
        itemOrder.append(index)
        return itemID(slot: Int(index))
    }

    /// Removes an item everywhere: from every behaviour in the tree (attachments and snaps that
    /// hold it, and sensors it carries, are removed from the tree), and its body. Throws for a stale or foreign handle.
    public func removeItem(_ id: ItemID) throws(DynamicsError) {
        try validate(id)
        refreshTree()
        for b in flat where b.animator === self {
            if let sensor = b as? SensorBehavior, sensor.carrier == id { removeBehavior(sensor); continue }
            guard b.items.contains(id) else { continue }
            if b.itemsAreFixed { removeBehavior(b) } else { b.removeItem(id) }
        }
        let i = Int(id.index)
        destroyBody(ofSlot: i)
        records[i].geometry = .empty
        itemOrder.removeAll { $0 == id.index }
        itemPool.release(id.index)
        noteChange()
    }

    /// Live items in insertion order.
    public var items: [ItemID] {
        itemOrder.map { itemID(slot: Int($0)) }
    }

    /// True for a live item of this animator.
    public func isValid(_ id: ItemID) -> Bool { liveBody(id) != nil }

    /// The body of a live item (`.null` while it has none), nil for a stale or foreign id: one
    /// check that reads only the slot's generation and the record's body, never copies the record.
    @inline(__always) func liveBody(_ id: ItemID) -> BodyID? {
        guard id.animator == serial, itemPool.isCurrent(id.index, id.generation) else { return nil }
        return records.withUnsafeBufferPointer { records in (records.baseAddress.unsafelyUnwrapped + Int(id.index)).pointee.body }
    }

    /// Throws a message naming the item when the handle is stale or belongs to another animator.
    public func validate(_ id: ItemID) throws(DynamicsError) {
        try validate(id, in: nil)
    }

    func validate(_ id: ItemID, in behavior: DynamicBehavior?) throws(DynamicsError) {
        guard !isValid(id) else { return }
        throw staleError(id, in: behavior)
    }

    /// The message for a stale or foreign id: "item 'ball' was removed".
    func staleError(_ id: ItemID, in behavior: DynamicBehavior? = nil) -> DynamicsError {
        let context = behavior.map { " (in \($0.kindName))" } ?? ""
        if id.animator != serial {
            return DynamicsError("\(id) belongs to another animator\(context)")
        }
        // The slot still holds the record of the handle's item: removed, and not reused since.
        if id.index >= 0, Int(id.index) < records.count, let name = records[Int(id.index)].name,
           itemPool.generation(id.index) == id.generation &+ 1 {
            return DynamicsError("item '\(name)' was removed\(context)")
        }
        return DynamicsError("\(id) was removed\(context)")
    }

    /// The live item with this name.
    public func item(named name: String) -> ItemID? {
        for i in itemOrder where records[Int(i)].name == name {
            return itemID(slot: Int(i))
        }
        return nil
    }

    @inline(__always) func slot(_ id: ItemID) throws(DynamicsError) -> Int {
        try validate(id)
        return Int(id.index)
    }

    /// A label for messages: "item 'ball'" or "item#3.1".
    func label(_ id: ItemID) -> String {
        if isValid(id), let n = records[Int(id.index)].name { return "item '\(n)'" }
        return id.description
    }

    // MARK: - Reading state

    /// The name given at creation.
    public func name(of id: ItemID) throws(DynamicsError) -> String? { records[try slot(id)].name }

    /// Center, points, reference coordinates.
    public func center(of id: ItemID) throws(DynamicsError) -> Vec2 { try live(centerIfLive(id), id) }

    /// Rotation, radians, clockwise on screen.
    public func angle(of id: ItemID) throws(DynamicsError) -> Double { try live(angleIfLive(id), id) }

    /// Linear velocity of the center, pt/s.
    public func velocity(of id: ItemID) throws(DynamicsError) -> Vec2 { try live(velocityIfLive(id), id) }

    /// Angular velocity, rad/s, clockwise-positive.
    public func angularVelocity(of id: ItemID) throws(DynamicsError) -> Double { try live(angularVelocityIfLive(id), id) }

    /// `value` read for `id`; the error naming the stale item when it is nil.
    private func live<Value>(_ value: Value?, _ id: ItemID) throws(DynamicsError) -> Value {
        guard let value else { throw staleError(id) }
        return value
    }

    // The same four without a message: nil for a stale id. For callers that read state once per
    // call from a script and report a stale item themselves (`validate` gives the message).

    /// `center(of:)`, or nil for a stale id.
    public func centerIfLive(_ id: ItemID) -> Vec2? {
        guard let body = liveBody(id) else { return nil }
        return body.isNull ? records[Int(id.index)].center : world.position(of: body)
    }

    /// `angle(of:)`, or nil for a stale id.
    public func angleIfLive(_ id: ItemID) -> Double? {
        guard let body = liveBody(id) else { return nil }
        return body.isNull ? records[Int(id.index)].angle : world.angle(of: body)
    }

    /// `velocity(of:)`, or nil for a stale id.
    public func velocityIfLive(_ id: ItemID) -> Vec2? {
        guard let body = liveBody(id) else { return nil }
        // Anchored since the last step: the next one drops any velocity, so it reads as none now.
        if behaviorChanges != syncedBehaviorChanges, pendingMaterial(ofSlot: Int(id.index)).anchored { return .zero }
        guard !body.isNull else { return records[Int(id.index)].velocity }
        // The body's origin is the item center; its velocity may differ from the centre of mass's.
        return world.velocity(atWorldPoint: world.position(of: body), of: body)
    }

    /// `angularVelocity(of:)`, or nil for a stale id.
    public func angularVelocityIfLive(_ id: ItemID) -> Double? {
        guard let body = liveBody(id) else { return nil }
        if behaviorChanges != syncedBehaviorChanges {
            let m = pendingMaterial(ofSlot: Int(id.index))
            if m.anchored || !m.allowsRotation { return 0 }
        }
        return body.isNull ? records[Int(id.index)].angularVelocity : world.angularVelocity(of: body)
    }

    /// Bounds size, points.
    public func size(of id: ItemID) throws(DynamicsError) -> Size { records[try slot(id)].geometry.size }

    /// Collision bounds as created.
    public func bounds(of id: ItemID) throws(DynamicsError) -> CollisionBounds { records[try slot(id)].bounds }

    /// Whether the item is a sensor item (`ItemDef.isSensor`): it never collides.
    public func isSensor(_ id: ItemID) throws(DynamicsError) -> Bool { records[try slot(id)].isSensor }

    /// The item's one-way direction in its own frame, at unit length (`ItemDef.oneWay`); nil when
    /// it collides from every side.
    public func oneWay(of id: ItemID) throws(DynamicsError) -> Vec2? { records[try slot(id)].oneWay }

    /// Makes an item one-way (`ItemDef.oneWay`: the side, in its own frame, from which items are
    /// stopped) or, with nil, two-way again. Contacts follow from the next step: an item resting
    /// on the side that stops no more falls through, one passing through a platform made two-way
    /// is pushed out. Throws for a direction that is zero, not finite or beyond
    /// `World.largestInput`, changing nothing.
    public func setOneWay(_ direction: Vec2?, of id: ItemID) throws(DynamicsError) {
        let i = try slot(id)
        let unit = try direction.map { d throws(DynamicsError) in try Self.oneWayUnit(d, label: label(id)) }
        guard records[i].oneWay != unit else { return }
        records[i].oneWay = unit
        for s in records[i].shapes { world.setOneWay(unit, of: s) }
        noteChange()
    }

    static func oneWayUnit(_ direction: Vec2, label: String) throws(DynamicsError) -> Vec2 {
        guard let unit = World.oneWayUnit(direction) else {
            throw DynamicsError("\(label) one-way direction must be finite, within ±\(World.largestInput) and not zero, got (\(direction.x), \(direction.y))")
        }
        return unit
    }

    /// Axis-aligned frame of the rotated bounds rectangle, points.
    public func frame(of id: ItemID) throws(DynamicsError) -> Rect {
        let c = try center(of: id), a = try angle(of: id), s = try size(of: id)
        let q = Rot(angle: a)
        let hx = abs(q.c) * s.width / 2 + abs(q.s) * s.height / 2
        let hy = abs(q.s) * s.width / 2 + abs(q.c) * s.height / 2
        return Rect(x: c.x - hx, y: c.y - hy, width: 2 * hx, height: 2 * hy)
    }

    /// UIKit mass: true collision area (pt²) × density / 10 000 (O1), whether or not the item has
    /// a body, and also for anchored items.
    public func mass(of id: ItemID) throws(DynamicsError) -> Double {
        let i = try slot(id)
        synchronize()
        return Units.mass(area: records[i].geometry.area, density: records[i].material.density)
    }

    /// Charge from the item's item behaviours (default 0).
    public func charge(of id: ItemID) throws(DynamicsError) -> Double {
        let i = try slot(id)
        synchronize()
        return records[i].material.charge
    }

    /// True while some behaviour in the tree lists the item (it has a body).
    public func isSimulated(_ id: ItemID) throws(DynamicsError) -> Bool {
        let i = try slot(id)
        synchronize()
        return !records[i].body.isNull
    }

    /// Items whose frame intersects `rect`, in insertion order.
    public func items(in rect: Rect) -> [ItemID] {
        items.filter { (try? frame(of: $0).intersects(rect)) ?? false }
    }

    // MARK: - Writing state

    /// UIKit's updateItemUsingCurrentState: moves the item to `center` and `angle` (radians);
    /// velocities are kept. Throws for non-finite numbers or a stale handle.
    public func updateItemUsingCurrentState(_ id: ItemID, center: Vec2, angle: Double) throws(DynamicsError) {
        let i = try slot(id)
        try requireCoordinate(center, "\(label(id)) center")
        try requireUsable(angle, "\(label(id)) angle")
        if records[i].body.isNull {
            records[i].center = center; records[i].angle = angle
        } else {
            do { try world.setTransform(position: center, angle: angle, of: records[i].body) }
            catch { throw DynamicsError("\(label(id)): \(error)") }
        }
        noteChange()
    }

    /// Moves the center (points), keeping angle and velocities. The rotation is kept as it is, not
    /// read back as an angle and turned again, which could change its last bits.
    public func setCenter(_ center: Vec2, of id: ItemID) throws(DynamicsError) {
        let i = try slot(id)
        try requireCoordinate(center, "\(label(id)) center")
        if records[i].body.isNull {
            records[i].center = center
        } else {
            do { try world.setPosition(center, of: records[i].body) }
            catch { throw DynamicsError("\(label(id)): \(error)") }
        }
        noteChange()
    }

    /// Turns the item (radians, clockwise on screen), keeping center and velocities.
    public func setAngle(_ angle: Double, of id: ItemID) throws(DynamicsError) {
        try updateItemUsingCurrentState(id, center: try center(of: id), angle: angle)
    }

    /// The item's body, with the material the next step gives it (`applyPendingMaterial`), or nil
    /// while it has none: the caller keeps the value on the item for the body it gets. Reads only
    /// the body of the record: a copy of the whole record would retain and release all it holds.
    private func bodyForVelocityWrite(ofSlot i: Int) -> BodyID? {
        let body = records[i].body
        guard !body.isNull else { return nil }
        applyPendingMaterial(toSlot: i)
        return body
    }

    /// Sets the linear velocity of the center, pt/s (ignored for anchored items; a kinematic item
    /// keeps it until the next write).
    public func setVelocity(_ v: Vec2, of id: ItemID) throws(DynamicsError) {
        let i = try slot(id)
        try requireUsable(v, "\(label(id)) velocity")
        guard let body = bodyForVelocityWrite(ofSlot: i) else { records[i].velocity = v; noteChange(); return }
        guard world.type(of: body) != .static else { return }
        // Velocity of the center = v_com + ω × (center − com): solve for v_com.
        let w = world.angularVelocity(of: body)
        let arm = world.position(of: body) - world.worldCenter(of: body)
        do { try world.setLinearVelocity(v - cross(w, arm), of: body) }
        catch { throw DynamicsError("\(label(id)): \(error)") }
        noteChange()
    }

    /// Sets the angular velocity, rad/s (ignored for anchored items and when rotation is off).
    public func setAngularVelocity(_ w: Double, of id: ItemID) throws(DynamicsError) {
        let i = try slot(id)
        try requireUsable(w, "\(label(id)) angular velocity")
        guard let body = bodyForVelocityWrite(ofSlot: i) else { records[i].angularVelocity = w; noteChange(); return }
        guard world.type(of: body) != .static, records[i].material.allowsRotation else { return }
        let v = try velocity(of: id)
        do { try world.setAngularVelocity(w, of: body) }
        catch { throw DynamicsError("\(label(id)): \(error)") }
        try setVelocity(v, of: id)
    }

    /// Teleports the item and stops it.
    public func moveItem(_ id: ItemID, to center: Vec2, angle: Double) throws(DynamicsError) {
        try updateItemUsingCurrentState(id, center: center, angle: angle)
        try setAngularVelocity(0, of: id)
        try setVelocity(.zero, of: id)
    }

    /// Replaces an item's size and collision bounds (Q19: UIKit never picks up a size change, even
    /// after updateItemUsingCurrentState; this is the explicit way). Mass follows the new shape;
    /// center, angle, velocities and attachments are kept. Throws like `addItem`, changing nothing.
    public func rebuildItem(_ id: ItemID, size: Size?, bounds: CollisionBounds) throws(DynamicsError) {
        let i = try slot(id)
        let def = ItemDef(name: records[i].name, center: try center(of: id), size: size, angle: try angle(of: id), bounds: bounds)
        let geometry = try ItemGeometry(def, label: label(id))
        records[i].bounds = bounds
        records[i].geometry = geometry
        let body = records[i].body
        if !body.isNull {
            for s in records[i].shapes { world.destroyShape(s) }
            forgetPairs(involvingSlot: i)
            records[i].shapes = makeShapes(forSlot: i, on: body)
            if world.type(of: body) == .dynamic { world.setAwake(true, of: body) }
        }
        noteChange()
    }

    /// Wakes an item's body so a change reaches it even if it was asleep.
    func wake(_ id: ItemID) {
        wakeQueue.append(id)
        noteChange()
    }
}
