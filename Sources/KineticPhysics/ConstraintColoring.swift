// Constraint graph colouring (Box2D v3 constraint_graph.c; rebuilt when the islands change):
// constraints are grouped into colours so that no two constraints of a colour move the same body
// with a solver state of its own, and the solver walks them colour by colour. A colour's
// constraints can then be solved side by side on the worker threads, consecutive ones rarely wait
// on each other's velocity writes, and the order is the same for the same input (determinism):
// greedy, in constraint order. Contacts and joints are coloured apart (each from an empty graph):
// a pass solves every joint before every contact, as Kinetic did before it had colours, and a scene
// of contacts only keeps the colours it had.

extension World {
    /// Fills `solverOrder` with the indices of the contacts that get a constraint this step, grouped
    /// by colour (contact order within a colour), and `colorStarts` with where each colour begins
    /// (the overflow group last, then the total). `n` is the awake body count: solver indices equal
    /// to `n` are static or sleeping bodies, which any number of contacts of a colour may touch.
    /// Reads the solver indices, so it runs after the body states are set up.
    func colorContacts(_ n: Int32) {
        let words = clearColorBits(n)
        buffers.constraintColors.clear()
        contacts.withUnsafeBufferPointer { contacts in
            let solverIndex = UnsafeBufferPointer(buffers.solverIndex.buffer)
            let bits = buffers.colorBodyBits.buffer
            for ci in 0..<contacts.count {
                let contact = contacts.baseAddress! + ci
                guard contactPool.isLive(ci), contact.pointee.isTouching, !contact.pointee.isSensor,
                      contact.pointee.manifold.pointCount > 0 else { continue }
                let ia = solverIndex[Int(contact.pointee.bodyA)], ib = solverIndex[Int(contact.pointee.bodyB)]
                if ia == n && ib == n { continue }
                let color = firstFreeColor(bits, words: words, ia, ib, n: n)
                buffers.constraintColors.append(ConstraintColor(item: Int32(ci), color: Int32(color)))
            }
        }
        groupByColor(into: buffers.solverOrder, starts: buffers.colorStarts)
    }

    /// Fills `jointOrder` with `activeJoints` grouped by colour and `jointColorStarts` with where each
    /// colour begins, as `colorContacts` does for contacts, but walking the list from its end (so
    /// reverse list order within a colour): which joints share a colour decides the order of the
    /// Gauss-Seidel passes, and this one holds the joint grid tightest (the orders tried are in
    /// docs/benchmarks.md, "Worker threads"). A joint with no body A (a target joint) touches only B.
    func colorJoints(_ n: Int32) {
        let words = clearColorBits(n)
        buffers.constraintColors.clear()
        jointStore.withUnsafeBufferPointer { joints in
            let solverIndex = UnsafeBufferPointer(buffers.solverIndex.buffer)
            let bits = buffers.colorBodyBits.buffer
            for j in buffers.activeJoints.reversed() {
                let joint = joints.baseAddress! + Int(j)
                let ia = joint.pointee.bodyA >= 0 ? solverIndex[Int(joint.pointee.bodyA)] : n
                let ib = solverIndex[Int(joint.pointee.bodyB)]
                let color = firstFreeColor(bits, words: words, ia, ib, n: n)
                buffers.constraintColors.append(ConstraintColor(item: j, color: Int32(color)))
            }
        }
        groupByColor(into: buffers.jointOrder, starts: buffers.jointColorStarts)
    }

    /// Empties every colour's row of body bits (one bit per awake body); returns the row's length in words.
    private func clearColorBits(_ n: Int32) -> Int {
        let words = (Int(n) + 63) >> 6
        buffers.colorBodyBits.reset(count: words * Tuning.graphColorCount, to: 0)
        return words
    }

