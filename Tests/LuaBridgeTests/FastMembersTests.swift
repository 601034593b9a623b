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
