// Contact manifolds between pairs of shapes (Box2D v3 manifold.c): up to two points with feature ids
// so the solver can warm start from the previous step's impulses.

/// One contact point of a manifold.
package struct ManifoldPoint {
    /// World point, midway between the two surfaces.
    package var point: Vec2
    /// `point − xfA.p` (world-aligned, relative to body A's origin).
    package var anchorA: Vec2
    /// `point − xfB.p`.
    package var anchorB: Vec2
    /// Distance between the surfaces along the normal; negative when overlapping.
    package var separation: Double
    /// Feature key, stable while the same features touch (warm starting).
    package var id: UInt16
    /// The last step's impulses, carried over by `id` to warm start the next.
    package var normalImpulse = 0.0, tangentImpulse = 0.0

    @inline(__always)
    package init(point: Vec2 = .zero, anchorA: Vec2 = .zero, anchorB: Vec2 = .zero, separation: Double = 0, id: UInt16 = 0) {
        self.point = point; self.anchorA = anchorA; self.anchorB = anchorB; self.separation = separation; self.id = id
    }
}

/// The contact between two shapes: a shared normal and 0, 1 or 2 points.
package struct Manifold {
    /// World unit normal pointing from shape A to shape B.
    package var normal: Vec2
    package var point0: ManifoldPoint
    package var point1: ManifoldPoint
    /// 0, 1 or 2.
    package var pointCount: Int

    @inline(__always)
    package init(normal: Vec2 = .zero, point0: ManifoldPoint = ManifoldPoint(), point1: ManifoldPoint = ManifoldPoint(), pointCount: Int = 0) {
        self.normal = normal; self.point0 = point0; self.point1 = point1; self.pointCount = pointCount
    }

    package subscript(i: Int) -> ManifoldPoint {
        @inline(__always) get { i == 0 ? point0 : point1 }
        @inline(__always) set { if i == 0 { point0 = newValue } else { point1 = newValue } }
    }

    package static let empty = Manifold()
}

/// Contact manifold of two shapes given in their bodies' local frames with body transforms; points
/// farther apart than `speculativeDistance` are dropped. Any pair order (flipped internally).
/// Segment–segment gives an empty manifold. Box2D's linear slop is taken as speculativeDistance / 4.
/// The shapes are borrowed: copying a polygon case would retain and release its arrays per pair.
package func collide(_ a: borrowing Geometry, _ xfA: Transform, _ b: borrowing Geometry, _ xfB: Transform, speculativeDistance: Double) -> Manifold {
    let slop = 0.25 * speculativeDistance
    let at = Placement(xfA: xfA, xfB: xfB)
    // The colliders work in A's frame (`xf` places B there) and write world points through `at`.
    // Nested switches rather than one over the tuple (a, b): that would copy both enums.
    switch a {
    case .circle(let ca):
        switch b {
        case .circle(let cb): return collideCircles(ca, cb, xfA.inverseMultiplied(by: xfB), speculativeDistance, at)
        default: break
        }
    case .polygon(let pa):
        switch b {
        case .circle(let cb):
            return collidePolygonAndCircle(pa, cb, xfA.inverseMultiplied(by: xfB), speculativeDistance, at)
        case .polygon(let pb):
            return pa.withView { viewA in
                pb.withView { viewB in collidePolygons(viewA, xfA, viewB, xfB, speculativeDistance: speculativeDistance) }
            }
        case .segment, .ellipse:
            break
        }
    case .segment(let sa):
        switch b {
        case .circle(let cb):
            return collideSegmentAndCircle(sa, cb, xfA.inverseMultiplied(by: xfB), speculativeDistance, at)
        case .polygon(let pb):
            return withSegmentView(sa) { viewA in
                withTransformedView(pb, xfA.inverseMultiplied(by: xfB)) { viewB in
                    let m = collidePolygons(viewA, viewB, speculativeDistance, slop, at)
                    guard sa.previous != nil || sa.next != nil else { return m }
                    return smoothChainJoints(m, sa, viewA, viewB, speculativeDistance, at)
                }
            }
        case .segment:
            return .empty
        case .ellipse:
            break
        }
    case .ellipse:
        break
    }
    // (One `switch` per shape: `if case` or a tuple of the two would consume the borrowed values.)
    var smooth = false
    switch a { case .ellipse: smooth = true; default: break }
    switch b { case .ellipse: smooth = true; default: break }
    if smooth { return collideSmooth(a, b, xfA.inverseMultiplied(by: xfB), speculativeDistance, at) }
    // The remaining pairs are the ones above in the other order.
    var m = collide(b, xfB, a, xfA, speculativeDistance: speculativeDistance)
    m.flip()
    return m
}

