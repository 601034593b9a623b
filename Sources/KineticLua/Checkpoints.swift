// Checkpoints of a world as a level sees it: the animator's (Dynamics, with the engine world's
// stores), the world's Lua-side values (clock, camera, appearance, keys held, sounds played), the
// state of `math.random`, and the level's plain Lua data (`state` and every `item.data`) copied
// table by table and put back into the same tables. A ring of them, taken as the level's world
// runs, lets `world:rewind` go back and re-simulate with the input it recorded.
import KineticDynamics
import KineticLuaBridge
import KineticPhysics

/// A checkpoint Lua holds, by its slot and generation in `Runtime.checkpoints`.
struct CheckpointHandle: SlotHandleRepresentable {
    let slotHandle: SlotHandle
    init(_ handle: SlotHandle) { slotHandle = handle }
}

/// What a checkpoint keeps on the Swift side. Its Lua side (the copies of the level's tables and
/// the behaviours of the tree) is a Lua table: the user value of a checkpoint's userdata, or
/// `lua` for one of the ring.
struct LevelCheckpoint {
    let world: SlotHandle
    let animator: AnimatorCheckpoint
    let appearance: [ItemID: Appearance]
    let camera: Camera
    let removedNames: RemovedNames
    let stepsTaken: Int
    let keysDown: Set<String>
    let pointerState: (x: Double, y: Double, down: Bool)?
    let soundPlays: [SoundPlay]
    let soundPlaysDropped: Bool
    let warningCounts: [String: Int]
    let random: [UInt8]?
    var lua: LuaReference?
}

/// How often a level's world keeps a checkpoint as it runs, and how many it keeps
/// (`LevelOptions.checkpoints`, `--checkpoint-every`, `--checkpoints`; docs/time-travel.md has the
/// memory budget). Made only through `checked`, so its values always hold.
public struct CheckpointSettings: Sendable, Equatable {
    /// Seconds of simulated time between checkpoints (rounded to whole steps, at least one): a
    /// rewind or a scrub re-simulates at most this long.
    public private(set) var interval: Double
    /// Checkpoints kept, the oldest dropped first: the ring reaches back `count × interval` seconds.
    /// 0 keeps none (no rewind, no scrubbing; a re-run on edit still works, it starts from the start).
    public private(set) var count: Int

    /// One a second, the last ten.
    public static let standard = CheckpointSettings(interval: 1, count: 10)
    /// The most checkpoints a ring keeps: each can cost megabytes (a 1,000-item level's is under 6 MiB).
    public static let maximumCount = 1000
    /// What each value must be, for messages: "`subject` must be <rule>, got …".
    public static let intervalRule = "a number of seconds above 0 and at most \(Int(SimulatedTime.maximumSeconds))"
    public static let countRule = "an integer from 0 to \(maximumCount)"

    public static func isValid(interval: Double) -> Bool { interval > 0 && interval <= SimulatedTime.maximumSeconds }
    public static func isValid(count: Int) -> Bool { (0...maximumCount).contains(count) }

    /// The settings, or an error naming the value that is out of range.
    public static func checked(interval: Double = standard.interval, count: Int = standard.count) throws(LevelError) -> CheckpointSettings {
        guard isValid(interval: interval) else { throw LevelError(message: "the checkpoint interval must be \(intervalRule), got \(interval)") }
        guard isValid(count: count) else { throw LevelError(message: "the checkpoint count must be \(countRule), got \(count)") }
        return CheckpointSettings(interval: interval, count: count)
    }

    private init(interval: Double, count: Int) {
        self.interval = interval
        self.count = count
    }

    /// Steps between checkpoints at `fps`.
    func intervalSteps(fps: Double) -> Int { max(1, Int((interval * fps).rounded())) }
}

/// The checkpoints a level's world keeps as it runs, and the input since the oldest. Their Lua
/// sides are in the world's anchor (`timeline[step]`), so a world Lua drops is collected with them.
struct CheckpointRing {
    var entries: [LevelCheckpoint] = []
    /// The input given since the oldest checkpoint, each at the step count it came at.
    var inputs: [RecordedEvent] = []

    /// Drops the input from `step` on and the checkpoints after it (at it too, unless `keepingStep`):
    /// a restore branches, and the old future is gone. Returns the steps of the dropped checkpoints.
    mutating func discard(from step: Int, keepingStep: Bool) -> [Int] {
        let dropped = entries.filter { $0.stepsTaken > step || ($0.stepsTaken == step && !keepingStep) }.map(\.stepsTaken)
        entries.removeAll { dropped.contains($0.stepsTaken) }
        inputs.removeAll { $0.step >= step }
        return dropped
    }
}

