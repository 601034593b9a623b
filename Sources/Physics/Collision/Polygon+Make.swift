// Validating polygon factories: convexity is checked with a hull, winding is normalised.

extension Polygon {
    /// A convex polygon through `points` (any winding; collinear consecutive points are merged),
    /// rounded by `radius` (length). Throws for fewer than 3 distinct points, collinear or non-convex
    /// input, more than `maxVertices` vertices, non-finite numbers or a negative radius.
    public static func make(points: [Vec2], radius: Double = 0) throws(PhysicsError) -> Polygon {
        throw PhysicsError("Polygon.make is not implemented yet")
    }

    /// A box of half extents `halfWidth` × `halfHeight` (length) centred at `center` and turned by
    /// `angle` (radians) in the body frame, rounded by `radius`.
    public static func box(halfWidth: Double, halfHeight: Double, center: Vec2 = .zero, angle: Double = 0, radius: Double = 0) throws(PhysicsError) -> Polygon {
        let q = Rot(angle: angle)
        let corners = [Vec2(-halfWidth, -halfHeight), Vec2(halfWidth, -halfHeight), Vec2(halfWidth, halfHeight), Vec2(-halfWidth, halfHeight)]
        let normals = [Vec2(0, -1), Vec2(1, 0), Vec2(0, 1), Vec2(-1, 0)]
        return Polygon(vertices: corners.map { q.rotate($0) + center }, normals: normals.map { q.rotate($0) }, centroid: center, radius: radius)
    }
}
