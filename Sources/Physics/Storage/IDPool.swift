// Slot allocation for the engine's storage arrays: freed slots are reused last-in first-out, so the
// same sequence of creations and destructions always yields the same indices (determinism).

/// Hands out slot indices for a storage array and recycles freed ones.
struct IDPool {
    /// Freed slots, reused in LIFO order.
    private(set) var free: ContiguousArray<Int32> = []
    /// Number of slots ever handed out (the storage array's count).
    private(set) var slotCount: Int32 = 0

    /// A slot to fill: a recycled one, or `slotCount` (the caller appends) when `isNew`.
    mutating func allocate() -> (index: Int32, isNew: Bool) {
        if let i = free.popLast() { return (i, false) }
        slotCount += 1
        return (slotCount - 1, true)
    }

    mutating func release(_ index: Int32) { free.append(index) }

    /// Slots in use.
    var liveCount: Int { Int(slotCount) - free.count }
}

/// Links of one object in a body's intrusive list of contacts or joints. A key is `index << 1 | side`
/// (side 0: the object's body A, side 1: body B), Box2D's contact and joint edges.
struct Edge {
    var prev: Int32 = -1
    var next: Int32 = -1
}
