// Time of impact of two moving shapes by conservative advancement on GJK distances.
import Foundation

/// The motion of a body over a step: its centre of mass moves from `c1` to `c2` and turns from `q1` to
/// `q2` by `turn` radians, at a steady rate.
package struct Sweep {
    /// Centre of mass in the body frame.
    package var localCenter: Vec2
    /// World centre of mass at the start and end.
    package var c1: Vec2
    package var c2: Vec2
    package var q1: Rot
    package var q2: Rot
    /// The angle turned from `q1` to `q2`, in [−π, π] (more only when a turn near half a revolution
    /// takes the direction of `angularVelocity`).
    package var turn: Double

    /// A turn of nearly half a revolution could have gone either way; `angularVelocity`, when given,
    /// says which.
    @inline(__always)
    package init(localCenter: Vec2, c1: Vec2, c2: Vec2, q1: Rot, q2: Rot, angularVelocity: Double = 0) {
        self.localCenter = localCenter; self.c1 = c1; self.c2 = c2; self.q1 = q1; self.q2 = q2
        var turn = Rot.relativeAngle(q1, q2)
        if abs(turn) > 0.9 * Double.pi && turn * angularVelocity < 0 {
            turn += angularVelocity > 0 ? 2 * Double.pi : -2 * Double.pi
        }
        self.turn = turn
    }

    /// The body transform at fraction `t` of the sweep. The angle is interpolated, not the rotation's
    /// cosine and sine: along that chord a turn near half a revolution passes close to the origin and
    /// most of it happens in an instant in mid-sweep, faster than any bound conservative advancement
    /// could use (a shape far out on a body turning half a revolution in a step went into a wall at
    /// the fraction the advancement called safe; `farShapeOnABodyTurningHalfARevolutionStaysInside`).
    @inline(__always)
    package func transform(at t: Double) -> Transform {
        let c = (1 - t) * c1 + t * c2
        let q = t == 0 ? q1 : (t == 1 && abs(turn) <= Double.pi ? q2 : Rot(angle: t * turn).multiplied(by: q1))
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
    let turnA = turnRateBound(sweepA), turnB = turnRateBound(sweepB)
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

/// The turn rate per unit fraction of `Sweep.transform(at:)`, which turns at a steady rate.
func turnRateBound(_ sweep: Sweep) -> Double {
    abs(sweep.turn)
}
