// Contacts: one per overlapping pair of fat bounds. Each step the narrow phase refreshes the manifold
// of contacts with an awake body, carries impulses over by feature id (warm starting) and reports
// touch changes as begin/end events.

/// A potential or actual contact between two shapes (`shapeA < shapeB` by index).
struct ContactData: BodyEdges {
    var shapeA: Int32 = -1, shapeB: Int32 = -1
    var bodyA: Int32 = -1, bodyB: Int32 = -1
    var edgeA = Edge(), edgeB = Edge()
    var manifold = Manifold()
    var friction = 0.0, restitution = 0.0
    /// The manifold has points (for a sensor: the shapes overlap).
    var isTouching = false
    var isSensor = false
    var enableEvents = false
    /// One of its shapes is one-way (and neither is a sensor): the narrow phase decides each step
    /// whether the manifold counts (`OneWay.swift`).
    var isOneWay = false
    /// A one-way contact that had points last step and was disabled: the other shape is passing
    /// through, and is held again only once it is out and not moving away (`OneWay.swift`).
    var isPassingThrough = false
}

extension World {
    func createContact(_ a: Int, _ b: Int) {
        let (index, isNew) = contactPool.allocate()
        var c = ContactData()
        c.shapeA = Int32(a); c.shapeB = Int32(b)
        c.bodyA = shapes[a].body; c.bodyB = shapes[b].body
        c.friction = World.mixFriction(shapes[a].friction, shapes[b].friction)
        c.restitution = World.mixRestitution(shapes[a].restitution, shapes[b].restitution)
        c.isSensor = shapes[a].isSensor || shapes[b].isSensor
        c.enableEvents = shapes[a].enableContactEvents || shapes[b].enableContactEvents
        c.isOneWay = World.isOneWayPair(shapes[a], shapes[b])
        if isNew { contacts.append(c) } else { contacts[Int(index)] = c }
        islandsDirty = true
        linkContact(Int(index), side: 0)
        linkContact(Int(index), side: 1)
        broadPhase.pairs[BroadPhase.pairKey(Int32(a), Int32(b))] = index
    }

    private func linkContact(_ c: Int, side: Int) {
        let b = Int(contacts[c].body(side))
        contacts.link(c, side: side, head: &bodyStore[b].contactHead)
    }

    private func unlinkContact(_ c: Int, side: Int) {
        let b = Int(contacts[c].body(side))
        contacts.unlink(c, side: side, head: &bodyStore[b].contactHead)
    }

    /// Removes a contact; reports an end event when it was touching (and events are on).
    func destroyContact(_ c: Int, reportEnd: Bool) {
        let contact = contacts[c]
        if reportEnd && contact.isTouching && contact.enableEvents {
            pendingEndEvents.append(ContactEndEvent(shapeA: shapeID(contact.shapeA), shapeB: shapeID(contact.shapeB)))
        }
        broadPhase.pairs[BroadPhase.pairKey(contact.shapeA, contact.shapeB)] = nil
        unlinkContact(c, side: 0)
        unlinkContact(c, side: 1)
        contacts[c].isTouching = false
        islandsDirty = true
        contactPool.release(Int32(c))
    }

    func wakeContactBodies(_ c: Int) {
        wake(Int(contacts[c].bodyA))
        wake(Int(contacts[c].bodyB))
    }

    /// Destroys every contact of a body (type change, destruction).
    func destroyContacts(ofBody b: Int) {
        var key = bodyStore[b].contactHead
        while key >= 0 {
            let c = Int(key >> 1)
            let next = contacts[c].edge(Int(key & 1)).next
            wakeContactBodies(c)
            destroyContact(c, reportEnd: true)
            key = next
        }
    }

    // MARK: - Narrow phase

