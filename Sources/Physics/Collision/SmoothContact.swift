// Contacts involving an ellipse: one point from GJK on the shapes' cores, so the normal follows the
// curved surface continuously and an ellipse rolls over corners instead of bumping on facets.
import Foundation

// Why cores and GJK rather than GJK + EPA: an ellipse is its inner parallel body inflated by the
// smallest radius of curvature (see ConvexCore), so shallow overlaps — the solver keeps them within
// the slop — leave the cores apart, and GJK alone gives the exact surface normal and depth. Only
// when the cores themselves overlap (deep penetration) does `deepContact` search the separating
// axis directly; it agrees with GJK where the cores just touch, so the normal stays continuous.

/// One-point manifold in A's frame; `xf` places B in A's frame. At least one shape is an ellipse.
func collideSmooth(_ a: Geometry, _ b: Geometry, _ xf: Transform, _ speculativeDistance: Double) -> Manifold {
    let coreA = ConvexCore(a, .identity), coreB = ConvexCore(b, xf)
    let radii = coreA.radius + coreB.radius
    let result = gjk(coreA, coreB)
    if result.distance > 1e-7 * Swift.max(1, radii) {
        let separation = result.distance - radii
        guard separation <= speculativeDistance else { return .empty }
        let normal = (result.pointB - result.pointA) / result.distance
        return singlePoint(normal: normal, result.pointA + coreA.radius * normal, result.pointB - coreB.radius * normal, separation: separation)
    }
    return deepContact(coreA, coreB)
}

/// The separating axis of two overlapping shapes: the direction n maximising
/// s(n) = −h_B(−n) − h_A(n) (h the support distance of the inflated shape), found among sampled
/// directions and the polygons' face normals, then refined by golden-section search.
func deepContact(_ a: ConvexCore, _ b: ConvexCore) -> Manifold {
    let radii = a.radius + b.radius
    @inline(__always) func separation(_ n: Vec2) -> Double {
        dot(b.support(-n), n) - dot(a.support(n), n) - radii
    }
    @inline(__always) func separation(angle: Double) -> Double { separation(Vec2(cos(angle), sin(angle))) }

    let samples = 32, step = 2 * Double.pi / Double(samples)
    var bestAngle = 0.0, bestSeparation = -Double.greatestFiniteMagnitude
    func consider(_ angle: Double) {
        let s = separation(angle: angle)
        if s > bestSeparation { bestSeparation = s; bestAngle = angle }
    }
    for i in 0..<samples { consider(Double(i) * step) }
    // Face normals of flat shapes are where s(n) has its kinks and often its maximum.
    func considerFaces(_ core: ConvexCore, sign: Double) {
        switch core.kind {
        case .segment:
            let n = (core.p2 - core.p1).rightPerp
            consider(atan2(n.y, n.x)); consider(atan2(-n.y, -n.x))
        case .polygon:
            let count = core.vertices.count
            for i in 0..<count {
                let n = sign * core.xf.q.rotate((core.vertices[(i + 1) % count] - core.vertices[i]).rightPerp)
                consider(atan2(n.y, n.x))
            }
        case .point, .ellipse:
            break
        }
    }
    considerFaces(a, sign: 1)
    considerFaces(b, sign: -1)

    // Golden-section refinement within one sample step either side of the best candidate.
    let ratio = 0.5 * (5.0.squareRoot() - 1)
    var lo = bestAngle - step, hi = bestAngle + step
    var x1 = hi - ratio * (hi - lo), x2 = lo + ratio * (hi - lo)
    var f1 = separation(angle: x1), f2 = separation(angle: x2)
    for _ in 0..<48 {
        if f1 > f2 { hi = x2; x2 = x1; f2 = f1; x1 = hi - ratio * (hi - lo); f1 = separation(angle: x1) }
        else { lo = x1; x1 = x2; f1 = f2; x2 = lo + ratio * (hi - lo); f2 = separation(angle: x2) }
    }
    if Swift.max(f1, f2) > bestSeparation { bestAngle = f1 > f2 ? x1 : x2; bestSeparation = Swift.max(f1, f2) }

    let normal = Vec2(cos(bestAngle), sin(bestAngle))
    // The smooth shape's support point is unique; the other surface point lies along the normal.
    let cA: Vec2, cB: Vec2
    if a.isSmooth {
        cA = a.support(normal) + a.radius * normal; cB = cA + bestSeparation * normal
    } else {
        cB = b.support(-normal) - b.radius * normal; cA = cB - bestSeparation * normal
    }
    return singlePoint(normal: normal, cA, cB, separation: bestSeparation)
}
