// Per-geometry properties and queries: validation, mass, bounds, point and ray tests.

extension Geometry {
    /// Validates sizes and finite numbers (zero or negative radius or radii, degenerate segment…).
    public func validate() throws(PhysicsError) {}

    /// Mass (area × density), centroid (body-local) and rotational inertia about the centroid.
    public func massData(density: Double) -> MassData { MassData(mass: 0, center: .zero, rotationalInertia: 0) }

    /// Area (length²); zero for a segment.
    public var area: Double { 0 }

    /// World bounding box under `xf`.
    public func aabb(_ xf: Transform) -> AABB { AABB(lower: xf.p, upper: xf.p) }

    /// Whether the world point lies inside the shape placed at `xf`.
    public func testPoint(_ worldPoint: Vec2, _ xf: Transform) -> Bool { false }

    /// World ray from `origin` to `origin + translation`; nil if no hit within `maxFraction`.
    /// The normal is the outward surface normal at the hit; `fraction` is along `translation`.
    public func rayCast(origin: Vec2, translation: Vec2, maxFraction: Double, _ xf: Transform) -> (point: Vec2, normal: Vec2, fraction: Double)? { nil }
}
