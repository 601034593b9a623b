// Exact queries for game rules: the items whose collision shape holds a point, the items and
// boundaries a ray enters, and those a shape overlaps. What the engine holds is found through its
// trees; what it does not hold yet is tested directly with the same geometry (see `queryBoundaries`).
import KineticPhysics

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

// Every query reads the world as it stands and changes nothing: the motion is the same with or
// without them, and they may be called between steps or from a behaviour's action.
extension DynamicAnimator {
    /// Items whose collision shape contains `point` (reference coordinates, points; the outline
    /// counts as inside), in insertion order. Boundaries are lines and hold no point.
    /// Throws for a non-finite point.
    public func items(at point: Vec2) throws(DynamicsError) -> [ItemID] {
        try requireFinite(point, "point")
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
        let boundaries = queryBoundaries()
        var itemHits = [RaycastHit?](repeating: nil, count: records.count)
        var slotHits = [RaycastHit?](repeating: nil, count: boundaryRecords.count)
        // Nearest first, so the first hit of each owner is its entry.
        for hit in world.rayCastAll(from: from, translation: translation) {
            guard let o = owner(of: hit.shape) else { continue }
            let found = RaycastHit(target: partner(o), point: hit.point, normal: hit.normal, fraction: hit.fraction)
            if o.isBoundary {
                if slotHits[Int(o.index)] == nil { slotHits[Int(o.index)] = found }
            } else if itemHits[Int(o.index)] == nil {
                itemHits[Int(o.index)] = found
            }
        }
        func nearest(_ shapes: [Geometry], _ xf: Transform, _ target: CollisionPartner) -> RaycastHit? {
            var best: RaycastHit? = nil
            for g in shapes {
                guard let hit = g.rayCast(origin: from, translation: translation, maxFraction: 1, xf),
                      hit.fraction < best?.fraction ?? .infinity else { continue }
                best = RaycastHit(target: target, point: hit.point, normal: hit.normal, fraction: hit.fraction)
            }
            return best
        }
        forEachItemWithoutBody { i, xf in itemHits[i] = nearest(records[i].geometry.shapes, xf, .item(itemID(slot: i))) }
        let boundaryHits = boundaries.compactMap { b -> RaycastHit? in
            switch b {
            case .engine(let slot): return slotHits[slot]
            case .declared(let target, let segments): return nearest(segments, .identity, target)
            }
        }
        let ordered = itemOrder.reversed().compactMap { itemHits[Int($0)] } + boundaryHits
        return ordered.enumerated().sorted { ($0.element.fraction, $0.offset) < ($1.element.fraction, $1.offset) }.map(\.element)
    }

    /// Items and boundaries whose collision shapes overlap or touch the shape `def` describes: its
    /// `center`, `size`, `angle` and `bounds`, read as `addItem` reads them (the name is ignored).
    /// Items come in insertion order, then boundaries in behaviour-tree order. Throws for a shape
    /// `addItem` would refuse.
    public func itemsAndBoundaries(overlapping def: ItemDef) throws(DynamicsError) -> [CollisionPartner] {
        let query = try ItemGeometry(def, label: "the shape")
        let queryXf = Transform(def.center, def.angle)
        let boundaries = queryBoundaries()
        var slots = [Bool](repeating: false, count: boundaryRecords.count)
        let items = itemSlots(overlapping: query.shapes, at: queryXf) { slots[$0] = true }
        func overlap(_ shapes: [Geometry], _ xf: Transform) -> Bool {
            shapes.contains { s in query.shapes.contains { $0.overlaps(at: queryXf, s, at: xf) } }
        }
        let foundItems = itemOrder.filter { items[Int($0)] }.map { CollisionPartner.item(itemID(slot: Int($0))) }
        let foundBoundaries = boundaries.compactMap { b -> CollisionPartner? in
            switch b {
            case .engine(let slot):
                return slots[slot] ? partner(boundaryOwner(slot: slot)) : nil
            case .declared(let target, let segments):
                return overlap(segments, .identity) ? target : nil
            }
        }
        return foundItems + foundBoundaries
    }

    // MARK: - Helpers

    /// Per item slot, whether the item's collision shape overlaps or touches `shapes` placed at
    /// `xf`, with a body or without one; `boundary(slot)` is told of each engine boundary slot hit.
    /// Shared by `itemsAndBoundaries(overlapping:)` and sensors, so both mean the same by overlap.
    func itemSlots(overlapping shapes: [Geometry], at xf: Transform, boundary: (Int) -> Void = { _ in }) -> [Bool] {
        var items = [Bool](repeating: false, count: records.count)
        for g in shapes {
            for shape in world.queryShape(g, at: xf) {
                guard let o = owner(of: shape) else { continue }
                if o.isBoundary { boundary(Int(o.index)) } else { items[Int(o.index)] = true }
            }
        }
        forEachItemWithoutBody { i, itemXf in
            items[i] = records[i].geometry.shapes.contains { s in shapes.contains { $0.overlaps(at: xf, s, at: itemXf) } }
        }
        return items
    }

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

    /// One boundary as a query sees it: held by the engine (its slot), or declared by a collision
    /// behaviour added or changed since the last step, as the segments the next step will create.
    private enum QueryBoundary {
        case engine(slot: Int)
        case declared(CollisionPartner, [Geometry])
    }

    /// The boundaries the next step collides with, in tree order, each behaviour's reference bounds
    /// first and then its own in the order they were added. Queries never bring the engine up to
    /// date themselves (`synchronize`): bodies made before the step would make them earlier than it
    /// does, and their order in the engine decides the order of its work, so the motion could change.
    /// Hits in the engine from a slot not listed here belong to boundaries about to be replaced.
    private func queryBoundaries() -> [QueryBoundary] {
        refreshTree()
        var list: [QueryBoundary] = []
        for case let c as CollisionBehavior in flat where c.animator === self {
            guard c.boundariesDirty else {
                list += c.boundarySlots.filter { boundaryPool.isLive($0) }.map { .engine(slot: $0) }
                continue
            }
            if let outline = c.referenceOutline(in: self) { list.append(.declared(.referenceBounds, segments(outline, closed: true))) }
            for (id, b) in c.boundaryList { list.append(.declared(.boundary(id), segments(b.points, closed: b.isClosed))) }
        }
        return list
    }

    /// The segments of an outline, closed back to its first point when `closed`.
    private func segments(_ points: [Vec2], closed: Bool) -> [Geometry] {
        let n = points.count
        return (0..<(closed && n >= 3 ? n : n - 1)).compactMap { k in
            let a = points[k], b = points[(k + 1) % n]
            return a == b ? nil : .segment(Segment(a, b))
        }
    }
}
