// The `kinetic` module (global, and `require("kinetic")`): behaviour constructors, regions, and the
// scenario entry points `kinetic.load` and `kinetic.world`.
import KineticDynamics
import Foundation
import KineticLuaBridge
import KineticPhysics
import KineticScene

enum KineticModule {
    /// The module's functions: the only place their Lua names appear.
    static func functions(_ rt: Runtime) -> [(String, LuaFunction)] {
        [
            ("behavior", { lua in try BehaviorBinding.construct(rt, lua) }),
            ("gravity", { lua in try GravityBinding.construct(rt, lua) }),
            ("collision", { lua in try CollisionBinding.construct(rt, lua) }),
            ("push", { lua in try PushBinding.construct(rt, lua) }),
            ("snap", { lua in try SnapBinding.construct(rt, lua) }),
            ("attachment", { lua in try AttachmentBinding.construct("attachment", rt, lua) }),
            ("pin", { lua in try AttachmentBinding.construct("pin", rt, lua) }),
            ("fixed", { lua in try AttachmentBinding.construct("fixed", rt, lua) }),
            ("limit", { lua in try AttachmentBinding.construct("limit", rt, lua) }),
            ("sliding", { lua in try AttachmentBinding.construct("sliding", rt, lua) }),
            ("itemBehavior", { lua in try ItemBehaviorBinding.construct(rt, lua) }),
            ("field", { lua in try FieldBinding.construct(rt, lua) }),
            ("sound", { lua in try SoundBinding.construct(rt, lua) }),
            ("sensor", { lua in try SensorBinding.construct(rt, lua) }),
            ("save", { lua in try rt.save(lua) }),
            ("saved", { lua in try rt.saved(lua) }),
            ("load", { lua in try load(rt, lua) }),
            ("world", { lua in try world(rt, lua) }),
        ]
    }

    /// Fields of `kinetic.world{...}` and of the options of `kinetic.load(path, {...})`.
    static let worldFields = ["width", "height", "view", "fps", "substeps", "seed"]
    static let loadFields = ["seed", "width", "height"]

    /// Names of the module's tables (`kinetic.region{...}`, `kinetic.region.infinite`, `.empty`).
    static let tables = ["region", "region.infinite", "region.empty"]

    static func register(_ rt: Runtime) -> LuaReference {
        let module = rt.state.registerModule("kinetic", functions: functions(rt))
        // kinetic.region is a table: callable (`kinetic.region{radius = 50}`) and holding constants.
        rt.state.withStack { lua in
            lua.reserve(6)
            lua.push(module)
            lua.pushTable(fields: 2)
            rt.pushRegion(.infinite, on: lua)
            lua.setField("infinite", inTableAt: -2)
            rt.pushRegion(.empty, on: lua)
            lua.setField("empty", inTableAt: -2)
            lua.pushTable(fields: 1)
            rt.state.pushFunction("kinetic.region", on: lua) { lua in try RegionBinding.construct(rt, lua) }
            lua.setField("__call", inTableAt: -2)
            lua.setMetatable(ofValueAt: -2)
            lua.setField("region", inTableAt: -2)
        }
        return module
    }

    // MARK: - Scenarios

    /// `kinetic.load(path [, {seed=, width=, height=}]) → world, level, state`: loads a level
    /// headless, the path relative to the calling script's folder, in its own global environment.
    static func load(_ rt: Runtime, _ lua: Lua) throws -> Int32 {
        let path = try lua.string(1, "path")
        var overrides = LevelOverrides(seed: rt.options.seed)  // `kinetic test --seed` sets the default
        if !lua.isNil(2) {
            let o = try lua.table(2, "options")
            try o.checkFields(loadFields)
            overrides.seed = try o.optionalInteger("seed") ?? overrides.seed
            overrides.width = try o.optionalNumber("width")
            overrides.height = try o.optionalNumber("height")
        }
        let caller = rt.callerFolder(lua)
        let relative = path.hasPrefix("/") || caller.isEmpty ? path : caller + "/" + path
        let loaded: Result<WorldModel, LuaError> = Result { () throws(LuaError) in
            try rt.loadLevel(relative, overrides: overrides, ownEnvironment: true)
        }
        let world: WorldModel
        switch loaded {
        case .success(let w): world = w
        case .failure(let error) where error.kind == .file: throw LuaBindingError("kinetic.load: \(error.message)")
        case .failure(let error): throw error
        }
        return rt.pushLoaded(world, on: lua)
    }

    /// `kinetic.world{width=, height=, view=, fps=, substeps=, seed=} → world`: an empty headless world.
    static func world(_ rt: Runtime, _ lua: Lua) throws -> Int32 {
        var setup = WorldSetup()
        if !lua.isNil(1) {
            let def = try lua.table(1, "definition")
            try def.checkFields(worldFields)
            setup.width = try def.number("width", default: setup.width)
            setup.height = try def.number("height", default: setup.height)
            setup.view = try rt.viewSize(def)
            setup.fps = try def.number("fps", default: setup.fps)
            setup.substeps = try def.optionalInteger("substeps") ?? setup.substeps
            setup.seed = try def.optionalInteger("seed") ?? setup.seed
        }
        setup.folder = rt.state.folder
        let world = try rt.dynamics("kinetic.world") { () throws(DynamicsError) in try rt.makeWorld(setup) }
        rt.reseed(setup.seed)
        rt.pushWorld(world, on: lua)
        return 1
    }
}
