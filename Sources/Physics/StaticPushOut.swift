// Static push-out: at the end of a step, a dynamic body that went deep into a static shape is moved
// back out, whatever the masses of the bodies that drove it there. Soft contacts let a light body
// squeezed by one 10⁶–10⁸ times heavier, or a thin body hitting a wall while spinning at the speed cap,
// sink into the wall step after step (and continuous collision skips a body already touching), until
// its centre is past the wall. The push-out moves only the dynamic body, so a static boundary always
// wins; it acts only past a depth that soft contacts never reach in ordinary scenes.

extension World {
    /// Moves every awake dynamic body whose shape is deeper than `allowedDepth` in a static shape it
    /// touched at the start of the step back to `linearSlop` deep, along the contact normal of that
    /// start (so a body that crossed a thin segment goes back to the side it came from), and drops its
    /// velocity into the static shape.
    func pushDynamicBodiesOutOfStaticShapes() {
        for i in 0..<awakeBodies.count {
            let b = Int(awakeBodies[i])
            guard bodyStore[b].type == .dynamic else { continue }
            var moved = false
            var key = bodyStore[b].contactHead
            while key >= 0 {
                let c = Int(key >> 1), side = Int(key & 1)
                key = contacts[c].edge(side).next
                if pushOut(b, contact: c, side: side) { moved = true }
            }
            if moved { updateShapeBounds(b) }
        }
    }

    /// Pushes body `b` (on `side` of contact `c`) out of the static shape on the other side; returns
    /// whether it moved.
    private func pushOut(_ b: Int, contact c: Int, side: Int) -> Bool {
        let contact = contacts[c]
        guard contact.isTouching, !contact.isSensor else { return false }
        let staticBody = Int(side == 0 ? contact.bodyB : contact.bodyA)
        guard bodyStore[staticBody].type == .static else { return false }
        let dynamicShape = Int(side == 0 ? contact.shapeA : contact.shapeB)
        let staticShape = Int(side == 0 ? contact.shapeB : contact.shapeA)
        // The manifold normal points from shape A to shape B; `n` points from the static shape to the body.
        let n = side == 0 ? -contact.manifold.normal : contact.manifold.normal
        let xf = bodyStore[b].xf, staticXF = bodyStore[staticBody].xf

        // Overlap of the two shapes' projections on the start normal: cheap, and exact for a face
        // contact; the body needs to move at most this far along `n`.
        var depth = highestProjection(shapes[staticShape].geometry, staticXF, n) - lowestProjection(shapes[dynamicShape].geometry, xf, n)
        guard depth > 2 * linearSlop else { return false }
        let allowed = Swift.max(2 * linearSlop, 0.25 * shapeExtent(shapes[dynamicShape].geometry, localCenter: centroid(of: shapes[dynamicShape].geometry)).min)
        guard depth > allowed else { return false }

        // A body overhanging the static shape's edge projects below its face without touching it: the
        // manifold of the current poses tells. When it is on the side the step started from, its depth
        // is exact; when its normal flipped or it has no point, the body crossed: keep the projection.
        var direction = n
        let m = collide(shapes[staticShape].geometry, staticXF, shapes[dynamicShape].geometry, xf, speculativeDistance: speculativeDistance)
        if m.pointCount > 0 && dot(m.normal, n) > 0 {
            var separation = m.point0.separation
            if m.pointCount > 1 { separation = Swift.min(separation, m.point1.separation) }
            depth = -separation
            direction = m.normal
            guard depth > allowed else { return false }
        }

        let shift = (depth - linearSlop) * direction
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