    /// The manifold of two shapes at the given transforms. Polygons and circles are read from
    /// `points` (`polygonPoints`) and the shapes' own copies, not through `geometry`: copying that
    /// enum retains and releases a polygon's arrays, which costs more than colliding two boxes.
    @inline(__always)
    static func collideShapes(_ shapeA: UnsafePointer<ShapeData>, _ sa: Int, _ xfA: Transform,
                              _ shapeB: UnsafePointer<ShapeData>, _ sb: Int, _ xfB: Transform, _ speculative: Double,
                              _ points: UnsafeBufferPointer<Vec2>) -> Manifold {
        let countA = Int(shapeA.pointee.polygonCount), countB = Int(shapeB.pointee.polygonCount)
        @inline(__always) func view(_ s: Int, _ count: Int, _ radius: Double) -> PolygonView {
            let p = points.baseAddress! + s * World.polygonPointStride
            return PolygonView(vertices: p, normals: p + count, count: count, radius: radius)
        }
        if countA > 0 && countB > 0 {
            return collidePolygons(view(sa, countA, shapeA.pointee.polygonRadius), xfA,
                                   view(sb, countB, shapeB.pointee.polygonRadius), xfB, speculativeDistance: speculative)
        }
        if shapeA.pointee.isCircle && shapeB.pointee.isCircle {
            return collideCircles(shapeA.pointee.circle, shapeB.pointee.circle, xfA.inverseMultiplied(by: xfB), speculative,
                                  Placement(xfA: xfA, xfB: xfB))
        }
        if countA > 0 && shapeB.pointee.isCircle {
            return collidePolygonAndCircle(view(sa, countA, shapeA.pointee.polygonRadius), shapeB.pointee.circle,
                                           xfA.inverseMultiplied(by: xfB), speculative, Placement(xfA: xfA, xfB: xfB))
        }
        if shapeA.pointee.isCircle && countB > 0 {
            // As `collide` does it: B's polygon against A's circle, then seen from A.
            var m = collidePolygonAndCircle(view(sb, countB, shapeB.pointee.polygonRadius), shapeA.pointee.circle,
                                            xfB.inverseMultiplied(by: xfA), speculative, Placement(xfA: xfB, xfB: xfA))
            m.flip()
            return m
        }
        return collide(shapeA.pointee.geometry, xfA, shapeB.pointee.geometry, xfB, speculativeDistance: speculative)
    }

    /// Updates the manifolds of contacts with at least one awake moving body; destroys contacts whose
    /// fat bounds stopped overlapping. Contacts are updated in blocks on the workers (each writes only
    /// its own contact and its entry of `contactChanges`); the changes are then gathered in contact
    /// order on this thread, so events and destructions come in the same order for any worker count.
    func updateContacts(_ workers: Workers) {
        let speculative = speculativeDistance
        buffers.disjointContacts.clear()
        buffers.contactChanges.resize(to: contacts.count, filler: .none)
        var touchingChanged = false
        // Mutable accessors only to read: a read-only one retains and releases the World's array.
        bodyStore.withUnsafeMutableBufferPointer { bodies in
            shapes.withUnsafeMutableBufferPointer { shapes in
                contacts.withUnsafeMutableBufferPointer { contacts in withPolygonPoints { points in contactPool.withLiveSlots { isLive in
                  let changes = buffers.contactChanges.buffer
                  workers.forEachRange(contacts.count, minimum: World.minimumContactBlock,
                                       NarrowPhase(contacts: contacts, isLive: isLive, bodies: bodies, shapes: shapes,
                                                   points: points, changes: changes, speculative: speculative))
                  let oneWay = oneWayTolerances
                  for c in 0..<contacts.count where changes[c] != .none {
                      let contact = contacts.baseAddress! + c
                      var change = changes[c]
                      changes[c] = .none
                      if change == .oneWay {
                          change = World.applyOneWayRule(contact, UnsafeBufferPointer(bodies), UnsafeBufferPointer(shapes), oneWay)
                          if change == .none { continue }
                      }
                      if change == .disjoint {
                          buffers.disjointContacts.append(Int32(c))
                          continue
                      }
                      touchingChanged = true
                      guard contact.pointee.enableEvents else { continue }
                      let idA = shapeID(contact.pointee.shapeA), idB = shapeID(contact.pointee.shapeB)
                      if change == .began {
                          let m = contact.pointee.manifold
                          let ia = Int(contact.pointee.bodyA), ib = Int(contact.pointee.bodyB)
                          let point = m.pointCount > 1 ? 0.5 * (m.point0.point + m.point1.point) : m.point0.point
                          let a = bodies[ia], b = bodies[ib]
                          let relative = b.v + cross(b.w, point - b.center) - (a.v + cross(a.w, point - a.center))
                          beginEvents.append(ContactBeginEvent(shapeA: idA, shapeB: idB, point: point, normal: m.normal,
                                                               approachSpeed: max(0, -dot(relative, m.normal))))
                      } else {
                          pendingEndEvents.append(ContactEndEvent(shapeA: idA, shapeB: idB))
                      }
                  }
                } } }
            }
        }
        if touchingChanged { islandsDirty = true }
        // Pairs whose fat bounds separated, destroyed after the pass (in contact order).
        for c in buffers.disjointContacts { destroyContact(Int(c), reportEnd: true) }
    }

