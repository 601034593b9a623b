// GJK closest points between convex geometries using exact support functions.

/// Distance between the surfaces of two shapes (world) and the closest world points on each.
/// Distance is zero when they overlap.
package func shapeDistance(_ a: Geometry, _ xfA: Transform, _ b: Geometry, _ xfB: Transform) -> (distance: Double, pointA: Vec2, pointB: Vec2) {
    (0, xfA.p, xfB.p)
}
