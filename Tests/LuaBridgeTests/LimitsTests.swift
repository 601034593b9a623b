// Limits: the time budget, the instruction budget and the memory cap stop runaway scripts, and the
// state stays usable afterwards; out-of-memory inside a Swift callback neither crashes nor leaks.
import Foundation
import Testing
@testable import KineticLuaBridge

@Suite struct LimitsTests {
    @Test func timeBudgetStopsARunawayLoop() throws {
        let state = try makeState { $0.timeBudget = 0.2 }
        let error = try #require(luaError(of: "local x = 0\nwhile true do x = x + 1 end", in: state, name: "runaway.lua"))
        #expect(error.kind == .timeBudget)
        #expect(error.message == "runaway.lua:2: script exceeded its time budget of 0.2 s")
        #expect(try state.run("return 1 + 1") == [.integer(2)])
    }

    @Test func scriptPcallCannotSwallowTheTimeBudget() throws {
        let state = try makeState { $0.timeBudget = 0.2 }
        let error = try #require(luaError(of: "while true do pcall(function() while true do end end) end", in: state))
        #expect(error.kind == .timeBudget)
        #expect(try state.run("return 'alive'") == [.string("alive")])
    }

    @Test func timeBudgetCoversLuaCalledFromSwift() throws {
        let state = try makeState { $0.timeBudget = 0.2 }
        state.registerModule("t", functions: [("call", { lua in
            try lua.call(try lua.function(1))
            return 0
        })])
        let error = try #require(luaError(of: "t.call(function() while true do end end)", in: state))
        #expect(error.kind == .timeBudget)
        #expect(error.message == "chunk:1: script exceeded its time budget of 0.2 s")
    }

    @Test func anExpiredDeadlineDoesNotLeakIntoTheNextCall() throws {
        let state = try makeState { $0.timeBudget = 0.05 }
        try state.run("return 1")
        Thread.sleep(forTimeInterval: 0.2)  // the watchdog sees no call in progress
        #expect(try state.run("local s = 0 for i = 1, 1000 do s = s + i end return s") == [.integer(500500)])
    }

    @Test func instructionBudgetStopsDeterministically() throws {
        let state = try makeState { $0.instructionBudget = 100_000; $0.timeBudget = nil }
        let source = "count = 0\nwhile true do count = count + 1 end"
        let first = try #require(luaError(of: source, in: state, name: "loop.lua"))
        #expect(first.kind == .instructionBudget)
        #expect(first.message == "loop.lua:2: script exceeded its instruction budget of 100000 instructions")
        let firstCount = state.global("count")
        _ = luaError(of: source, in: state, name: "loop.lua")
        #expect(state.global("count") == firstCount)  // same stop point on every run
        // Each host call gets a fresh budget.
        #expect(try state.run("local s = 0 for i = 1, 1000 do s = s + i end return s") == [.integer(500500)])
        #expect(luaError(of: "while true do pcall(function() while true do end end) end", in: state)?.kind == .instructionBudget)
    }

    @Test func memoryCapStopsAMemoryBomb() throws {
        let state = try makeState { $0.memoryLimit = 16 << 20 }
        let error = try #require(luaError(of: "local t = {} for i = 1, 1e9 do t[i] = ('x'):rep(64) .. i end", in: state))
        #expect(error.kind == .memory)
        #expect(error.message == "not enough memory (the script exceeded its memory cap of 16 MiB)")
        state.collectGarbage()
        #expect(state.memoryUsed < 16 << 20)
        #expect(try state.run("return #('x'):rep(1000)") == [.integer(1000)])
    }

    @Test func outOfMemoryInsideASwiftCallbackNeitherCrashesNorLeaks() throws {
        let state = try makeState { $0.memoryLimit = 8 << 20 }
        let counter = LiveCounter()
                state.registerModule("t", functions: [
            // Pushes far more than the cap allows: the cap is relaxed while Swift runs, so no
            // longjmp can cross this frame; the trampoline enforces the cap after it returned.
            ("huge", { lua in
                let tracker = Tracker(counter)
                _ = tracker
                lua.push(String(repeating: "y", count: 32 << 20))
                return 1
            }),
            ("tables", { lua in
                let tracker = Tracker(counter)
                _ = tracker
                lua.pushTable()
                for i in 1...200_000 {
                    lua.pushTable(fields: 2)
                    lua.push(Vec2(x: Double(i), y: 0))
                    lua.setField("p", inTableAt: -2)
                    lua.setIndex(i, inTableAt: -2)
                }
                return 1
            }),
        ])
        let huge = try #require(luaError(of: "local s = t.huge() return #s", in: state))
        #expect(huge.kind == .memory)
        let tables = try #require(luaError(of: "keep = t.tables()", in: state))
        #expect(tables.kind == .memory)
        #expect(counter.live == 0)
        state.collectGarbage()
        #expect(state.memoryUsed < 8 << 20)
        #expect(try state.run("return 'usable'") == [.string("usable")])
    }

