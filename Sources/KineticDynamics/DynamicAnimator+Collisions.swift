// Who collides with whom (UIKit: items sharing a collision behaviour whose mode includes items;
// an item and a boundary of a behaviour that lists the item), boundary bodies, and the mapping of
// engine shape contacts to began/ended events per item pair and per collision behaviour.
import KineticPhysics

/// A boundary body owned by a collision behaviour while it is in the tree.
struct BoundaryRecord {
    /// attachSerial of the owning collision behaviour.
    var owner = 0
    /// nil for the reference-bounds boundary.
    var identifier: String?
    var body = BodyID.null
}

/// One side of a contact: an item or a boundary (slot and generation).
struct ContactOwner: Hashable {
    var isBoundary: Bool
    var index: Int32
    var generation: UInt32
}

/// An unordered pair of owners (stored in a fixed order so both orders find it).
struct PairKey: Hashable {
    var a: ContactOwner
    var b: ContactOwner
    init(_ x: ContactOwner, _ y: ContactOwner) {
        if (x.isBoundary ? 1 : 0, x.index) <= (y.isBoundary ? 1 : 0, y.index) { a = x; b = y } else { a = y; b = x }
    }
}

/// How many shape contacts an owner pair has, and which behaviours were told it began.
struct PairState {
    var count = 0
    var notified: [ObjectIdentifier] = []
}

extension DynamicAnimator {
    // MARK: - Boundaries

    /// Creates a static boundary body for a collision behaviour. `points` is a segment (2 points)
    /// or a chain (closed when `isLoop`). Returns the boundary slot.
    func createBoundary(owner: CollisionBehavior, identifier: String?, points: [Vec2], isLoop: Bool) -> Int? {
        var def = BodyDef()
        def.type = .static
        def.userData = -1
        guard let body = try? world.createBody(def) else { return nil }
        let (taken, isNew) = boundaryPool.allocate()
        let slot = Int(taken)
        if isNew { boundaryRecords.append(BoundaryRecord()) }
        boundaryRecords[slot].owner = owner.attachSerial
        boundaryRecords[slot].identifier = identifier
        boundaryRecords[slot].body = body
        var shapeDef = ShapeDef()
        // O6: a boundary has no material; friction 1 so that the pair friction √(f·1) follows the
        // item's, restitution 0 so that max(e, 0) is the item's.
        shapeDef.friction = 1
        shapeDef.restitution = 0
        shapeDef.userData = -(slot + 1)
        var made = false
        if points.count == 2 {
            made = (try? world.createShape(on: body, shapeDef, .segment(Segment(points[0], points[1])))) != nil
        } else if let shapes = try? world.createChain(on: body, points: points, isLoop: isLoop, shapeDef), !shapes.isEmpty {
            made = true
        } else {
            let n = points.count
            for k in 0..<(isLoop ? n : n - 1) where (try? world.createShape(on: body, shapeDef, .segment(Segment(points[k], points[(k + 1) % n])))) != nil {
                made = true
            }
        }
        if !made { warn("boundary \(identifier ?? "bounds") could not be created") }
        return slot
    }

    func destroyBoundary(_ slot: Int) {
        guard slot < boundaryRecords.count, boundaryPool.isLive(slot) else { return }
        let owner = boundaryOwner(slot: slot)
        if world.isValid(boundaryRecords[slot].body) { world.destroyBody(boundaryRecords[slot].body) }
        boundaryRecords[slot].body = .null
        boundaryPool.release(Int32(slot))
        pairs = pairs.filter { $0.key.a != owner && $0.key.b != owner }
    }

    // MARK: - Filtering

    /// Asked by the engine for each new shape pair whose `Filter`s allow it.
    func shouldCollide(_ a: ShapeID, _ b: ShapeID) -> Bool {
        guard let oa = owner(of: a), let ob = owner(of: b) else { return false }
        switch (oa.isBoundary, ob.isBoundary) {
        case (false, false):
            return shareAny(records[Int(oa.index)].collidesWithItemsOf, records[Int(ob.index)].collidesWithItemsOf)
        case (false, true):
            return records[Int(oa.index)].collidesWithBoundariesOf.contains(boundaryRecords[Int(ob.index)].owner)
        case (true, false):
            return records[Int(ob.index)].collidesWithBoundariesOf.contains(boundaryRecords[Int(oa.index)].owner)
        case (true, true):
            return false
        }
    }

    /// True when two ascending lists share an element.
    func shareAny(_ x: [Int], _ y: [Int]) -> Bool {
        var i = 0, j = 0
        while i < x.count && j < y.count {
            if x[i] == y[j] { return true }
            if x[i] < y[j] { i += 1 } else { j += 1 }
        }
        return false
    }

    func owner(of shape: ShapeID) -> ContactOwner? {
        guard world.isValid(shape) else { return nil }
        let data = world.userData(of: shape)
        if data >= 0 {
            guard data < records.count, itemPool.isLive(data), !records[data].body.isNull else { return nil }
            return ContactOwner(isBoundary: false, index: Int32(data), generation: itemPool.generation(Int32(data)))
        }
        let slot = -data - 1
        guard slot < boundaryRecords.count, boundaryPool.isLive(slot) else { return nil }
        return boundaryOwner(slot: slot)
    }

