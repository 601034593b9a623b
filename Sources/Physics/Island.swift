// Islands and sleep (Box2D 2.4's per-step island search with v3's thresholds): bodies linked by
// touching contacts or joints form an island; an island falls asleep when every body in it has been
// slower than the sleep threshold for `timeToSleep`. Static bodies never join islands.

extension World {
    /// Box2D b2_timeToSleep.
    static let timeToSleep = 0.5

    /// Collects the awake set by depth-first search from every awake moving body, waking sleeping
    /// bodies it reaches. Fills `awakeBodies` (island by island), `islandEnds` and `solverIndex`
    /// (position in `awakeBodies`, or `awakeBodies.count` for static and sleeping bodies).
    func buildIslands() {
        awakeBodies.removeAll(keepingCapacity: true)
        islandEnds.removeAll(keepingCapacity: true)
        let unvisited: Int32 = -1, queued: Int32 = -2
        if solverIndex.count != bodyStore.count {
            solverIndex = ContiguousArray(repeating: unvisited, count: bodyStore.count)
        } else {
            for i in solverIndex.indices { solverIndex[i] = unvisited }
        }
        for seed in 0..<bodyStore.count {
            guard bodyStore[seed].isLive, bodyStore[seed].isSimulated, solverIndex[seed] == unvisited else { continue }
            islandStack.removeAll(keepingCapacity: true)
            islandStack.append(Int32(seed))
            solverIndex[seed] = queued
            while let b32 = islandStack.popLast() {
                let b = Int(b32)
                solverIndex[b] = Int32(awakeBodies.count)
                awakeBodies.append(b32)
                // Reached through a contact or joint: awake, sleep timer kept (Box2D 2.4).
                bodyStore[b].isAwake = true
                var key = bodyStore[b].contactHead
                while key >= 0 {
                    let c = Int(key >> 1), side = Int(key & 1)
                    let contact = contacts[c]
                    key = contact.edge(side).next
                    guard contact.isTouching, !contact.isSensor else { continue }
                    let other = Int(side == 0 ? contact.bodyB : contact.bodyA)
                    if bodyStore[other].type == .static || solverIndex[other] != unvisited { continue }
                    solverIndex[other] = queued
                    islandStack.append(Int32(other))
                }
                key = bodyStore[b].jointHead
                while key >= 0 {
                    let j = Int(key >> 1), side = Int(key & 1)
                    key = jointStore[j].edge(side).next
                    let other32 = side == 0 ? jointStore[j].bodyB : jointStore[j].bodyA
                    guard other32 >= 0 else { continue }
                    let other = Int(other32)
                    if bodyStore[other].type == .static || solverIndex[other] != unvisited { continue }
                    solverIndex[other] = queued
                    islandStack.append(other32)
                }
            }
            islandEnds.append(Int32(awakeBodies.count))
        }
        let dummy = Int32(awakeBodies.count)
        for i in solverIndex.indices where solverIndex[i] < 0 { solverIndex[i] = dummy }
    }

    /// Puts to sleep every island whose slowest-to-settle body has rested for `timeToSleep`.
    func sleepIslands() {
        guard def.enableSleep else { return }
        var start = 0
        for end32 in islandEnds {
            let end = Int(end32)
            var minSleepTime = Double.greatestFiniteMagnitude
            for i in start..<end { minSleepTime = Swift.min(minSleepTime, bodyStore[Int(awakeBodies[i])].sleepTime) }
            if minSleepTime >= World.timeToSleep {
                for i in start..<end { sleep(Int(awakeBodies[i])) }
            }
            start = end
        }
    }
}
