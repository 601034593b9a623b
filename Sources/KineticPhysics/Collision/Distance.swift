// GJK closest points between convex geometries using exact support functions. Every geometry is
// seen as a convex core inflated by a skin radius: a circle is a point core, a rounded polygon its
// sharp polygon, and an ellipse the inner parallel curve at its smallest radius of curvature.

/// A convex core in some working frame, plus a skin radius: the shape is core ⊕ disc(radius).
struct ConvexCore {
    enum Kind { case point, segment, polygon, ellipse }
    var kind: Kind
    /// Point: the point; segment: its ends; ellipse: p1 is the centre (all in the working frame).
    var p1: Vec2
    var p2: Vec2
    /// Polygon: body-local vertices and normals and the body-local → working frame transform.
    var vertices: [Vec2]
    var normals: [Vec2]
    var xf: Transform
    /// Ellipse: axes in the working frame and semi-axes.
    var axes: Rot
    var radii: Vec2
    var radius: Double

    /// The core of `g` seen in the frame where the body sits at `xf`.
    init(_ g: Geometry, _ xf: Transform) {
        self.xf = xf; axes = .identity; radii = .zero; vertices = []; normals = []; p2 = .zero
        switch g {
        case .circle(let c):
            kind = .point; p1 = xf.apply(c.center); radius = c.radius
        case .segment(let s):
            kind = .segment; p1 = xf.apply(s.p1); p2 = xf.apply(s.p2); radius = 0
        case .polygon(let p):
            kind = .polygon; p1 = xf.apply(p.vertices[0]); vertices = p.vertices; normals = p.normals; radius = p.radius
        case .ellipse(let e):
            // The inner parallel body of an ellipse at distance r is convex, and inflating it by r gives
            // the ellipse back exactly, as long as r does not exceed the smallest radius of curvature
            // b²/a. Its support point is the ellipse's minus r·d̂. With a = b the core is a point, so
            // a round ellipse collides exactly like a circle.
            kind = .ellipse; p1 = xf.apply(e.center); axes = xf.q.multiplied(by: Rot(angle: e.angle)); radii = e.radii
            let a = Swift.max(e.radii.x, e.radii.y), b = Swift.min(e.radii.x, e.radii.y)
            radius = b * b / a
        }
    }

    /// The core point farthest along `d` (working frame).
    @inline(__always)
    func support(_ d: Vec2) -> Vec2 {
        switch kind {
        case .point:
            return p1
        case .segment:
            return dot(p2 - p1, d) > 0 ? p2 : p1
        case .polygon:
            let local = xf.q.inverseRotate(d)
            return vertices.withUnsafeBufferPointer { v in
                var best = 0, bestValue = dot(v[0], local)
                for i in 1..<v.count {
                    let value = dot(v[i], local)
                    if value > bestValue { best = i; bestValue = value }
                }
                return xf.apply(v[best])
            }
        case .ellipse:
            let length = d.length
            guard length > 0 else { return p1 }
            let u = d / length
            let l = axes.inverseRotate(u)
            let ax = radii.x * radii.x * l.x, by = radii.y * radii.y * l.y
            let h = (ax * l.x + by * l.y).squareRoot()
            return p1 + axes.rotate(Vec2(ax / h, by / h)) - radius * u
        }
    }

    /// True when the full shape's support point is unique in every direction (no flat faces).
    @inline(__always) var isSmooth: Bool { kind == .point || kind == .ellipse }
}

/// Result of GJK on two cores: the distance between the cores and their closest points.
struct CoreDistance {
    var distance: Double
    var pointA: Vec2
    var pointB: Vec2
}

