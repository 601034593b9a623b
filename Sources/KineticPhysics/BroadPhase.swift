// Broad phase: two dynamic trees (static shapes, moving shapes), a move buffer of shapes whose fat
// bounds changed (moving ones enlarged in place, the tree rebuilt once a step), and the persistent
// pair set. New pairs are searched only around moved proxies (Box2D v3 broad_phase.c); a pair lives
// until its fat bounds stop overlapping.

/// Trees, move buffer and pair set.
struct BroadPhase {
    var staticTree = DynamicTree()
    /// Kinematic and dynamic shapes.
    var movingTree = DynamicTree()
    /// Shape indices whose proxies were created or moved since the last pair search.
    var moveBuffer: ContiguousArray<Int32> = []
    /// Pair key → contact index. Only looked up, never iterated (its order is not deterministic).
    var pairs: [UInt64: Int32] = [:]
    /// Scratch: pairs found by the current search, in discovery order.
    var newPairs: ContiguousArray<(Int32, Int32)> = []
    /// Scratch of the moving tree's rebuild.
    var rebuildScratch = DynamicTree.RebuildScratch()

    @inline(__always) static func pairKey(_ a: Int32, _ b: Int32) -> UInt64 {
        let lo = UInt64(UInt32(Swift.min(a, b))), hi = UInt64(UInt32(Swift.max(a, b)))
        return lo << 32 | hi
    }
}

extension World {
    func createProxy(_ s: Int) {
        let b = Int(shapes[s].body)
        let isStatic = bodyStore[b].type == .static
        let box = shapes[s].geometry.aabb(bodyStore[b].xf)
        let fat = box.expanded(by: aabbMargin(static: isStatic))
        shapes[s].aabb = box
        shapes[s].fatAABB = fat
        shapes[s].inStaticTree = isStatic
        let category = shapes[s].filter.categoryBits
        shapes[s].proxy = isStatic
            ? broadPhase.staticTree.createProxy(fat, categoryBits: category, userData: Int32(s))
            : broadPhase.movingTree.createProxy(fat, categoryBits: category, userData: Int32(s))
        bufferMove(s)
    }

    func destroyProxy(_ s: Int) {
        guard shapes[s].proxy >= 0 else { return }
        if shapes[s].inStaticTree {
            broadPhase.staticTree.destroyProxy(shapes[s].proxy)
        } else {
            broadPhase.movingTree.destroyProxy(shapes[s].proxy)
        }
        shapes[s].proxy = -1
    }

    /// Rebuilds a shape's proxy (its body changed type or its category changed).
    func recreateProxy(_ s: Int) {
        destroyProxy(s)
        createProxy(s)
    }

    @inline(__always) func bufferMove(_ s: Int) {
        guard !shapes[s].inMoveBuffer else { return }
        shapes[s].inMoveBuffer = true
        broadPhase.moveBuffer.append(Int32(s))
    }

    // MARK: - Filtering

    /// Category, mask and group rule of `Filter`.
    @inline(__always) static func filtersCollide(_ a: Filter, _ b: Filter) -> Bool {
        if a.groupIndex == b.groupIndex && a.groupIndex != 0 { return a.groupIndex > 0 }
        return a.maskBits & b.categoryBits != 0 && a.categoryBits & b.maskBits != 0
    }

    /// Whether two shapes should have a contact: different bodies, at least one dynamic, filters,
    /// joints with `collideConnected == false`, and the custom filter.
    func shouldCollide(_ a: Int, _ b: Int) -> Bool {
        let ba = Int(shapes[a].body), bb = Int(shapes[b].body)
        if ba == bb { return false }
        if bodyStore[ba].type != .dynamic && bodyStore[bb].type != .dynamic { return false }
        if !World.filtersCollide(shapes[a].filter, shapes[b].filter) { return false }
        if jointPreventsCollision(ba, bb) { return false }
        if let customFilter {
            let lo = Swift.min(a, b), hi = Swift.max(a, b)
            if !customFilter(shapeID(Int32(lo)), shapeID(Int32(hi))) { return false }
        }
        return true
    }

    /// True when a joint joins the bodies and does not let them collide.
    func jointPreventsCollision(_ a: Int, _ b: Int) -> Bool {
        // Walk the shorter-looking list: the body's joint edges.
        var key = bodyStore[a].jointHead
        while key >= 0 {
            let j = Int(key >> 1), side = Int(key & 1)
            let other = side == 0 ? jointStore[j].bodyB : jointStore[j].bodyA
            if other == Int32(b) && !jointStore[j].collideConnected { return true }
            key = jointStore[j].edge(side).next
        }
        return false
    }

