// Validating polygon factories. The hull is computed only to check the input: every point must be a
// hull vertex in hull order, so the stored polygon is exactly the caller's path, never a guess.

extension Polygon {
    /// A convex polygon through `points` (length units; any winding, normalised to positive cross
    /// products; collinear consecutive points are merged), rounded by `radius` (length).
    /// Throws for fewer than 3 distinct points, collinear or non-convex input (naming the point
    /// index), more than `maxVertices` vertices, non-finite numbers or a negative radius.
    public static func make(points: [Vec2], radius: Double = 0) throws(PhysicsError) -> Polygon {
        guard radius.isFinite, radius >= 0 else {
            throw PhysicsError("polygon radius must be finite and ≥ 0, got \(radius)")
        }
        for (i, p) in points.enumerated() where !p.isFinite {
            throw PhysicsError("polygon point \(i) is not finite: \(p)")
        }
        // Tolerance relative to the polygon's size: points closer than this weld, and a point this
        // close to the line through its neighbours is collinear.
        var lower = points.first ?? .zero, upper = lower
        for p in points { lower = min(lower, p); upper = max(upper, p) }
        let tolerance = 1e-9 * Swift.max(1, (upper - lower).length)

        // The path as (original index, point), with repeated consecutive points dropped.
        var path: [(index: Int, point: Vec2)] = []
        for (i, p) in points.enumerated() where path.isEmpty || distance(path[path.count - 1].point, p) > tolerance {
            path.append((i, p))
        }
        if path.count > 1, distance(path[0].point, path[path.count - 1].point) <= tolerance { path.removeLast() }
        guard path.count >= 3 else {
            throw PhysicsError("polygon needs at least 3 distinct points, got \(path.count)")
        }

        // Normalise the winding: positive signed area means positive cross products.
        var twiceArea = 0.0
        for i in path.indices { twiceArea += cross(path[i].point, path[(i + 1) % path.count].point) }
        if twiceArea < 0 { path.reverse() }

        // Merge a point lying on the segment between its neighbours (repeat until none is left).
        var merged = true
        while merged && path.count > 3 {
            merged = false
            for i in path.indices {
                let a = path[(i + path.count - 1) % path.count].point, b = path[i].point, c = path[(i + 1) % path.count].point
                let ac = c - a, len = ac.length
                if abs(cross(ac, b - a)) <= tolerance * len && dot(b - a, ac) > 0 && dot(c - b, ac) > 0 {
                    path.remove(at: i); merged = true; break
                }
            }
        }

        let hull = convexHull(path.map(\.point), tolerance: tolerance)
        guard hull.count >= 3 else { throw PhysicsError("polygon points are collinear") }
        // Walk the path along the hull from the path's first point; the first point that is not the
        // next hull vertex is where the path stops being convex.
        var offender: Int? = nil
        if let start = hull.firstIndex(of: 0) {
            for k in path.indices where k >= hull.count || hull[(start + k) % hull.count] != k {
                offender = path[k].index; break
            }
            if offender == nil && hull.count != path.count { offender = path[0].index }
        } else {
            offender = path[0].index
        }
        if let offender {
            throw PhysicsError("path is not convex at point \(offender); use parts")
        }
        guard path.count <= maxVertices else {
            throw PhysicsError("polygon has \(path.count) vertices; at most \(maxVertices) are allowed (use parts)")
        }
        return Polygon(validatedVertices: path.map(\.point), radius: radius)
    }

    /// A box of half extents `halfWidth` × `halfHeight` (length) centred at `center` (body-local) and
    /// turned by `angle` (radians), rounded by `radius`. Throws for non-positive or non-finite sizes.
    public static func box(halfWidth: Double, halfHeight: Double, center: Vec2 = .zero, angle: Double = 0, radius: Double = 0) throws(PhysicsError) -> Polygon {
        guard halfWidth.isFinite, halfWidth > 0, halfHeight.isFinite, halfHeight > 0 else {
            throw PhysicsError("box half extents must be finite and > 0, got \(halfWidth) × \(halfHeight)")
        }
        guard center.isFinite, angle.isFinite else { throw PhysicsError("box center \(center) or angle \(angle) is not finite") }
        guard radius.isFinite, radius >= 0 else { throw PhysicsError("polygon radius must be finite and ≥ 0, got \(radius)") }
        let q = Rot(angle: angle)
        let corners = [Vec2(-halfWidth, -halfHeight), Vec2(halfWidth, -halfHeight), Vec2(halfWidth, halfHeight), Vec2(-halfWidth, halfHeight)]
        let normals = [Vec2(0, -1), Vec2(1, 0), Vec2(0, 1), Vec2(-1, 0)]
        return Polygon(vertices: corners.map { q.rotate($0) + center }, normals: normals.map { q.rotate($0) }, centroid: center, radius: radius)
    }

    /// Builds normals and centroid for vertices already known to be convex with positive winding.
    init(validatedVertices v: [Vec2], radius: Double) {
        let n = v.count
        var normals: [Vec2] = []
        normals.reserveCapacity(n)
        for i in 0..<n { normals.append((v[(i + 1) % n] - v[i]).normalized.rightPerp) }
        // Area-weighted centroid of the triangle fan from v[0] (Box2D b2ComputePolygonCentroid).
        var center = Vec2.zero, area = 0.0
        for i in 1..<(n - 1) {
            let e1 = v[i] - v[0], e2 = v[i + 1] - v[0]
            let a = 0.5 * cross(e1, e2)
            center += (a / 3) * (e1 + e2)
            area += a
        }
        self.init(vertices: v, normals: normals, centroid: v[0] + center / area, radius: radius)
    }
}

/// Indices of `points` on their convex hull with positive winding, collinear points excluded
/// (Andrew's monotone chain).
func convexHull(_ points: [Vec2], tolerance: Double) -> [Int] {
    let order = points.indices.sorted { (points[$0].x, points[$0].y) < (points[$1].x, points[$1].y) }
    guard order.count >= 3 else { return order }
    // Keeps only strict turns with positive winding: b must bulge out of the chord a→c by more
    // than the tolerance (cross(b − a, c − a) is |ac| times b's distance from the chord).
    func isLeftTurn(_ a: Int, _ b: Int, _ c: Int) -> Bool {
        let ac = points[c] - points[a]
        return cross(points[b] - points[a], ac) > tolerance * ac.length
    }
    var hull: [Int] = []
    for pass in 0..<2 {
        let start = hull.count
        for i in (pass == 0 ? order : order.reversed()) {
            while hull.count >= start + 2 && !isLeftTurn(hull[hull.count - 2], hull[hull.count - 1], i) { hull.removeLast() }
            hull.append(i)
        }
        hull.removeLast()
    }
    return hull
}