    /// Contacts per narrow-phase block.
    static let minimumContactBlock = 64

    /// One contact's narrow phase: its new manifold, with impulses carried over by feature id, and
    /// what changed. Writes only `contact`. Static: a call on the world retained and released it
    /// for every contact. A one-way contact stops at its new manifold: the one-way rule decides the
    /// rest after the blocks (`.oneWay`), so no other contact carries any of its code.
    @inline(__always)
    fileprivate static func updateContact(_ contact: UnsafeMutablePointer<ContactData>, _ isLive: Bool, _ bodies: UnsafeMutableBufferPointer<BodyData>,
                                      _ shapes: UnsafeMutableBufferPointer<ShapeData>, _ points: UnsafeBufferPointer<Vec2>,
                                      _ speculative: Double) -> ContactChange {
        guard isLive else { return .none }
        let ia = Int(contact.pointee.bodyA), ib = Int(contact.pointee.bodyB)
        guard bodies[ia].isSimulated || bodies[ib].isSimulated else { return .none }
        let sa = Int(contact.pointee.shapeA), sb = Int(contact.pointee.shapeB)
        let shapeA = shapes.baseAddress! + sa, shapeB = shapes.baseAddress! + sb
        guard shapeA.pointee.fatAABB.overlaps(shapeB.pointee.fatAABB) else { return .disjoint }
        let xfA = bodies[ia].xf, xfB = bodies[ib].xf
        var m = collideShapes(shapeA, sa, xfA, shapeB, sb, xfB, speculative, points)
        // Anchors relative to the centres of mass; impulses carried over by feature id.
        let offsetA = xfA.q.rotate(bodies[ia].localCenter), offsetB = xfB.q.rotate(bodies[ib].localCenter)
        let oldCount = contact.pointee.manifold.pointCount
        // Each point in place: through `m[i]` the optimiser selected whole points with masks.
        @inline(__always) func carryOver(_ p: inout ManifoldPoint) {
            p.anchorA -= offsetA
            p.anchorB -= offsetB
            p.normalImpulse = 0; p.tangentImpulse = 0
            let old = UnsafePointer(contact)
            if oldCount > 0 && old.pointee.manifold.point0.id == p.id {
                p.normalImpulse = old.pointee.manifold.point0.normalImpulse
                p.tangentImpulse = old.pointee.manifold.point0.tangentImpulse
            } else if oldCount > 1 && old.pointee.manifold.point1.id == p.id {
                p.normalImpulse = old.pointee.manifold.point1.normalImpulse
                p.tangentImpulse = old.pointee.manifold.point1.tangentImpulse
            }
        }
        if m.pointCount > 0 { carryOver(&m.point0) }
        if m.pointCount > 1 { carryOver(&m.point1) }
        if contact.pointee.isOneWay {
            contact.pointee.manifold = m
            return .oneWay
        }
        let wasTouching = contact.pointee.isTouching
        var touching = m.pointCount > 0
        if contact.pointee.isSensor && touching {
            // A sensor reports overlap, not speculative proximity.
            touching = m.point0.separation < 0 || (m.pointCount > 1 && m.point1.separation < 0)
        }
        contact.pointee.manifold = m
        contact.pointee.isTouching = touching
        if touching == wasTouching { return .none }
        return touching ? .began : .ended
    }
}

/// The narrow phase over a range of contacts.
private struct NarrowPhase: WorkerStage {
    let contacts: UnsafeMutableBufferPointer<ContactData>, isLive: SlotPool.LiveSlots
    let bodies: UnsafeMutableBufferPointer<BodyData>, shapes: UnsafeMutableBufferPointer<ShapeData>
    let points: UnsafeBufferPointer<Vec2>, changes: UnsafeMutableBufferPointer<ContactChange>
    let speculative: Double

    func run(_ range: Range<Int>) {
        for c in range {
            changes[c] = World.updateContact(contacts.baseAddress! + c, isLive[c], bodies, shapes, points, speculative)
        }
    }
}

/// What the narrow phase changed about a contact.
enum ContactChange: UInt8 {
    case none
    /// Its shapes' fat bounds no longer overlap: the contact is destroyed.
    case disjoint
    /// It started or stopped touching.
    case began, ended
    /// A one-way contact with its new manifold: the one-way rule decides whether it acts, and so
    /// whether it began or ended, after the blocks (`World.applyOneWayRule`).
    case oneWay
}
