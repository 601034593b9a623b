// Lua's `World`: the animator and its reference view — items, behaviours, stepping, input, output.
import KineticDynamics
import Foundation
import KineticLuaBridge
import KineticPhysics
import KineticScene

enum WorldBinding {
    static func register(_ rt: Runtime) -> LuaHandleType<WorldHandle> {
        LuaHandleType(in: rt.state, name: "World", members: members(rt) + CheckpointBinding.worldMembers(rt), describe: { [unowned rt] h in
            guard let w = rt.worlds.value(h.slotHandle) else { return "World#\(h.slot) (dropped)" }
            return "World#\(h.slot) \(Int(w.setup.width))x\(Int(w.setup.height))"
        }, validate: { [unowned(unsafe) rt] h in  // runs on every call: no retain (the runtime outlives its types)
            rt.worlds.isLive(h.slotHandle) ? nil : "World#\(h.slot) was dropped"
        })
    }

    /// Throws when called from inside a step of `world` (update, actions, callbacks, fields).
    static func requireOutsideStep(_ world: WorldModel, _ function: String) throws {
        guard world.phase == .idle else {
            throw LuaBindingError("\(function) cannot be called from inside a step (level.update, actions and callbacks run inside one)")
        }
    }

    static func members(_ rt: Runtime) -> [LuaMember<WorldHandle>] {
        unowned(unsafe) let rt = rt  // the member tables live and die with the runtime: no cycle, no per-call retain
        func w(_ h: WorldHandle) -> WorldModel { rt.world(h) }
        /// Runs `body`, which may step the world or call the level; its Lua errors pass through as they are.
        func stepping(_ world: WorldModel, _ function: String, _ count: Int) throws {
            try requireOutsideStep(world, function)
            for _ in 0..<count { try rt.step(world) }
        }
        func stepCount(_ seconds: Double, _ world: WorldModel, _ subject: LuaSubject) throws -> Int {
            guard let count = SimulatedTime.steps(seconds, fps: world.fps) else {
                throw LuaArgumentError(subject, mustBe: SimulatedTime.rule, got: String(seconds))
            }
            return count
        }
        return [
            .readOnly("width") { lua, h in lua.push(w(h).setup.width) },
            .readOnly("height") { lua, h in lua.push(w(h).setup.height) },
            .readOnly("bounds") { lua, h in lua.push(Rect(x: 0, y: 0, width: w(h).setup.width, height: w(h).setup.height)) },
            .readOnly("time") { lua, h in lua.push(w(h).time) },
            .readOnly("steps") { lua, h in lua.push(w(h).stepsTaken) },
            .readOnly("fps") { lua, h in lua.push(w(h).fps) },
            .readOnly("substeps") { lua, h in lua.push(w(h).animator.substeps) },
            .readOnly("running") { lua, h in lua.push(w(h).animator.isRunning) },
            .property("debug", get: { lua, h in lua.push(w(h).animator.debugEnabled) },
                      set: { lua, h, v in w(h).animator.debugEnabled = try lua.boolean(v, "debug") }),
            .readOnly("seed") { lua, h in lua.push(w(h).setup.seed) },

            // MARK: Items
            .method("addItem") { lua, h in
                try w(h).requireUnlocked("World:addItem")
                return try ItemBinding.addItem(rt, w(h), lua)
            },
            .method("removeItem") { lua, h in
                let world = w(h)
                try world.requireUnlocked("World:removeItem")
                let (owner, id) = try rt.item(lua, at: 2, "item")
                guard owner === world else { throw LuaBindingError("World:removeItem: \(owner.label(id)) belongs to another world") }
                try rt.dynamics("World:removeItem") { () throws(DynamicsError) in try rt.removeItem(id, from: world) }
                return 0
            },
            .method("item") { lua, h in
                let name = try lua.string(2, "name")
                if let id = w(h).animator.item(named: name) { rt.pushItem(id, on: lua) } else { lua.pushNil() }
                return 1
            },
            .method("items") { lua, h in
                rt.pushItems(w(h).animator.items, on: lua)
                return 1
            },
            .method("itemsIn") { lua, h in
                let f = try lua.frame(2, "frame")
                rt.pushItems(w(h).animator.items(in: Rect(x: f.x, y: f.y, width: f.width, height: f.height)), on: lua)
                return 1
            },

            // MARK: Behaviours
            .method("addBehavior") { lua, h in
                let world = w(h)
                try world.requireUnlocked("World:addBehavior")
                let entry = try rt.behavior(lua, at: 2, "behavior")
                try rt.dynamics("World:addBehavior") { () throws(DynamicsError) in try world.animator.addBehavior(entry.behavior) }
                rt.link(entry.behavior, to: .world(world.handle))  // its functions live while the world does
                lua.pushValue(at: 2)
                return 1
            },
            .method("removeBehavior") { lua, h in
                let world = w(h)
                try world.requireUnlocked("World:removeBehavior")
                let behavior = try rt.behavior(lua, at: 2, "behavior").behavior
                if behavior.animator === world.animator { rt.unlinkLeaving(behavior, world: world) }
                world.animator.removeBehavior(behavior)
                return 0
            },
            .method("removeAllBehaviors") { _, h in
                try w(h).requireUnlocked("World:removeAllBehaviors")
                for behavior in w(h).animator.behaviors { rt.unlinkLeaving(behavior, world: w(h)) }
                w(h).animator.removeAllBehaviors()
                return 0
            },
            .method("behaviors") { lua, h in
                rt.pushBehaviors(w(h).animator.behaviors, on: lua)
                return 1
            },
            .method("on") { lua, h in
                let event = try lua.choice(2, "event", in: ["pause", "resume"])
                _ = try lua.function(3, "handler")
                rt.addHandler(event, to: w(h), lua, at: 3)
                if event == "pause" { w(h).pauseHandlers += 1 } else { w(h).resumeHandlers += 1 }
                return 0
            },

            // MARK: Stepping
            .method("step") { lua, h in
                let n = try lua.optionalInteger(2, "n") ?? 1
                let most = SimulatedTime.maximumSteps(fps: w(h).fps)
                guard n >= 0, n <= most else {
                    throw LuaArgumentError(.argument(2), mustBe: "a step count from 0 to \(most) (one hour of simulated time)", got: lua.describe(2))
                }
                try stepping(w(h), "World:step", n)
                return 0
            },
            .method("run") { lua, h in
                let seconds = try lua.number(2, "seconds")
                try stepping(w(h), "World:run", try stepCount(seconds, w(h), .argument(2)))
                return 0
            },
            .method("runUntil") { lua, h in
                let world = w(h)
                let predicate = try lua.function(2, "condition")
                let timeout = try lua.number(3, "timeout")
                try requireOutsideStep(world, "World:runUntil")
                // Step first, then ask: a condition that holds before any step (a ball at rest before
                // it falls) does not end the run early. A timeout of 0 only asks.
                let limit = world.stepsTaken + (try stepCount(max(0, timeout), world, .argument(3)))
                var met = world.stepsTaken >= limit ? try rt.call(predicate) { _ in 0 } : false
                while !met && world.stepsTaken < limit {
                    try rt.step(world)
                    met = try rt.call(predicate) { _ in 0 }
                }
                lua.push(met)
                return 1
            },

            // MARK: Input
            // `world.pointer` is the pointer's state; calling it, `world:pointer(e)`, injects an event.
            .readOnly("pointer") { lua, h in pushPointerState(rt, w(h), on: lua) },
            .method("isDown") { lua, h in
                let key = try lua.string(2, "key")
                if let problem = KeyName.problem(key) { throw LuaBindingError("World:isDown: " + problem) }
                lua.push(w(h).keysDown.contains(key))
                return 1
            },
            .method("drag") { lua, h in
                let world = w(h)
                try requireOutsideStep(world, "World:drag")
                let d = try lua.table(2, "drag")
                try d.checkFields(["from", "to", "duration", "release"])
                let from = try d.point("from"), to = try d.point("to")
                let duration = try d.number("duration", default: 0.25)
                _ = try stepCount(duration, world, .field("duration"))
                try rt.drag(world, from: from, to: to, duration: duration, release: try d.boolean("release", default: true))
                return 0
            },
            .method("key") { lua, h in
                let world = w(h)
                try requireOutsideStep(world, "World:key")
                let key = try lua.string(2, "key")
                if let problem = KeyName.problem(key) { throw LuaBindingError("World:key: " + problem) }
                try rt.key(world, key, down: try lua.optionalBoolean(3, "down") ?? true)
                return 0
            },

            // MARK: Output
            .method("snapshot") { lua, h in
                let world = w(h)
                let snapshot = world.animator.snapshot()
                lua.reserve(6)
                lua.pushTable(array: Int32(snapshot.items.count))
                for (i, item) in snapshot.items.enumerated() {
                    lua.pushTable(fields: 5)
                    lua.push(optional: item.name); lua.setField("name", inTableAt: -2)
                    lua.push(item.center); lua.setField("center", inTableAt: -2)
                    lua.push(item.angle); lua.setField("angle", inTableAt: -2)
                    lua.push(item.velocity); lua.setField("velocity", inTableAt: -2)
                    lua.push(item.angularVelocity); lua.setField("angularVelocity", inTableAt: -2)
                    lua.setIndex(i + 1, inTableAt: -2)
                }
                return 1
            },
            .method("screenshot") { lua, h in
                let world = w(h)
                let path = try lua.string(2, "path")
                let target = try screenshotPath(rt, world, path)
                // The frame as a user sees it: with the level's HUD (a `draw` error is this call's error).
                try requireOutsideStep(world, "World:screenshot")
                let (scene, hudError) = rt.scene(world, hud: true)
                if let hudError { throw hudError }
                guard let target else { return 0 }
                guard let writePNG = rt.options.writePNG else {
                    throw LuaBindingError("World:screenshot: this host does not draw pictures")
                }
                do { try writePNG(scene, target, rt.options.warn) } catch {
                    throw LuaBindingError("World:screenshot: \(error)")
                }
                return 0
            },
        ] + cameraMembers(rt) + recordingMembers(rt) + queryMembers(rt)  // world:replay (Recording/Replay.swift); itemsAt, raycast… (WorldQueries.swift)
            + [.method("sounds") { lua, h in SoundBinding.pushPlays(rt.world(h).soundPlays, on: lua); return 1 }]
    }

