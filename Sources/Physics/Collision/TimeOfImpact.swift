// Time of impact of two moving shapes by conservative advancement on GJK distances.
import Foundation

/// The motion of a body over a step: its centre of mass moves from `c1` to `c2` and turns from `q1` to `q2`.
package struct Sweep {
    /// Centre of mass in the body frame.
    package var localCenter: Vec2
    /// World centre of mass at the start and end.
    package var c1: Vec2
    package var c2: Vec2
    package var q1: Rot
    package var q2: Rot

    @inline(__always)
    package init(localCenter: Vec2, c1: Vec2, c2: Vec2, q1: Rot, q2: Rot) {
        self.localCenter = localCenter; self.c1 = c1; self.c2 = c2; self.q1 = q1; self.q2 = q2
    }

    /// The body transform at fraction `t` of the sweep (rotation interpolated and normalised).
    @inline(__always)
    package func transform(at t: Double) -> Transform {
        let c = (1 - t) * c1 + t * c2
        var q = Rot(c: (1 - t) * q1.c + t * q2.c, s: (1 - t) * q1.s + t * q2.s)
        let mag = (q.c * q.c + q.s * q.s).squareRoot()
        if mag > 0 { q = Rot(c: q.c / mag, s: q.s / mag) }
        return Transform(p: c - q.rotate(localCenter), q: q)
    }
}

/// Outcome of `timeOfImpact`.
package enum TOIState { case unknown, failed, overlapped, hit, separated }

/// The first fraction of the sweeps at which the shapes come within `target` surface separation
/// (e.g. the linear slop), within a quarter of the target. Returns `.overlapped` (fraction 0) when
/// they already overlap deeper at the start, `.separated` (fraction `maxFraction`) when they never
/// get that close, `.failed` if the iteration cap is reached (with the last safe fraction).
///
/// Conservative advancement: at the current fraction, GJK gives the distance d and its axis n; no
/// point of the shapes can approach along n faster than μ = (relative centre motion)·n plus each
/// body's turn rate times its farthest point from its centre, so advancing by (d − target)/μ never
/// passes the first touch. Unlike root finding on separation functions this needs no feature
/// indices, so it works for ellipses as well as polygons.
package func timeOfImpact(_ a: Geometry, _ sweepA: Sweep, _ b: Geometry, _ sweepB: Sweep, maxFraction: Double, target: Double) -> (state: TOIState, fraction: Double) {
    let tolerance = Swift.max(0.25 * target, 1e-9)
    let radiusA = sweepRadius(a, sweepA.localCenter), radiusB = sweepRadius(b, sweepB.localCenter)
    // Upper bounds of the turn rates per unit fraction (see `turnRateBound`).
    let turnA = turnRateBound(sweepA.q1, sweepA.q2), turnB = turnRateBound(sweepB.q1, sweepB.q2)
    let relativeMotion = (sweepB.c2 - sweepB.c1) - (sweepA.c2 - sweepA.c1)
    let maxIterations = 30
    var t = 0.0
    for iteration in 0..<maxIterations {
        let coreA = ConvexCore(a, sweepA.transform(at: t)), coreB = ConvexCore(b, sweepB.transform(at: t))
        // Distances to a millionth are plenty against a tolerance of a quarter of the target.
        let result = gjk(coreA, coreB, relativeGap: 1e-6)
        let separation = result.distance - coreA.radius - coreB.radius
        if separation < target - tolerance && iteration == 0 { return (.overlapped, 0) }
        if separation < target + tolerance { return (.hit, t) }
        guard result.distance > 0 else { return (.hit, t) }
        let normal = (result.pointB - result.pointA) / result.distance
        let approachSpeed = -dot(relativeMotion, normal) + turnA * radiusA + turnB * radiusB
        guard approachSpeed > 0 else { return (.separated, maxFraction) }
        t += (separation - target) / approachSpeed
        if t >= maxFraction { return (.separated, maxFraction) }
    }
    return (.failed, t)
}

/// The largest distance from the centre of mass to a point of the shape (body frame).
func sweepRadius(_ g: Geometry, _ localCenter: Vec2) -> Double {
    switch g {
    case .circle(let c): return distance(c.center, localCenter) + c.radius
    case .ellipse(let e): return distance(e.center, localCenter) + Swift.max(e.radii.x, e.radii.y)
    case .segment(let s): return Swift.max(distance(s.p1, localCenter), distance(s.p2, localCenter))
    case .polygon(let p):
        var r = 0.0
        for v in p.vertices { r = Swift.max(r, distance(v, localCenter)) }
        return r + p.radius
    }
}

/// `Sweep.transform(at:)` interpolates the rotation along the chord between q1 and q2 and normalises,
/// so the angle turns fastest at mid-sweep, at 2·tan(Δθ/2) per unit fraction (≥ Δθ).
func turnRateBound(_ q1: Rot, _ q2: Rot) -> Double {
    let angle = Swift.min(abs(Rot.relativeAngle(q1, q2)), 0.99 * Double.pi)
    return 2 * tan(0.5 * angle)
}
