// Contacts involving an ellipse: one point from GJK on the shapes' cores, so the normal follows the
// curved surface continuously and an ellipse rolls over corners instead of bumping on facets.
import Foundation

// How: an ellipse is its inner parallel body (its "core") inflated by the smallest radius of
// curvature (see ConvexCore), and a rounded polygon is its sharp polygon inflated by its radius. So
// contacts are found between cores, exactly, and only the skins overlap while the solver keeps
// penetration small — no EPA needed, whose polytope of a curved shape is only ever approximate:
// 1. resting on a face (the common case): a separating-axis test over the flat shape's faces;
// 2. near a vertex or between two ellipses: GJK for a nearby axis, then `refineAxis` solves for
//    the exact one (GJK alone converges slowly on curved cores);
// 3. cores overlapping (deep penetration): `deepContact` maximises the separation over directions.
// All three give the same axis where their regions meet, so the normal turns continuously.

/// One-point manifold in A's frame; `xf` places B in A's frame. At least one shape is an ellipse.
func collideSmooth(_ a: Geometry, _ b: Geometry, _ xf: Transform, _ speculativeDistance: Double, _ at: Placement) -> Manifold {
    let coreA = ConvexCore(a, .identity), coreB = ConvexCore(b, xf)
    let radii = coreA.radius + coreB.radius
    // Resting on a face is the common case and needs no GJK: see `faceContact`.
    if let normal = faceContact(flat: coreA, other: coreB, sign: 1) ?? faceContact(flat: coreB, other: coreA, sign: -1) {
        let m = contact(coreA, coreB, normal, at)
        return m.point0.separation <= speculativeDistance ? m : .empty
    }
    // A loose gap suffices: `refineAxis` polishes the axis to machine precision.
    let result = gjk(coreA, coreB, relativeGap: 1e-3)
    if result.distance > 1e-7 * Swift.max(1, radii) {
        guard result.distance - radii <= speculativeDistance else { return .empty }
        let normal = refineAxis(coreA, coreB, (result.pointB - result.pointA) / result.distance)
        return contact(coreA, coreB, normal, at)
    }
    return deepContact(coreA, coreB, at)
}

/// Separating-axis test over the faces of a flat core (`sign` +1 when it is shape A, −1 for B):
/// the face whose plane separates most from the other core's support point. When that point lies
/// over the face, the face normal is the contact axis exactly (the plane bounds the distance from
/// below and the point's projection attains it); otherwise the closest features involve a vertex.
@inline(__always)
func faceContact(flat: ConvexCore, other: ConvexCore, sign: Double) -> Vec2? {
    switch flat.kind {
    case .segment:
        let n = (flat.p2 - flat.p1).rightPerp.normalized
        // The side facing the other core's centre.
        let facing = dot(other.p1 - flat.p1, n) >= 0 ? n : -n
        return over(other.support(-facing), flat.p1, flat.p2) ? sign * facing : nil
    case .polygon:
        return flat.vertices.withUnsafeBufferPointer { v -> Vec2? in
            flat.normals.withUnsafeBufferPointer { normals -> Vec2? in
                var best = 0, bestSeparation = -Double.greatestFiniteMagnitude, bestNormal = Vec2.zero, bestPoint = Vec2.zero
                for i in 0..<v.count {
                    let n = flat.xf.q.rotate(normals[i]), p = other.support(-n)
                    let s = dot(p - flat.xf.apply(v[i]), n)
                    if s > bestSeparation { bestSeparation = s; best = i; bestNormal = n; bestPoint = p }
                }
                let p1 = flat.xf.apply(v[best]), p2 = flat.xf.apply(v[best + 1 < v.count ? best + 1 : 0])
                return over(bestPoint, p1, p2) ? sign * bestNormal : nil
            }
        }
    case .point, .ellipse:
        return nil
    }
}

/// The separating axis of two overlapping shapes: the direction n maximising
/// s(n) = −h_B(−n) − h_A(n) (h the support distance of the inflated shape), found among sampled
/// directions and the polygons' face normals, narrowed by golden-section search and polished.
func deepContact(_ a: ConvexCore, _ b: ConvexCore, _ at: Placement) -> Manifold {
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

    // Golden-section narrowing within one sample step either side of the best candidate (to about
    // 3e-6 rad), then the root of s′ as in `polishAxis`.
    let ratio = 0.5 * (5.0.squareRoot() - 1)
    var lo = bestAngle - step, hi = bestAngle + step
    var x1 = hi - ratio * (hi - lo), x2 = lo + ratio * (hi - lo)
    var f1 = separation(angle: x1), f2 = separation(angle: x2)
    for _ in 0..<24 {
        if f1 > f2 { hi = x2; x2 = x1; f2 = f1; x1 = hi - ratio * (hi - lo); f1 = separation(angle: x1) }
        else { lo = x1; x1 = x2; f1 = f2; x2 = lo + ratio * (hi - lo); f2 = separation(angle: x2) }
    }
    if Swift.max(f1, f2) > bestSeparation { bestAngle = f1 > f2 ? x1 : x2; bestSeparation = Swift.max(f1, f2) }

    return contact(a, b, polishAxis(a, b, Vec2(cos(bestAngle), sin(bestAngle))), at)
}