/// The two bodies' world transforms, used to turn points found in A's frame into world terms.
struct Placement {
    var xfA: Transform
    var xfB: Transform
    static let identity = Placement(xfA: .identity, xfB: .identity)

    /// A manifold point from a point in A's frame.
    @inline(__always)
    func point(_ local: Vec2, separation: Double, id: UInt16) -> ManifoldPoint {
        let anchorA = xfA.q.rotate(local)
        return ManifoldPoint(point: xfA.p + anchorA, anchorA: anchorA, anchorB: anchorA + (xfA.p - xfB.p), separation: separation, id: id)
    }
}

extension Manifold {
    /// The same contact seen from the other shape.
    @inline(__always)
    mutating func flip() {
        normal = -normal
        swap(&point0.anchorA, &point0.anchorB)
        swap(&point1.anchorA, &point1.anchorB)
    }
}

/// Box2D's feature id: reference feature in the high byte, incident feature in the low byte.
@inline(__always) func makeID(_ a: Int, _ b: Int) -> UInt16 { UInt16(truncatingIfNeeded: a & 0xFF) << 8 | UInt16(truncatingIfNeeded: b & 0xFF) }

/// A one-point manifold between surface points cA (on A) and cB (on B) along `normal`, all in A's frame.
@inline(__always)
func singlePoint(normal: Vec2, _ cA: Vec2, _ cB: Vec2, separation: Double, id: UInt16 = 0, _ at: Placement) -> Manifold {
    Manifold(normal: at.xfA.q.rotate(normal), point0: at.point(lerp(cA, cB, 0.5), separation: separation, id: id), pointCount: 1)
}

// MARK: - Round shapes

/// `xf` places B in A's frame (as do all the local colliders below).
@inline(__always)
func collideCircles(_ a: Circle, _ b: Circle, _ xf: Transform, _ speculativeDistance: Double, _ at: Placement) -> Manifold {
    let pA = a.center, pB = xf.apply(b.center)
    let (length, normal) = lengthAndNormal(pB - pA)
    let separation = length - a.radius - b.radius
    guard separation <= speculativeDistance else { return .empty }
    return singlePoint(normal: normal, pA + a.radius * normal, pB - b.radius * normal, separation: separation, at)
}

/// Length and direction of `v`; coincident centres get an arbitrary but fixed normal (+y).
@inline(__always)
func lengthAndNormal(_ v: Vec2) -> (Double, Vec2) {
    let length = v.length
    return length < 1e-12 ? (0, Vec2(0, 1)) : (length, v / length)
}

/// Box2D b2CollidePolygonAndCircle: the face of greatest separation, or a vertex when the centre is
/// past the face's end and outside.
func collidePolygonAndCircle(_ a: Polygon, _ b: Circle, _ xf: Transform, _ speculativeDistance: Double, _ at: Placement) -> Manifold {
    a.withView { poly in collidePolygonAndCircle(poly, b, xf, speculativeDistance, at) }
}

/// The same for a polygon seen through a view.
func collidePolygonAndCircle(_ poly: PolygonView, _ b: Circle, _ xf: Transform, _ speculativeDistance: Double, _ at: Placement) -> Manifold {
    let c = xf.apply(b.center), radius = b.radius, polyRadius = poly.radius
    do {
        var normalIndex = 0, separation = -Double.greatestFiniteMagnitude
        for i in 0..<poly.count {
            let s = dot(poly.normals[i], c - poly.vertices[i])
            if s > separation { separation = s; normalIndex = i }
        }
        guard separation - radius - polyRadius <= speculativeDistance else { return .empty }
        let v1 = poly.vertices[normalIndex], v2 = poly.vertices[normalIndex + 1 < poly.count ? normalIndex + 1 : 0]
        let u1 = dot(c - v1, v2 - v1), u2 = dot(c - v2, v1 - v2)
        if (u1 < 0 || u2 < 0) && separation > 1e-12 {
            // Vertex region: the centre is closest to v1 (or v2) and safely outside.
            let v = u1 < 0 ? v1 : v2
            let (distance, normal) = lengthAndNormal(c - v)
            guard distance - radius - polyRadius <= speculativeDistance else { return .empty }
            let cA = v + polyRadius * normal, cB = c - radius * normal
            return singlePoint(normal: normal, cA, cB, separation: dot(cB - cA, normal), at)
        }
        // Face region.
        let normal = poly.normals[normalIndex]
        let cA = c + (polyRadius - dot(c - v1, normal)) * normal, cB = c - radius * normal
        return singlePoint(normal: normal, cA, cB, separation: dot(cB - cA, normal), at)
    }
}

