// World queries through the broad-phase trees: by box, by point, by ray.

extension World {
    /// The first live body, in slot order, whose position, rotation or velocity is not finite; nil
    /// when every one is. Valid input never makes one: hosts ask after a step, so that a NaN that
    /// got in anyway is reported at once instead of spreading through contacts.
    public func firstBodyWithNonFiniteState() -> BodyID? {
        for i in bodyStore.indices where bodyStore[i].isLive {
            let b = bodyStore[i]
            if !(b.xf.p.isFinite && b.xf.q.c.isFinite && b.xf.q.s.isFinite && b.v.isFinite && b.w.isFinite) {
                return bodyID(Int32(i))
            }
        }
        return nil
    }

    /// Fills `queryScratch` with the shapes whose tight bounds overlap `box`, ascending.
    func collectOverlaps(_ box: AABB) {
        queryScratch.removeAll(keepingCapacity: true)
        let collect: (Int32, Int32) -> Bool = { _, userData in
            if self.shapes[Int(userData)].aabb.overlaps(box) { self.queryScratch.append(userData) }
            return true
        }
        broadPhase.staticTree.query(box, maskBits: .max, collect)
        broadPhase.movingTree.query(box, maskBits: .max, collect)
        queryScratch.sort()
    }

    func castRay(_ origin: Vec2, _ translation: Vec2, _ filter: Filter) -> RayHit? {
        guard origin.isFinite, translation.isFinite else { return nil }
        var best: RayHit? = nil
        let callback: (Int32, Int32, Double) -> Double = { _, userData, maxFraction in
            let s = Int(userData)
            let shape = self.shapes[s]
            guard shape.filter.categoryBits & filter.maskBits != 0, shape.filter.maskBits & filter.categoryBits != 0 else { return maxFraction }
            let xf = self.bodyStore[Int(shape.body)].xf
            guard let hit = shape.geometry.rayCast(origin: origin, translation: translation, maxFraction: maxFraction, xf) else { return maxFraction }
            // Equal fractions keep the lower shape index, so the answer does not depend on tree order.
            if let current = best, hit.fraction == current.fraction, current.shape.index < Int32(s) { return maxFraction }
            best = RayHit(shape: self.shapeID(Int32(s)), point: hit.point, normal: hit.normal, fraction: hit.fraction)
            return hit.fraction
        }
        broadPhase.staticTree.rayCast(origin: origin, translation: translation, maxFraction: 1, maskBits: filter.maskBits, callback)
        let staticFraction = best?.fraction ?? 1
        broadPhase.movingTree.rayCast(origin: origin, translation: translation, maxFraction: staticFraction, maskBits: filter.maskBits, callback)
        return best
    }
}