    @Test func allocationsBelowTheCapInsideCallbacksSucceed() throws {
        let state = try makeState { $0.memoryLimit = 64 << 20 }
        state.registerModule("t", functions: [("big", { lua in
            lua.push(String(repeating: "z", count: 1 << 20))
            return 1
        })])
        #expect(try state.run("return #t.big()") == [.integer(1 << 20)])
    }
}

@Suite struct CoroutineLimitsTests {
    @Test func timeBudgetStopsARunawayCoroutine() throws {
        let state = try makeState { $0.timeBudget = 0.2 }
        let wrapped = try #require(luaError(of: "coroutine.wrap(function() while true do end end)()", in: state))
        #expect(wrapped.kind == .timeBudget)
        // The main thread cannot go on looping once the coroutine was stopped.
        let resumed = try #require(luaError(of: """
            local co = coroutine.create(function() while true do end end)
            local ok = coroutine.resume(co)
            while true do end
            """, in: state))
        #expect(resumed.kind == .timeBudget)
        // A coroutine made in an earlier call is stopped too.
        try state.run("spin = coroutine.create(function() while true do end end)")
        #expect(luaError(of: "coroutine.resume(spin)", in: state)?.kind == .timeBudget)
        #expect(try state.run("return 'alive'") == [.string("alive")])
    }

    @Test func instructionBudgetStopsARunawayCoroutine() throws {
        let state = try makeState { $0.instructionBudget = 100_000; $0.timeBudget = nil }
        try state.run("spin = coroutine.create(function() while true do end end)")
        #expect(try state.run("return coroutine.resume(spin)")[0] == .boolean(false))
        #expect(luaError(of: "coroutine.wrap(function() while true do end end)()", in: state)?.kind == .instructionBudget)
    }

    @Test func coroutinesStillWork() throws {
        let state = try makeState()
        #expect(try state.run("""
            local gen = coroutine.wrap(function() for i = 1, 3 do coroutine.yield(i) end end)
            return gen() + gen() + gen()
            """) == [.integer(6)])
        #expect(luaError(of: "coroutine.wrap(function() error('inside') end)()", in: state)?.message == "chunk:1: chunk:1: inside")
    }
}

@Suite struct RecursionLimitsTests {
    @Test func deepLuaRecursionIsAnErrorAndTheStateGoesOn() throws {
        let state = try makeState()
        let error = try #require(luaError(of: "local function f() return 1 + f() end\nf()", in: state))
        #expect(error.message.contains("stack overflow"))
        #expect(try state.run("return 'alive'") == [.string("alive")])
    }

    @Test func recursionThroughSwiftIsStoppedByLuasCallLimit() throws {
        // Lua → Swift → Lua → … : Lua limits nested C calls (about 200), raising inside a protected
        // call, so the error unwinds level by level through the trampolines, never across Swift.
        let state = try makeState()
        let counter = LiveCounter()
        state.registerModule("t", functions: [("again", { lua in
            let tracker = Tracker(counter)
            _ = tracker
            try lua.call(try lua.function(1), [.reference(lua.reference(to: 1))])
            return 0
        })])
        let error = try #require(luaError(of: "local function f(g) t.again(g) end\nt.again(f)", in: state))
        #expect(error.message.contains("stack overflow") || error.message.contains("C stack overflow"))
        #expect(counter.live == 0)
        #expect(try state.run("return 'alive'") == [.string("alive")])
    }
}

@Suite struct LimitSettingsTests {
    @Test func limitsReadBackWhatWasSet() throws {
        let state = try makeState { $0.timeBudget = 2; $0.instructionBudget = nil; $0.memoryLimit = 1 << 30 }
        #expect(state.timeBudget == 2)
        #expect(state.instructionBudget == nil)
        #expect(state.memoryLimit == 1 << 30)
        state.timeBudget = nil
        state.instructionBudget = 500
        #expect(state.timeBudget == nil)
        #expect(state.instructionBudget == 500)
        #expect(state.memoryUsed > 0)
    }
}
