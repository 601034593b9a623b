// Per-geometry properties and queries: validation, mass, bounds, point, overlap and ray tests.
import Foundation

extension Geometry {
    /// Validates sizes and finite numbers (zero or negative radius or radii, degenerate segment…).
    public func validate() throws(PhysicsError) {
        switch self {
        case .circle(let c):
            guard c.center.isUsableCoordinate else { throw PhysicsError("circle center is not finite or beyond ±\(World.largestCoordinate): \(c.center)") }
            guard c.radius.isUsableCoordinate, c.radius > 0 else { throw PhysicsError("circle radius must be finite, within ±\(World.largestCoordinate) and > 0, got \(c.radius)") }
        case .ellipse(let e):
            guard e.center.isUsableCoordinate, e.angle.isUsableInput else { throw PhysicsError("ellipse center \(e.center) or angle \(e.angle) is not finite or beyond ±\(World.largestCoordinate)") }
            guard e.radii.isUsableCoordinate, e.radii.x > 0, e.radii.y > 0 else { throw PhysicsError("ellipse radii must be finite, within ±\(World.largestCoordinate) and > 0, got \(e.radii)") }
        case .segment(let s):
            guard s.p1.isUsableCoordinate, s.p2.isUsableCoordinate else { throw PhysicsError("segment end points are not finite or beyond ±\(World.largestCoordinate): \(s.p1), \(s.p2)") }
            guard s.previous?.isUsableCoordinate ?? true, s.next?.isUsableCoordinate ?? true else {
                throw PhysicsError("segment neighbour points are not finite or beyond ±\(World.largestCoordinate): \(s.previous.map(\.description) ?? "nil"), \(s.next.map(\.description) ?? "nil")")
            }
            guard distanceSquared(s.p1, s.p2) > 1e-18 * Swift.max(1, s.p1.lengthSquared) else {
                throw PhysicsError("segment is degenerate: both ends at \(s.p1)")
            }
        case .polygon(let p):
            guard p.vertices.count >= 3, p.vertices.count <= Polygon.maxVertices else {
                throw PhysicsError("polygon has \(p.vertices.count) vertices; 3…\(Polygon.maxVertices) are allowed")
            }
            for (i, v) in p.vertices.enumerated() where !v.isUsableCoordinate { throw PhysicsError("polygon vertex \(i) is not finite or beyond ±\(World.largestCoordinate): \(v)") }
            guard p.radius.isUsableCoordinate, p.radius >= 0 else { throw PhysicsError("polygon radius must be finite, within ±\(World.largestCoordinate) and ≥ 0, got \(p.radius)") }
        }
    }

    /// Mass (area × density), centroid (body-local) and rotational inertia about the centroid.
    /// A segment has no area and so no mass.
    public func massData(density: Double) -> MassData {
        switch self {
        case .circle(let c):
            let m = density * .pi * c.radius * c.radius
            return MassData(mass: m, center: c.center, rotationalInertia: 0.5 * m * c.radius * c.radius)
        case .ellipse(let e):
            let m = density * .pi * e.radii.x * e.radii.y
            return MassData(mass: m, center: e.center, rotationalInertia: 0.25 * m * e.radii.lengthSquared)
        case .segment(let s):
            return MassData(mass: 0, center: lerp(s.p1, s.p2, 0.5), rotationalInertia: 0)
        case .polygon(let p):
            let (area, center, inertia) = p.areaMoments()
            return MassData(mass: density * area, center: center, rotationalInertia: density * inertia)
        }
    }

    /// Area (length²); zero for a segment.
    public var area: Double {
        switch self {
        case .circle(let c): return .pi * c.radius * c.radius
        case .ellipse(let e): return .pi * e.radii.x * e.radii.y
        case .segment: return 0
        case .polygon(let p): return p.areaMoments().area
        }
    }

    /// World bounding box under `xf`.
    public func aabb(_ xf: Transform) -> AABB {
        switch self {
        case .circle(let c):
            let p = xf.apply(c.center), r = Vec2(c.radius, c.radius)
            return AABB(lower: p - r, upper: p + r)
        case .ellipse(let e):
            // Half extents of a rotated ellipse: the support distance along x and y.
            let q = xf.q.multiplied(by: Rot(angle: e.angle))
            let a = e.radii.x, b = e.radii.y
            let h = Vec2((a * a * q.c * q.c + b * b * q.s * q.s).squareRoot(), (a * a * q.s * q.s + b * b * q.c * q.c).squareRoot())
            let p = xf.apply(e.center)
            return AABB(lower: p - h, upper: p + h)
        case .segment(let s):
            let a = xf.apply(s.p1), b = xf.apply(s.p2)
            return AABB(lower: min(a, b), upper: max(a, b))
        case .polygon(let p):
            var lower = xf.apply(p.vertices[0]), upper = lower
            for v in p.vertices.dropFirst() {
                let w = xf.apply(v)
                lower = min(lower, w); upper = max(upper, w)
            }
            let r = Vec2(p.radius, p.radius)
            return AABB(lower: lower - r, upper: upper + r)
        }
    }

