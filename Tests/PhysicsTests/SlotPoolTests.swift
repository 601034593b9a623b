// The one generational slot pool (Storage/SlotPool.swift): slots reused last freed first (the order
// the determinism hash depends on), generations that make old handles stale, and the slot map on it.
import Testing
@testable import KineticPhysics

@Suite struct SlotPoolTests {
    @Test func freedSlotsAreReusedLastFreedFirst() {
        var pool = SlotPool()
        for expected in Int32(0)..<4 { #expect(pool.allocate() == (expected, true)) }
        pool.release(1)
        pool.release(3)
        pool.release(0)
        #expect(pool.allocate() == (0, false))
        #expect(pool.allocate() == (3, false))
        #expect(pool.allocate() == (1, false))
        #expect(pool.allocate() == (4, true))
        #expect(pool.liveCount == 5 && pool.slotCount == 5)
    }

    @Test func aReusedSlotHasANewGeneration() {
        var pool = SlotPool()
        let slot = pool.allocate().slot
        let first = pool.generation(slot)
        #expect(pool.isLive(Int(slot)) && pool.isCurrent(slot, first))
        pool.release(slot)
        #expect(!pool.isLive(Int(slot)) && !pool.isCurrent(slot, first))
        // The slot's generation while free never passes for a handle.
        #expect(!pool.isCurrent(slot, pool.generation(slot)))
        #expect(pool.allocate().slot == slot)
        let second = pool.generation(slot)
        #expect(second != first && pool.isCurrent(slot, second) && !pool.isCurrent(slot, first))
        #expect(!pool.isCurrent(-1, 1) && !pool.isCurrent(7, 1))
    }

    @Test func theSlotMapRefusesStaleHandlesAndReleasesValues() {
        final class Box { }
        var map = SlotMap<Box>()
        weak var released: Box?
        let a = map.insert({ let b = Box(); released = b; return b }())
        let b = map.insert(Box())
        #expect(map.count == 2 && map.value(a) != nil && map.isLive(b))
        #expect(map.remove(a.slot) != nil)
        #expect(released == nil)
        #expect(map.value(a) == nil && map.remove(a.slot) == nil)
        let c = map.insert(Box())
        #expect(c.slot == a.slot && map.value(a) == nil && map.value(c) != nil)
        #expect(map.live.map(\.slot) == [0, 1])
    }
}
