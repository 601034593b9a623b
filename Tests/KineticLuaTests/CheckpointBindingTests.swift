// world:checkpoint(), world:restore(cp), world:rewind(seconds) and world:predict(item, seconds), and
// the invariant they rest on: every example level, restored and run again, ends bit-identical.
import Foundation
import KineticLuaBridge
import Testing
@testable import KineticLua

/// The example levels of the package (examples/*/main.lua).
let examplesFolder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().appendingPathComponent("examples").path
let exampleNames: [String] = ((try? FileManager.default.contentsOfDirectory(atPath: examplesFolder)) ?? [])
    .filter { FileManager.default.fileExists(atPath: examplesFolder + "/" + $0 + "/main.lua") }.sorted()

/// A text of every value reachable from a table (keys sorted, cycles named), to compare Lua data.
let describeTable = """
local root = ...
local seen, out, count = {}, {}, 0
local function walk(v, depth)
  if type(v) ~= "table" then out[#out + 1] = type(v) == "function" and "function" or tostring(v); return end
  if seen[v] then out[#out + 1] = "@" .. seen[v]; return end
  count = count + 1; seen[v] = count
  local keys = {}
  for k in next, v do keys[#keys + 1] = k end
  table.sort(keys, function(a, b) return type(a) .. tostring(a) < type(b) .. tostring(b) end)
  out[#out + 1] = "{"
  for _, k in ipairs(keys) do walk(k, depth + 1); out[#out + 1] = "="; walk(v[k], depth + 1); out[#out + 1] = "," end
  out[#out + 1] = "}"
end
walk(root, 0)
return table.concat(out)
"""

@Suite struct CheckpointBindingTests {
    func quiet() throws -> LevelOptions {
        var options = LevelOptions()
        options.print = { _ in }
        options.warn = { _ in }
        options.dataFolder = .folder(try makeFolder([:]))
        return options
    }

    /// The level's items, its `state` and its sounds, as one comparable value.
    func fingerprint(_ level: Level) throws -> String {
        let items = SnapshotHash.hex(level.snapshot().map(RecordedItem.init))
        let state = try level.luaState.run(describeTable, name: "=describe", [.reference(level.world.level!.state)])
        return "\(items) \(state) sounds \(level.soundPlays.count) t \(level.time)"
    }

    func run(_ level: Level, _ events: [RecordedEvent], from: Int, to: Int) throws {
        for step in from..<to {
            for e in events where e.step == step { try level.deliver(e.input) }
            try level.step()
        }
    }

    @Test(arguments: exampleNames)
    func exampleRunsTheSameAfterRestore(_ name: String) throws {
        let folder = examplesFolder + "/" + name
        let level = try Level.load(path: folder, options: try quiet())
        // Pachinko's recorded session plays its shots; the other levels run their own demo or default shot.
        let recording = folder + "/" + name + ".recording.json"
        let events = FileManager.default.fileExists(atPath: recording) ? try Recording(contentsOf: recording).events : []
        let k = 45, n = 300
        try run(level, events, from: 0, to: k)
        let checkpoint = try level.checkpoint()
        try run(level, events, from: k, to: n)
        let first = try fingerprint(level)
        try level.restore(checkpoint)
        #expect(level.stepCount == k)
        try run(level, events, from: k, to: n)
        let second = try fingerprint(level)
        #expect(second == first, "\(name): \(first.prefix(300)) vs \(second.prefix(300))")
    }