    /// Whether the world point lies inside (or on) the shape placed at `xf`. Segments contain no point.
    public func testPoint(_ worldPoint: Vec2, _ xf: Transform) -> Bool {
        let p = xf.applyInverse(worldPoint)
        switch self {
        case .circle(let c):
            return distanceSquared(p, c.center) <= c.radius * c.radius
        case .ellipse(let e):
            let l = Rot(angle: e.angle).inverseRotate(p - e.center)
            let x = l.x / e.radii.x, y = l.y / e.radii.y
            return x * x + y * y <= 1
        case .segment:
            return false
        case .polygon(let poly):
            if poly.radius == 0 {
                for i in poly.vertices.indices where dot(poly.normals[i], p - poly.vertices[i]) > 0 { return false }
                return true
            }
            // Rounded: the distance from the core polygon is at most the radius.
            return shapeDistance(.polygon(Polygon(vertices: poly.vertices, normals: poly.normals, centroid: poly.centroid, radius: 0)),
                                 .identity, .circle(Circle(center: p, radius: 0)), .identity).distance <= poly.radius
        }
    }

    /// Whether the shape placed at `xf` and `other` placed at `otherXf` overlap or touch: the GJK
    /// distance between their surfaces (cores plus skins, so ellipses and rounding are exact) is zero.
    public func overlaps(at xf: Transform, _ other: Geometry, at otherXf: Transform) -> Bool {
        shapeDistance(self, xf, other, otherXf).distance <= 0
    }

    /// World ray from `origin` to `origin + translation`; nil if no hit within `maxFraction` or when
    /// the ray starts inside the shape. The normal is the outward surface normal at the hit;
    /// `fraction` is along `translation`.
    public func rayCast(origin: Vec2, translation: Vec2, maxFraction: Double, _ xf: Transform) -> (point: Vec2, normal: Vec2, fraction: Double)? {
        let p = xf.applyInverse(origin), d = xf.q.inverseRotate(translation)
        let hit: (normal: Vec2, fraction: Double)?
        switch self {
        case .circle(let c):
            hit = rayCastCircle(p, d, center: c.center, radius: c.radius, maxFraction: maxFraction)
        case .ellipse(let e):
            // Scale the ellipse frame into a unit circle: fractions are preserved by the affine map,
            // and the normal is the gradient (x/a², y/b²) mapped back.
            let q = Rot(angle: e.angle)
            let lp = q.inverseRotate(p - e.center), ld = q.inverseRotate(d)
            let a = e.radii.x, b = e.radii.y
            guard let h = rayCastCircle(Vec2(lp.x / a, lp.y / b), Vec2(ld.x / a, ld.y / b), center: .zero, radius: 1, maxFraction: maxFraction) else { return nil }
            let s = lp + h.fraction * ld
            hit = (q.rotate(Vec2(s.x / (a * a), s.y / (b * b)).normalized), h.fraction)
        case .segment(let s):
            hit = rayCastSegment(p, d, s.p1, s.p2, maxFraction: maxFraction)
        case .polygon(let poly):
            hit = poly.radius == 0 ? rayCastPolygon(p, d, poly, maxFraction: maxFraction) : rayCastRoundedPolygon(p, d, poly, maxFraction: maxFraction)
        }
        guard let hit else { return nil }
        return (origin + hit.fraction * translation, xf.q.rotate(hit.normal), hit.fraction)
    }
}

// MARK: - Ray casts in the shape frame

/// Entering hit of the ray p + t·d with a circle; nil when starting inside or missing.
@inline(__always)
func rayCastCircle(_ p: Vec2, _ d: Vec2, center: Vec2, radius: Double, maxFraction: Double) -> (normal: Vec2, fraction: Double)? {
    // |s + t·d|² = r² with s = p − c: a t² + 2 b t + c = 0.
    let s = p - center
    let a = d.lengthSquared, b = dot(s, d), c = s.lengthSquared - radius * radius
    guard a > 0, c > 0, b < 0 else { return nil }
    let disc = b * b - a * c
    guard disc >= 0 else { return nil }
    let t = (-b - disc.squareRoot()) / a
    guard t >= 0, t <= maxFraction else { return nil }
    return ((s + t * d).normalized, t)
}

