// World queries through the broad-phase trees: by box, by point, by shape, by ray.

extension World {
    /// The first live body, in slot order, whose position, rotation or velocity is not finite; nil
    /// when every one is. Valid input never makes one: hosts ask after a step, so that a NaN that
    /// got in anyway is reported at once instead of spreading through contacts.
    public func firstBodyWithNonFiniteState() -> BodyID? {
        for i in bodyStore.indices where bodyPool.isLive(i) {
            let b = bodyStore[i]
            if !(b.xf.p.isFinite && b.xf.q.c.isFinite && b.xf.q.s.isFinite && b.v.isFinite && b.w.isFinite) {
                return bodyID(Int32(i))
            }
        }
        return nil
    }

    /// Fills `queryScratch` with the shapes whose tight bounds overlap `box`, ascending.
    func collectOverlaps(_ box: AABB) {
        buffers.queryScratch.clear()
        let collect: (Int32, Int32) -> Bool = { _, userData in
            if self.shapes[Int(userData)].aabb.overlaps(box) { self.buffers.queryScratch.append(userData) }
            return true
        }
        broadPhase.staticTree.query(box, maskBits: .max, collect)
        broadPhase.movingTree.query(box, maskBits: .max, collect)
        buffers.queryScratch.sort()
    }

    /// Every shape the ray from `origin` to `origin + translation` enters, nearest first; equal
    /// fractions keep ascending shape index, so the order never depends on the trees' layout.
    /// Each shape appears once, at its entry point; a shape the ray starts inside is not reported.
    /// `filter` nil: every shape (Box2D's b2World_CastRay with a callback that never clips the ray).
    public func rayCastAll(from origin: Vec2, translation: Vec2, filter: Filter? = nil) -> [RayHit] {
        guard origin.isFinite, translation.isFinite, translation != .zero else { return [] }
        var hits: [RayHit] = []
        let callback: (Int32, Int32, Double) -> Double = { _, userData, maxFraction in
            let s = Int(userData)
            guard self.accepts(self.shapes[s], filter),
                  let hit = self.shapes[s].geometry.rayCast(origin: origin, translation: translation, maxFraction: 1,
                                                            self.bodyStore[Int(self.shapes[s].body)].xf) else { return maxFraction }
            hits.append(RayHit(shape: self.shapeID(Int32(s)), point: hit.point, normal: hit.normal, fraction: hit.fraction))
            return maxFraction
        }
        let maskBits = filter?.maskBits ?? .max
        broadPhase.staticTree.rayCast(origin: origin, translation: translation, maxFraction: 1, maskBits: maskBits, callback)
        broadPhase.movingTree.rayCast(origin: origin, translation: translation, maxFraction: 1, maskBits: maskBits, callback)
        hits.sort { ($0.fraction, $0.shape.index) < ($1.fraction, $1.shape.index) }
        return hits
    }

    /// Shapes that overlap or touch `geometry` placed at `xf`, in ascending shape index order
    /// (Box2D's b2World_OverlapShape): candidates by tight bounds through the trees, then the exact
    /// test of `Geometry.overlaps`. Nothing for a geometry that `validate` refuses or a non-finite `xf`.
    /// `filter` nil: every shape.
    public func queryShape(_ geometry: Geometry, at xf: Transform, filter: Filter? = nil) -> [ShapeID] {
        guard (try? geometry.validate()) != nil, xf.p.isFinite, xf.q.c.isFinite, xf.q.s.isFinite else { return [] }
        collectOverlaps(geometry.aabb(xf))
        return buffers.queryScratch.filter { s in
            let shape = shapes[Int(s)]
            return accepts(shape, filter) && shape.geometry.overlaps(at: bodyStore[Int(shape.body)].xf, geometry, at: xf)
        }.map { shapeID($0) }
    }

    /// Whether a query with `filter` sees the shape: each one's category in the other's mask (Box2D's
    /// b2ShouldQueryShape); nil sees every shape.
    @inline(__always) func accepts(_ shape: ShapeData, _ filter: Filter?) -> Bool {
        guard let filter else { return true }
        return shape.filter.categoryBits & filter.maskBits != 0 && shape.filter.maskBits & filter.categoryBits != 0
    }

    func castRay(_ origin: Vec2, _ translation: Vec2, _ filter: Filter?) -> RayHit? {
        guard origin.isFinite, translation.isFinite else { return nil }
        var best: RayHit? = nil
        let callback: (Int32, Int32, Double) -> Double = { _, userData, maxFraction in
            let s = Int(userData)
            let shape = self.shapes[s]
            guard self.accepts(shape, filter) else { return maxFraction }
            let xf = self.bodyStore[Int(shape.body)].xf
            guard let hit = shape.geometry.rayCast(origin: origin, translation: translation, maxFraction: maxFraction, xf) else { return maxFraction }
            // Equal fractions keep the lower shape index, so the answer does not depend on tree order.
            if let current = best, hit.fraction == current.fraction, current.shape.index < Int32(s) { return maxFraction }
            best = RayHit(shape: self.shapeID(Int32(s)), point: hit.point, normal: hit.normal, fraction: hit.fraction)
            return hit.fraction
        }
        let maskBits = filter?.maskBits ?? .max
        broadPhase.staticTree.rayCast(origin: origin, translation: translation, maxFraction: 1, maskBits: maskBits, callback)
        let staticFraction = best?.fraction ?? 1
        broadPhase.movingTree.rayCast(origin: origin, translation: translation, maxFraction: staticFraction, maskBits: maskBits, callback)
        return best
    }
}