/// The Lua functions that copy a level's tables and put the copies back (loaded once per state).
/// `save(root)` maps every table reachable from `root` (through keys and values) to a shallow
/// copy of it; `restore(copies)` empties each table and refills it from its copy, so every
/// reference to those tables sees them as they were. Raw accesses: metatables are not consulted.
let tableCopierSource = """
local next, type, rawset = next, type, rawset
local function save(root)
  local copies, stack, n = {}, { root }, 1
  while n > 0 do
    local t = stack[n]
    stack[n] = nil
    n = n - 1
    if copies[t] == nil then
      local c = {}
      copies[t] = c
      for k, v in next, t do
        c[k] = v
        if type(k) == "table" and copies[k] == nil then n = n + 1; stack[n] = k end
        if type(v) == "table" and copies[v] == nil then n = n + 1; stack[n] = v end
      end
    end
  end
  return copies
end
local function restore(copies)
  for t, c in next, copies do
    for k in next, t do rawset(t, k, nil) end
    for k, v in next, c do rawset(t, k, v) end
  end
end
return save, restore
"""

extension Runtime {
    /// Loads the table copier and finds `math.random` (before any level runs).
    func installCheckpoints() {
        guard let chunk = try? state.load(tableCopierSource, name: "=kinetic") else { return }
        let functions = try? state.call(chunk, arguments: { _ in 0 }) { lua, first, count in
            count == 2 ? (lua.reference(to: first), lua.reference(to: first + 1)) : nil
        } ?? nil
        (saveTables, restoreTables) = (functions?.0, functions?.1)
        randomFunction = state.withStack { lua in
            lua.pushGlobals()
            lua.pushField("math", ofTableAt: -1)
            guard lua.isTable(-1) else { return nil }
            lua.pushField("random", ofTableAt: -1)
            return lua.isFunction(-1) ? lua.reference(to: -1) : nil
        }
    }

    /// Pushes the level's `state` table of `world` (nil when it has none).
    func pushLevelState(of world: WorldModel, on lua: Lua) {
        lua.reserve(4)
        if let level = world.level { lua.push(level.state); return }
        guard world.levelInAnchor, pushAnchor(lua, in: anchors.worlds, key: world.handle.luaKey, make: false) else { lua.pushNil(); return }
        lua.pushField("state", ofTableAt: -1)
        lua.remove(-2)
    }

    /// Takes a checkpoint of `world`, and pushes the table of its Lua side:
    /// `{ copies = <save(state, data)>, behaviors = {...}, world = <world> }`.
    func takeCheckpoint(of world: WorldModel, on lua: Lua) throws(LuaError) -> LevelCheckpoint {
        lua.reserve(8)
        lua.pushTable(fields: 3)
        let table = lua.absolute(-1)
        if let saveTables {
            let copies = try state.call(saveTables, arguments: { inner in
                inner.reserve(4)
                inner.pushTable(fields: 2)
                pushLevelState(of: world, on: inner)
                inner.setField("state", inTableAt: -2)
                _ = pushDataTables(of: world, inner, make: true)
                inner.setField("data", inTableAt: -2)
                return 1
            }) { inner, first, _ in inner.reference(to: first) }
            lua.push(copies)
            lua.setField("copies", inTableAt: table)
        }
        // The behaviours of the tree stay alive (with their Lua functions) while the checkpoint does.
        let tree = world.animator.allBehaviors
        lua.pushArray(tree) { lua, b in pushBehavior(b, on: lua) }
        lua.setField("behaviors", inTableAt: table)
        let random = randomFunction.flatMap { f in
            state.withStack { inner in inner.push(f); return inner.upvalueBytes(1, ofFunctionAt: -1) }
        }
        return LevelCheckpoint(
            world: world.handle, animator: world.animator.checkpoint(), appearance: world.appearance,
            camera: world.camera, removedNames: world.removedNames, stepsTaken: world.stepsTaken,
            keysDown: world.keysDown, pointerState: world.pointerState, soundPlays: world.soundPlays,
            soundPlaysDropped: world.soundPlaysDropped, warningCounts: world.warningCounts, random: random)
    }

