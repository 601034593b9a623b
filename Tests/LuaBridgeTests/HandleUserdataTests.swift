// Handle userdata, with the worked example a binding follows: a `Ball` type over a small store of
// balls addressed by (index, generation), with a getter, a setter, a method and a constructor.
import CKineticLua
import Foundation
import Testing
@testable import KineticLuaBridge

// MARK: - The worked example

/// A handle: index + generation, never a pointer.
struct BallID: LuaHandleRepresentable, Equatable {
    var index: Int32
    var generation: UInt32
    init(index: Int32, generation: UInt32) { self.index = index; self.generation = generation }
    var luaKey: Int64 { Int64(index) | Int64(generation) << 32 }
    init(luaKey: Int64) { index = Int32(truncatingIfNeeded: luaKey); generation = UInt32(truncatingIfNeeded: luaKey >> 32) }
}

/// The engine side: balls in a contiguous array, slots reused with a new generation.
final class BallStore {
    struct Ball { var name: String; var x: Double; var y: Double; var elasticity: Double; var generation: UInt32; var alive: Bool }
    var balls: [Ball] = []

    func add(name: String, x: Double, y: Double, elasticity: Double) -> BallID {
        if let free = balls.firstIndex(where: { !$0.alive }) {
            balls[free] = Ball(name: name, x: x, y: y, elasticity: elasticity, generation: balls[free].generation + 1, alive: true)
            return BallID(index: Int32(free), generation: balls[free].generation)
        }
        balls.append(Ball(name: name, x: x, y: y, elasticity: elasticity, generation: 1, alive: true))
        return BallID(index: Int32(balls.count - 1), generation: 1)
    }

    func isLive(_ id: BallID) -> Bool {
        Int(id.index) < balls.count && balls[Int(id.index)].alive && balls[Int(id.index)].generation == id.generation
    }
}

/// The binding: one table of members (the only place the Lua names appear), one constructor.
enum BallBinding {
    static func register(in state: LuaState, store: BallStore) -> LuaHandleType<BallID> {
        let ballType = LuaHandleType<BallID>(
            in: state, name: "Ball",
            members: [
                .readOnly("name") { lua, id in lua.push(store.balls[Int(id.index)].name) },
                .property("x", get: { lua, id in lua.push(store.balls[Int(id.index)].x) },
                          set: { lua, id, value in store.balls[Int(id.index)].x = try lua.number(value, "x") }),
                .property("center", get: { lua, id in
                    let ball = store.balls[Int(id.index)]
                    lua.push(Vec2(x: ball.x, y: ball.y))
                }, set: { lua, id, value in
                    let p = try lua.point(value, "center")
                    store.balls[Int(id.index)].x = p.x
                    store.balls[Int(id.index)].y = p.y
                }),
                .method("moveBy") { lua, id in
                    store.balls[Int(id.index)].x += try lua.number(2, "dx")
                    store.balls[Int(id.index)].y += try lua.number(3, "dy")
                    return 0
                },
                .method("remove") { _, id in
                    store.balls[Int(id.index)].alive = false
                    return 0
                },
            ],
            describe: { id in "Ball#\(id.index) \"\(store.balls[Int(id.index)].name)\"" },
            validate: { id in store.isLive(id) ? nil : "ball '\(store.balls[Int(id.index)].name)' was removed" })

        state.registerModule("test", functions: [
            // test.ball{ name =, center = {x, y}, elasticity = } → Ball
            ("ball", { lua in
                let def = try lua.table(1, "definition")
                try def.checkFields(["name", "center", "elasticity"])
                let center = try def.point("center")
                let id = store.add(name: try def.optionalString("name") ?? "ball",
                                   x: center.x, y: center.y,
                                   elasticity: try def.number("elasticity", default: 0.5))
                ballType.push(id, on: lua)
                return 1
            }),
            // test.same(a, b) → true if both arguments are the same live ball
            ("same", { lua in
                lua.push(try ballType.handle(lua, at: 1, "a") == ballType.handle(lua, at: 2, "b"))
                return 1
            }),
        ])
        return ballType
    }
}

// MARK: - Tests

@Suite struct HandleUserdataTests {
    func setUp(trusted: Bool = false) throws -> (LuaState, BallStore, LuaHandleType<BallID>) {
        let state = try makeState { $0.trusted = trusted }
        let store = BallStore()
        let type = BallBinding.register(in: state, store: store)
        return (state, store, type)
    }

    @Test func gettersSettersAndMethodsReachTheStore() throws {
        let (state, store, _) = try setUp()
        let results = try state.run("""
            local b = test.ball{ name = 'a', center = {10, 20} }
            b.x = 15
            b:moveBy(1, 2)
            b.center = {x = b.center.x + 1, y = b.center.y}
            return b.name, b.x, b.center.y
            """)
        #expect(results == [.string("a"), .number(17), .number(22)])
        #expect(store.balls[0].x == 17 && store.balls[0].y == 22)
    }

