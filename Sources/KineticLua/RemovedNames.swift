// The names of a world's removed items, so a stale handle still names its item ("item 'ball' was
// removed") after the item's slot was reused. Kept in host memory, which the level's allocator cap
// does not see, so the store is bounded: past `byteBudget` the oldest names are forgotten (a
// forgotten item reads "item#3 was removed").
import KineticDynamics

struct RemovedNames {
    /// Bytes kept at most, names and bookkeeping (sandbox.md, "Host limits").
    static let byteBudget = 1 << 20
    /// What an entry costs beside its name's bytes (its key and the tables' slots), so that many
    /// short names are bounded as well as a few long ones.
    static let entryCost = 64

    private var names: [ItemID: String] = [:]  // lookups only
    /// Removal order, oldest first from `oldest`; entries before it are forgotten.
    private var order: [ItemID] = []
    private var oldest = 0
    private var bytes = 0

    subscript(id: ItemID) -> String? { names[id] }

    mutating func remember(_ name: String, of id: ItemID) {
        names[id] = name
        order.append(id)
        bytes += Self.entryCost + name.utf8.count
        while bytes > Self.byteBudget {
            let forgotten = order[oldest]
            oldest += 1
            bytes -= Self.entryCost + (names.removeValue(forKey: forgotten)?.utf8.count ?? 0)
        }
        // Drop the forgotten prefix once it is most of the array, so `order` stays bounded too.
        if oldest > order.count / 2 {
            order.removeFirst(oldest)
            oldest = 0
        }
    }
}