    /// Takes a checkpoint whose Lua side the registry keeps (`lua`), for a host to hold.
    func takeCheckpointWithTable(of world: WorldModel) throws(LuaError) -> LevelCheckpoint {
        var result: Result<LevelCheckpoint, LuaError>?
        state.withStack { lua in
            do {
                var entry = try takeCheckpoint(of: world, on: lua)
                entry.lua = lua.reference(to: -1)
                result = .success(entry)
            } catch let error as LuaError { result = .failure(error) } catch { result = .failure(LuaError(kind: .runtime, message: "\(error)")) }
        }
        return try result!.get()
    }

    /// Puts `world` back as it was at `checkpoint`, whose Lua side `pushTable` pushes. Throws
    /// what the animator refuses (a behaviour that joined another world since).
    /// `isRewind` keeps the ring's checkpoint at the restored step; `keepsFuture` (a seek) keeps the
    /// whole ring, for a seek forward again, until `branch` drops the future.
    func restore(_ world: WorldModel, to checkpoint: LevelCheckpoint, isRewind: Bool = false, keepsFuture: Bool = false,
                 pushTable: (Lua) -> Void) throws {
        try dynamics("World:restore") { () throws(DynamicsError) in try world.animator.restore(checkpoint.animator) }
        world.appearance = checkpoint.appearance
        world.camera = checkpoint.camera
        world.removedNames = checkpoint.removedNames
        world.stepsTaken = checkpoint.stepsTaken
        world.keysDown = checkpoint.keysDown
        world.pointerState = checkpoint.pointerState
        world.soundPlays = checkpoint.soundPlays
        world.soundPlaysDropped = checkpoint.soundPlaysDropped
        world.warningCounts = checkpoint.warningCounts
        if !keepsFuture {
            dropTimelineTables(of: world, steps: world.timeline.discard(from: checkpoint.stepsTaken, keepingStep: isRewind))
            world.runInput.removeAll { $0.step >= checkpoint.stepsTaken }
        }
        if let random = checkpoint.random, let f = randomFunction {
            state.withStack { lua in lua.push(f); lua.setUpvalueBytes(1, ofFunctionAt: -1, random) }
        }
        // The behaviours back in the tree keep their functions alive through the world again.
        for b in world.animator.behaviors { link(b, to: .world(world.handle)) }
        for b in world.animator.allBehaviors where !b.childBehaviors.isEmpty {
            if let slot = behaviorIndex[ObjectIdentifier(b)] { linkChildren(of: behaviors.handle(slot)) }
        }
        guard let restoreTables else { return }
        try state.call(pushing: { lua in lua.push(restoreTables) }, arguments: { lua in
            lua.reserve(4)
            pushTable(lua)
            lua.pushField("copies", ofTableAt: -1)
            lua.remove(-2)
            return 1
        }) { _, _, _ in () }
    }

    // MARK: - The ring

    /// After a step of a level's world: keeps a checkpoint every `intervalSeconds`.
    func keepCheckpointIfDue(_ world: WorldModel) {
        let settings = options.checkpoints
        guard world.keepsTimeline, settings.count > 0, world.level != nil || world.levelInAnchor else { return }
        guard world.stepsTaken % settings.intervalSteps(fps: world.fps) == 0 else { return }
        var kept: LevelCheckpoint?
        state.withStack { lua in
            guard let entry = try? takeCheckpoint(of: world, on: lua) else { return }
            let table = lua.absolute(-1)
            pushTimeline(of: world, on: lua)
            lua.pushValue(at: table)
            lua.setIndex(entry.stepsTaken, inTableAt: -2)
            kept = entry
        }
        guard let kept else { return }
        world.timeline.entries.append(kept)
        if world.timeline.entries.count > settings.count {
            dropTimelineTables(of: world, steps: [world.timeline.entries.removeFirst().stepsTaken])
        }
        if let oldest = world.timeline.entries.first?.stepsTaken { world.timeline.inputs.removeAll { $0.step < oldest } }
    }

    /// Pushes the world's `timeline` table (made if absent), in its anchor.
    func pushTimeline(of world: WorldModel, on lua: Lua) {
        lua.reserve(4)
        pushAnchor(lua, in: anchors.worlds, key: world.handle.luaKey, make: true)
        lua.pushField("timeline", ofTableAt: -1)
        if !lua.isTable(-1) {
            lua.pop()
            lua.pushTable()
            lua.pushValue(at: -1)
            lua.setField("timeline", inTableAt: -3)
        }
        lua.remove(-2)
    }

