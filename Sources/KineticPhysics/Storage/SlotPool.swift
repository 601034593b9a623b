// The one generational slot pool of the codebase (Box2D v3's id_pool.c with the generations of
// rapier's Arena): every store of bodies, shapes, joints, contacts, items, boundaries, worlds,
// behaviours and regions takes its slots here. Freed slots are reused last freed first, so the
// same creations and destructions always give the same indices (determinism).

/// Slot indices for storage arrays that keep their values themselves (one array per field, or one
/// of structs), with a generation per slot so a handle outlives neither its object nor the slot's
/// reuse. A generation is odd while its slot is in use and even while it is free (the versions of
/// Rust's slotmap): the one array answers both "is this slot in use" and "is this handle current".
public struct SlotPool {
    /// Per slot, its generation: odd in use, even free. Its count is the number of slots ever
    /// handed out, which is the count of the storage arrays.
    public private(set) var generations: ContiguousArray<UInt32> = []
    /// Freed slots, reused last freed first.
    private var free: ContiguousArray<Int32> = []
    /// Per slot, the highest generation it ever had before a `restore` took it back: a slot taken
    /// again gets a newer one, so no handle made after a checkpoint comes back to life after
    /// restoring it. Empty until a restore.
    private var highest: ContiguousArray<UInt32> = []

    public init() {}

    /// Slots ever handed out (the storage arrays' count).
    @inlinable public var slotCount: Int { generations.count }
    /// Slots in use.
    public var liveCount: Int { generations.count - free.count }

    /// Takes a slot: the last one freed, or a new one at `slotCount` (`isNew`: the caller appends to
    /// its arrays). Its generation moves to the next odd number.
    public mutating func allocate() -> (slot: Int32, isNew: Bool) {
        if let slot = free.popLast() {
            generations[Int(slot)] = nextGeneration(Int(slot), after: generations[Int(slot)])
            return (slot, false)
        }
        generations.append(nextGeneration(generations.count, after: 0))
        return (Int32(generations.count - 1), true)
    }

    /// The odd generation after `generation`, and after every one the slot had before a restore.
    @inline(__always) private func nextGeneration(_ slot: Int, after generation: UInt32) -> UInt32 {
        guard slot < highest.count, highest[slot] > generation else { return generation &+ 1 }
        return (highest[slot] &+ 1) | 1
    }

    /// Takes the pool back to `saved` (a copy of it made earlier), remembering the generations
    /// handed out since so they are never handed out again.
    package mutating func restore(_ saved: SlotPool) {
        var highest = saved.highest
        let count = Swift.max(generations.count, self.highest.count)
        if highest.count < count { highest.append(contentsOf: repeatElement(0, count: count - highest.count)) }
        for i in 0..<count {
            let now = Swift.max(i < generations.count ? generations[i] : 0, i < self.highest.count ? self.highest[i] : 0)
            highest[i] = Swift.max(highest[i], now)
        }
        self = saved
        self.highest = highest
    }

    /// Frees a slot in use: its generation moves to the next even number, so its handles go stale.
    public mutating func release(_ slot: Int32) {
        precondition(isLive(Int(slot)), "slot \(slot) released twice")
        generations[Int(slot)] &+= 1
        free.append(slot)
    }

    /// True while the slot is in use (a slot below `slotCount`).
    @inlinable @inline(__always) public func isLive(_ slot: Int) -> Bool { generations[slot] & 1 != 0 }

    /// The generation of a slot (below `slotCount`); a handle made now carries it.
    @inlinable @inline(__always) public func generation(_ slot: Int32) -> UInt32 { generations[Int(slot)] }

    /// Runs `body` with a reader of which slots are in use, for a step's loop over every slot of a
    /// store: read through the world each time, the pool's array is retained and released per slot.
    /// Mutating only to read: through a read-only access the world's pool would be copied (its
    /// arrays retained and released) once per call.
    @inline(__always)
    public mutating func withLiveSlots<R>(_ body: (LiveSlots) -> R) -> R {
        generations.withUnsafeMutableBufferPointer { body(LiveSlots(generations: UnsafeBufferPointer($0))) }
    }

    /// Which slots of a pool are in use, read through a pointer (`withLiveSlots`).
    public struct LiveSlots {
        @usableFromInline let generations: UnsafeBufferPointer<UInt32>
        @inlinable init(generations: UnsafeBufferPointer<UInt32>) { self.generations = generations }
        @inlinable @inline(__always) public subscript(slot: Int) -> Bool { generations[slot] & 1 != 0 }
    }

    /// True when a handle's slot and generation name an object in use: false for a slot out of
    /// range, freed, or reused since the handle was made.
    @inlinable @inline(__always) public func isCurrent(_ slot: Int32, _ generation: UInt32) -> Bool {
        slot >= 0 && Int(slot) < generations.count && generation & 1 != 0 && generations[Int(slot)] == generation
    }
}

/// A slot and the generation it had when the handle was made (`SlotMap`'s key).
public struct SlotHandle: Hashable, Sendable {
    public let slot: Int32
    public let generation: UInt32
    @inlinable public init(slot: Int32, generation: UInt32) { self.slot = slot; self.generation = generation }
}

/// Values addressed by slot + generation (rapier's `Arena`): a `SlotPool` and the values of its
/// slots. A freed slot's value is released at once.
public struct SlotMap<Value> {
    public private(set) var slots = SlotPool()
    @usableFromInline var values: ContiguousArray<Value?> = []

    public init() {}

    /// Values in use.
    public var count: Int { slots.liveCount }

    /// Stores `value` in a free slot (or a new one) and returns its handle.
    public mutating func insert(_ value: Value) -> SlotHandle {
        let (slot, isNew) = slots.allocate()
        if isNew { values.append(value) } else { values[Int(slot)] = value }
        return SlotHandle(slot: slot, generation: slots.generation(slot))
    }

    /// Empties a slot in use: its handles go stale. Returns its value, nil for a free slot.
    @discardableResult
    public mutating func remove(_ slot: Int32) -> Value? {
        guard slot >= 0, Int(slot) < values.count, let value = values[Int(slot)] else { return nil }
        values[Int(slot)] = nil
        slots.release(slot)
        return value
    }

    /// The value if the handle is current, nil for a stale or foreign one.
    @inlinable public func value(_ handle: SlotHandle) -> Value? {
        slots.isCurrent(handle.slot, handle.generation) ? values[Int(handle.slot)] : nil
    }

    @inlinable public func isLive(_ handle: SlotHandle) -> Bool { slots.isCurrent(handle.slot, handle.generation) }

    /// The value of a slot in use (a handle that was validated, or a slot a live object records).
    @inlinable public subscript(slot: Int) -> Value { values[slot]! }

    /// The current handle of a slot in use.
    public func handle(_ slot: Int32) -> SlotHandle { SlotHandle(slot: slot, generation: slots.generation(slot)) }

    /// Calls `body` with the values by slot (nil where free), for a reader that must not retain
    /// what it finds (the fast item properties).
    @inlinable @inline(__always)
    public func withUnsafeSlots<R>(_ body: (UnsafeBufferPointer<Value?>) -> R) -> R { values.withUnsafeBufferPointer(body) }

    /// Every value in use, by slot order.
    public var live: [(slot: Int32, value: Value)] {
        values.enumerated().compactMap { i, v in v.map { (Int32(i), $0) } }
    }
}
