// Exact queries for game rules: the items whose collision shape holds a point, the items and
// boundaries a ray enters, and those a shape overlaps. Items with a body are found through the
// engine's trees; items without one (in no behaviour) are tested one by one with the same geometry.
import Physics

/// One hit of `raycast(from:to:)`: what the ray entered, where, and how far along it.
public struct RaycastHit: Hashable, Sendable {
    /// The item or the boundary entered.
    public var target: CollisionPartner
    /// Where the ray enters it, reference coordinates, points.
    public var point: Vec2
    /// Unit normal of the outline at `point`, pointing out of the item; for a boundary (a line
    /// with two sides) the side that faces the ray's start.
    public var normal: Vec2
    /// Distance from the ray's start as a fraction of its length, 0…1.
    public var fraction: Double
}

extension DynamicAnimator {
    /// Items whose collision shape contains `point` (reference coordinates, points; the outline
    /// counts as inside), in insertion order. Boundaries are lines and hold no point.
    /// Throws for a non-finite point.
    public func items(at point: Vec2) throws(DynamicsError) -> [ItemID] {
        try requireFinite(point, "point")
        synchronize()
        var found = [Bool](repeating: false, count: records.count)
        for shape in world.queryPoint(point) {
            if let o = owner(of: shape), !o.isBoundary { found[Int(o.index)] = true }
        }
        forEachItemWithoutBody { i, xf in
            if records[i].geometry.shapes.contains(where: { $0.testPoint(point, xf) }) { found[i] = true }
        }
        return itemOrder.filter { found[Int($0)] }.map { itemID(slot: Int($0)) }
    }

    /// Every item and boundary the ray from `from` to `to` (reference coordinates, points) enters,
    /// nearest first, each once, where the ray first enters it. Equal fractions: items before
    /// boundaries, the most recently added item first, boundaries in behaviour-tree order. A ray
    /// that starts inside an item does not report that item. Throws for non-finite or equal ends.
    public func raycast(from: Vec2, to: Vec2) throws(DynamicsError) -> [RaycastHit] {
        try requireFinite(from, "ray start")
        try requireFinite(to, "ray end")
        guard from != to else { throw DynamicsError("a ray needs two different points, got \(from) for both ends") }
        let translation = to - from
        guard translation.isFinite else { throw DynamicsError("the ray from \(from) to \(to) is too long to measure") }
        synchronize()
        var itemHits = [RaycastHit?](repeating: nil, count: records.count)
        var boundaryHits = [RaycastHit?](repeating: nil, count: boundaryRecords.count)
        // Nearest first, so the first hit of each owner is its entry.
        for hit in world.rayCastAll(from: from, translation: translation) {
            guard let o = owner(of: hit.shape) else { continue }
            let target = partner(o)
            if o.isBoundary {
                if boundaryHits[Int(o.index)] == nil { boundaryHits[Int(o.index)] = RaycastHit(target: target, point: hit.point, normal: hit.normal, fraction: hit.fraction) }
            } else if itemHits[Int(o.index)] == nil {
                itemHits[Int(o.index)] = RaycastHit(target: target, point: hit.point, normal: hit.normal, fraction: hit.fraction)
            }
        }
        forEachItemWithoutBody { i, xf in
            for g in records[i].geometry.shapes {
                guard let hit = g.rayCast(origin: from, translation: translation, maxFraction: 1, xf),
                      hit.fraction < itemHits[i]?.fraction ?? .infinity else { continue }
                itemHits[i] = RaycastHit(target: .item(itemID(slot: i)), point: hit.point, normal: hit.normal, fraction: hit.fraction)
            }
        }
        let ordered = itemOrder.reversed().compactMap { itemHits[Int($0)] } + boundarySlotsInTreeOrder().compactMap { boundaryHits[$0] }
        return ordered.enumerated().sorted { ($0.element.fraction, $0.offset) < ($1.element.fraction, $1.offset) }.map(\.element)
    }

    /// Items and boundaries whose collision shapes overlap or touch the shape `def` describes: its
    /// `center`, `size`, `angle` and `bounds`, read as `addItem` reads them (the name is ignored).
    /// Items come in insertion order, then boundaries in behaviour-tree order. Throws for a shape
    /// `addItem` would refuse.
    public func itemsAndBoundaries(overlapping def: ItemDef) throws(DynamicsError) -> [CollisionPartner] {
        let query = try ItemGeometry(def, label: "the shape")
        let queryXf = Transform(def.center, def.angle)
        synchronize()
        var items = [Bool](repeating: false, count: records.count)
        var boundaries = [Bool](repeating: false, count: boundaryRecords.count)
        for g in query.shapes {
            for shape in world.queryShape(g, at: queryXf) {
                guard let o = owner(of: shape) else { continue }
                if o.isBoundary { boundaries[Int(o.index)] = true } else { items[Int(o.index)] = true }
            }
        }
        forEachItemWithoutBody { i, xf in
            if records[i].geometry.shapes.contains(where: { s in query.shapes.contains { $0.overlaps(at: queryXf, s, at: xf) } }) {
                items[i] = true
            }
        }
        let foundItems = itemOrder.filter { items[Int($0)] }.map { CollisionPartner.item(itemID(slot: Int($0))) }
        let foundBoundaries = boundarySlotsInTreeOrder().filter { boundaries[$0] }.map {
            partner(ContactOwner(isBoundary: true, index: Int32($0), generation: boundaryRecords[$0].generation))
        }
        return foundItems + foundBoundaries
    }

    // MARK: - Helpers

    /// Calls `body(slot, pose)` for each live item that has no body, in insertion order: the
    /// engine does not know them, so queries test their geometry directly.
    private func forEachItemWithoutBody(_ body: (Int, Transform) -> Void) {
        guard simulatedItemCount < itemOrder.count else { return }
        for index in itemOrder where records[Int(index)].body.isNull {
            let r = records[Int(index)]
            body(Int(index), Transform(r.center, r.angle))
        }
    }

    /// What an owner is to a script: an item, a named boundary or the reference bounds.
    private func partner(_ o: ContactOwner) -> CollisionPartner {
        guard o.isBoundary else { return .item(ItemID(index: o.index, generation: o.generation, animator: serial)) }
        return boundaryRecords[Int(o.index)].identifier.map(CollisionPartner.boundary) ?? .referenceBounds
    }

    /// Live boundary slots: collision behaviours in tree order, each one's reference boundary first
    /// and then its own in the order they were added.
    private func boundarySlotsInTreeOrder() -> [Int] {
        flat.compactMap { $0 as? CollisionBehavior }.filter { $0.animator === self }.flatMap(\.boundarySlots)
            .filter { boundaryRecords[$0].isAlive }
    }
}
