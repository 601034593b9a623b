// LuaState: creation, output routing, chunk names, seeding, garbage collector mode.
import CKineticLuaShim
import Testing
@testable import KineticLuaBridge

@Suite struct LuaStateTests {
    @Test func printGoesToTheSinkWithTabsBetweenValues() throws {
        let log = OutputLog()
        let state = try makeState(log)
        try state.run("print(1, 'a', nil, true) print(setmetatable({}, {__tostring = function() return 'T' end}))")
        #expect(log.lines == ["1\ta\tnil\ttrue", "T"])
    }

    @Test func warnGoesToTheWarningSinkAndHonoursOnOff() throws {
        let log = OutputLog()
        let state = try makeState(log)
        try state.run("warn('one ', 'piece') warn('@off') warn('hidden') warn('@on') warn('two')")
        #expect(log.warnings == ["one piece", "two"])
    }

    @Test func runReturnsResults() throws {
        let state = try makeState()
        let results = try state.run("return 1, 2.5, 'x', nil, true")
        #expect(results == [.integer(1), .number(2.5), .string("x"), .nil, .boolean(true)])
    }

    @Test func sameSeedGivesSameRandomNumbers() throws {
        // math.random is seeded from the level seed, so two states with seed 7 agree and seed 8 differs.
        let source = "local t = {} for i = 1, 5 do t[i] = math.random(1000000) end return table.concat(t, ',')"
        let a = try makeState { $0.seed = 7 }.run(source)
        let b = try makeState { $0.seed = 7 }.run(source)
        let c = try makeState { $0.seed = 8 }.run(source)
        #expect(a == b)
        #expect(a != c)
        // randomseed() without a seed reseeds with the level seed, never the clock.
        let d = try makeState { $0.seed = 7 }.run("math.random(5) math.randomseed() " + source)
        #expect(d == a)
    }

    @Test func garbageCollectorIsGenerational() throws {
        let state = try makeState()
        #expect(kl_gc_is_generational(state.L) == 1)
    }

    @Test func chunkNamesAreRelativeToTheLevelFolder() throws {
        let folder = try makeFolder(["levels/main.lua": "local x = 1\nerror('boom')\n"])
        let state = try makeState { $0.folder = folder + "/levels" }
        do {
            try state.run(file: "main.lua")
            Issue.record("expected an error")
        } catch {
            #expect(error.kind == .runtime)
            #expect(error.message == "main.lua:2: boom")
            #expect(error.traceback.first?.hasPrefix("main.lua:2:") == true)
        }
    }

    @Test func syntaxErrorsHaveFileAndLine() throws {
        let state = try makeState()
        #expect(throws: LuaError.self) { try state.load("x = = 1", name: "bad.lua") }
        do {
            _ = try state.load("local a = 1\nx = = 1", name: "bad.lua")
        } catch {
            #expect(error.kind == .syntax)
            #expect(error.message.hasPrefix("bad.lua:2:"))
        }
    }

    @Test func methodsAreLookedUpByNameAtEachCall() throws {
        let state = try makeState()
        let level = try state.run("return { update = function(dt) return dt * 2 end }")
        guard case .reference(let table) = level[0] else { Issue.record("no table"); return }
        #expect(try state.call(table, method: "update", [.number(0.5)]) == [.number(1)])
        try state.call(try state.load("local t = ... t.update = function() return 'new' end", name: "reload"), [.reference(table)])
        #expect(try state.call(table, method: "update") == [.string("new")])
        #expect(try state.call(table, method: "missing") == nil)
    }

    @Test func globalsCanBeSetAndRead() throws {
        let state = try makeState()
        state.setGlobal("answer") { $0.push(42) }
        #expect(state.global("answer") == .integer(42))
        try state.run("greeting = 'hi'")
        #expect(state.global("greeting") == .string("hi"))
    }

    @Test func missingFolderIsAnError() {
        #expect(throws: LuaError.self) { _ = try makeState { $0.folder = "/nonexistent/level" } }
    }
}