    // MARK: - The view and the camera

    /// `world.view`, `world.camera`, `world:follow`, `world:toWorld`, `world:toView`.
    static func cameraMembers(_ rt: Runtime) -> [LuaMember<WorldHandle>] {
        unowned(unsafe) let rt = rt
        func w(_ h: WorldHandle) -> WorldModel { rt.world(h) }
        /// A coordinate of a camera or a converted point: within the engine's coordinates.
        func coordinate(_ v: Double, _ subject: LuaSubject) throws -> Double {
            guard v.isFinite, abs(v) <= World.largestCoordinate else {
                throw LuaArgumentError(subject, mustBe: "a number of points within ±\(Int(World.largestCoordinate))", got: String(v))
            }
            return v
        }
        func point(_ lua: Lua) throws -> Vec2 {
            let p = try lua.point(2, "point")
            return Vec2(try coordinate(p.x, .field("point")), try coordinate(p.y, .field("point")))
        }
        return [
            .readOnly("view") { lua, h in
                let view = w(h).setup.viewSize
                lua.reserve(3)
                lua.pushTable(fields: 2)
                lua.push(view.width); lua.setField("width", inTableAt: -2)
                lua.push(view.height); lua.setField("height", inTableAt: -2)
            },
            .property("camera", get: { lua, h in
                let camera = w(h).camera
                lua.reserve(3)
                lua.pushTable(fields: 3)
                lua.push(camera.center.x); lua.setField("x", inTableAt: -2)
                lua.push(camera.center.y); lua.setField("y", inTableAt: -2)
                lua.push(camera.zoom); lua.setField("zoom", inTableAt: -2)
            }, set: { lua, h, v in
                let t = try lua.table(v, "camera")
                try t.checkFields(["x", "y", "zoom"])
                var camera = w(h).camera
                if let x = try t.optionalNumber("x") { camera.center.x = try coordinate(x, .field("x")) }
                if let y = try t.optionalNumber("y") { camera.center.y = try coordinate(y, .field("y")) }
                if let zoom = try t.optionalNumber("zoom") {
                    guard Camera.zoomRange.contains(zoom) else {
                        throw LuaArgumentError(.field("zoom"), mustBe: "a number from \(Camera.zoomRange.lowerBound) to \(Camera.zoomRange.upperBound)", got: String(zoom))
                    }
                    camera.zoom = zoom
                }
                w(h).camera = camera
            }),
            .method("follow") { lua, h in
                let world = w(h)
                if lua.isNil(2) {
                    world.camera.follow = nil
                    return 0
                }
                let (owner, id) = try rt.item(lua, at: 2, "item")
                guard owner === world else { throw LuaBindingError("World:follow: \(owner.label(id)) belongs to another world") }
                var lerp = 1.0
                var deadzone = Size(0, 0)
                if !lua.isNil(3) {
                    let o = try lua.table(3, "options")
                    try o.checkFields(["lerp", "deadzone"])
                    lerp = try o.number("lerp", default: 1)
                    guard lerp > 0, lerp <= 1 else {
                        throw LuaArgumentError(.field("lerp"), mustBe: "a fraction of the way per step, above 0 and at most 1", got: String(lerp))
                    }
                    if let zone = try o.optionalSize("deadzone") {
                        guard zone.width >= 0, zone.height >= 0, zone.width.isFinite, zone.height.isFinite else {
                            throw LuaArgumentError(.field("deadzone"), mustBe: "a size {w, h} of view points, each 0 or more", got: "{\(zone.width), \(zone.height)}")
                        }
                        deadzone = zone
                    }
                }
                world.camera.follow = Camera.Follow(item: id, lerp: lerp, deadzone: deadzone)
                rt.moveCamera(world, snap: true)
                return 0
            },
            .method("toWorld") { lua, h in
                lua.push(w(h).camera.worldPoint(try point(lua)))
                return 1
            },
            .method("toView") { lua, h in
                lua.push(w(h).camera.viewPoint(try point(lua)))
                return 1
            },
        ]
    }

