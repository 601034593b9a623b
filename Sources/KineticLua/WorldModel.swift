// A world as Lua sees it: the animator, per-item appearance, the fixed-step clock, the level's
// handlers, and the step that calls Lua back after the physics in a deterministic order.
import KineticDynamics
import Foundation
import KineticLuaBridge
import KineticPhysics
import KineticScene

/// The functions and state table of a level running in a world.
struct LevelScript {
    /// The table the level file returned (`load`, `update`, …, looked up by name at each call).
    var table: LuaReference
    /// The `state` table handed to `load` (kept across hot reloads).
    var state: LuaReference
    /// The level file's chunk name (`main.lua`), for messages.
    var chunk: String
}

/// One world: an animator with its reference view, its items' appearance and its level.
final class WorldModel {
    /// Where a world is in its step: Lua may not change it while a field is evaluated.
    enum Phase { case idle, update, stepping, delivering }

    /// The world's slot in `Runtime.worlds` (set when it is made).
    var handle = SlotHandle(slot: -1, generation: 0)
    var slot: Int32 { handle.slot }
    /// Holders on the host side (`Runtime.hold`): the level's current world has one.
    var holds = 0
    /// Userdata of the world Lua collected that the next sweep has not counted yet.
    var collectionsPending: Int32 = 0
    let animator: DynamicAnimator
    var setup: WorldSetup
    var appearance: [ItemID: Appearance] = [:]  // lookups only
    /// Image paths as the level gave them → the file to draw, or why it is refused (`imagePath`).
    var imageFiles: [String: Result<String, LevelFileError>] = [:]  // lookups only
    /// Where the view looks, and the item it follows (`world.camera`, `world:follow`).
    var camera: Camera
    /// Names of removed items, so stale handles name them (bounded).
    var removedNames = RemovedNames()
    var level: LevelScript?
    /// A level `kinetic.load` gave to Lua: its table and `state` moved from `level` to the world's
    /// anchor, so they do not keep the world alive when they refer to it.
    var levelInAnchor = false
    /// How many `on("pause")` and `on("resume")` handlers it has (they are in its anchor).
    var pauseHandlers = 0
    var resumeHandlers = 0
    @exclusivity(unchecked) var phase = Phase.idle  // unchecked: read on every fast item write
    /// Item moves Lua wrote that the animator has not seen yet (unchecked: written on every fast
    /// `item.x = v`).
    @exclusivity(unchecked) var moves = DeferredMoves()
    /// The behaviours whose `action` the animator asked for during the step, in its order. Collision
    /// and sensor events are not copied: `deliver` reads the animator's own lists after the step.
    var pendingActions: [BehaviorHandle] = []
    /// The first Lua error of the current step (the rest of its callbacks are skipped).
    var pendingError: LuaError?
    /// Fixed steps taken (the clock runs while the animator is paused, too).
    var stepsTaken = 0
    /// Keys held down now, by name, and the latest pointer position (nil before the first pointer
    /// event) and whether it is down: what `world:isDown` and `world.pointer` read. Fed by the one
    /// path every input takes (window, recording, replay, scenario), so a replay reads the same.
    var keysDown: Set<String> = []  // membership only
    var pointerState: (x: Double, y: Double, down: Bool)?
    /// Every `Sound:play` of its callbacks, in order (at most `SoundBinding.playLimit`), and whether
    /// plays past that limit were dropped (warned once).
    var soundPlays: [SoundPlay] = []
    var soundPlaysDropped = false
    /// Keys tracked as held at once: more than a keyboard has, and a bound on host memory when a
    /// script injects made-up key names (`world:key`) without releasing them.
    static let heldKeysLimit = 256
    /// How often each animator warning was seen: a warning repeated every step is shown only
    /// `WorldModel.warningRepeats` times, and only the first `WorldModel.distinctWarnings` different
    /// ones are shown at all (a warning naming a count or an item can differ every step).
    var warningCounts: [String: Int] = [:]  // lookups only
    static let warningRepeats = 3
    static let distinctWarnings = 100
    /// The checkpoints and input kept for `world:rewind` (worlds with a level).
    var timeline = CheckpointRing()
    var keepsTimeline = true
    /// Every input the level was given since it started, with its step: what a re-run plays again
    /// (`world:rerun`, the window's re-run on edit). The ring's input goes back only to its oldest
    /// checkpoint; a re-run starts from the start. A restore drops its future, as the ring's.
    var runInput: [RecordedEvent] = []
    /// Where the level was loaded from, for `world:rerun` (nil for a world made by `kinetic.world`).
    var origin: LevelOrigin?