    /// Counting sort of `constraintColors` by colour: `order` gets the items, colour after colour
    /// (stable, so list order is kept within a colour), `starts` where each colour begins, the
    /// overflow group's start (`Tuning.graphColorCount`) and the total.
    private func groupByColor(into order: ScratchList<Int32>, starts: ScratchList<Int32>) {
        var counts = (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)  // per colour + overflow: Tuning.graphColorCount + 1
        withUnsafeMutableBytes(of: &counts) { countBytes in
            let count = countBytes.bindMemory(to: Int.self)
            let entries = buffers.constraintColors.buffer
            for entry in entries { count[Int(entry.color)] += 1 }
            starts.resize(to: Tuning.graphColorCount + 2, filler: 0)
            let startList = starts.buffer
            var start = 0
            for k in 0...Tuning.graphColorCount {
                let c = count[k]
                count[k] = start
                startList[k] = Int32(start)
                start += c
            }
            startList[Tuning.graphColorCount + 1] = Int32(start)
            order.resize(to: start, filler: 0)
            let orderList = order.buffer
            for entry in entries {
                let k = Int(entry.color)
                orderList[count[k]] = entry.item
                count[k] += 1
            }
        }
    }
}

/// The first colour in which neither body of a constraint between solver indices `ia` and `ib` is
/// taken, with its bodies marked there; `Tuning.graphColorCount` (the overflow group) when there is
/// none. Every body with a solver state of its own is reserved: dynamic bodies change velocity in
/// the solve, and kinematic ones are stored back, so two constraints of a colour on worker threads
/// never share one. Index `n`, the one state of static and sleeping bodies, is never written.
@inline(__always) private func firstFreeColor(_ bits: UnsafeMutableBufferPointer<UInt64>, words: Int,
                                              _ ia: Int32, _ ib: Int32, n: Int32) -> Int {
    let movesA = ia != n, movesB = ib != n
    for k in 0..<Tuning.graphColorCount {
        let row = k * words
        if movesA && bits[row + Int(ia >> 6)] & (1 << UInt64(ia & 63)) != 0 { continue }
        if movesB && bits[row + Int(ib >> 6)] & (1 << UInt64(ib & 63)) != 0 { continue }
        if movesA { bits[row + Int(ia >> 6)] |= 1 << UInt64(ia & 63) }
        if movesB { bits[row + Int(ib >> 6)] |= 1 << UInt64(ib & 63) }
        return k
    }
    return Tuning.graphColorCount
}

/// A constraint (a contact's or a joint's index) and the colour it was given.
struct ConstraintColor {
    var item: Int32
    var color: Int32
}

extension World {
    /// With `-DKINETIC_VALIDATE`: checks that the colouring kept from the last step is the one
    /// `colorContacts` would build now (it is reused while the islands are unchanged).
    @inline(__always) func validateColoring(_ n: Int32) {
        #if KINETIC_VALIDATE
        let order = Array(buffers.solverOrder), starts = Array(buffers.colorStarts)
        colorContacts(n)
        precondition(order == Array(buffers.solverOrder) && starts == Array(buffers.colorStarts), "reused contact colouring differs from a fresh one")
        #endif
    }
}

/// With `-DKINETIC_VALIDATE`: checks that the contact schedule kept from the last step groups the
/// constraints as a fresh `ContactSchedule.build` does (it is reused while the colouring and the
/// constraints' point counts are unchanged).
@inline(__always) func validateContactSchedule(_ kept: ContactSchedule, _ inputs: UnsafeBufferPointer<PairingInput>,
                                               _ colorStarts: UnsafeBufferPointer<Int32>) {
    #if KINETIC_VALIDATE
    var fresh = ContactSchedule()
    fresh.build(inputs, colorStarts)
    precondition(fresh.bundleCount == kept.bundleCount && Array(fresh.singles) == Array(kept.singles)
                 && Array(fresh.lanes) == Array(kept.lanes)
                 && fresh.groups.elementsEqual(kept.groups) { $0.bundleStart == $1.bundleStart && $0.bundleEnd == $1.bundleEnd
                                                              && $0.singleStart == $1.singleStart && $0.singleEnd == $1.singleEnd },
                 "kept contact schedule differs from a fresh one")
    #endif
}