/// Closest points between two cores given in the same frame (Box2D's GJK with the Voronoi-region
/// simplex solver; stops when the gap between upper and lower distance bounds is negligible, which
/// curved cores need because their support points never repeat exactly). `relativeGap` bounds
/// (upper − lower)/upper of the squared distance; callers that polish the axis afterwards pass a loose one.
func gjk(_ a: ConvexCore, _ b: ConvexCore, relativeGap: Double = 1e-11) -> CoreDistance {
    // Simplex vertices: wA on A, wB on B, w = wB − wA, barycentric weight.
    // Start from the supports facing each other along the line between the cores' reference points.
    let d0 = b.p1 - a.p1
    var a1 = a.support(d0), b1 = b.support(-d0), w1 = b1 - a1, l1 = 1.0
    var a2 = Vec2.zero, b2 = Vec2.zero, w2 = Vec2.zero, l2 = 0.0
    var a3 = Vec2.zero, b3 = Vec2.zero, w3 = Vec2.zero, l3 = 0.0
    var count = 1
    let maxIterations = 40
    for _ in 0..<maxIterations {
        switch count {
        case 2:
            // Segment w1–w2 (Box2D b2SolveSimplex2).
            let e12 = w2 - w1
            let d12_2 = -dot(w1, e12), d12_1 = dot(w2, e12)
            if d12_2 <= 0 { l1 = 1; count = 1 }
            else if d12_1 <= 0 { a1 = a2; b1 = b2; w1 = w2; l1 = 1; count = 1 }
            else { let inv = 1 / (d12_1 + d12_2); l1 = d12_1 * inv; l2 = d12_2 * inv }
        case 3:
            // Triangle (Box2D b2SolveSimplex3).
            let e12 = w2 - w1, e13 = w3 - w1, e23 = w3 - w2
            let d12_1 = dot(w2, e12), d12_2 = -dot(w1, e12)
            let d13_1 = dot(w3, e13), d13_2 = -dot(w1, e13)
            let d23_1 = dot(w3, e23), d23_2 = -dot(w2, e23)
            let n123 = cross(e12, e13)
            let d123_1 = n123 * cross(w2, w3), d123_2 = n123 * cross(w3, w1), d123_3 = n123 * cross(w1, w2)
            if d12_2 <= 0 && d13_2 <= 0 {
                l1 = 1; count = 1
            } else if d12_1 > 0 && d12_2 > 0 && d123_3 <= 0 {
                let inv = 1 / (d12_1 + d12_2); l1 = d12_1 * inv; l2 = d12_2 * inv; count = 2
            } else if d13_1 > 0 && d13_2 > 0 && d123_2 <= 0 {
                let inv = 1 / (d13_1 + d13_2); l1 = d13_1 * inv; l2 = d13_2 * inv
                a2 = a3; b2 = b3; w2 = w3; count = 2
            } else if d12_1 <= 0 && d23_2 <= 0 {
                a1 = a2; b1 = b2; w1 = w2; l1 = 1; count = 1
            } else if d13_1 <= 0 && d23_1 <= 0 {
                a1 = a3; b1 = b3; w1 = w3; l1 = 1; count = 1
            } else if d23_1 > 0 && d23_2 > 0 && d123_1 <= 0 {
                let inv = 1 / (d23_1 + d23_2)
                a1 = a3; b1 = b3; w1 = w3; l1 = d23_2 * inv; l2 = d23_1 * inv; count = 2
            } else {
                let inv = 1 / (d123_1 + d123_2 + d123_3)
                l1 = d123_1 * inv; l2 = d123_2 * inv; l3 = d123_3 * inv
            }
        default:
            break
        }
        if count == 3 { break }  // the origin is inside: overlap
        let v = count == 1 ? w1 : l1 * w1 + l2 * w2
        let vv = v.lengthSquared
        if vv < 1e-28 { break }  // touching
        // New vertex: support of B − A in direction −v.
        let sa = a.support(v), sb = b.support(-v), w = sb - sa
        // |v| is an upper bound of the distance and dot(v, w)/|v| a lower bound; stop when they meet.
        if vv - dot(v, w) <= relativeGap * vv { break }
        // A repeated vertex (polygon cores) cannot make progress either; curved cores stop on the
        // gap test above and are polished by `refineAxis` where accuracy matters.
        if (w - w1).lengthSquared <= 1e-24 * vv || (count == 2 && (w - w2).lengthSquared <= 1e-24 * vv) { break }
        if count == 1 { a2 = sa; b2 = sb; w2 = w } else { a3 = sa; b3 = sb; w3 = w }
        count += 1
    }
    switch count {
    case 1: return CoreDistance(distance: w1.length, pointA: a1, pointB: b1)
    case 2:
        let pa = l1 * a1 + l2 * a2, pb = l1 * b1 + l2 * b2
        return CoreDistance(distance: distance(pa, pb), pointA: pa, pointB: pb)
    default:
        let pa = l1 * a1 + l2 * a2 + l3 * a3
        return CoreDistance(distance: 0, pointA: pa, pointB: pa)
    }
}

/// Distance between the surfaces of two shapes (world) and the closest world points on each.
/// Overlapping shapes give distance 0 and both points at the middle of the cores' closest points.
package func shapeDistance(_ a: Geometry, _ xfA: Transform, _ b: Geometry, _ xfB: Transform) -> (distance: Double, pointA: Vec2, pointB: Vec2) {
    let coreA = ConvexCore(a, xfA), coreB = ConvexCore(b, xfB)
    let curved = coreA.kind == .ellipse || coreB.kind == .ellipse
    let result = gjk(coreA, coreB, relativeGap: curved ? 1e-3 : 1e-11)
    let radii = coreA.radius + coreB.radius
    if result.distance > radii && result.distance > 0 {
        let normal = (result.pointB - result.pointA) / result.distance
        guard curved else {
            return (result.distance - radii, result.pointA + coreA.radius * normal, result.pointB - coreB.radius * normal)
        }
        // Curved cores: polish the axis, then take the surface points from the supports.
        let m = contact(coreA, coreB, refineAxis(coreA, coreB, normal), .identity)
        if m.point0.separation > 0 {
            let half = 0.5 * m.point0.separation * m.normal
            return (m.point0.separation, m.point0.point - half, m.point0.point + half)
        }
        return (0, m.point0.point, m.point0.point)
    }
    let p = lerp(result.pointA, result.pointB, 0.5)
    return (0, p, p)
}