    init(animator: DynamicAnimator, setup: WorldSetup) {
        self.animator = animator
        self.setup = setup
        camera = Camera(view: setup.viewSize)
    }

    var fps: Double { animator.fps }
    var dt: Double { 1 / animator.fps }
    /// Simulated seconds: fixed steps × 1/fps.
    var time: Double { Double(stepsTaken) / animator.fps }

    /// "item 'ball'" or "item#3".
    func label(_ id: ItemID) -> String {
        if let name = (try? animator.name(of: id)) ?? nil { return "item '\(name)'" }
        if let name = removedNames[id] { return "item '\(name)'" }
        return "item#\(id.index)"
    }

    /// Hands the item moves Lua noted to the animator.
    func settleMoves() {
        if !moves.isEmpty { moves.apply(to: animator) }
    }

    /// Throws while a field's `evaluate` runs (the animator is mid-step).
    func requireUnlocked(_ function: String) throws {
        if phase == .stepping {
            throw LuaBindingError("\(function) cannot change the world while a field is being evaluated")
        }
    }

    /// Lets go of everything a freed world holds: its level's functions, handlers and callbacks,
    /// and its behaviours (which leave the animator, so unused ones can be freed).
    func dispose() {
        level = nil
        levelInAnchor = false
        pauseHandlers = 0
        resumeHandlers = 0
        pendingActions.removeAll()
        pendingError = nil
        timeline = CheckpointRing()
        runInput.removeAll()
        animator.removeAllBehaviors()
        _ = animator.drainEvents()
    }

    func removeItem(_ id: ItemID) throws(DynamicsError) {
        let name = try animator.name(of: id)
        try animator.removeItem(id)
        appearance[id] = nil
        if let name { removedNames.remember(name, of: id) }
    }
}

// MARK: - Stepping

extension Runtime {
    /// One fixed step: `level.update(world, dt)`, the animator's step, then Lua callbacks
    /// (resume handlers, collision began/ended and actions in the animator's order, pause handlers).
    /// Throws the first Lua error; the world stays consistent.
    func step(_ world: WorldModel) throws(LuaError) {
        guard world.phase == .idle else {
            throw LuaError(kind: .runtime, message: "the world cannot step from inside its own step")
        }
        // `world:run(…)` inside a callback is host work the hook cannot stop: it shares the budget.
        if state.isTimeUp {
            throw LuaError(kind: .timeBudget, message: "script exceeded its time budget of \(String(format: "%g", state.timeBudget ?? 0)) s while stepping the world")
        }
        // The timeline starts with the world as its level left it.
        if world.stepsTaken == 0 && world.timeline.entries.isEmpty { keepCheckpointIfDue(world) }
        world.pendingError = nil
        let outerSoundWorld = soundWorld
        soundWorld = world
        defer { world.phase = .idle; soundWorld = outerSoundWorld }
        if let update = levelFunction("update", of: world) {
            world.phase = .update
            try call(update) { lua in
                pushWorld(world, on: lua)
                lua.push(world.dt)
                return 2
            }
        }
        world.phase = .stepping
        world.animator.step()
        world.stepsTaken += 1
        world.phase = .delivering
        deliver(world)
        moveCamera(world)
        sweep()
        if let error = world.pendingError {
            world.pendingError = nil
            throw error
        }
        if let error = world.animator.nonFiniteStateError {
            let prefix = world.level.map { "\($0.chunk): " } ?? ""
            throw LuaError(kind: .runtime, message: prefix + error.message)
        }
        keepCheckpointIfDue(world)
    }