    @Test func sameHandleGivesTheSameUserdata() throws {
        let (state, _, type) = try setUp()
        let results = try state.run("""
            local b = test.ball{ center = {0, 0}, name = 'n' }
            _G.keep = b
            return tostring(b), test.same(b, keep)
            """)
        #expect(results == [.string("Ball#0 \"n\""), .boolean(true)])
        // Pushing the handle again from Swift yields the very same userdata (rawequal).
        let same = state.withStack { lua in
            type.push(BallID(index: 0, generation: 1), on: lua)
            type.push(BallID(index: 0, generation: 1), on: lua)
            return lua_rawequalValues(lua)
        }
        #expect(same)
    }

    @Test func staleHandlesRaiseAnErrorNamingTheObject() throws {
        let (state, store, _) = try setUp()
        let error = luaError(of: """
            local b = test.ball{ name = 'ball', center = {0, 0} }
            b:remove()
            print(b.x)
            """, in: state, name: "level.lua")
        #expect(error?.message == "level.lua:3: ball 'ball' was removed")
        // The slot is reused with a new generation: the old userdata stays stale.
        #expect(luaError(of: "local a = test.ball{ center = {0, 0}, name = 'old' } a:remove()"
                         + " local c = test.ball{ center = {1, 1}, name = 'new' } return a.x", in: state)?.message
                == "chunk:1: ball 'new' was removed")
        #expect(store.balls.count == 1)  // both balls used slot 0
    }

    @Test func unknownAndReadOnlyMembersAreClearErrors() throws {
        let (state, _, _) = try setUp()
        #expect(luaError(of: "local b = test.ball{ center = {0, 0} } return b.nmae", in: state)?.message
                == "chunk:1: Ball has no member 'nmae'; did you mean 'name'?")
        #expect(luaError(of: "local b = test.ball{ center = {0, 0} } b.name = 'x'", in: state)?.message
                == "chunk:1: Ball.name is read-only")
        #expect(luaError(of: "local b = test.ball{ center = {0, 0} } b.cneter = {1, 2}", in: state)?.message
                == "chunk:1: Ball has no member 'cneter'; did you mean 'center'?")
        #expect(luaError(of: "local b = test.ball{ center = {0, 0} } b.x = 'far'", in: state)?.message
                == "chunk:1: Ball.x: 'x' must be a number, got \"far\"")
        #expect(luaError(of: "local b = test.ball{ center = {0, 0} } b.moveBy(1, 2)", in: state)?.message
                == "chunk:1: Ball:moveBy: 'self' must be a Ball, got 1 (call it as ball:moveBy(...))")
        #expect(luaError(of: "test.same(test.ball{ center = {0, 0} }, {})", in: state)?.message
                == "chunk:1: test.same: 'b' must be a Ball, got a table")
    }

    @Test func constructorReadsTheDefinitionTable() throws {
        let (state, store, _) = try setUp()
        try state.run("test.ball{ name = 'e', center = {1, 2}, elasticity = 0.9 }")
        #expect(store.balls[0].elasticity == 0.9)
        #expect(luaError(of: "test.ball{ center = {1, 2}, elastcity = 0.9 }", in: state)?.message
                == "chunk:1: test.ball: unknown field 'elastcity'; did you mean 'elasticity'?")
        #expect(luaError(of: "test.ball{ name = 'x' }", in: state)?.message
                == "chunk:1: test.ball: 'center' must be a point {x, y}, got nil")
    }

    @Test func metatableIsHiddenFromScripts() throws {
        let (state, _, _) = try setUp()
        #expect(try state.run("return getmetatable(test.ball{ center = {0, 0} })") == [.boolean(false)])
    }
}

/// True if the two top values are the same Lua value (no metamethods); pops nothing.
func lua_rawequalValues(_ lua: Lua) -> Bool {
    lua.top >= 2 && lua_rawequal(lua.L, -1, -2) != 0
}

@Suite struct HandleListTests {
    @Test func listsOfHandlesAndNestedTablesAreReadWithElementNames() throws {
        let state = try makeState()
        let store = BallStore()
        let ballType = BallBinding.register(in: state, store: store)
        state.registerModule("group", functions: [
            // group.make{ items = {ball, ...}, range = {min =, max =} } → the items back, as an array
            ("make", { lua in
                let def = try lua.table(1, "definition")
                let items = try def.optionalTable("items") { t in
                    try t.array { index, subject in try ballType.handle(lua, at: index, subject) }
                } ?? []
                let span = try def.optionalTable("range") { t in try t.number("max") - t.number("min") }
                lua.pushArray(items) { lua, id in ballType.push(id, on: lua) }
                lua.push(span ?? 0)
                return 2
            }),
        ])
        let results = try state.run("""
            local a, b = test.ball{ center = {0, 0} }, test.ball{ center = {1, 1} }
            local items, span = group.make{ items = {a, b}, range = {min = 1, max = 4} }
            return #items, items[1] == a, items[2] == b, span
            """)
        #expect(results == [.integer(2), .boolean(true), .boolean(true), .number(3)])
        #expect(luaError(of: "group.make{ items = { test.ball{ center = {0, 0} }, 5 } }", in: state)?.message
                == "chunk:1: group.make: 'items[2]' must be a Ball, got 5")
        #expect(luaError(of: "group.make{ range = 3 }", in: state)?.message
                == "chunk:1: group.make: 'range' must be a table, got 3")
        #expect(luaError(of: "group.make{ range = {min = 1} }", in: state)?.message
                == "chunk:1: group.make: 'range.max' must be a number, got nil")
    }
}