/// Box2D b2CollideCapsuleAndCircle with a zero-radius capsule.
@inline(__always)
func collideSegmentAndCircle(_ a: Segment, _ b: Circle, _ xf: Transform, _ speculativeDistance: Double, _ at: Placement) -> Manifold {
    let pB = xf.apply(b.center), p1 = a.p1, p2 = a.p2, e = p2 - p1
    let pA: Vec2
    if dot(pB - p1, e) < 0 { pA = p1 }
    else if dot(p2 - pB, e) < 0 { pA = p2 }
    else { pA = p1 + (dot(pB - p1, e) / dot(e, e)) * e }
    let (distance, normal) = lengthAndNormal(pB - pA)
    let separation = distance - b.radius
    guard separation <= speculativeDistance else { return .empty }
    return singlePoint(normal: normal, pA, pB - b.radius * normal, separation: separation, at)
}

// MARK: - Polygons

/// A polygon's vertices and normals in some frame, borrowed for the duration of one collision.
struct PolygonView {
    var vertices: UnsafePointer<Vec2>
    var normals: UnsafePointer<Vec2>
    var count: Int
    var radius: Double
}

extension Polygon {
    /// The polygon's own arrays, without copying.
    @inline(__always)
    func withView<R>(_ body: (PolygonView) -> R) -> R {
        vertices.withUnsafeBufferPointer { v in
            normals.withUnsafeBufferPointer { n in
                body(PolygonView(vertices: v.baseAddress!, normals: n.baseAddress!, count: v.count, radius: radius))
            }
        }
    }
}

/// The polygon moved by `xf` into stack storage (no heap allocation).
@inline(__always)
func withTransformedView<R>(_ p: Polygon, _ xf: Transform, _ body: (PolygonView) -> R) -> R {
    p.withView { v in withTransformedView(v, xf, body) }
}

/// The same for a polygon already seen through a view.
@inline(__always)
func withTransformedView<R>(_ v: PolygonView, _ xf: Transform, _ body: (PolygonView) -> R) -> R {
    withUnsafeTemporaryAllocation(of: Vec2.self, capacity: 2 * Polygon.maxVertices) { buffer in
        let base = buffer.baseAddress!, count = v.count
        for i in 0..<count {
            (base + i).initialize(to: xf.apply(v.vertices[i]))
            (base + count + i).initialize(to: xf.q.rotate(v.normals[i]))
        }
        return body(PolygonView(vertices: base, normals: base + count, count: count, radius: v.radius))
    }
}

/// Polygon against polygon, both given as body-local views: what `collide` does for two polygons.
@inline(__always)
func collidePolygons(_ a: PolygonView, _ xfA: Transform, _ b: PolygonView, _ xfB: Transform, speculativeDistance: Double) -> Manifold {
    withTransformedView(b, xfA.inverseMultiplied(by: xfB)) { viewB in
        collidePolygons(a, viewB, speculativeDistance, 0.25 * speculativeDistance, Placement(xfA: xfA, xfB: xfB))
    }
}

/// A segment as a two-sided, two-vertex polygon (Box2D b2MakeCapsule with radius 0).
@inline(__always)
func withSegmentView<R>(_ s: Segment, _ body: (PolygonView) -> R) -> R {
    withUnsafeTemporaryAllocation(of: Vec2.self, capacity: 4) { buffer in
        let base = buffer.baseAddress!
        let normal = (s.p2 - s.p1).normalized.rightPerp
        base.initialize(to: s.p1); (base + 1).initialize(to: s.p2)
        (base + 2).initialize(to: normal); (base + 3).initialize(to: -normal)
        return body(PolygonView(vertices: base, normals: base + 2, count: 2, radius: 0))
    }
}