    /// Calls `function` for a callback of `world`'s step; the first error is kept for the step to
    /// throw and later callbacks are skipped.
    func callback(_ world: WorldModel, _ function: (Lua) -> Void, _ push: (Lua) -> Int32) {
        guard world.pendingError == nil else { return }
        do { try call(pushing: function, push) } catch { world.pendingError = error }
    }

    func deliver(_ world: WorldModel) {
        let animator = world.animator
        let events = animator.drainEvents()
        let actions = world.pendingActions
        world.pendingActions.removeAll()
        for case .resumed in events {
            for i in 0..<world.resumeHandlers {
                callback(world, { lua in pushHandler("resume", i + 1, of: world, on: lua) }) { lua in pushWorld(world, on: lua); return 1 }
            }
        }
        // Callbacks may step nothing (the world is delivering) but may add and remove anything:
        // each event is checked against the world as the callbacks before it left it.
        for e in animator.collisionEvents {
            guard world.pendingError == nil else { break }
            guard let h = liveHandle(of: e.behavior), let entry = liveEntry(h), e.kind == .began ? entry.hasBegan : entry.hasEnded,
                  e.behavior.animator === animator, animator.isValid(e.item), isLive(e.partner, in: world) else { continue }
            if e.kind == .began {
                callback(world, { lua in pushCallback(.began, of: h, on: lua) }) { lua in
                    pushItem(e.item, on: lua)
                    push(e.partner, on: lua)
                    lua.push(e.point)
                    lua.push(e.approachSpeed)
                    lua.push(e.normal)
                    return 5
                }
            } else {
                callback(world, { lua in pushCallback(.ended, of: h, on: lua) }) { lua in
                    pushItem(e.item, on: lua)
                    push(e.partner, on: lua)
                    return 2
                }
            }
        }
        for e in animator.sensorEvents {
            guard world.pendingError == nil else { break }
            guard let h = liveHandle(of: e.sensor), let entry = liveEntry(h), e.kind == .began ? entry.hasBegan : entry.hasEnded,
                  e.sensor.animator === animator, animator.isValid(e.item) else { continue }
            callback(world, { lua in pushCallback(e.kind == .began ? .began : .ended, of: h, on: lua) }) { lua in
                pushBehavior(e.sensor, on: lua)
                pushItem(e.item, on: lua)
                return 2
            }
        }
        for h in actions {
            guard world.pendingError == nil else { break }
            guard let entry = liveEntry(h), entry.hasAction, entry.behavior.animator === animator else { continue }
            callback(world, { lua in pushCallback(.action, of: h, on: lua) }) { lua in
                pushWorld(world, on: lua)
                lua.push(world.dt)
                return 2
            }
        }
        for event in events {
            switch event {
            case .paused:
                for i in 0..<world.pauseHandlers {
                    callback(world, { lua in pushHandler("pause", i + 1, of: world, on: lua) }) { lua in pushWorld(world, on: lua); return 1 }
                }
            case .warning(let message):
                let count = (world.warningCounts[message] ?? 0) + 1
                if count == 1, world.warningCounts.count >= WorldModel.distinctWarnings { break }  // neither shown nor kept
                world.warningCounts[message] = count
                if count == 1, world.warningCounts.count == WorldModel.distinctWarnings {
                    options.warn(message + " (\(WorldModel.distinctWarnings) different warnings; further new ones are not shown)")
                } else if count < WorldModel.warningRepeats {
                    options.warn(message)
                } else if count == WorldModel.warningRepeats {
                    options.warn(message + " (repeated \(count) times; further copies are not shown)")
                }
            case .resumed:
                break
            }
        }
    }

    func isLive(_ partner: CollisionPartner, in world: WorldModel) -> Bool {
        if case .item(let id) = partner { return world.animator.isValid(id) }
        return true
    }

