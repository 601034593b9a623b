// The step's scratch lists (SolverBuffers.swift): plain values the world keeps for its whole life,
// sized when a count changes and then read and written in place through their buffers.

/// A growable list owned by one object and never copied or shared. Opening it is
/// reading two words: an array checks that its storage is unique each time its mutable buffer is
/// opened, and a step opens its lists many times. The stores (bodies, shapes, contacts, joints) stay
/// arrays: they are values, copied by checkpoints.
final class ScratchList<Element>: RandomAccessCollection, MutableCollection {
    // No runtime exclusivity checks: a list belongs to one world, used from one thread at a time
    // (its workers write through buffers opened before), and no method calls back into the list.
    /// The elements. Valid until the next call that changes the count or grows the storage.
    @exclusivity(unchecked) private(set) var buffer = UnsafeMutableBufferPointer<Element>(start: nil, count: 0)
    @exclusivity(unchecked) private var capacity = 0

    init() {}

    deinit {
        buffer.baseAddress?.deinitialize(count: buffer.count)
        buffer.baseAddress?.deallocate()
    }

    var startIndex: Int { 0 }
    var endIndex: Int { buffer.count }

    subscript(i: Int) -> Element {
        get {
            precondition(i >= 0 && i < buffer.count, "ScratchList index out of range")
            return buffer[i]
        }
        set {
            precondition(i >= 0 && i < buffer.count, "ScratchList index out of range")
            buffer[i] = newValue
        }
    }

    func append(_ element: Element) {
        let n = buffer.count
        reserve(n + 1)
        (buffer.baseAddress! + n).initialize(to: element)
        buffer = UnsafeMutableBufferPointer(start: buffer.baseAddress, count: n + 1)
    }

    /// Makes the count `n`, keeping the elements below it; new ones are `filler`. Most calls find
    /// the count already `n`: that test is inline.
    @inline(__always) func resize(to n: Int, filler: Element) {
        if n != buffer.count { changeCount(to: n, filler: filler) }
    }

    private func changeCount(to n: Int, filler: Element) {
        let old = buffer.count
        if n > old {
            reserve(n)
            (buffer.baseAddress! + old).initialize(repeating: filler, count: n - old)
        } else if n < old {
            (buffer.baseAddress! + n).deinitialize(count: old - n)
        }
        buffer = UnsafeMutableBufferPointer(start: buffer.baseAddress, count: n)
    }

    /// Makes the count `n`, every element `value`.
    func reset(count n: Int, to value: Element) {
        clear()
        resize(to: n, filler: value)
    }

    /// Makes room for `n` elements without changing the count.
    func reserveCapacity(_ n: Int) { reserve(n) }

    /// Empties the list and keeps its storage.
    func clear() {
        buffer.baseAddress?.deinitialize(count: buffer.count)
        buffer = UnsafeMutableBufferPointer(start: buffer.baseAddress, count: 0)
    }

    func popLast() -> Element? {
        guard let last = buffer.last else { return nil }
        (buffer.baseAddress! + buffer.count - 1).deinitialize(count: 1)
        buffer = UnsafeMutableBufferPointer(start: buffer.baseAddress, count: buffer.count - 1)
        return last
    }

    /// Sorts in place (the elements are plain values: no copy-on-write to pay for).
    func sort(by areInIncreasingOrder: (Element, Element) throws -> Bool) rethrows {
        var b = buffer
        try b.sort(by: areInIncreasingOrder)
    }

    private func reserve(_ n: Int) {
        guard n > capacity else { return }
        let newCapacity = Swift.max(n, 2 * capacity, 16)
        let storage = UnsafeMutablePointer<Element>.allocate(capacity: newCapacity)
        if let old = buffer.baseAddress {
            storage.moveInitialize(from: old, count: buffer.count)
            old.deallocate()
        }
        buffer = UnsafeMutableBufferPointer(start: storage, count: buffer.count)
        capacity = newCapacity
    }
}

extension ScratchList where Element: Comparable {
    func sort() { sort(by: <) }
}