/// The one-point manifold along the separating axis `normal` (A to B).
@inline(__always)
func contact(_ a: ConvexCore, _ b: ConvexCore, _ normal: Vec2, _ at: Placement) -> Manifold {
    let sA = a.support(normal), sB = b.support(-normal)
    let separation = dot(sB - sA, normal) - a.radius - b.radius
    // The smooth shape's support point is unique; the other surface point lies along the normal
    // (a flat shape's support along a face normal could be either end of the face).
    let cA: Vec2, cB: Vec2
    if b.isSmooth {
        cB = sB - b.radius * normal; cA = cB - separation * normal
    } else {
        cA = sA + a.radius * normal; cB = cA + separation * normal
    }
    return singlePoint(normal: normal, cA, cB, separation: separation, at)
}

/// Polishes GJK's axis `n0` between separated cores. The exact axis maximises the separation
/// s(n) = dot(s_B(−n) − s_A(n), n) over unit n; it is either a face normal of a flat core (when the
/// other core's support point lies over that face: s has a kink there) or a root of
/// s′ = dot(s_B(−n) − s_A(n), n⊥), smooth near a vertex or between two ellipses.
func refineAxis(_ a: ConvexCore, _ b: ConvexCore, _ n0: Vec2) -> Vec2 {
    if let face = faceAxis(flat: a, other: b, n0, sign: 1) { return face }
    if let face = faceAxis(flat: b, other: a, n0, sign: -1) { return face }
    return polishAxis(a, b, n0)
}

/// The root of s′ nearest to `n0` (the local maximum of the separation along the axis).
func polishAxis(_ a: ConvexCore, _ b: ConvexCore, _ n0: Vec2) -> Vec2 {
    // Directions n(t) = normalize(n0 + t·n0⊥) (t = tan of the turn from n0) avoid trigonometry.
    let side = n0.leftPerp
    @inline(__always) func direction(_ t: Double) -> Vec2 { (n0 + t * side) / (1 + t * t).squareRoot() }
    @inline(__always) func slope(_ t: Double) -> Double {
        let n = direction(t)
        return dot(b.support(-n) - a.support(n), n.leftPerp)
    }
    // Bracket the sign change of s′ by stepping uphill with growing steps, then Illinois regula
    // falsi: superlinear where s′ is smooth, and still converging where it jumps (a face's kink).
    var t0 = 0.0, g0 = slope(0)
    guard g0 != 0 else { return n0 }
    var step = g0 > 0 ? 1e-7 : -1e-7
    var t1 = step, g1 = slope(t1)
    while (g1 > 0) == (g0 > 0) && g1 != 0 {
        guard abs(step) < 0.1 else { return n0 }
        t0 = t1; g0 = g1; step *= 4; t1 = t0 + step; g1 = slope(t1)
    }
    var retained = 0  // which end the last two steps kept (Illinois halves a stale end's value)
    for _ in 0..<60 {
        guard g1 != 0, abs(t1 - t0) > 1e-15 else { break }
        let t = (t0 * g1 - t1 * g0) / (g1 - g0), g = slope(t)
        if (g > 0) == (g1 > 0) {
            t1 = t; g1 = g
            if retained == 1 { g0 *= 0.5 }
            retained = 1
        } else {
            t0 = t1; g0 = g1; t1 = t; g1 = g
            retained = -1
        }
    }
    return direction(t1)
}

/// The face normal of `flat` (times `sign`: +1 when it is shape A) nearest to `n0`, if the other
/// core's support point against it lies over the face.
@inline(__always)
func faceAxis(flat: ConvexCore, other: ConvexCore, _ n0: Vec2, sign: Double) -> Vec2? {
    switch flat.kind {
    case .segment:
        let e = flat.p2 - flat.p1
        var n = e.rightPerp.normalized
        if dot(n, n0) * sign < 0 { n = -n }
        return over(other.support(-n), flat.p1, flat.p2) ? sign * n : nil
    case .polygon:
        let local = flat.xf.q.inverseRotate(sign * n0)
        return flat.vertices.withUnsafeBufferPointer { v -> Vec2? in
            var best = 0, bestDot = -Double.greatestFiniteMagnitude
            for i in 0..<v.count {
                let d = dot((v[i + 1 < v.count ? i + 1 : 0] - v[i]).rightPerp.normalized, local)
                if d > bestDot { bestDot = d; best = i }
            }
            let p1 = flat.xf.apply(v[best]), p2 = flat.xf.apply(v[best + 1 < v.count ? best + 1 : 0])
            let n = (p2 - p1).rightPerp.normalized
            return over(other.support(-n), p1, p2) ? sign * n : nil
        }
    case .point, .ellipse:
        return nil
    }
}

/// Whether `p` projects onto the segment p1–p2.
@inline(__always)
func over(_ p: Vec2, _ p1: Vec2, _ p2: Vec2) -> Bool {
    let e = p2 - p1, t = dot(p - p1, e)
    return t >= 0 && t <= dot(e, e)
}