    /// Pushes the other side of a contact: an item, a boundary id, or "bounds".
    func push(_ partner: CollisionPartner, on lua: Lua) {
        switch partner {
        case .item(let id): pushItem(id, on: lua)
        case .boundary(let id): lua.push(id)
        case .referenceBounds: lua.push("bounds")
        }
    }

    /// Queues a behaviour's `action`, which the animator asks for mid-step.
    func enqueueAction(_ h: BehaviorHandle, from animator: DynamicAnimator?) {
        world(of: animator)?.pendingActions.append(h)
    }

    // MARK: - Input

    /// Delivers a pointer event to `level.pointer(world, e)`. Events come in view points (the
    /// window's, a recording's, a scenario's) and reach the level in world points, converted with
    /// the camera of the moment, so a replay converts them as the run did.
    func pointer(_ world: WorldModel, _ event: PointerEvent) throws(LuaError) {
        recordInput(.pointer(event), to: world)
        var e = event
        let p = world.camera.worldPoint(Vec2(event.x, event.y))
        (e.x, e.y) = (p.x, p.y)
        (e.vx, e.vy) = (event.vx / world.camera.zoom, event.vy / world.camera.zoom)
        world.pointerState = (e.x, e.y, e.phase != .ended)
        guard let handler = levelFunction("pointer", of: world) else { return }
        let outerSoundWorld = soundWorld
        soundWorld = world
        defer { soundWorld = outerSoundWorld }
        try call(handler) { lua in
            pushWorld(world, on: lua)
            lua.reserve(3)
            lua.pushTable(fields: 6)
            lua.push(e.phase.rawValue); lua.setField("phase", inTableAt: -2)
            lua.push(e.x); lua.setField("x", inTableAt: -2)
            lua.push(e.y); lua.setField("y", inTableAt: -2)
            lua.push(e.vx); lua.setField("vx", inTableAt: -2)
            lua.push(e.vy); lua.setField("vy", inTableAt: -2)
            lua.push(e.id); lua.setField("id", inTableAt: -2)
            return 2
        }
    }

    /// Delivers a key to `level.key(world, name, down)`.
    /// Returns true when the level's `key` returned true: it handled the key, and the host's own
    /// binding for that key (pause, debug, restart, quit) is skipped.
    @discardableResult
    func key(_ world: WorldModel, _ name: String, down: Bool) throws(LuaError) -> Bool {
        recordInput(.key(name, down: down), to: world)
        if !down {
            world.keysDown.remove(name)
        } else if world.keysDown.count < WorldModel.heldKeysLimit {
            world.keysDown.insert(name)
        }
        guard let handler = levelFunction("key", of: world) else { return false }
        let outerSoundWorld = soundWorld
        soundWorld = world
        defer { soundWorld = outerSoundWorld }
        return try call(handler) { lua in
            pushWorld(world, on: lua)
            lua.push(name)
            lua.push(down)
            return 3
        }
    }

    /// A drag as a user makes it: `began` at `from`, one `moved` after each step of the duration
    /// (straight line, constant pan velocity), then `ended` at `to` when `release`.
    func drag(_ world: WorldModel, from: Vec2, to: Vec2, duration: Double, release: Bool) throws(LuaError) {
        let steps = max(1, SimulatedTime.steps(duration, fps: world.fps) ?? 0)
        let seconds = Double(steps) / world.fps
        let v = (to - from) / seconds
        try pointer(world, PointerEvent(phase: .began, x: from.x, y: from.y))
        for k in 1...steps {
            try step(world)
            let p = from + (Double(k) / Double(steps)) * (to - from)
            try pointer(world, PointerEvent(phase: .moved, x: p.x, y: p.y, vx: v.x, vy: v.y))
        }
        if release { try pointer(world, PointerEvent(phase: .ended, x: to.x, y: to.y, vx: v.x, vy: v.y)) }
    }
}
