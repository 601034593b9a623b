// One-way shapes (Box2D v3's platformer pre-solve, built in): a shape that stops other shapes only
// on one side. The narrow phase decides per contact and step whether its manifold counts; a
// disabled contact keeps no points, so it pushes nothing, is not touching (no begin or end event),
// and warm starts from zero impulses when it acts again.

/// The one-way rule's tolerances in world units, handed to the narrow phase's blocks.
struct OneWayTolerances {
    /// How deep a shape that was passing through may still be when it is held again.
    var releaseDepth: Double
    /// How fast it may still be leaving the face when it is held again.
    var leavingSpeed: Double
}

extension World {
    // MARK: - Public API

    /// A shape's one-way direction in its body's frame, of unit length (`ShapeDef.oneWay`); nil for
    /// a shape that collides from every side.
    public func oneWay(of shape: ShapeID) -> Vec2? {
        let direction = shapes[liveSlot(shape)].oneWay
        return direction == .zero ? nil : direction
    }

    /// Makes a shape one-way: `direction` (in its body's frame, any length but zero) points to the
    /// side from which other shapes are stopped; nil makes it collide from every side again. Its
    /// contacts follow from the next step, and the bodies touching it are woken so that they do. A
    /// direction that is zero, not finite or beyond `World.largestInput` is ignored.
    public func setOneWay(_ direction: Vec2?, of shape: ShapeID) {
        guard let s = slot(shape) else { return }
        var unit = Vec2.zero
        if let direction {
            guard let u = World.oneWayUnit(direction) else { return }
            unit = u
        }
        shapes[s].oneWay = unit
        var key = bodyStore[Int(shapes[s].body)].contactHead
        while key >= 0 {
            let c = Int(key >> 1)
            let a = Int(contacts[c].shapeA), b = Int(contacts[c].shapeB)
            if a == s || b == s {
                contacts[c].isOneWay = World.isOneWayPair(shapes[a], shapes[b])
                if !contacts[c].isOneWay { contacts[c].isPassingThrough = false }
                wakeContactBodies(c)
            }
            key = contacts[c].edge(Int(key & 1)).next
        }
    }

    // MARK: - The rule

    /// `direction` scaled to unit length, or nil when it is zero, not finite or beyond
    /// `World.largestInput` (scaled by its largest component first, so tiny vectors keep their
    /// direction instead of underflowing).
    package static func oneWayUnit(_ direction: Vec2) -> Vec2? {
        guard direction.x.isFinite, direction.y.isFinite, direction.isUsableInput else { return nil }
        let scale = Swift.max(abs(direction.x), abs(direction.y))
        guard scale > 0 else { return nil }
        let scaled = direction / scale
        return scaled / scaled.length
    }

    /// Whether a contact between two shapes goes through the one-way rule: one of them is one-way
    /// and neither is a sensor (a sensor pushes nothing; it reports overlap from every side).
    static func isOneWayPair(_ a: borrowing ShapeData, _ b: borrowing ShapeData) -> Bool {
        !(a.isSensor || b.isSensor) && (a.oneWay != .zero || b.oneWay != .zero)
    }

    /// The tolerances of the rule in this world's units (Step/Tuning.swift).
    var oneWayTolerances: OneWayTolerances {
        OneWayTolerances(releaseDepth: Tuning.oneWayReleaseDepthInSlops * linearSlop,
                         leavingSpeed: Tuning.oneWayLeavingSpeedInSlops * linearSlop)
    }

    /// Whether a contact whose normal points from shape A to shape B may act, given each shape's
    /// one-way direction in world coordinates (zero for a shape that collides from every side): the
    /// normal must point within 45° of A's direction (B is on A's stopping side), and of the
    /// opposite of B's.
    @inline(__always)
    static func oneWayAllows(_ normal: Vec2, _ directionA: Vec2, _ directionB: Vec2) -> Bool {
        (directionA == .zero || dot(normal, directionA) >= Tuning.oneWayCosine)
            && (directionB == .zero || dot(normal, directionB) <= -Tuning.oneWayCosine)
    }