    func dropTimelineTables(of world: WorldModel, steps: [Int]) {
        guard !steps.isEmpty else { return }
        state.withStack { lua in
            pushTimeline(of: world, on: lua)
            for step in steps { lua.pushNil(); lua.setIndex(step, inTableAt: -2) }
        }
    }

    /// Notes an input given to a level's world, for `world:rewind` and a re-run.
    func recordInput(_ input: RecordedInput, to world: WorldModel) {
        guard world.keepsTimeline, world.level != nil || world.levelInAnchor else { return }
        let event = RecordedEvent(step: world.stepsTaken, input: input)
        world.timeline.inputs.append(event)
        world.runInput.append(event)
    }

    /// Goes back `seconds` of simulated time: restores the newest kept checkpoint at or before
    /// that time, then steps again to it with the input recorded since. Returns the time reached.
    func rewind(_ world: WorldModel, seconds: Double) throws -> Double {
        // Past the start is the start; compared as a Double, a span too long for an `Int` of
        // steps (a level may ask for 1e300 s) is one too.
        let back = seconds * world.fps
        let target = back >= Double(world.stepsTaken) ? 0 : world.stepsTaken - Int(back.rounded())
        guard let entry = world.timeline.entries.last(where: { $0.stepsTaken <= target }) else {
            let oldest = world.timeline.entries.first.map { String(format: "%g", Double($0.stepsTaken) / world.fps) } ?? "none"
            throw LuaBindingError("World:rewind: no checkpoint is kept at or before \(String(format: "%g", Double(target) / world.fps)) s (the oldest kept is at \(oldest) s; the world keeps the last \(options.checkpoints.count) taken every \(String(format: "%g", options.checkpoints.interval)) s)")
        }
        try restoreAndResimulate(world, from: entry, to: target, keepsFuture: false)
        return world.time
    }

    /// Shows the world as it was after step `target`, without changing its timeline (the window's
    /// scrubbing): restores the newest kept checkpoint at or before it and steps again with the
    /// recorded input, recording nothing and keeping no checkpoint, so the ring still holds the
    /// future for a seek forward. `branch` drops that future when the run goes on from here.
    func seek(_ world: WorldModel, toStep target: Int) throws {
        guard let entry = world.timeline.entries.last(where: { $0.stepsTaken <= target }) else {
            let oldest = world.timeline.entries.first.map { "\($0.stepsTaken)" } ?? "none"
            throw LuaBindingError("seek: no checkpoint is kept at or before step \(target) (the oldest kept is at step \(oldest))")
        }
        world.keepsTimeline = false
        defer { world.keepsTimeline = true }
        try restoreAndResimulate(world, from: entry, to: target, keepsFuture: true)
    }

    /// After seeks: the run goes on from the step shown, so the ring's input from it on and its
    /// checkpoints after it (the old future) are dropped, as a restore does.
    func branch(_ world: WorldModel) {
        dropTimelineTables(of: world, steps: world.timeline.discard(from: world.stepsTaken, keepingStep: true))
        world.runInput.removeAll { $0.step >= world.stepsTaken }
    }

    /// Restores `entry` (one of the ring's) and steps to `target`, giving the level the input
    /// recorded between, at the same steps.
    private func restoreAndResimulate(_ world: WorldModel, from entry: LevelCheckpoint, to target: Int, keepsFuture: Bool) throws {
        let inputs = world.timeline.inputs.filter { $0.step >= entry.stepsTaken && $0.step < target }
        try restore(world, to: entry, isRewind: true, keepsFuture: keepsFuture) { lua in
            pushTimeline(of: world, on: lua)
            lua.pushIndex(entry.stepsTaken, ofTableAt: -1)
            lua.remove(-2)
        }
        // Given again, the inputs are recorded again: the re-simulated part is the timeline anew.
        try play(inputs, on: world, to: target)
    }

    /// Steps `world` to step `target`, giving its level each of `inputs` (in order) at the step it
    /// was recorded at, as the run that recorded them did; inputs recorded at `target` itself come
    /// after the last step. The one re-simulation loop: a rewind, a seek and a re-run use it.
    func play(_ inputs: [RecordedEvent], on world: WorldModel, to target: Int) throws {
        var next = 0
        func deliverDue() throws {
            while next < inputs.count, inputs[next].step <= world.stepsTaken {
                switch inputs[next].input {
                case .key(let name, let down): try key(world, name, down: down)
                case .pointer(let event): try pointer(world, event)
                }
                next += 1
            }
        }
        while world.stepsTaken < target {
            try deliverDue()
            try step(world)
        }
        try deliverDue()
    }
}
