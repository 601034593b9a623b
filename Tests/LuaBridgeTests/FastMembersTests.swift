// Fast members: properties read and written by C functions, falling back to the general member
// (and its checks and messages) whenever the fast function declines.
import CKineticLuaShim
import Foundation
import Testing
@testable import KineticLuaBridge

/// Points whose state the fast functions reach through the context pointer; counts the calls
/// that took the general path.
final class PointStore {
    var x: [Double] = [1.5]
    var y: [Double] = [2.5]
    var live: [Bool] = [true]
    var fast = true  // false: the fast functions decline everything
    var generalReads = 0
    var generalWrites = 0

    static let getter: kl_FastGetter = { context, key, member, out in
        let store = Unmanaged<PointStore>.fromOpaque(context!).takeUnretainedValue()
        let i = Int(key)
        guard store.fast, store.live[i], let out else { return Int32(KL_FAST_SLOW) }
        out[0] = store.x[i]
        out[1] = store.y[i]
        return member == 0 ? Int32(KL_FAST_NUMBER) : Int32(KL_FAST_POINT)
    }

    static let setter: kl_FastSetter = { context, key, member, value in
        let store = Unmanaged<PointStore>.fromOpaque(context!).takeUnretainedValue()
        let i = Int(key)
        guard store.fast, store.live[i], member == 0 else { return 0 }
        store.x[i] = value
        return 1
    }
}

struct PointID: LuaHandleRepresentable {
    var index: Int32
    init(index: Int32) { self.index = index }
    init(luaKey: Int64) { index = Int32(truncatingIfNeeded: luaKey) }
    var luaKey: Int64 { Int64(index) }
}

@Suite struct FastMembersTests {
    func setUp() throws -> (LuaState, PointStore) {
        let state = try makeState()
        let store = PointStore()
        let type = LuaHandleType<PointID>(
            in: state, name: "Point",
            members: [
                .property("x", get: { lua, id in store.generalReads += 1; lua.push(store.x[Int(id.index)]) },
                          set: { lua, id, v in store.generalWrites += 1; store.x[Int(id.index)] = try lua.number(v, "x") }),
                .readOnly("center") { lua, id in
                    store.generalReads += 1
                    lua.push(Vec2(x: store.x[Int(id.index)], y: store.y[Int(id.index)]))
                },
                .readOnly("name") { lua, _ in lua.push("p") },
            ],
            describe: { "Point#\($0.index)" },
            validate: { store.live[Int($0.index)] ? nil : "point #\($0.index) was removed" },
            fast: LuaFastMembers(names: ["x", "center"], context: Unmanaged.passUnretained(store).toOpaque(),
                                 get: PointStore.getter, set: PointStore.setter))
        state.setGlobal("p") { type.push(PointID(index: 0), on: $0) }
        return (state, store)
    }

    @Test func fastFunctionsServeTheirMembers() throws {
        let (state, store) = try setUp()
        let values = try state.run("p.x = 4 local c = p.center return p.x, c.x, c.y, p.name")
        #expect(values == [.number(4), .number(4), .number(2.5), .string("p")])
        #expect(store.generalReads == 0 && store.generalWrites == 0)
    }

    @Test func declinedCallsTakeTheGeneralPath() throws {
        let (state, store) = try setUp()
        store.fast = false
        let values = try state.run("p.x = 4 local c = p.center return p.x, c.x, c.y")
        #expect(values == [.number(4), .number(4), .number(2.5)])
        #expect(store.generalReads == 2 && store.generalWrites == 1)
        // A value that is not a number never reaches the fast setter.
        store.fast = true
        #expect(luaError(of: "p.x = 'far'", in: state)?.message == "chunk:1: Point.x: 'x' must be a number, got \"far\"")
        #expect(store.generalWrites == 2)
    }

    @Test func aStaleHandleGetsTheGeneralMessage() throws {
        let (state, store) = try setUp()
        store.live[0] = false
        #expect(luaError(of: "return p.x", in: state)?.message == "chunk:1: point #0 was removed")
        #expect(luaError(of: "return p.center", in: state)?.message == "chunk:1: point #0 was removed")
        #expect(luaError(of: "p.x = 1", in: state)?.message == "chunk:1: point #0 was removed")
        #expect(luaError(of: "return p.nothing", in: state)?.message.hasPrefix("chunk:1: Point has no member 'nothing'") == true)
    }
}

/// A fast setter that leaves its work for the state's settle function, and a fast method that
/// takes numbers and handles.
final class LaterStore {
    var x = 0.0
    var pending: Double?
    var settles = 0
    var seenBySwift: [Double] = []
    var generalCalls = 0

    func settle() {
        settles += 1
        if let pending { x = pending }
        pending = nil
    }