    /// The current owner of a boundary slot in use.
    func boundaryOwner(slot: Int) -> ContactOwner {
        ContactOwner(isBoundary: true, index: Int32(slot), generation: boundaryPool.generation(Int32(slot)))
    }

    func forgetPairs(involvingSlot i: Int) {
        let id = Int32(i)
        pairs = pairs.filter { !(($0.key.a.index == id && !$0.key.a.isBoundary) || ($0.key.b.index == id && !$0.key.b.isBoundary)) }
    }

    // MARK: - Events

    /// Does `c` hold this pair? An item pair needs both items and items mode; an item–boundary
    /// pair needs the item, boundaries mode, and the boundary to be `c`'s own.
    func collision(_ c: CollisionBehavior, holds x: ContactOwner, _ y: ContactOwner) -> Bool {
        guard c.animator === self else { return false }
        switch (x.isBoundary, y.isBoundary) {
        case (false, false):
            return isLive(x) && isLive(y) && records[Int(x.index)].collidesWithItemsOf.contains(c.attachSerial)
                && records[Int(y.index)].collidesWithItemsOf.contains(c.attachSerial)
        case (false, true):
            return isLive(x) && isLive(y) && boundaryRecords[Int(y.index)].owner == c.attachSerial
                && records[Int(x.index)].collidesWithBoundariesOf.contains(c.attachSerial)
        case (true, false):
            return collision(c, holds: y, x)
        case (true, true):
            return false
        }
    }

    func isLive(_ o: ContactOwner) -> Bool {
        o.isBoundary ? boundaryPool.isCurrent(o.index, o.generation) : itemPool.isCurrent(o.index, o.generation)
    }

    /// The item and its partner as callbacks see them (the item first for boundaries).
    func callbackArguments(_ x: ContactOwner, _ y: ContactOwner) -> (ItemID, CollisionPartner)? {
        if x.isBoundary {
            if y.isBoundary { return nil }
            return callbackArguments(y, x)
        }
        let item = ItemID(index: x.index, generation: x.generation, animator: serial)
        if y.isBoundary {
            let b = boundaryRecords[Int(y.index)]
            return (item, b.identifier.map(CollisionPartner.boundary) ?? .referenceBounds)
        }
        return (item, .item(ItemID(index: y.index, generation: y.generation, animator: serial)))
    }

    /// Began events first, then ended, each in the engine's deterministic order; per pair, each
    /// collision behaviour in tree order. One began/ended per owner pair, however many shapes touch.
    /// Each is recorded in `collisionEvents` and handed to the behaviour's closure.
    func deliverCollisionEvents() {
        let begins = world.contactBeginEvents, ends = world.contactEndEvents
        guard !begins.isEmpty || !ends.isEmpty else { return }
        let collisions = flat.compactMap { $0 as? CollisionBehavior }
        for e in begins {
            guard let x = owner(of: e.shapeA), let y = owner(of: e.shapeB) else { continue }
            let key = PairKey(x, y)
            var state = pairs[key] ?? PairState()
            state.count += 1
            pairs[key] = state
            guard state.count == 1 else { continue }
            for c in collisions where collision(c, holds: x, y) {
                pairs[key]?.notified.append(ObjectIdentifier(c))
                guard let (item, partner) = callbackArguments(x, y) else { continue }
                // The engine's normal points from shape A to shape B; callbacks name the item first,
                // so a boundary that was shape A turns it round.
                let normal = x.isBoundary ? -e.normal : e.normal
                collisionEvents.append(CollisionEvent(kind: .began, behavior: c, item: item, partner: partner,
                                                      point: e.point, normal: normal, approachSpeed: e.approachSpeed))
                c.began?(c, item, partner, e.point)
            }
        }
        for e in ends {
            guard let x = owner(of: e.shapeA), let y = owner(of: e.shapeB) else { continue }
            let key = PairKey(x, y)
            guard var state = pairs[key] else { continue }
            state.count -= 1
            if state.count > 0 { pairs[key] = state; continue }
            pairs[key] = nil
            for c in collisions where c.animator === self && state.notified.contains(ObjectIdentifier(c)) {
                guard isLive(x), isLive(y) else { break }
                guard let (item, partner) = callbackArguments(x, y) else { continue }
                collisionEvents.append(CollisionEvent(kind: .ended, behavior: c, item: item, partner: partner, point: .zero,
                                                      normal: .zero, approachSpeed: 0))
                c.ended?(c, item, partner)
            }
        }
    }
}

/// A collision event, as the animator reports it after a step (`DynamicAnimator.collisionEvents`).
public struct CollisionEvent {
    public enum Kind: Hashable, Sendable { case began, ended }
    public var kind: Kind
    /// The collision behaviour that holds the pair.
    public var behavior: CollisionBehavior
    /// The item, and the other side (an item or a boundary).
    public var item: ItemID
    public var partner: CollisionPartner
    /// Where the contact began (reference coordinates, points); for `ended`, zero.
    public var point: Vec2
    /// For `began`: the contact's unit normal, pointing from `item` towards `partner` (Box2D's
    /// manifold normal, LÖVE's `Contact:getNormal`); zero for `ended`.
    public var normal: Vec2
    /// For `began`: how fast the two sides approached along the contact normal at `point`, pt/s, ≥ 0
    /// (Box2D v3's `b2ContactHitEvent.approachSpeed`); 0 for `ended`.
    public var approachSpeed: Double
}
