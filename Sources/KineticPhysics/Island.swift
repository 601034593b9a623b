// Islands and sleep (Box2D 2.4's per-step island search with v3's thresholds): bodies linked by
// touching contacts or joints form an island; an island falls asleep when every body in it has been
// slower than the sleep threshold for `Tuning.timeToSleep`. Static bodies never join islands.

extension World {
    /// Collects the awake set by depth-first search from every awake moving body, waking sleeping
    /// bodies it reaches. Fills `awakeBodies` (island by island), `islandEnds` and `solverIndex`
    /// (position in `awakeBodies`, or `awakeBodies.count` for static and sleeping bodies).
    /// Returns false when nothing that shapes the islands changed: last step's search still holds.
    @discardableResult func buildIslands() -> Bool {
        guard islandsDirty || buffers.solverIndex.count != bodyStore.count else { return false }
        islandsDirty = false
        buffers.awakeBodies.clear()
        buffers.islandEnds.clear()
        buffers.islandStack.clear()
        let unvisited: Int32 = -1, queued: Int32 = -2
        if buffers.solverIndex.count != bodyStore.count {
            buffers.solverIndex.reset(count: bodyStore.count, to: unvisited)
        } else {
            for i in buffers.solverIndex.indices { buffers.solverIndex[i] = unvisited }
        }
        bodyStore.withUnsafeMutableBufferPointer { bodies in
            contacts.withUnsafeBufferPointer { contacts in
                jointStore.withUnsafeBufferPointer { joints in
                    let solverIndex = buffers.solverIndex.buffer
                    for seed in 0..<bodies.count {
                        guard bodyPool.isLive(seed), bodies[seed].isSimulated, solverIndex[seed] == unvisited else { continue }
                        buffers.islandStack.append(Int32(seed))
                        solverIndex[seed] = queued
                        while let b32 = buffers.islandStack.popLast() {
                            let b = Int(b32)
                            solverIndex[b] = Int32(buffers.awakeBodies.count)
                            buffers.awakeBodies.append(b32)
                            // Reached through a contact or joint: awake, sleep timer kept (Box2D 2.4).
                            bodies[b].isAwake = true
                            var key = bodies[b].contactHead
                            while key >= 0 {
                                let c = Int(key >> 1), side = Int(key & 1)
                                key = side == 0 ? contacts[c].edgeA.next : contacts[c].edgeB.next
                                guard contacts[c].isTouching, !contacts[c].isSensor else { continue }
                                let other = Int(side == 0 ? contacts[c].bodyB : contacts[c].bodyA)
                                if bodies[other].type == .static || solverIndex[other] != unvisited { continue }
                                solverIndex[other] = queued
                                buffers.islandStack.append(Int32(other))
                            }
                            key = bodies[b].jointHead
                            while key >= 0 {
                                let j = Int(key >> 1), side = Int(key & 1)
                                key = side == 0 ? joints[j].edgeA.next : joints[j].edgeB.next
                                let other32 = side == 0 ? joints[j].bodyB : joints[j].bodyA
                                guard other32 >= 0 else { continue }
                                let other = Int(other32)
                                if bodies[other].type == .static || solverIndex[other] != unvisited { continue }
                                solverIndex[other] = queued
                                buffers.islandStack.append(other32)
                            }
                        }
                        buffers.islandEnds.append(Int32(buffers.awakeBodies.count))
                    }
                }
            }
        }
        let dummy = Int32(buffers.awakeBodies.count)
        for i in buffers.solverIndex.indices where buffers.solverIndex[i] < 0 { buffers.solverIndex[i] = dummy }
        return true
    }

    /// Puts to sleep every island whose slowest-to-settle body has rested for `Tuning.timeToSleep`.
    func sleepIslands() {
        guard def.enableSleep else { return }
        var start = 0
        for end32 in buffers.islandEnds {
            let end = Int(end32)
            var minSleepTime = Double.greatestFiniteMagnitude
            for i in start..<end { minSleepTime = Swift.min(minSleepTime, bodyStore[Int(buffers.awakeBodies[i])].sleepTime) }
            if minSleepTime >= Tuning.timeToSleep {
                for i in start..<end { sleep(Int(buffers.awakeBodies[i])) }
            }
            start = end
        }
    }
}