    // MARK: - Pair search

    /// Finds new overlapping pairs around moved proxies and creates their contacts, in move-buffer
    /// order and, for each proxy, in the order its queries meet them (deterministic: the trees are
    /// built the same way for any worker count). When a proxy's search finds a pair that
    /// `WorldDef.maximumContactCount` leaves no room for, the search stops after that proxy: it and
    /// those not searched yet stay in the move buffer and are searched again on the next step, so
    /// their pairs get contacts once others end.
    func updatePairs() {
        broadPhase.newPairs.clear()
        let room = Swift.max(0, def.maximumContactCount - contactPool.liveCount)
        var searched = broadPhase.moveBuffer.count
        // Indexed loops: `for m in array` iterates a retained copy of the World's array.
        for k in 0..<broadPhase.moveBuffer.count {
            let s = Int(broadPhase.moveBuffer[k])
            guard shapePool.isLive(s), shapes[s].inMoveBuffer, shapes[s].proxy >= 0 else { continue }
            let fat = shapes[s].fatAABB
            // A positive group overrides the masks, so such a shape must see every category.
            let mask = shapes[s].filter.groupIndex > 0 ? UInt64.max : shapes[s].filter.maskBits
            let queryStatic = !shapes[s].inStaticTree
            // Closure literals (not stored in a variable) stay non-escaping: no allocation per query.
            broadPhase.movingTree.query(fat, maskBits: mask) { _, userData in
                self.considerPair(s, Int(userData))
                return true
            }
            if queryStatic {
                broadPhase.staticTree.query(fat, maskBits: mask) { _, userData in
                    self.considerPair(s, Int(userData))
                    return true
                }
            }
            // Checked per proxy, not per pair, to keep the queries' inner loop as it was: one
            // proxy's pairs past the cap are at most the shapes around it.
            if broadPhase.newPairs.count > room { searched = k; break }
        }
        isAtContactCapacity = searched < broadPhase.moveBuffer.count
        for k in 0..<searched where Int(broadPhase.moveBuffer[k]) < shapes.count {
            shapes[Int(broadPhase.moveBuffer[k])].inMoveBuffer = false
        }
        if isAtContactCapacity {
            broadPhase.moveBuffer.removeFirst(searched)
        } else {
            broadPhase.moveBuffer.clear()
        }
        // The pairs found past the cap are found again when their proxy is searched again.
        for k in 0..<Swift.min(broadPhase.newPairs.count, room) {
            let (a, b) = broadPhase.newPairs[k]
            if broadPhase.pairs[BroadPhase.pairKey(a, b)] == nil { createContact(Int(a), Int(b)) }
        }
    }

    @inline(__always) private func considerPair(_ s: Int, _ t: Int) {
        if t == s { return }
        // When both moved, the pair is found from both sides; keep the one from the lower index.
        if shapes[t].inMoveBuffer && t < s { return }
        if shapes[s].body == shapes[t].body { return }
        if broadPhase.pairs[BroadPhase.pairKey(Int32(s), Int32(t))] != nil { return }
        if !shouldCollide(s, t) { return }
        broadPhase.newPairs.append((Int32(Swift.min(s, t)), Int32(Swift.max(s, t))))
    }

    /// Drops contacts of shapes marked by `refilter` or `setFilter` that no longer pass, and queues
    /// the shapes for a new pair search so newly allowed pairs appear.
    func applyRefilters() {
        guard !refilterQueue.isEmpty else { return }
        for s32 in refilterQueue {
            let s = Int(s32)
            guard shapePool.isLive(s), shapes[s].needsRefilter else { continue }
            shapes[s].needsRefilter = false
            let b = Int(shapes[s].body)
            var key = bodyStore[b].contactHead
            while key >= 0 {
                let c = Int(key >> 1)
                let next = contacts[c].edge(Int(key & 1)).next
                if contacts[c].shapeA == s32 || contacts[c].shapeB == s32 {
                    if !shouldCollide(Int(contacts[c].shapeA), Int(contacts[c].shapeB)) {
                        wakeContactBodies(c)
                        destroyContact(c, reportEnd: true)
                    }
                }
                key = next
            }
            bufferMove(s)
        }
        refilterQueue.removeAll(keepingCapacity: true)
    }
}