/// The largest separation of poly2 from the face planes of poly1, and that face.
@inline(__always)
func findMaxSeparation(_ poly1: PolygonView, _ poly2: PolygonView) -> (edge: Int, separation: Double) {
    // Two boxes, the common case: with the counts constant the loops unroll.
    if poly1.count == 4 && poly2.count == 4 { return findMaxSeparation(poly1, 4, poly2, 4) }
    return findMaxSeparation(poly1, poly1.count, poly2, poly2.count)
}

@inline(__always)
private func findMaxSeparation(_ poly1: PolygonView, _ count1: Int, _ poly2: PolygonView, _ count2: Int) -> (edge: Int, separation: Double) {
    var best = 0, maxSeparation = -Double.greatestFiniteMagnitude
    for i in 0..<count1 {
        let n = poly1.normals[i], v1 = poly1.vertices[i]
        var si = Double.greatestFiniteMagnitude
        for j in 0..<count2 { si = Swift.min(si, dot(n, poly2.vertices[j] - v1)) }
        if si > maxSeparation { maxSeparation = si; best = i }
    }
    return (best, maxSeparation)
}

/// Box2D b2CollidePolygons: separating axis over both polygons' faces, then either the closest
/// vertex pair (disjoint corners) or reference-face clipping for two points. Both views are in A's frame.
func collidePolygons(_ polyA: PolygonView, _ polyB: PolygonView, _ speculativeDistance: Double, _ slop: Double, _ at: Placement) -> Manifold {
    var (edgeA, separationA) = findMaxSeparation(polyA, polyB)
    var (edgeB, separationB) = findMaxSeparation(polyB, polyA)
    let radius = polyA.radius + polyB.radius
    guard separationA <= speculativeDistance + radius, separationB <= speculativeDistance + radius else { return .empty }

    // The reference face is A's unless B's separates clearly more (the bias keeps the choice from
    // flickering between nearly parallel faces); the incident face is the most anti-parallel one.
    let flip = separationB > separationA + 0.1 * slop
    if flip {
        let search = polyB.normals[edgeB]
        var minDot = Double.greatestFiniteMagnitude
        for i in 0..<polyA.count { let d = dot(search, polyA.normals[i]); if d < minDot { minDot = d; edgeA = i } }
    } else {
        let search = polyA.normals[edgeA]
        var minDot = Double.greatestFiniteMagnitude
        for i in 0..<polyB.count { let d = dot(search, polyB.normals[i]); if d < minDot { minDot = d; edgeB = i } }
    }

    // Separated by more than a fraction of the slop: the closest features may be two vertices,
    // whose normal then comes from their difference (safely normalisable at this distance).
    if (flip ? separationB : separationA) > 0.1 * slop {
        let i11 = edgeA, i12 = edgeA + 1 < polyA.count ? edgeA + 1 : 0
        let i21 = edgeB, i22 = edgeB + 1 < polyB.count ? edgeB + 1 : 0
        let v11 = polyA.vertices[i11], v12 = polyA.vertices[i12]
        let v21 = polyB.vertices[i21], v22 = polyB.vertices[i22]
        let result = segmentDistance(v11, v12, v21, v22)
        let f1 = result.fraction1, f2 = result.fraction2
        if (f1 == 0 || f1 == 1) && (f2 == 0 || f2 == 1) {
            let vA = f1 == 0 ? v11 : v12, vB = f2 == 0 ? v21 : v22
            let distance = result.distanceSquared.squareRoot()
            if distance > speculativeDistance + radius { return .empty }
            if distance > 0 {
                let normal = (vB - vA) / distance
                return singlePoint(normal: normal, vA + polyA.radius * normal, vB - polyB.radius * normal,
                                   separation: distance - radius, id: makeID(f1 == 0 ? i11 : i12, f2 == 0 ? i21 : i22), at)
            }
        }
    }
    return clipPolygons(polyA, polyB, edgeA, edgeB, flip, speculativeDistance, at)
}

