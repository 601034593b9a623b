// Polygons against segments of a chain: Box2D v3's ghost-vertex rule (b2CollideChainSegmentAndPolygon,
// b2ClassifyNormal), made two-sided. Without it a box sliding across the joint of two segments meets
// the next segment's end point like a wall, because the separating axis there is the box's side.

extension Segment {
    /// The segments of a chain through `points` (closed when `isLoop`), each knowing its neighbours'
    /// far points so that polygons slide over the joints.
    public static func chain(through points: [Vec2], isLoop: Bool) -> [Segment] {
        let n = points.count
        guard n >= 2 else { return [] }
        let count = isLoop ? n : n - 1
        return (0..<count).map { i in
            let previous: Vec2? = isLoop ? points[(i + n - 1) % n] : (i > 0 ? points[i - 1] : nil)
            let next: Vec2? = isLoop ? points[(i + 2) % n] : (i + 2 < n ? points[i + 2] : nil)
            return Segment(points[i], points[(i + 1) % n], previous: previous, next: next)
        }
    }
}

/// Keeps, snaps or drops the manifold `m` of chain segment `s` (view `segment`, in A's frame)
/// against `polygon` (in A's frame) by where its normal points:
/// - along the segment's own normal, on the polygon's side: kept;
/// - tilted toward an end with a convex joint (a hill, seen from the polygon): the vertex belongs to
///   one segment only — the one it ends — so it is dropped at the start of a segment, and kept at
///   the end unless the normal is past the next segment's normal (then the contact is that
///   segment's face, which it reports itself);
/// - tilted toward a flat or concave joint: snapped to the segment's normal, since the neighbour's
///   surface covers the vertex and a box's corner there is touching a face, not a wall;
/// - tilted toward an open end: kept (a real edge).
func smoothChainJoints(_ m: Manifold, _ s: Segment, _ segment: PolygonView, _ polygon: PolygonView, _ speculativeDistance: Double, _ at: Placement) -> Manifold {
    guard m.pointCount > 0 else { return m }
    let n = at.xfA.q.inverseRotate(m.normal)
    let e = s.p2 - s.p1, tangent = e.normalized
    // The side of the segment the polygon is on, from its vertex mean.
    var mean = Vec2.zero
    for i in 0..<polygon.count { mean += polygon.vertices[i] }
    let offset = dot(mean / Double(polygon.count) - s.p1, tangent.rightPerp)
    let side: Double = offset != 0 ? (offset > 0 ? 1 : -1) : (dot(n, tangent.rightPerp) >= 0 ? 1 : -1)
    let faceNormal = side * tangent.rightPerp

    // Within 0.01 rad of the face normal counts as the face (b2ClassifyNormal's sinTol).
    let along = dot(n, tangent), tolerance = 0.01
    if abs(along) <= tolerance && dot(n, faceNormal) > 0 { return m }
    if along < 0 {
        guard let previous = s.previous else { return m }
        let e0 = s.p1 - previous
        if side * cross(e0, e) > tolerance * e0.length * e.length { return .empty }
    } else {
        guard let next = s.next else { return m }
        let e2 = next - s.p2
        if side * cross(e, e2) > tolerance * e.length * e2.length {
            // Past the next segment's normal: measure both turns from the face normal toward the end.
            let n2 = side * e2.normalized.rightPerp
            let turn = pseudoAngle(along, dot(n, faceNormal)), turn2 = pseudoAngle(dot(n2, tangent), dot(n2, faceNormal))
            return turn > turn2 + tolerance ? .empty : m
        }
    }
    return snapToFace(side > 0 ? 0 : 1, faceNormal, segment, polygon, speculativeDistance, at)
}

/// A stand-in for atan2(y, x) that orders angles in (−π, π] the same way (−2…2), without trigonometry.
@inline(__always)
func pseudoAngle(_ y: Double, _ x: Double) -> Double {
    let p = y / (abs(x) + abs(y))
    return x >= 0 ? p : (y >= 0 ? 2 - p : -2 - p)
}

/// The manifold with the segment's face `edge` as reference face, or empty when the polygon's
/// incident face is beyond the segment's ends.
func snapToFace(_ edge: Int, _ normal: Vec2, _ segment: PolygonView, _ polygon: PolygonView, _ speculativeDistance: Double, _ at: Placement) -> Manifold {
    var incident = 0, minDot = Double.greatestFiniteMagnitude
    for i in 0..<polygon.count {
        let d = dot(normal, polygon.normals[i])
        if d < minDot { minDot = d; incident = i }
    }
    // Extents along the face: the reference face spans [0, L]; the incident edge must overlap it.
    let v11 = segment.vertices[edge], v12 = segment.vertices[1 - edge]
    let tangent = cross(1.0, normal)
    let v21 = polygon.vertices[incident], v22 = polygon.vertices[incident + 1 < polygon.count ? incident + 1 : 0]
    let upper1 = dot(v12 - v11, tangent), a = dot(v21 - v11, tangent), b = dot(v22 - v11, tangent)
    guard Swift.max(a, b) >= 0, Swift.min(a, b) <= upper1 else { return .empty }
    return clipPolygons(segment, polygon, edge, incident, false, speculativeDistance, at)
}
