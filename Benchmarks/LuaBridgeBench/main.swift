// Measures the cost of a Lua → Swift property read and write on a handle userdata, through the
// general member path (`item.x`) and as a fast member (`item.fx`), against a call of a bare C
// function (`rawequal`), 10 million each. Run: `swift run -c release LuaBridgeBench`.
import CKineticLuaShim
import KineticLuaBridge

struct ItemID: LuaHandleRepresentable {
    var index: Int32
    var luaKey: Int64 { Int64(index) | 1 << 32 }
    init(index: Int32) { self.index = index }
    init(luaKey: Int64) { index = Int32(truncatingIfNeeded: luaKey) }
}

// Hot binding storage without dynamic exclusivity checks (they cost ~10 ns per access).
final class Store {
    @exclusivity(unchecked) var x: [Double] = [1.5]
}

var options = LuaOptions()
options.trusted = true  // os.clock
options.timeBudget = 60
let state = try LuaState(options: options)
let store = Store()
// The fast member reads the same storage through the context pointer (no captures in a C
// function). In a type, not at top level: top-level closures here are main-actor code, which checks
// the executor on every call.
enum Fast {
    static let get: kl_FastGetter = { context, key, _, out in
        Unmanaged<Store>.fromOpaque(context!)._withUnsafeGuaranteedRef { store in
            let i = Int(ItemID(luaKey: key).index)
            guard i >= 0, i < store.x.count else { return Int32(KL_FAST_SLOW) }
            out![0] = store.x[i]
            return Int32(KL_FAST_NUMBER)
        }
    }
    static let set: kl_FastSetter = { context, key, _, value in
        Unmanaged<Store>.fromOpaque(context!)._withUnsafeGuaranteedRef { store in
            let i = Int(ItemID(luaKey: key).index)
            guard i >= 0, i < store.x.count else { return 0 }
            store.x[i] = value
            return 1
        }
    }
}
let itemType = LuaHandleType<ItemID>(
    in: state, name: "Item",
    members: [
        .property("x", get: { lua, item in lua.push(store.x[Int(item.index)]) },
                  set: { lua, item, value in store.x[Int(item.index)] = try lua.number(value, "x") }),
        .property("fx", get: { lua, item in lua.push(store.x[Int(item.index)]) },
                  set: { lua, item, value in store.x[Int(item.index)] = try lua.number(value, "fx") }),
    ],
    describe: { "Item#\($0.index)" },
    validate: { Int($0.index) < store.x.count ? nil : "item #\($0.index) was removed" },
    fast: LuaFastMembers(names: ["fx"], context: Unmanaged.passUnretained(store).toOpaque(), get: Fast.get, set: Fast.set))
state.setGlobal("item") { itemType.push(ItemID(index: 0), on: $0) }

let n = 10_000_000
let results = try state.run("""
    local item, rawequal, clock, n = item, rawequal, os.clock, ...
    local best = { math.huge, math.huge, math.huge, math.huge, math.huge, math.huge }
    for round = 1, 3 do
      local t0 = clock()
      for i = 1, n do local v = rawequal(item, item) end
      local t1 = clock()
      for i = 1, n do local v = item.x end
      local t2 = clock()
      for i = 1, n do item.x = i end
      local t3 = clock()
      for i = 1, n do end
      local t4 = clock()
      for i = 1, n do local v = item.fx end
      local t5 = clock()
      for i = 1, n do item.fx = i end
      local t6 = clock()
      local times = { t1 - t0, t2 - t1, t3 - t2, t4 - t3, t5 - t4, t6 - t5 }
      for k = 1, 6 do best[k] = math.min(best[k], times[k]) end
    end
    return best[1] / n * 1e9, best[2] / n * 1e9, best[3] / n * 1e9, best[4] / n * 1e9, best[5] / n * 1e9, best[6] / n * 1e9
    """, name: "bench", [.integer(n)])
func ns(_ v: LuaValue) -> String {
    if case .number(let d) = v { return String(format: d) }
    return "\(v)"
}
func String(format value: Double) -> String { String(Double(Int(value * 10)) / 10) }
print("10M iterations each, best of 3 (ns per operation, loop overhead included):")
print("  bare C function call (rawequal): \(ns(results[0]))")
print("  item.x read (Swift getter):      \(ns(results[1]))")
print("  item.x = i write (Swift setter): \(ns(results[2]))")
print("  item.fx read (fast member):      \(ns(results[4]))")
print("  item.fx = i write (fast member): \(ns(results[5]))")
print("  empty loop:                      \(ns(results[3]))")
