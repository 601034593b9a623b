// SAFEGUARD staticPushOut: at the end of a step, a dynamic body that went deep into a static shape is moved
// back out, whatever the masses of the bodies that drove it there. A thin or off-centre body hitting a
// wall is spun to the speed cap by the impulse at its tip; the tip then separates while the centre
// keeps moving in, and continuous collision skips a body already touching, so it sank a large part of
// its size every step until its centre was past the wall (and a light body driven by a heavy one can sink the same
// way). The push-out moves only the dynamic body, so a static boundary always wins; it acts only past
// a depth that soft contacts do not reach in ordinary scenes.

extension World {
    /// Moves every awake dynamic body whose shape is deeper than `allowedDepth` in a static shape it
    /// touched at the start of the step back to `linearSlop` deep (less for shapes under 2 pt), along
    /// the contact normal of that start (so a body that crossed a thin segment goes back to the side it
    /// came from), and drops its velocity into the static shape.
    /// Runs after a step that solved (its contact marks are this step's).
    func pushDynamicBodiesOutOfStaticShapes() {
        // In index order (deterministic), over the contacts the step's preparation marked as against a
        // static or kinematic body: every touching contact of an awake dynamic body with a static one
        // was solved, and is marked. The fields are read in place, and only touching pairs of an
        // awake dynamic body and a static one go further.
        let marks = buffers.contactMarks.buffer
        for c in 0..<Swift.min(marks.count, contacts.count)
        where marks[c] & ContactMark.againstStatic != 0 && contacts[c].isTouching && !contacts[c].isSensor {
            let a = Int(contacts[c].bodyA), b = Int(contacts[c].bodyB)
            let typeA = bodyStore[a].type, typeB = bodyStore[b].type
            let side: Int
            if typeA == .dynamic && typeB == .static { side = 0 } else if typeA == .static && typeB == .dynamic { side = 1 } else { continue }
            let body = side == 0 ? a : b
            guard bodyStore[body].isAwake else { continue }
            if pushOut(body, contact: c, side: side) {
                updateShapeBounds(body)
                safeguardCounts.staticPushOuts += 1
            }
        }
    }

    /// How deep a shape may be in a static shape: a quarter of its smallest extent (the distance from
    /// its centroid to its surface), at least twice the linear slop that soft contacts rest at, but
    /// never half that extent: a 0.5 pt body left 0.5 pt deep in a two-sided segment would have its
    /// centroid past it, and the next step's contact normal would point out of the box.
    private func allowedDepth(_ g: borrowing Geometry) -> Double {
        let extent = shapeExtent(g, localCenter: centroid(of: g)).min
        guard extent > 0 else { return Tuning.pushOutMinimumDepthInSlops * linearSlop }
        return Swift.min(Swift.max(Tuning.pushOutMinimumDepthInSlops * linearSlop, Tuning.pushOutDepthFraction * extent),
                         Tuning.pushOutMaximumDepthFraction * extent)
    }

    /// Pushes body `b` (on `side` of contact `c`) out of the static shape on the other side; returns
    /// whether it moved.
    private func pushOut(_ b: Int, contact c: Int, side: Int) -> Bool {
        let contact = contacts[c]
        let staticBody = Int(side == 0 ? contact.bodyB : contact.bodyA)
        let dynamicShape = Int(side == 0 ? contact.shapeA : contact.shapeB)
        let staticShape = Int(side == 0 ? contact.shapeB : contact.shapeA)
        // The manifold normal points from shape A to shape B; `n` points from the static shape to the body.
        let n = side == 0 ? -contact.manifold.normal : contact.manifold.normal
        let xf = bodyStore[b].xf, staticXF = bodyStore[staticBody].xf

        // Overlap of the two shapes' projections on the start normal: cheap, and exact for a face
        // contact; the body needs to move at most this far along `n`.
        var depth = highestProjection(shapes[staticShape].geometry, staticXF, n) - lowestProjection(shapes[dynamicShape].geometry, xf, n)
        // The body's smallest extent bounds its shapes' from below: a cheap test first.
        guard depth > Swift.min(Tuning.pushOutMinimumDepthInSlops * linearSlop, Tuning.pushOutMaximumDepthFraction * bodyStore[b].minExtent) else { return false }
        let allowed = allowedDepth(shapes[dynamicShape].geometry)
        guard depth > allowed else { return false }
        // A one-way shape of the moving body is no boundary to hold (OneWay.swift): it turns with its
        // body, which may straddle the static shape after the one-way shape passed through it, its
        // other shapes on the near side; moving the body back to the side the one-way shape started
        // on carried those through a wall. Its contact still acts in the solve.
        if contact.isOneWay && shapes[dynamicShape].oneWay != .zero { return false }

        // A body overhanging the static shape's edge projects below its face without touching it: the
        // manifold of the current poses tells. When it is on the side the step started from, its depth
        // is exact; when its normal flipped or it has no point, the body crossed: keep the projection.
        // A normal more than 30° off the start's is a corner's (a body pressed into the corner of two
        // segments touches the vertex): along it the body went out through the other segment, so the start normal and the projection stay.
        var direction = n
        let m = collide(shapes[staticShape].geometry, staticXF, shapes[dynamicShape].geometry, xf, speculativeDistance: speculativeDistance)
        if m.pointCount > 0 && dot(m.normal, n) > Tuning.pushOutSameFaceCosine {
            var separation = m.point0.separation
            if m.pointCount > 1 { separation = Swift.min(separation, m.point1.separation) }
            depth = -separation
            direction = m.normal
            guard depth > allowed else { return false }
        }

        let shift = (depth - Swift.min(linearSlop, 0.5 * allowed)) * direction
        bodyStore[b].center += shift
        bodyStore[b].xf.p += shift
        let inward = dot(bodyStore[b].v, direction)
        if inward < 0 { bodyStore[b].v -= inward * direction }
        return true
    }
}

/// The smallest projection of a geometry in world pose `xf` on the unit direction `n`.
func lowestProjection(_ g: borrowing Geometry, _ xf: Transform, _ n: Vec2) -> Double {
    let d = xf.q.inverseRotate(n)
    let local: Double
    switch g {
    case .circle(let circle):
        local = dot(d, circle.center) - circle.radius
    case .ellipse(let e):
        let r = Rot(angle: e.angle), u = Vec2(r.c, r.s)
        let du = dot(d, u), dv = d.y * u.x - d.x * u.y
        local = dot(d, e.center) - ((e.radii.x * du) * (e.radii.x * du) + (e.radii.y * dv) * (e.radii.y * dv)).squareRoot()
    case .segment(let s):
        local = Swift.min(dot(d, s.p1), dot(d, s.p2))
    case .polygon(let p):
        var lowest = Double.greatestFiniteMagnitude
        for v in p.vertices { lowest = Swift.min(lowest, dot(d, v)) }
        local = lowest - p.radius
    }
    return local + dot(n, xf.p)
}

/// The largest projection of a geometry in world pose `xf` on the unit direction `n`.
func highestProjection(_ g: borrowing Geometry, _ xf: Transform, _ n: Vec2) -> Double {
    -lowestProjection(g, xf, -n)
}