    /// The narrow phase's one-way decision for a contact with new manifold `m`: empties `m` when the
    /// contact must not act this step. A contact that acted last step acts while its normal stays
    /// in the cone. One that did not (it just came within the speculative distance, or the other
    /// shape was passing through) acts only when its normal is in the cone and the other shape is
    /// not leaving the face; after a pass-through, also only once it is out of the shape (no deeper
    /// than a resting shape). So a shape jumping up through a platform is not caught halfway when
    /// the normal of its overlap flips, nor on its way out, and lands when it comes down.
    @inline(__always)
    static func oneWayFilter(_ m: inout Manifold, _ contact: UnsafeMutablePointer<ContactData>, _ wasTouching: Bool,
                             _ bodyA: UnsafePointer<BodyData>, _ bodyB: UnsafePointer<BodyData>,
                             _ shapeA: UnsafePointer<ShapeData>, _ shapeB: UnsafePointer<ShapeData>,
                             _ tolerances: OneWayTolerances) {
        guard m.pointCount > 0 else {
            contact.pointee.isPassingThrough = false
            return
        }
        let n = m.normal
        var acts = oneWayAllows(n, bodyA.pointee.xf.q.rotate(shapeA.pointee.oneWay), bodyB.pointee.xf.q.rotate(shapeB.pointee.oneWay))
        if acts && !wasTouching {
            let point = m.pointCount > 1 ? 0.5 * (m.point0.point + m.point1.point) : m.point0.point
            let vA = bodyA.pointee.v + cross(bodyA.pointee.w, point - bodyA.pointee.center)
            let vB = bodyB.pointee.v + cross(bodyB.pointee.w, point - bodyB.pointee.center)
            let leaving = dot(vB - vA, n) > tolerances.leavingSpeed
            var deepest = m.point0.separation
            if m.pointCount > 1 { deepest = Swift.min(deepest, m.point1.separation) }
            let inside = contact.pointee.isPassingThrough && deepest < -tolerances.releaseDepth
            acts = !leaving && !inside
        }
        contact.pointee.isPassingThrough = !acts
        if !acts { m.pointCount = 0 }
    }

    /// The rest of the narrow phase for a one-way contact whose new manifold the blocks left in it:
    /// the rule (`oneWayFilter`), then whether it began or stopped touching. Run on the calling
    /// thread in contact order, as the changes are gathered; bodies do not move in the narrow phase,
    /// so it reads what the blocks would have.
    static func applyOneWayRule(_ contact: UnsafeMutablePointer<ContactData>, _ bodies: UnsafeBufferPointer<BodyData>,
                                _ shapes: UnsafeBufferPointer<ShapeData>, _ tolerances: OneWayTolerances) -> ContactChange {
        let wasTouching = contact.pointee.isTouching
        var m = contact.pointee.manifold
        oneWayFilter(&m, contact, wasTouching, bodies.baseAddress! + Int(contact.pointee.bodyA), bodies.baseAddress! + Int(contact.pointee.bodyB),
                     shapes.baseAddress! + Int(contact.pointee.shapeA), shapes.baseAddress! + Int(contact.pointee.shapeB), tolerances)
        // One-way pairs have no sensor (`isOneWayPair`): any point touches.
        let touching = m.pointCount > 0
        contact.pointee.manifold = m
        contact.pointee.isTouching = touching
        if touching == wasTouching { return .none }
        return touching ? .began : .ended
    }

    // MARK: - Continuous collision

    /// Whether the sweep of `shape` (moving by `sweep`) that found `result` against `other` may stop
    /// there, when either is one-way: not when it starts overlapping (it is passing through, or
    /// resting on the face, which its contact and the static push-out hold), nor when the normal at
    /// the time of impact is outside the cone (it comes from a side that lets it through).
    func oneWaySweepStops(_ shape: borrowing ShapeData, _ sweep: Sweep, _ other: borrowing ShapeData, _ otherSweep: Sweep,
                          _ result: (state: TOIState, fraction: Double)) -> Bool {
        if result.state == .overlapped { return false }
        guard result.state == .hit else { return true }
        let xf = sweep.transform(at: result.fraction), otherXF = otherSweep.transform(at: result.fraction)
        let closest = shapeDistance(other.geometry, otherXF, shape.geometry, xf)
        guard closest.distance > 0 else { return false }
        let normal = (closest.pointB - closest.pointA) / closest.distance
        return World.oneWayAllows(normal, otherXF.q.rotate(other.oneWay), xf.q.rotate(shape.oneWay))
    }
}