    static let getter: kl_FastGetter = { context, _, _, out in  // reads only what was settled
        out![0] = Unmanaged<LaterStore>.fromOpaque(context!).takeUnretainedValue().x
        return Int32(KL_FAST_NUMBER)
    }

    static let setter: kl_FastSetter = { context, _, _, value in
        Unmanaged<LaterStore>.fromOpaque(context!).takeUnretainedValue().pending = value
        return Int32(KL_FAST_DEFERRED)
    }

    /// `p:sum(a, b)`: numbers as they are, a handle as its key.
    static let method: kl_FastMethod = { _, _, _, input, count, out in
        guard count == 2, let input, let out else { return Int32(KL_FAST_SLOW) }
        out[0] = (0..<2).reduce(0) { $0 + (input[$1].tag == 0 ? input[$1].number : Double(input[$1].key)) }
        return Int32(KL_FAST_NUMBER)
    }
}

@Suite struct DeferredFastWorkTests {
    func setUp() throws -> (LuaState, LaterStore) {
        let state = try makeState()
        let store = LaterStore()
        let type = LuaHandleType<PointID>(
            in: state, name: "Point",
            members: [
                .property("x", get: { lua, _ in lua.push(store.x) }, set: { _, _, _ in }),
                .method("sum") { lua, _ in store.generalCalls += 1; lua.push(-1.0); return 1 },
            ],
            describe: { "Point#\($0.index)" },
            fast: LuaFastMembers(names: ["x"], context: Unmanaged.passUnretained(store).toOpaque(),
                                 get: LaterStore.getter, set: LaterStore.setter,
                                 methods: ["sum"], call: LaterStore.method))
        state.setGlobal("p") { type.push(PointID(index: 7), on: $0) }
        state.setGlobalFunction("probe") { _ in store.seenBySwift.append(store.x); return 0 }
        state.onSettle { store.settle() }
        return (state, store)
    }

    @Test func deferredWorkIsDoneOnceBeforeSwiftRunsAndWhenTheCallReturns() throws {
        let (state, store) = try setUp()
        let values = try state.run("p.x = 1 p.x = 2 p.x = 3 local before = p.x probe() return before, p.x")
        #expect(values == [.number(0), .number(3)])
        #expect(store.seenBySwift == [3] && store.settles == 1)
        try state.run("p.x = 7")
        #expect(store.x == 7 && store.settles == 2)
        // Also when the call fails after the write.
        #expect(luaError(of: "p.x = 9 error('stop')", in: state) != nil)
        #expect(store.x == 9 && store.settles == 3)
        // Nothing left: no settle.
        try state.run("probe() return p.x")
        #expect(store.settles == 3)
    }

    @Test func fastMethodsTakeNumbersAndHandles() throws {
        let (state, store) = try setUp()
        let values = try state.run("return p:sum(1, 2), p:sum(p, 0.5), p:sum('1', 2), p:sum(1), p:sum({}, 1)")
        #expect(values == [.number(3), .number(7.5), .number(-1), .number(-1), .number(-1)])
        #expect(store.generalCalls == 3)
    }
}

/// How the metamethods find a name: the fast members and methods by the key's string object, any
/// other name (or key that is not a string) in the type's name table, as before.
@Suite struct FastNameLookupTests {
    /// A type with `count` fast members `m1`…, each reading its own index, and the fast method `sum`.
    func setUp(count: Int, names: [String]? = nil) throws -> (LuaState, LaterStore, () -> Int) {
        let state = try makeState()
        let store = LaterStore()
        let memberNames = names ?? (1...count).map { "m\($0)" }
        var generalReads = 0
        let getter: kl_FastGetter = { _, _, member, out in
            out![0] = Double(member)
            return Int32(KL_FAST_NUMBER)
        }
        let type = LuaHandleType<PointID>(
            in: state, name: "Point",
            members: memberNames.map { name in
                .property(name, get: { lua, _ in generalReads += 1; lua.push(-1.0) }, set: { _, _, _ in })
            } + [
                .readOnly("name") { lua, _ in lua.push("p") },
                .method("sum") { lua, _ in store.generalCalls += 1; lua.push(-1.0); return 1 },
                .method("twice") { lua, _ in lua.push(2.0 * (try lua.number(2, "value"))); return 1 },
            ],
            describe: { "Point#\($0.index)" },
            fast: LuaFastMembers(names: memberNames, context: Unmanaged.passUnretained(store).toOpaque(),
                                 get: getter, set: LaterStore.setter, methods: ["sum"], call: LaterStore.method))
        state.setGlobal("p") { type.push(PointID(index: 7), on: $0) }
        return (state, store, { generalReads })
    }

    @Test func everyFastMemberIsFoundAlsoPastTheSlots() throws {
        // More fast names than the metamethod keeps: the rest are found in the name table.
        let (state, _, generalReads) = try setUp(count: 40)
        let values = try state.run("local s = {} for i = 1, 40 do s[i] = p['m' .. i] end return table.unpack(s)")
        #expect(values == (0..<40).map { .number(Double($0)) })
        #expect(generalReads() == 0)
        try state.run("for i = 1, 40 do p['m' .. i] = i end")  // the fast setter takes every one
    }

