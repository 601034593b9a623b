// Continuous collision (Box2D v3 b2SolveContinuous): a body that moved more than half its smallest
// extent in a step is swept from its start to its end pose against static shapes (bullets: also
// against non-bullet moving shapes) and pulled back to the first time of impact. It keeps its
// velocity; the speculative contact created on the next step stops it.
import Foundation

extension World {
    func solveContinuous(_ b: Int, isBullet: Bool) {
        var body = bodyStore[b]
        let sweep = Sweep(localCenter: body.localCenter, c1: body.center0, c2: body.center, q1: body.q0, q2: body.xf.q, angularVelocity: body.w)
        // The sweep turns on an arc, so a shape point off the centre bulges past the bounds of the two
        // end poses by up to r·(1 − cos(Δθ/2)) (r its sweep radius): at half a turn per step, a shape
        // 450 pt out sweeps 450 pt beyond them, into walls that the query of the end poses alone does
        // not find.
        let bulgeFactor = 1 - cos(0.5 * Swift.min(abs(sweep.turn), Double.pi))
        let xf1 = World.transform(center: body.center0, q: body.q0, localCenter: body.localCenter)
        let xf2 = body.xf
        let target = linearSlop
        var fraction = 1.0

        var s = body.shapeHead
        while s >= 0 {
            let si = Int(s)
            let shape = shapes[si]
            s = shape.next
            if shape.isSensor { continue }
            let bulge = sweepRadius(shape.geometry, body.localCenter) * bulgeFactor
            let box = shape.geometry.aabb(xf1).union(shape.geometry.aabb(xf2)).expanded(by: bulge)
            buffers.continuousCandidates.clear()
            let mask = shape.filter.groupIndex > 0 ? UInt64.max : shape.filter.maskBits
            broadPhase.staticTree.query(box, maskBits: mask) { _, userData in
                self.buffers.continuousCandidates.append(userData)
                return true
            }
            if isBullet {
                broadPhase.movingTree.query(box, maskBits: mask) { _, userData in
                    self.buffers.continuousCandidates.append(userData)
                    return true
                }
            }

            for t32 in buffers.continuousCandidates {
                let t = Int(t32)
                let other = shapes[t]
                let ob = Int(other.body)
                if ob == b || other.isSensor { continue }
                if bodyStore[ob].type == .dynamic && bodyStore[ob].isBullet { continue }
                if !World.filtersCollide(shape.filter, other.filter) { continue }
                if jointPreventsCollision(b, ob) { continue }
                if let customFilter, !customFilter(shapeID(Int32(Swift.min(si, t))), shapeID(Int32(Swift.max(si, t)))) { continue }
                // The other body does not move during this sweep (static, or already finalized).
                let otherBody = bodyStore[ob]
                let otherSweep = Sweep(localCenter: otherBody.localCenter, c1: otherBody.center, c2: otherBody.center, q1: otherBody.xf.q, q2: otherBody.xf.q)
                var result = timeOfImpact(other.geometry, otherSweep, shape.geometry, sweep, maxFraction: fraction, target: target)
                // A one-way shape stops only what comes from its stopping side (OneWay.swift).
                if shape.oneWay != .zero || other.oneWay != .zero, !oneWaySweepStops(shape, sweep, other, otherSweep, result) { continue }
                if result.fraction == 0 || result.state == .overlapped {
                    // Already touching at the start: sweep only a small core around the centroid, so a
                    // body sliding along a surface is not held back while a tunnelling one still is.
                    // The core stays well inside the body (a quarter of its smallest extent, as Box2D's
                    // B2_CORE_FRACTION): a 2 pt core around a 0.5 pt body already overlapped the wall
                    // it was about to cross, so the sweep was skipped and the body passed through.
                    let core = Geometry.circle(Circle(center: centroid(of: shape.geometry), radius: Swift.min(speculativeDistance, 0.25 * body.minExtent)))
                    result = timeOfImpact(other.geometry, otherSweep, core, sweep, maxFraction: fraction, target: target)
                    if result.state == .overlapped || (result.state == .hit && result.fraction == 0) {
                        // A core that starts on a segment and whose centre ends on its other side
                        // crossed it, however it turned on the way: the body stays where it started
                        // (a tiny part pressed into a chain's corner went round the corner vertex,
                        // where no sweep nor the push-out sees it; `partPressedIntoAChainCornerStaysInside`). Sliding off the segment's end
                        // keeps the centre on its side.
                        if case .segment(let segment) = other.geometry {
                            let xf = otherSweep.transform(at: 0), centre = centroid(of: shape.geometry)
                            if pathCrosses(sweep.transform(at: 0).apply(centre), sweep.transform(at: 1).apply(centre),
                                           xf.apply(segment.p1), xf.apply(segment.p2)) {
                                fraction = 0
                                continue
                            }
                        }
                    }
                    if result.state == .overlapped { continue }
                    if result.state == .hit && result.fraction == 0 {
                        // The core itself starts within the target: it may be sliding along the
                        // surface or crossing it (a tiny fast part went through one side of a chain's
                        // corner so). Sweep it again to half its gap:
                        // a slide keeps the gap and passes, a crossing closes it and stops.
                        let gap = shapeDistance(other.geometry, otherSweep.transform(at: 0), core, sweep.transform(at: 0)).distance
                        guard gap > 1e-6 * target else { continue }
                        result = timeOfImpact(other.geometry, otherSweep, core, sweep, maxFraction: fraction, target: 0.5 * gap)
                    }
                }
                if result.fraction > 0 && result.fraction < fraction { fraction = result.fraction }
            }
        }

        if fraction < 1 {
            let xf = fraction == 0 ? xf1 : sweep.transform(at: fraction)
            body.xf = xf
            body.center = xf.apply(body.localCenter)
        }
        body.center0 = body.center
        body.q0 = body.xf.q
        bodyStore[b] = body
    }
}

/// Whether the path from `a` to `b` properly crosses the segment from `p` to `q` (each strictly on
/// either side of the other's line).
func pathCrosses(_ a: Vec2, _ b: Vec2, _ p: Vec2, _ q: Vec2) -> Bool {
    let d1 = cross(q - p, a - p), d2 = cross(q - p, b - p)
    let d3 = cross(b - a, p - a), d4 = cross(b - a, q - a)
    return ((d1 > 0 && d2 < 0) || (d1 < 0 && d2 > 0)) && ((d3 > 0 && d4 < 0) || (d3 < 0 && d4 > 0))
}

/// The body-local centre of a geometry's area (a segment's midpoint).
func centroid(of g: Geometry) -> Vec2 {
    switch g {
    case .circle(let c): return c.center
    case .ellipse(let e): return e.center
    case .polygon(let p): return p.centroid
    case .segment(let s): return 0.5 * (s.p1 + s.p2)
    }
}
