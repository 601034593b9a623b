// A short soak on every test pass (4 simulated minutes); scripts/soak.sh runs the hour.
import Testing
@testable import Fuzzing

@Suite struct SoakTests {
    /// Bound after warm-up (minute 2 → 4): Lua memory after a full collection may wobble by 16 KiB
    /// (allocator and string-table rounding); RSS by 1 MiB. A leak of one world per reload or one
    /// behaviour entry per constructor grows past both within two minutes.
    @Test func churnAndReloadsKeepMemoryFlat() throws {
        let samples = try soak(minutes: 4)
        #expect(samples.count == 4)
        // The reload keeps only the level's own items: the ball and the floor.
        #expect(samples.allSatisfy { $0.items == 2 })
        let luaGrowth = samples[3].luaBytes - samples[1].luaBytes
        let rssGrowth = samples[3].residentBytes - samples[1].residentBytes
        withKnownIssue("worlds, behaviour entries and regions are never freed (docs/reliability.md, S1–S2)") {
            #expect(luaGrowth <= 16 << 10, "Lua memory grew \(luaGrowth) bytes in two simulated minutes")
            #expect(rssGrowth <= 1 << 20, "RSS grew \(rssGrowth) bytes in two simulated minutes")
        }
    }
}
