// The soak: a churn level (items and behaviours made and removed every simulated second, a hot
// reload every simulated minute) run for a long simulated time, with memory sampled every minute.
// After warm-up the curve must be flat: no handle, userdata or engine-slot leak.
import Foundation
import KineticLua
import KineticLuaBridge

/// The churn level: every second it adds a burst of items with gravity, collision, a push, an
/// attachment and an action, and removes the previous burst; every half second it replaces 40
/// items with new long names and a field over a region made by set operations; a named ball
/// survives reloads.
let churnLevelSource = """
    local level = { title = "churn", width = 375, height = 667, seed = 3 }
    local burst, burstItems = {}, {}
    function level.load(world, state)
      state.reloads = (state.reloads or -1) + 1
      ball = world:addItem{ name = "ball", center = {187, 100}, size = {30, 30}, bounds = "ellipse" }
      floor = world:addItem{ name = "floor", frame = {0, 640, 375, 20} }
      world:addBehavior(kinetic.itemBehavior{ items = {floor}, anchored = true })
      world:addBehavior(kinetic.gravity{ items = {ball} })
      world:addBehavior(kinetic.collision{ items = {ball, floor}, referenceBounds = true })
      burst, burstItems = {}, {}
    end
    local function churn(world)
      for _, b in ipairs(burst) do world:removeBehavior(b) end
      for _, it in ipairs(burstItems) do world:removeItem(it) end
      burst, burstItems = {}, {}
      local items = {}
      for i = 1, 6 do
        local it = world:addItem{ center = {30 + 50 * i, 200 + math.random(100)}, size = {12 + i, 12}, fill = "#88aaff",
                                  bounds = (i % 2 == 0) and "ellipse" or "rectangle", label = "n" .. i }
        items[#items + 1] = it
        burstItems[#burstItems + 1] = it
      end
      local behaviors = {
        kinetic.gravity{ items = items, magnitude = 0.5 },
        kinetic.collision{ items = items, referenceBounds = true, began = function(a, b) local _ = a.name end },
        kinetic.push{ items = { items[1] }, mode = "instantaneous", angle = 0.3, magnitude = 0.2 },
        kinetic.attachment{ item = items[2], to = items[3], length = 40 },
        kinetic.field{ kind = "vortex", items = items, strength = 0.01, region = kinetic.region{ radius = 200 } },
      }
      local b = kinetic.behavior{}
      b.action = function(w, dt) local s = w:snapshot() end
      behaviors[#behaviors + 1] = b
      for _, behavior in ipairs(behaviors) do world:addBehavior(behavior); burst[#burst + 1] = behavior end
    end
    -- Every half second: 40 items with names never used before (each name is 1 KiB long), removed
    -- the next half second, and a region built by set operations for a field that lives as long.
    local named, namedField, serial = {}, nil, 0
    local function churnNamed(world)
      for _, it in ipairs(named) do world:removeItem(it) end
      if namedField then world:removeBehavior(namedField) end
      named = {}
      for i = 1, 40 do
        serial = serial + 1
        named[i] = world:addItem{ name = ("n%d-"):format(serial) .. ("x"):rep(1000), frame = {8 * i, 300, 6, 6} }
      end
      local zone = kinetic.region{ radius = 100 }:union(kinetic.region{ size = {80, 80} }):difference(kinetic.region{ radius = 20 })
      namedField = kinetic.field{ kind = "drag", items = named, strength = 0.1, region = zone }
      world:addBehavior(namedField)
    end
    local steps = 0
    function level.update(world, dt)
      steps = steps + 1
      if steps % 60 == 1 then churn(world) end
      if steps % 30 == 1 then churnNamed(world) end
    end
    return level
    """

/// One minute's sample.
public struct SoakSample: Sendable {
    public var minute: Int
    /// Resident set size of the process, bytes (from /proc/self/statm).
    public var residentBytes: Int
    /// Bytes the Lua state holds after a full collection.
    public var luaBytes: Int
    /// Items in the world (after the reload of that minute).
    public var items: Int
    /// Worlds, behaviours and regions the Lua state holds slots for.
    public var handles: HandleCounts
}

/// The bound the soak must keep after warm-up: Lua memory after a full collection may wobble by
/// 16 KiB (allocator and string-table rounding), RSS by 1 MiB. A leak of one world per reload or
/// one behaviour per constructor grows past both within a few minutes (0.2 MiB RSS and 11.6 KiB
/// of Lua memory a minute before slots were freed).
public let soakLuaBound = 16 << 10
public let soakResidentBound = 1 << 20

/// Resident set size of this process, bytes (0 where /proc is missing).
public func residentBytes() -> Int {
    guard let text = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8) else { return 0 }
    let fields = text.split(separator: " ")
    guard fields.count > 1, let pages = Int(fields[1]) else { return 0 }
    return pages * Int(sysconf(Int32(_SC_PAGESIZE)))
}

/// Runs the churn level for `minutes` of simulated time; a sample after each minute's reload
/// (`reload` false: no reloads, to tell churn leaks from reload leaks).
public func soak(minutes: Int, reload: Bool = true, progress: ((SoakSample) -> Void)? = nil) throws -> [SoakSample] {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("kinetic-soak-\(UUID().uuidString)").path
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: folder) }
    try churnLevelSource.write(toFile: folder + "/main.lua", atomically: true, encoding: .utf8)
    var options = LevelOptions()
    options.print = { _ in }
    options.warn = { _ in }
    let level = try Level.load(path: folder, options: options)
    let stepsPerMinute = Int((60 * level.fps).rounded())
    var samples: [SoakSample] = []
    for minute in 1...max(1, minutes) {
        for _ in 0..<stepsPerMinute { try level.step() }
        if reload { try level.reload() }
        level.luaState.collectGarbage()
        let sample = SoakSample(minute: minute, residentBytes: residentBytes(), luaBytes: level.luaState.memoryUsed,
                                items: level.itemCount, handles: level.handlesInUse)
        samples.append(sample)
        progress?(sample)
    }
    return samples
}
