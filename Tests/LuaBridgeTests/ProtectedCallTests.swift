// Protected calls: errors from scripts and from Swift callbacks arrive with file:line and a traceback,
// never unwind through Swift, and release what the Swift frame held.
import Testing
@testable import KineticLuaBridge

@Suite struct ProtectedCallTests {
    let counter = LiveCounter()

    func stateWithModule() throws -> LuaState {
        let state = try makeState()
        let counter = self.counter
        state.registerModule("test", functions: [
            ("fail", { _ in throw LuaBindingError("nope") }),
            ("pin", { lua in
                let def = try lua.table(1, "definition")
                let anchor = try def.point("anchor")
                lua.push(anchor)
                return 1
            }),
            ("leaky", { lua in
                let tracker = Tracker(counter)  // must be released although the call fails
                _ = tracker
                _ = try lua.number(1)
                return 0
            }),
            ("callBack", { lua in
                // Calls a Lua function from inside a Swift function (nested protected call).
                let function = try lua.function(1, "fn")
                try lua.call(function, [.integer(7)])
                return 0
            }),
        ])
        return state
    }

    @Test func scriptErrorHasPositionAndTraceback() throws {
        let state = try makeState()
        let error = try #require(luaError(of: "local function f()\n  error('boom')\nend\nf()", in: state, name: "level.lua"))
        #expect(error.message == "level.lua:2: boom")
        #expect(error.traceback.contains { $0.hasPrefix("level.lua:2: in ") })
        #expect(error.traceback.contains { $0.hasPrefix("level.lua:4: in main chunk") })
        #expect(!error.traceback.contains("[C]: in ?"))
        #expect(error.description.contains("stack traceback:\n\tlevel.lua:2:"))
    }

    @Test func swiftErrorArrivesWithTheCallersPosition() throws {
        let state = try stateWithModule()
        let error = try #require(luaError(of: "local x = 1\n\ntest.fail()", in: state, name: "level.lua"))
        #expect(error.message == "level.lua:3: nope")
        #expect(error.traceback.contains { $0.hasPrefix("level.lua:3:") })
    }

    @Test func argumentErrorNamesFunctionFieldExpectationAndValue() throws {
        let state = try stateWithModule()
        let error = try #require(luaError(of: "test.pin{ item = 1 }", in: state, name: "level.lua"))
        #expect(error.message == "level.lua:1: test.pin: 'anchor' must be a point {x, y}, got nil")
        let second = try #require(luaError(of: "test.pin(5)", in: state, name: "level.lua"))
        #expect(second.message == "level.lua:1: test.pin: 'definition' must be a table, got 5")
    }

    @Test func scriptPcallCatchesSwiftErrorsAndTheStateGoesOn() throws {
        let state = try stateWithModule()
        let results = try state.run("local ok, message = pcall(function() test.fail() end) return ok, message")
        #expect(results == [.boolean(false), .string("chunk:1: nope")])
        // Called directly by pcall (a C function) there is no Lua line to name, as with luaL_error.
        #expect(try state.run("return select(2, pcall(test.fail))") == [.string("nope")])
        #expect(try state.run("return 1 + 1") == [.integer(2)])
    }

    @Test func swiftObjectsAreReleasedWhenTheCallbackFails() throws {
        // V4: a longjmp across the Swift frame would skip the release. Through the trampoline it cannot.
        let state = try stateWithModule()
                for _ in 0..<100 {
            #expect(luaError(of: "test.leaky('not a number')", in: state) != nil)
        }
        #expect(counter.live == 0)
    }

    @Test func errorInsideANestedCallKeepsItsPosition() throws {
        let state = try stateWithModule()
        let error = try #require(luaError(of: "test.callBack(function(n)\n  error('inner ' .. n)\nend)", in: state, name: "level.lua"))
        #expect(error.message == "level.lua:2: inner 7")
    }

    @Test func swiftFunctionsCallBackIntoLuaFromACoroutine() throws {
        let state = try stateWithModule()
        let results = try state.run("""
            local seen
            local co = coroutine.wrap(function()
              test.callBack(function(n) seen = n end)
              coroutine.yield('yielded')
              return 'done'
            end)
            return co(), co(), seen
            """)
        #expect(results == [.string("yielded"), .string("done"), .integer(7)])
    }

    @Test func nonStringErrorObjectsAreDescribed() throws {
        let state = try makeState()
        #expect(luaError(of: "error({})", in: state)?.message == "chunk:1: (error object is a table value)")
        #expect(luaError(of: "error(setmetatable({}, {__tostring = function() return 'custom' end}))", in: state)?.message == "chunk:1: custom")
        #expect(luaError(of: "error(42)", in: state)?.message == "42")
    }

    @Test func referencesAreReleasedWithTheirSwiftOwner() throws {
        let state = try makeState()
        let results = try state.run("return function() return 1 end")
        guard case .reference(let function) = results[0] else { Issue.record("no function"); return }
        let ref = function.ref
        #expect(try state.call(function) == [.integer(1)])
        _ = ref
        // Calling after the state is gone is impossible; dropping the reference frees its slot.
    }
}
