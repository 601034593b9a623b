// A short Lua API fuzz run on every test pass; scripts/fuzz.sh runs the long one.
import Testing
@testable import KineticFuzzing

@Suite struct LuaFuzzTests {
    /// 6 sequences × 120 calls over the whole surface: every failure must be a `file:line:` Lua error,
    /// nothing may crash, run past its instruction budget or leave NaN in any world.
    @Test func shortRunFindsNothing() {
        var options = LuaFuzzOptions()
        options.calls = 120
        // Wall-clock time and the process's peak memory belong to the whole test process, where other
        // suites run in parallel (windows, video encoders); scripts/fuzz.sh checks both in a process
        // of its own. Here the deterministic instruction budget and memory cap stand for them.
        options.slowCall = .infinity
        options.hostMemoryGrowth = .max
        let (stats, findings) = fuzzLua(firstSeed: 1, count: 6, options: options)
        #expect(findings.isEmpty, "\(findings.map(\.description).joined(separator: "\n"))")
        #expect(stats.calls == 6 * 120)
        // Bad input really was thrown at the API, and the worlds were stepped and reloaded meanwhile.
        #expect(stats.luaErrors > 100)
        #expect(stats.steps > 0 && stats.reloads > 0)
    }

    @Test func positionsAreRecognised() {
        #expect(LuaFuzzSequence.hasPosition("fuzz.lua:1: bad argument"))
        #expect(LuaFuzzSequence.hasPosition("[string \"x\"]:3: oops"))
        #expect(!LuaFuzzSequence.hasPosition("(error object is a table value)"))
        #expect(!LuaFuzzSequence.hasPosition("sandbox overflow"))
    }
}
