// Constraint graph colouring (Box2D v3 constraint_graph.c; rebuilt when the islands change):
// contacts are grouped into colours so that no two contacts of a colour move the same dynamic body,
// and the solver walks them colour by colour. Consecutive contacts then rarely share a body, so the
// processor overlaps their solves instead of waiting for the previous one's velocity writes, and
// the order is the same for the same input (determinism): greedy, in contact order.

extension World {
    /// Fills `solverOrder` with the indices of the contacts that get a constraint this step, grouped
    /// by colour (contact order within a colour), and `colorStarts` with where each colour begins
    /// (the overflow group last, then the total). `n` is the awake body count: solver indices equal
    /// to `n` are static or sleeping bodies, which any number of contacts of a colour may touch.
    /// Reads the solver indices, so it runs after the body states are set up.
    func colorContacts(_ n: Int32) {
        let words = (Int(n) + 63) >> 6
        buffers.colorBodyBits.removeAll(keepingCapacity: true)
        buffers.colorBodyBits.append(contentsOf: repeatElement(0, count: words * Tuning.graphColorCount))
        buffers.contactColors.removeAll(keepingCapacity: true)
        var counts = (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)  // per colour + overflow: Tuning.graphColorCount + 1
        withUnsafeMutableBytes(of: &counts) { countBytes in
            let count = countBytes.bindMemory(to: Int.self)
            contacts.withUnsafeBufferPointer { contacts in
                buffers.solverIndex.withUnsafeBufferPointer { solverIndex in
                    buffers.colorBodyBits.withUnsafeMutableBufferPointer { bits in
                        for ci in 0..<contacts.count {
                            let contact = contacts.baseAddress! + ci
                            guard contactPool.isLive(ci), contact.pointee.isTouching, !contact.pointee.isSensor,
                                  contact.pointee.manifold.pointCount > 0 else { continue }
                            let a = Int(contact.pointee.bodyA), b = Int(contact.pointee.bodyB)
                            let ia = solverIndex[a], ib = solverIndex[b]
                            if ia == n && ib == n { continue }
                            // Every body with a solver state of its own is reserved: dynamic bodies
                            // change velocity in the contact solve, and kinematic ones are stored
                            // back, so two contacts of a colour on worker threads never share one.
                            let movesA = ia != n
                            let movesB = ib != n
                            var color = Tuning.graphColorCount
                            for k in 0..<Tuning.graphColorCount {
                                let row = k * words
                                if movesA && bits[row + Int(ia >> 6)] & (1 << UInt64(ia & 63)) != 0 { continue }
                                if movesB && bits[row + Int(ib >> 6)] & (1 << UInt64(ib & 63)) != 0 { continue }
                                if movesA { bits[row + Int(ia >> 6)] |= 1 << UInt64(ia & 63) }
                                if movesB { bits[row + Int(ib >> 6)] |= 1 << UInt64(ib & 63) }
                                color = k
                                break
                            }
                            buffers.contactColors.append(ContactColor(contact: Int32(ci), color: Int32(color)))
                            count[color] += 1
                        }
                    }
                }
            }
            // Counting sort by colour: stable, so contact order is kept within a colour.
            buffers.colorStarts.removeAll(keepingCapacity: true)
            var start = 0
            for k in 0...Tuning.graphColorCount {
                let c = count[k]
                count[k] = start
                buffers.colorStarts.append(Int32(start))
                start += c
            }
            buffers.colorStarts.append(Int32(start))
            buffers.solverOrder.removeAll(keepingCapacity: true)
            buffers.solverOrder.append(contentsOf: repeatElement(0, count: start))
            buffers.solverOrder.withUnsafeMutableBufferPointer { order in
                for entry in buffers.contactColors {
                    let k = Int(entry.color)
                    order[count[k]] = entry.contact
                    count[k] += 1
                }
            }
        }
    }
}

/// A contact and the colour it was given.
struct ContactColor {
    var contact: Int32
    var color: Int32
}

extension World {
    /// With `-DKINETIC_VALIDATE`: checks that the colouring kept from the last step is the one
    /// `colorContacts` would build now (it is reused while the islands are unchanged).
    @inline(__always) func validateColoring(_ n: Int32) {
        #if KINETIC_VALIDATE
        let order = buffers.solverOrder, starts = buffers.colorStarts
        colorContacts(n)
        precondition(order == buffers.solverOrder && starts == buffers.colorStarts, "reused contact colouring differs from a fresh one")
        #endif
    }
}

extension World {
    /// With `-DKINETIC_VALIDATE`: checks that the contact schedule kept from the last step
    /// (`ContactSchedule.refill`) groups the constraints as a fresh `build` does.
    @inline(__always) func validateContactSchedule(_ cs: UnsafeMutableBufferPointer<ContactConstraint>,
                                                   _ colorStarts: UnsafeBufferPointer<Int32>) {
        #if KINETIC_VALIDATE
        var fresh = ContactSchedule()
        fresh.build(cs, colorStarts)
        let kept = buffers.contactSchedule
        precondition(fresh.pairCount == kept.pairCount && Array(fresh.singles) == Array(kept.singles)
                     && fresh.groups.elementsEqual(kept.groups) { $0.pairStart == $1.pairStart && $0.pairEnd == $1.pairEnd
                                                                  && $0.singleStart == $1.singleStart && $0.singleEnd == $1.singleEnd }
                     && (0..<fresh.pairCount).allSatisfy { fresh.pairs[$0].constraint0 == kept.pairs[$0].constraint0
                                                           && fresh.pairs[$0].constraint1 == kept.pairs[$0].constraint1 },
                     "kept contact schedule differs from a fresh one")
        #endif
    }
}
