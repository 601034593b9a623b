// Lua's `Checkpoint` (`world:checkpoint()`) and the world's time-travel methods: `checkpoint`,
// `restore`, `rewind`, `predict` and `rerun` (docs/time-travel.md).
import KineticDynamics
import KineticLuaBridge
import KineticPhysics

enum CheckpointBinding {
    static func register(_ rt: Runtime) -> LuaHandleType<CheckpointHandle> {
        LuaHandleType(in: rt.state, name: "Checkpoint", members: members(rt), describe: { [unowned rt] h in
            rt.checkpoints.value(h.slotHandle).map { "Checkpoint at \($0.stepsTaken) steps" } ?? "Checkpoint (dropped)"
        }, validate: { [unowned rt] h in
            rt.checkpoints.isLive(h.slotHandle) ? nil : "the checkpoint was dropped"
        })
    }

    static func members(_ rt: Runtime) -> [LuaMember<CheckpointHandle>] {
        unowned(unsafe) let rt = rt  // the member tables live and die with the runtime: no cycle, no per-call retain
        func c(_ h: CheckpointHandle) -> LevelCheckpoint { rt.checkpoints[Int(h.slot)] }
        return [
            .readOnly("steps") { lua, h in lua.push(c(h).stepsTaken) },
            .readOnly("time") { lua, h in
                let world = rt.worlds.value(c(h).world)
                lua.push(world.map { Double(c(h).stepsTaken) / $0.fps } ?? 0)
            },
        ]
    }

    /// The world's methods.
    static func worldMembers(_ rt: Runtime) -> [LuaMember<WorldHandle>] {
        unowned(unsafe) let rt = rt
        return [
            .method("checkpoint") { lua, h in
                let world = rt.world(h)
                try WorldBinding.requireOutsideStep(world, "World:checkpoint")
                rt.sweep()
                let checkpoint = try rt.takeCheckpoint(of: world, on: lua)
                rt.pushWorld(world, on: lua)
                lua.setField("world", inTableAt: -2)
                let handle = rt.checkpoints.insert(checkpoint)
                rt.checkpointTable = lua.absolute(-1)
                defer { rt.checkpointTable = 0 }
                rt.checkpointType.push(CheckpointHandle(handle), on: lua)
                return 1
            },
            .method("restore") { lua, h in
                let world = rt.world(h)
                try WorldBinding.requireOutsideStep(world, "World:restore")
                let handle = try rt.checkpointType.handle(lua, at: 2, "checkpoint")
                let checkpoint = rt.checkpoints[Int(handle.slot)]
                guard checkpoint.world == world.handle else {
                    throw LuaBindingError("World:restore: the checkpoint was taken of another world")
                }
                try rt.restore(world, to: checkpoint) { lua in lua.pushUserValue(ofUserdataAt: 2) }
                return 0
            },
            .method("rewind") { lua, h in
                let world = rt.world(h)
                try WorldBinding.requireOutsideStep(world, "World:rewind")
                let seconds = try lua.number(2, "seconds")
                guard seconds.isFinite, seconds >= 0 else {
                    throw LuaArgumentError(.argument(2), mustBe: "a number of seconds ≥ 0", got: lua.describe(2))
                }
                lua.push(try rt.rewind(world, seconds: seconds))
                return 1
            },
            .method("predict") { lua, h in
                let world = rt.world(h)
                try WorldBinding.requireOutsideStep(world, "World:predict")
                let (owner, id) = try rt.item(lua, at: 2, "item")
                guard owner === world else { throw LuaBindingError("World:predict: \(owner.label(id)) belongs to another world") }
                let seconds = try lua.number(3, "seconds")
                guard let steps = SimulatedTime.steps(seconds, fps: world.fps), steps <= Runtime.predictionStepLimit else {
                    throw LuaArgumentError(.argument(3), mustBe: "a number of seconds from 0 to \(Double(Runtime.predictionStepLimit) / world.fps)", got: lua.describe(3))
                }
                let path = rt.predictPaths(world, items: [id], steps: steps)[0]
                lua.pushArray(path) { lua, p in lua.push(p) }
                return 1
            },
            .method("rerun") { lua, h in
                let world = rt.world(h)
                try WorldBinding.requireOutsideStep(world, "World:rerun")
                return rt.pushLoaded(try rt.rerun(world, edit: lua, at: 2), on: lua)
            },
        ]
    }
}

extension Runtime {
    /// The most steps one prediction takes: ten seconds at 60 fps.
    static let predictionStepLimit = 600

    /// Where each of `items` will be after each of the next `steps` steps (a path per item, empty
    /// for an item not in the world), found by stepping the animator ahead and restoring it. Only
    /// the physics and behaviours run: the level's `update`, callbacks and input do not, so the
    /// path is what the world does if nothing intervenes.
    func predictPaths(_ world: WorldModel, items: [ItemID], steps: Int) -> [[Vec2]] {
        let animator = world.animator
        let checkpoint = animator.checkpoint()
        let (phase, actions) = (world.phase, world.pendingActions)
        world.phase = .stepping  // a field's Lua `evaluate` may not change the world meanwhile
        defer {
            try? animator.restore(checkpoint)
            world.phase = phase
            world.pendingActions = actions
        }
        var paths = items.map { id in animator.centerIfLive(id).map { [$0] } ?? [] }
        for _ in 0..<steps {
            animator.step()
            for (k, id) in items.enumerated() where !paths[k].isEmpty {
                if let p = animator.centerIfLive(id) { paths[k].append(p) }
            }
        }
        return paths
    }
}
