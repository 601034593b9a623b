// A short soak on every test pass (4 simulated minutes); scripts/soak.sh runs the hour.
import Testing
@testable import KineticFuzzing

@Suite struct SoakTests {
    /// After warm-up (minute 2 → 4) the slots in use do not change and Lua memory after a full
    /// collection stays within `soakLuaBound` (16 KiB). RSS is left to scripts/soak.sh: other tests
    /// run in this process at the same time.
    @Test func churnAndReloadsKeepMemoryFlat() throws {
        let samples = try soak(minutes: 4)
        #expect(samples.count == 4)
        // The reload keeps only the level's own items: the ball and the floor.
        #expect(samples.allSatisfy { $0.items == 2 })
        #expect(samples[3].handles == samples[1].handles, "\(samples.map(\.handles))")
        // One world (the level's), the three behaviours of its `load`, the six of the last burst,
        // and the two constant regions: what Lua still holds, not what it ever made.
        #expect(samples[3].handles.worlds <= 2 && samples[3].handles.behaviors <= 20 && samples[3].handles.regions <= 4,
                "\(samples[3].handles)")
        let luaGrowth = samples[3].luaBytes - samples[1].luaBytes
        #expect(luaGrowth <= soakLuaBound, "Lua memory grew \(luaGrowth) bytes in two simulated minutes")
    }

    /// Without reloads the churn alone (constructors and removals every second) stays flat too.
    @Test func churnWithoutReloadsKeepsMemoryFlat() throws {
        let samples = try soak(minutes: 4, reload: false)
        #expect(samples[3].handles == samples[1].handles, "\(samples.map(\.handles))")
        let luaGrowth = samples[3].luaBytes - samples[1].luaBytes
        #expect(luaGrowth <= soakLuaBound, "Lua memory grew \(luaGrowth) bytes in two simulated minutes")
    }
}
