// Slots with generations for what Lua holds by handle (worlds, behaviours, regions): a freed slot
// is reused with the next generation, so a handle to what was there before no longer resolves,
// and memory stays bounded however many objects a long session makes.

/// A slot and the generation it had when the handle was made.
struct SlotHandle: Hashable {
    let slot: Int32
    let generation: UInt32
}

/// A table of values addressed by slot + generation, with a count of live Lua userdata per slot.
struct SlotTable<Value> {
    private var values: [Value?] = []
    private var generations: [UInt32] = []
    /// Userdata for the slot's handle that Lua has not collected yet.
    private var userdata: [Int32] = []
    /// Freed slots, reused last-freed first.
    private var free: [Int32] = []

    /// Slots in use.
    var count: Int { values.count - free.count }

    /// Stores `value` in a free slot (or a new one) and returns its handle.
    mutating func insert(_ value: Value) -> SlotHandle {
        if let slot = free.popLast() {
            values[Int(slot)] = value
            return SlotHandle(slot: slot, generation: generations[Int(slot)])
        }
        values.append(value)
        generations.append(0)
        userdata.append(0)
        return SlotHandle(slot: Int32(values.count - 1), generation: 0)
    }

    /// Empties the slot: its generation moves on, so its handles go stale. Returns the value.
    @discardableResult
    mutating func remove(_ slot: Int32) -> Value? {
        let i = Int(slot)
        guard let value = values[i] else { return nil }
        values[i] = nil
        generations[i] &+= 1
        userdata[i] = 0
        free.append(slot)
        return value
    }

    /// Calls `body` with the slots (nil where free), for a reader that must not retain what it
    /// finds (the fast item properties).
    @inline(__always)
    func withUnsafeSlots<R>(_ body: (UnsafeBufferPointer<Value?>) -> R) -> R { values.withUnsafeBufferPointer(body) }

    /// The value of a slot in use (a handle that was validated, or a slot a live object records).
    subscript(slot: Int) -> Value { values[slot]! }

    /// The value if the handle is current, nil for a stale or foreign one.
    func value(_ handle: SlotHandle) -> Value? {
        let i = Int(handle.slot)
        guard i >= 0, i < values.count, generations[i] == handle.generation else { return nil }
        return values[i]
    }

    func isLive(_ handle: SlotHandle) -> Bool { value(handle) != nil }

    /// The current handle of a slot in use.
    func handle(_ slot: Int32) -> SlotHandle { SlotHandle(slot: slot, generation: generations[Int(slot)]) }

    /// Counts a userdata made for a current handle.
    mutating func userdataMade(_ handle: SlotHandle) {
        guard isLive(handle) else { return }
        userdata[Int(handle.slot)] += 1
    }

    /// Counts a collected userdata; true when it was the slot's last one. A handle of an earlier
    /// generation (its slot already freed) is ignored.
    mutating func userdataCollected(_ handle: SlotHandle) -> Bool {
        guard isLive(handle) else { return false }
        userdata[Int(handle.slot)] -= 1
        return userdata[Int(handle.slot)] <= 0
    }

    /// Userdata of the slot Lua still holds (or has not collected yet).
    func userdataCount(_ slot: Int32) -> Int32 { userdata[Int(slot)] }

    /// Every value in use, by slot order.
    var live: [(slot: Int32, value: Value)] {
        values.enumerated().compactMap { i, v in v.map { (Int32(i), $0) } }
    }
}