/// Hit with a two-sided segment; the normal faces the ray's origin.
@inline(__always)
func rayCastSegment(_ p: Vec2, _ d: Vec2, _ v1: Vec2, _ v2: Vec2, maxFraction: Double) -> (normal: Vec2, fraction: Double)? {
    let e = v2 - v1
    let denominator = cross(d, e)
    guard denominator != 0 else { return nil }
    // p + t d = v1 + u e  →  t = cross(v1 − p, e) / cross(d, e), u = cross(v1 − p, d) / cross(d, e).
    let w = v1 - p
    let t = cross(w, e) / denominator, u = cross(w, d) / denominator
    guard t >= 0, t <= maxFraction, u >= 0, u <= 1 else { return nil }
    var normal = e.rightPerp.normalized
    if dot(normal, d) > 0 { normal = -normal }
    return (normal, t)
}

/// Box2D's slab clipping against each face plane.
func rayCastPolygon(_ p: Vec2, _ d: Vec2, _ poly: Polygon, maxFraction: Double) -> (normal: Vec2, fraction: Double)? {
    var lower = 0.0, upper = maxFraction, index = -1
    for i in poly.vertices.indices {
        // dot(n, p + t d − v) = 0  →  t = dot(n, v − p) / dot(n, d).
        let numerator = dot(poly.normals[i], poly.vertices[i] - p), denominator = dot(poly.normals[i], d)
        if denominator == 0 {
            if numerator < 0 { return nil }
        } else if denominator < 0 && numerator < lower * denominator {
            lower = numerator / denominator; index = i
        } else if denominator > 0 && numerator < upper * denominator {
            upper = numerator / denominator
        }
        if upper < lower { return nil }
    }
    return index >= 0 ? (poly.normals[index], lower) : nil
}

/// A rounded polygon is the union of its offset faces and vertex circles; being convex, its entry
/// point is the earliest hit among those pieces.
func rayCastRoundedPolygon(_ p: Vec2, _ d: Vec2, _ poly: Polygon, maxFraction: Double) -> (normal: Vec2, fraction: Double)? {
    var best: (normal: Vec2, fraction: Double)? = nil
    var limit = maxFraction
    let n = poly.vertices.count
    for i in 0..<n {
        let offset = poly.radius * poly.normals[i]
        if let h = rayCastSegment(p, d, poly.vertices[i] + offset, poly.vertices[(i + 1) % n] + offset, maxFraction: limit),
           dot(d, poly.normals[i]) < 0 {
            best = (poly.normals[i], h.fraction); limit = h.fraction
        }
        if let h = rayCastCircle(p, d, center: poly.vertices[i], radius: poly.radius, maxFraction: limit) {
            best = h; limit = h.fraction
        }
    }
    return best
}

// MARK: - Polygon area moments

extension Polygon {
    /// Area, centroid and polar second moment of area about the centroid, including the rounding:
    /// the core polygon, one rectangle per edge and one circular sector per vertex.
    func areaMoments() -> (area: Double, center: Vec2, inertia: Double) {
        let n = vertices.count, r = radius
        // Moments relative to vertex 0 keep the products small.
        let origin = vertices[0]
        var area = 0.0, first = Vec2.zero, second = 0.0
        // Triangle (a, b, c): area A, first moment A(a+b+c)/3, polar moment A/6 Σ(a·a + a·b).
        func addTriangle(_ a: Vec2, _ b: Vec2, _ c: Vec2) {
            let t = 0.5 * cross(b - a, c - a)
            area += t
            first += (t / 3) * (a + b + c)
            second += (t / 6) * (dot(a, a) + dot(b, b) + dot(c, c) + dot(a, b) + dot(b, c) + dot(c, a))
        }
        for i in 0..<n {
            let v1 = vertices[i] - origin, v2 = vertices[(i + 1) % n] - origin
            if i > 0 && i < n - 1 { addTriangle(.zero, v1, vertices[i + 1] - origin) }
            if r > 0 {
                let offset = r * normals[i]
                addTriangle(v1, v1 + offset, v2 + offset)
                addTriangle(v1, v2 + offset, v2)
            }
        }
        if r > 0 {
            // Sectors between consecutive face normals; their angles sum to 2π.
            for i in 0..<n {
                let n0 = normals[(i + n - 1) % n], n1 = normals[i]
                let angle = atan2(cross(n0, n1), dot(n0, n1))
                guard angle > 0 else { continue }
                let v = vertices[i] - origin
                let sectorArea = 0.5 * angle * r * r
                // Sector centroid lies on the bisector at 4 r sin(α/2) / (3α) from the apex.
                let bisector = (n0 + n1).normalized
                let c = v + (4 * r * sin(0.5 * angle) / (3 * angle)) * bisector
                let apexMoment = 0.25 * angle * r * r * r * r
                // Parallel axis: J_origin = J_apex − A|c − v|² + A|c|².
                area += sectorArea
                first += sectorArea * c
                second += apexMoment - sectorArea * (c - v).lengthSquared + sectorArea * c.lengthSquared
            }
        }
        let center = first / area
        return (area, origin + center, second - area * center.lengthSquared)
    }
}