    @Test func restoreBringsBackItemsStateDataAndRandom() throws {
        let folder = try makeFolder(["main.lua": """
            local level = { width = 300, height = 300 }
            function level.load(world, state)
              state.ball = world:addItem{ name = "ball", center = { 100, 50 }, size = { 20, 20 } }
              world:addBehavior(kinetic.gravity{ items = { state.ball } })
              state.list = { 1, 2, { deep = "x" } }
              state.list[4] = state.list  -- a cycle
              state.ball.data.hits = 1
            end
            return level
            """])
        let level = try Level.load(path: folder, options: try quiet())
        let state = level.world.level!.state
        func lua(_ source: String) throws -> [LuaValue] { try level.luaState.run("local state = ... " + source, name: "probe", [.reference(state)]) }
        try level.step()
        let checkpoint = try level.checkpoint()
        let before = try lua("return state.ball.y, math.random(1000000)")
        let list = try lua("return tostring(state.list)")
        try lua("""
            local w = state.ball.world
            state.extra = w:addItem{ center = { 10, 10 }, size = { 5, 5 } }
            w:removeItem(state.ball)
            state.list[3].deep = "changed"; state.list[5] = "new"; state.ball = nil
            """)
        for _ in 0..<10 { try level.step() }
        try level.restore(checkpoint)
        // The same tables, holding what they held; the removed ball is back under its old handle.
        #expect(try lua("return tostring(state.list), state.list[3].deep, state.list[5], state.list[4] == state.list") ==
            list + [.string("x"), .nil, .boolean(true)])
        #expect(try lua("return state.ball.name, state.ball.data.hits") == [.string("ball"), .integer(1)])
        #expect(try lua("return state.ball.y, math.random(1000000)") == before)
        #expect(try lua("return pcall(function() return state.extra.x end)").first == .boolean(false))
    }

    @Test func errorsForForeignAndDroppedCheckpointsAndInsideASteps() throws {
        let h = try Harness()
        let error = h.error("""
            local a, b = kinetic.world{}, kinetic.world{}
            b:restore(a:checkpoint())
            """)
        #expect(error?.message.contains("World:restore: the checkpoint was taken of another world") == true, "\(String(describing: error))")
        let inside = h.error("""
            local w = kinetic.world{}
            local cp = w:checkpoint()
            local b = w:addItem{ center = { 10, 10 }, size = { 5, 5 } }
            local g = kinetic.gravity{ items = { b } }
            g.action = function() w:restore(cp) end
            w:addBehavior(g)
            w:step()
            """)
        #expect(inside?.message.contains("World:restore cannot be called from inside a step") == true, "\(String(describing: inside))")
        let wrong = h.error("kinetic.world{}:restore({})")
        #expect(wrong?.message.contains("Checkpoint") == true, "\(String(describing: wrong))")
    }

    @Test func checkpointsLuaDropsAreFreedAndKeptOnesStayUsable() throws {
        let h = try Harness()
        try h.run("""
            w = kinetic.world{}
            local b = w:addItem{ center = { 10, 10 }, size = { 5, 5 } }
            w:addBehavior(kinetic.gravity{ items = { b } })
            kept = w:checkpoint()
            for _ = 1, 300 do w:checkpoint(); w:step() end
            collectgarbage(); collectgarbage()
            w:step()
            """)
        #expect(h.runtime.checkpoints.count < 10, "\(h.runtime.checkpoints.count) checkpoints alive")
        #expect(try h.run("w:restore(kept) return w.steps, kept.steps, tostring(kept)") ==
            [.integer(0), .integer(0), .string("Checkpoint at 0 steps")])
    }

    @Test func rewindGoesBackAndResimulatesWithTheRecordedInput() throws {
        let folder = try makeFolder(["main.lua": """
            local level = { width = 300, height = 600 }
            local S
            function level.load(world, state)
              S = state
              state.world = world
              state.ball = world:addItem{ name = "ball", center = { 100, 50 }, size = { 20, 20 } }
              world:addBehavior(kinetic.gravity{ items = { state.ball } })
              state.keys = 0
            end
            function level.key(world, name, down)
              if down then S.keys = S.keys + 1; S.ball.velocity = { 50, -100 } end
            end
            return level
            """])
        let level = try Level.load(path: folder, options: try quiet())
        for _ in 0..<100 { try level.step() }
        try level.key("space", down: true)
        for _ in 0..<15 { try level.step() }
        let earlier = try #require(level.snapshot().first)
        for _ in 0..<65 { try level.step() }
        // Back 65 steps from step 180: the checkpoint kept at step 60, then 55 steps again with
        // the key given at step 100.
        #expect(try level.rewind(65.0 / 60) == 115.0 / 60)
        #expect(level.snapshot().first == earlier)
        let keys = try level.luaState.run("local state = ... return state.keys", name: "probe", [.reference(level.world.level!.state)])
        #expect(keys == [.integer(1)])
        // Past the start: back to the checkpoint the world kept before its first step.
        #expect(try level.rewind(60) == 0)
        #expect(level.snapshot().first?.y == 50)
        // However far: a span of steps past what an Int holds is the start too, not a trap.
        for _ in 0..<30 { try level.step() }
        #expect(try level.luaState.run("local state = ... return state.world:rewind(1e300)", name: "probe", [.reference(level.world.level!.state)]) == [.number(0)])
        #expect(level.snapshot().first?.y == 50)
        // Further back than the ring reaches: an error naming what is kept.
        for _ in 0..<700 { try level.step() }
        #expect(throws: LevelError.self) { try level.rewind(11) }
    }

    /// `LevelOptions.checkpoints`: how often the ring keeps a checkpoint and how many, which is how
    /// far back a rewind reaches; 0 keeps none. Out-of-range settings are refused.
    @Test func theRingFollowsItsSettings() throws {
        let folder = try makeFolder(["main.lua": "return { load = function(w) w:addItem{ center = {50, 50}, size = {10, 10} } end }"])
        var options = try quiet()
        options.checkpoints = try CheckpointSettings.checked(interval: 0.5, count: 3)
        let level = try Level.load(path: folder, options: options)
        for _ in 0..<300 { try level.step() }
        // Kept every 30 steps; the last three of 0, 30, …, 300.
        #expect(level.oldestKeptStep == 240)
        #expect(try level.rewind(1) == 4)
        #expect(level.stepCount == 240)
        for _ in 0..<60 { try level.step() }
        let error = try #require(throws: LevelError.self) { try level.rewind(1.5) }
        #expect(error.message == "World:rewind: no checkpoint is kept at or before 3.5 s (the oldest kept is at 4 s; the world keeps the last 3 taken every 0.5 s)")

        options.checkpoints = try CheckpointSettings.checked(count: 0)
        let unkept = try Level.load(path: folder, options: options)
        for _ in 0..<120 { try unkept.step() }
        #expect(unkept.oldestKeptStep == nil)
        #expect(throws: LevelError.self) { try unkept.rewind(0.5) }

        #expect(CheckpointSettings.standard.interval == 1 && CheckpointSettings.standard.count == 10)
        let interval = try #require(throws: LevelError.self) { try CheckpointSettings.checked(interval: 0) }
        #expect(interval.message == "the checkpoint interval must be a number of seconds above 0 and at most 3600, got 0.0")
        let count = try #require(throws: LevelError.self) { try CheckpointSettings.checked(count: 1001) }
        #expect(count.message == "the checkpoint count must be an integer from 0 to 1000, got 1001")
        #expect(throws: LevelError.self) { try CheckpointSettings.checked(interval: .nan) }
    }

    /// docs/time-travel.md's budget: a checkpoint of a 1,000-item level piling up under 6 MiB, so
    /// the ring of 10 stays under 60 MiB.
    @Test func aThousandItemCheckpointFitsTheBudget() throws {
        var items = ""
        for i in 0..<1000 {
            items += "w:addItem{ center = { \(30 + (i % 40) * 28), \(30 + (i / 40) * 28) }, size = { 18, 18 }, bounds = '\(i % 2 == 0 ? "ellipse" : "rectangle")' },\n"
        }
        let folder = try makeFolder(["main.lua": """
            local level = { width = 1200, height = 1200 }
            function level.load(w, state)
              local items = { \(items) }
              w:addBehavior(kinetic.gravity{ items = items })
              w:addBehavior(kinetic.collision{ items = items, referenceBounds = true })
            end
            return level
            """])
        let level = try Level.load(path: folder, options: try quiet())
        for _ in 0..<120 { try level.step() }
        let bytes = try level.checkpoint().byteCount
        print("checkpoint of 1,000 items after 120 steps: \(bytes) bytes")
        #expect(bytes > 100_000 && bytes < 6 << 20)
    }

    @Test func predictLeavesTheWorldAsItWas() throws {
        let h = try Harness()
        let result = try h.run("""
            local w = kinetic.world{ width = 400, height = 400 }
            local b = w:addItem{ center = { 100, 50 }, size = { 20, 20 } }
            w:addBehavior(kinetic.gravity{ items = { b } })
            w:step()
            local y, t = b.y, w.time
            local path = w:predict(b, 0.5)
            return #path, path[#path].y > y, b.y == y, w.time == t
            """)
        #expect(result == [.integer(31), .boolean(true), .boolean(true), .boolean(true)])
    }
}