    @Test func aNameMadeAtRunTimeIsTheSameName() throws {
        let (state, _, generalReads) = try setUp(count: 3)
        let values = try state.run("return p[string.char(109, 50)], p['m' .. 3], p.m1")
        #expect(values == [.number(1), .number(2), .number(0)])
        #expect(generalReads() == 0)
    }

    @Test func aLongNameTakesTheNameTable() throws {
        // Longer than Lua's short strings (40 bytes): not interned, so never kept by its object.
        let long = String(repeating: "w", count: 45)
        let (state, _, generalReads) = try setUp(count: 0, names: ["x", long])
        #expect(try state.run("return p.x, p.\(long)") == [.number(0), .number(1)])
        #expect(generalReads() == 0)
    }

    @Test func keysThatAreNotNamesGetTheGeneralMessage() throws {
        let (state, _, _) = try setUp(count: 3)
        #expect(luaError(of: "return p[1]", in: state)?.message == "chunk:1: Point has no member 1")
        #expect(luaError(of: "return p[true]", in: state)?.message == "chunk:1: Point has no member true")
        #expect(luaError(of: "return p[p]", in: state)?.message == "chunk:1: Point has no member a Point")
        #expect(luaError(of: "p[2.5] = 1", in: state)?.message.hasPrefix("chunk:1: Point has no member 2.5") == true)
        #expect(luaError(of: "return p.m4", in: state)?.message.hasPrefix("chunk:1: Point has no member 'm4'; did you mean") == true)
        #expect(luaError(of: "p.name = 'q'", in: state)?.message == "chunk:1: Point.name is read-only")
        #expect(try state.run("return p.name") == [.string("p")])
    }

    @Test func methodsAreTheSameFunctionsEitherWay() throws {
        let (state, store, _) = try setUp(count: 3)
        let values = try state.run("""
            local sum, twice = p.sum, p.twice
            return sum == p.sum, twice == p.twice, p:sum(1, 2), sum(p, 3, 4), p:twice(4)
            """)
        #expect(values == [.boolean(true), .boolean(true), .number(3), .number(7), .number(8)])
        #expect(store.generalCalls == 0)
    }

    @Test func eachStateKeepsItsOwnNames() throws {
        // The names are objects of one state: a second state with the same names finds its own.
        let (first, _, firstReads) = try setUp(count: 3)
        let (second, _, secondReads) = try setUp(count: 3)
        #expect(try first.run("return p.m2") == [.number(1)])
        #expect(try second.run("return p.m3") == [.number(2)])
        #expect(firstReads() == 0 && secondReads() == 0)
    }
}

/// The metamethods of the first handle types reach their fast members in the state's host block,
/// those of later types through an upvalue: both serve the same members the same way.
@Suite struct ManyHandleTypesTests {
    @Test func everyTypeServesItsOwnFastMembers() throws {
        let state = try makeState()
        let store = LaterStore()
        var generalReads = 0
        // More types than have their own metamethod functions; each reads its number from `x`.
        for number in 1...40 {
            let getter: kl_FastGetter = { _, key, _, out in
                out![0] = Double(key)
                return Int32(KL_FAST_NUMBER)
            }
            let type = LuaHandleType<PointID>(
                in: state, name: "T\(number)",
                members: [
                    .property("x", get: { lua, _ in generalReads += 1; lua.push(-1.0) }, set: { _, _, _ in }),
                    .readOnly("name") { lua, _ in lua.push("t\(number)") },
                ],
                describe: { "T\(number)#\($0.index)" },
                fast: LuaFastMembers(names: ["x"], context: Unmanaged.passUnretained(store).toOpaque(),
                                     get: getter, set: LaterStore.setter))
            state.setGlobal("t\(number)") { type.push(PointID(index: Int32(number)), on: $0) }
        }
        let values = try state.run("""
            local xs, names = {}, {}
            for i = 1, 40 do
              local t = _ENV['t' .. i]
              t.x = i
              xs[i], names[i] = t.x, t.name
            end
            return table.concat(xs, ','), table.concat(names, ',')
            """)
        #expect(values == [.string((1...40).map { "\($0).0" }.joined(separator: ",")),
                           .string((1...40).map { "t\($0)" }.joined(separator: ","))])
        #expect(generalReads == 0 && store.pending == 40)  // the last write reached the fast setter
        #expect(luaError(of: "return t40.y", in: state)?.message.hasPrefix("chunk:1: T40 has no member 'y'") == true)
        #expect(luaError(of: "t33.name = 1", in: state)?.message == "chunk:1: T33.name is read-only")
    }
}
