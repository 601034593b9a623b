// What Lua holds by handle (worlds, behaviours, regions): values in the engine's `SlotMap`
// (Physics, Storage/SlotPool.swift), so a freed slot is reused with the next generation and a handle
// to what was there before no longer resolves, and memory stays bounded however many objects a long
// session makes; plus the count of Lua userdata per slot, which decides when a value may be freed.
import KineticPhysics

/// A `SlotMap` with a count of live Lua userdata per slot.
struct SlotTable<Value> {
    private var map = SlotMap<Value>()
    /// Per slot, userdata for its current handle that Lua has not collected yet.
    private var userdata: [Int32] = []

    /// Slots in use.
    var count: Int { map.count }

    /// Stores `value` in a free slot (or a new one) and returns its handle.
    mutating func insert(_ value: Value) -> SlotHandle {
        let handle = map.insert(value)
        if Int(handle.slot) == userdata.count { userdata.append(0) } else { userdata[Int(handle.slot)] = 0 }
        return handle
    }

    /// Empties the slot: its generation moves on, so its handles go stale. Returns the value.
    @discardableResult
    mutating func remove(_ slot: Int32) -> Value? {
        guard let value = map.remove(slot) else { return nil }
        userdata[Int(slot)] = 0
        return value
    }

    /// Calls `body` with the slots (nil where free), for a reader that must not retain what it
    /// finds (the fast item properties).
    @inline(__always)
    func withUnsafeSlots<R>(_ body: (UnsafeBufferPointer<Value?>) -> R) -> R { map.withUnsafeSlots(body) }

    /// The value of a slot in use (a handle that was validated, or a slot a live object records).
    subscript(slot: Int) -> Value { map[slot] }

    /// The value if the handle is current, nil for a stale or foreign one.
    func value(_ handle: SlotHandle) -> Value? { map.value(handle) }

    func isLive(_ handle: SlotHandle) -> Bool { map.isLive(handle) }

    /// The current handle of a slot in use.
    func handle(_ slot: Int32) -> SlotHandle { map.handle(slot) }

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
    var live: [(slot: Int32, value: Value)] { map.live }
}