    // MARK: - The pointer

    /// Members that are read as properties and also called as methods (`kinetic api` lists both).
    static let callableProperties = ["pointer"]

    /// Pushes `{x =, y =, down =}` (points, world coordinates; `{down = false}` before the first
    /// pointer event), whose metatable's `__call` is `world:pointer(e)`.
    static func pushPointerState(_ rt: Runtime, _ world: WorldModel, on lua: Lua) {
        lua.reserve(4)
        lua.pushTable(fields: 3)
        if let p = world.pointerState {
            lua.push(p.x); lua.setField("x", inTableAt: -2)
            lua.push(p.y); lua.setField("y", inTableAt: -2)
        }
        lua.push(world.pointerState?.down ?? false); lua.setField("down", inTableAt: -2)
        lua.push(rt.pointerStateMetatable)
        lua.setMetatable(ofValueAt: -2)
    }

    /// The metatable of `world.pointer` tables: `__call(state, world, e)` injects a pointer event as
    /// the window would. Locked, so a level cannot change it for the scenarios that share its state.
    static func makePointerStateMetatable(_ rt: Runtime) -> LuaReference {
        unowned(unsafe) let rt = rt
        return rt.callableMetatable("World:pointer") { lua in  // the arguments are (world, e)
            let world = rt.world(try rt.worldType.handle(lua, at: 1, "self"))
            try requireOutsideStep(world, "World:pointer")
            let e = try lua.table(2, "event")
            try e.checkFields(["phase", "x", "y", "vx", "vy", "id"])
            let phase = PointerEvent.Phase(rawValue: try e.choice("phase", in: ["began", "moved", "ended"], default: "began"))!
            let event = PointerEvent(phase: phase, x: try e.number("x"), y: try e.number("y"),
                                     vx: try e.number("vx", default: 0), vy: try e.number("vy", default: 0),
                                     id: try e.optionalInteger("id") ?? 1)
            try rt.pointer(world, event)
            return 0
        }
    }

    /// Where `world:screenshot(path)` writes: relative to the screenshot folder (the world's level
    /// folder unless the user chose one) and inside it unless trusted; nil when nothing is written.
    static func screenshotPath(_ rt: Runtime, _ world: WorldModel, _ path: String) throws -> String? {
        let folder: String
        switch rt.options.screenshots {
        case .levelFolder, .discard: folder = world.setup.folder ?? rt.state.folder ?? FileManager.default.currentDirectoryPath
        case .folder(let chosen): folder = chosen
        }
        let target: String
        do {
            target = try LevelFiles.resolveOutput(path, from: folder, inside: rt.options.trusted ? nil : folder)
        } catch where error.isOutside {
            var which = "level folder"
            if case .folder = rt.options.screenshots { which = "screenshot folder" }
            throw LuaBindingError("World:screenshot: '\(path)' is outside the \(which) \(folder) (run with --trust to lift the sandbox)")
        } catch {
            throw LuaBindingError("World:screenshot: \(error.message)")
        }
        return rt.options.screenshots == .discard ? nil : target
    }
}