/// Box2D b2ClipPolygons: clip the incident edge against the reference edge's side planes and put
/// each point midway between the (rounded) surfaces.
@inline(__always)
func clipPolygons(_ polyA: PolygonView, _ polyB: PolygonView, _ edgeA: Int, _ edgeB: Int, _ flip: Bool, _ speculativeDistance: Double, _ at: Placement) -> Manifold {
    let poly1 = flip ? polyB : polyA, poly2 = flip ? polyA : polyB
    let i11 = flip ? edgeB : edgeA, i21 = flip ? edgeA : edgeB
    let i12 = i11 + 1 < poly1.count ? i11 + 1 : 0
    let i22 = i21 + 1 < poly2.count ? i21 + 1 : 0
    let normal = poly1.normals[i11]
    let v11 = poly1.vertices[i11], v12 = poly1.vertices[i12]
    let v21 = poly2.vertices[i21], v22 = poly2.vertices[i22]
    let tangent = cross(1.0, normal)
    let lower1 = 0.0, upper1 = dot(v12 - v11, tangent)
    // The incident edge runs against the tangent (both polygons wind the same way).
    let upper2 = dot(v21 - v11, tangent), lower2 = dot(v22 - v11, tangent)
    var vLower = v22, vUpper = v21
    if lower2 < lower1 && upper2 - lower2 > .ulpOfOne { vLower = lerp(v22, v21, (lower1 - lower2) / (upper2 - lower2)) }
    if upper2 > upper1 && upper2 - lower2 > .ulpOfOne { vUpper = lerp(v22, v21, (upper1 - lower2) / (upper2 - lower2)) }
    let separationLower = dot(vLower - v11, normal), separationUpper = dot(vUpper - v11, normal)
    let r1 = poly1.radius, r2 = poly2.radius, radius = r1 + r2
    vLower = vLower + (0.5 * (r1 - r2 - separationLower)) * normal
    vUpper = vUpper + (0.5 * (r1 - r2 - separationUpper)) * normal

    // Box2D's order and ids: with A as reference (lower, upper), else (upper, lower) seen from B.
    let anchor1 = flip ? vUpper : vLower, separation1 = (flip ? separationUpper : separationLower) - radius
    let anchor2 = flip ? vLower : vUpper, separation2 = (flip ? separationLower : separationUpper) - radius
    let id1 = flip ? makeID(i21, i12) : makeID(i11, i22), id2 = flip ? makeID(i22, i11) : makeID(i12, i21)
    var m = Manifold(normal: at.xfA.q.rotate(flip ? -normal : normal))
    if separation1 <= speculativeDistance {
        m.point0 = at.point(anchor1, separation: separation1, id: id1)
        m.pointCount = 1
    }
    if separation2 <= speculativeDistance {
        let p = at.point(anchor2, separation: separation2, id: id2)
        if m.pointCount == 0 { m.point0 = p } else { m.point1 = p }
        m.pointCount += 1
    }
    return m
}

/// Closest points of segments p1–q1 and p2–q2 (Box2D b2SegmentDistance).
@inline(__always)
func segmentDistance(_ p1: Vec2, _ q1: Vec2, _ p2: Vec2, _ q2: Vec2) -> (fraction1: Double, fraction2: Double, distanceSquared: Double) {
    let d1 = q1 - p1, d2 = q2 - p2, r = p1 - p2
    let dd1 = dot(d1, d1), dd2 = dot(d2, d2), rd1 = dot(r, d1), rd2 = dot(r, d2)
    let epsSquared = 1e-24
    var f1 = 0.0, f2 = 0.0
    if dd1 < epsSquared || dd2 < epsSquared {
        if dd1 >= epsSquared { f1 = clamp01(-rd1 / dd1) }
        else if dd2 >= epsSquared { f2 = clamp01(rd2 / dd2) }
    } else {
        let d12 = dot(d1, d2), denominator = dd1 * dd2 - d12 * d12
        if denominator != 0 { f1 = clamp01((d12 * rd2 - rd1 * dd2) / denominator) }
        f2 = (d12 * f1 + rd2) / dd2
        if f2 < 0 { f2 = 0; f1 = clamp01(-rd1 / dd1) }
        else if f2 > 1 { f2 = 1; f1 = clamp01((d12 - rd1) / dd1) }
    }
    return (f1, f2, distanceSquared(p1 + f1 * d1, p2 + f2 * d2))
}

@inline(__always) func clamp01(_ x: Double) -> Double { Swift.min(Swift.max(x, 0), 1) }
