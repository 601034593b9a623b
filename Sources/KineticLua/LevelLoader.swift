// Loading a level file into a world: compile (text only), run, read the returned table's fields,
// build the world, seed `math.random`, and call `load(world, state)`. Shared by `Level` and
// `kinetic.load`, and the seam a hot reload uses (a new chunk and world, the same `state`).
import CLua
import CLuaShim
import Dynamics
import Foundation
import LuaBridge
import Render

/// Values that replace a level's own fields (command line, `kinetic.load` options).
struct LevelOverrides {
    var seed: Int?
    var width: Double?
    var height: Double?
}

extension Runtime {
    /// Loads the level at `path` (a `.lua` file or a folder holding `main.lua`; relative to the
    /// state's folder) into a new world. `ownEnvironment` gives the chunk a global table of its own
    /// (reading through to the shared one), as `kinetic.load` does for a scenario. `keeping` reuses a
    /// `state` table (hot reload). Throws `file:line:` errors of the script, or a message naming the
    /// level's bad field. The world comes back held (`hold`): the caller keeps it or releases it.
    func loadLevel(_ path: String, overrides: LevelOverrides, ownEnvironment: Bool,
                   keeping keptState: LuaReference? = nil) throws(LuaError) -> WorldModel {
        let base = state.folder ?? FileManager.default.currentDirectoryPath
        var file = path
        var isFolder: ObjCBool = false
        let full = path.hasPrefix("/") ? path : base + "/" + path
        if FileManager.default.fileExists(atPath: full, isDirectory: &isFolder), isFolder.boolValue {
            file = path.hasSuffix("/") ? path + "main.lua" : path + "/main.lua"
        }
        let fullFile = file.hasPrefix("/") ? file : base + "/" + file
        guard let real = realpath(fullFile, nil) else {
            throw LuaError(kind: .file, message: "cannot read level '\(path)': no such file")
        }
        let resolved = String(cString: real)
        free(real)
        if !options.trusted, let folder = state.folder, !resolved.hasPrefix(folder + "/") {
            throw LuaError(kind: .file, message: "level '\(path)' is outside the folder \(folder) (run with --trust to lift the sandbox)")
        }
        let chunkName = state.folder.map { resolved.hasPrefix($0 + "/") ? String(resolved.dropFirst($0.count + 1)) : file } ?? file
        let chunk = try state.load(file: file)
        if ownEnvironment { giveOwnEnvironment(chunk, folder: (chunkName as NSString).deletingLastPathComponent) }

        // Run it: it must return a table with a `load` function.
        let returned: LuaReference? = try state.call(chunk, arguments: { _ in 0 }) { lua, first, count in
            count > 0 && lua.type(at: first) == LUA_TTABLE ? lua.reference(to: first) : nil
        }
        guard let table = returned else {
            throw LuaError(kind: .runtime, message: "\(chunkName): a level must return a table: return { load = function(world, state) ... end }")
        }
        var setup = try readFields(table, chunkName: chunkName)
        if let seed = overrides.seed { setup.seed = seed }
        if let width = overrides.width { setup.width = width }
        if let height = overrides.height { setup.height = height }
        setup.folder = (resolved as NSString).deletingLastPathComponent

        let world: WorldModel
        do { world = try makeWorld(setup) } catch {
            throw LuaError(kind: .runtime, message: "\(chunkName): \(error.message)")
        }
        hold(world)
        do {
            try start(world, setup: setup, table: table, chunkName: chunkName, keeping: keptState)
        } catch {
            release(world)
            throw error
        }
        return world
    }

    /// Gives a new world its level and runs `load(world, state)`.
    private func start(_ world: WorldModel, setup: WorldSetup, table: LuaReference, chunkName: String,
                       keeping keptState: LuaReference?) throws(LuaError) {
        let stateTable = keptState ?? state.withStack { lua in
            lua.pushTable()
            return lua.reference(to: -1)
        }
        world.level = LevelScript(table: table, state: stateTable, chunk: chunkName)
        reseed(setup.seed)
        guard let load = function(named: "load", in: table) else {
            throw LuaError(kind: .runtime, message: "\(chunkName): the level has no load function: give it level.load = function(world, state) ... end")
        }
        try call(load) { lua in
            pushWorld(world, on: lua)
            lua.push(stateTable)
            return 2
        }
    }

    /// Replaces the chunk's `_ENV` with a fresh table that reads through to the shared globals, and
    /// whose `require` finds modules beside the level first (`folder` relative to the state's folder).
    func giveOwnEnvironment(_ chunk: LuaReference, folder: String) {
        let env: LuaReference = state.withStack { lua in
            lua.reserve(4)
            lua.push(chunk)
            lua.pushTable()
            let env = lua.reference(to: -1)
            lua.pushTable(fields: 1)
            kl_pushglobaltable(lua.L)
            lua.setField("__index", inTableAt: -2)
            lua_setmetatable(lua.L, -2)
            _ = lua_setupvalue(lua.L, -2, 1)
            return env
        }
        if !folder.isEmpty, let localRequire { _ = try? state.call(localRequire, [.reference(env), .string(folder)]) }
    }

    /// Lua source of the `require` a level in a subfolder gets: modules beside the level first.
    static let localRequireSource = """
        local env, folder = ...
        local require, open = require, io.open
        local prefix = folder:gsub("/", ".")
        env.require = function(name)
          if type(name) == "string" and not name:find("..", 1, true) then
            local base = folder .. "/" .. name:gsub("%.", "/")
            local file = open(base .. ".lua") or open(base .. "/init.lua")
            if file then
              file:close()
              return require(prefix .. "." .. name)
            end
          end
          return require(name)
        end
        """

    /// Seeds `math.random` with the level seed.
    func reseed(_ seed: Int) {
        if let reseed { _ = try? state.call(reseed, [.integer(seed)]) }
    }

    /// The level table's optional fields, with errors naming the field.
    func readFields(_ table: LuaReference, chunkName: String) throws(LuaError) -> WorldSetup {
        try state.withStack { lua throws(LuaError) in
            lua.push(table)
            var setup = WorldSetup()
            do throws(LuaArgumentError) {
                let t = try lua.table(-1)
                setup.title = try t.readOptional("title") { i, name throws(LuaArgumentError) in try lua.text(i, name) } ?? ""
                setup.width = try positive(t, "width") ?? setup.width
                setup.height = try positive(t, "height") ?? setup.height
                setup.fps = try positive(t, "fps") ?? setup.fps
                guard setup.fps <= DynamicAnimator.maximumFPS else {
                    throw LuaArgumentError(.field("fps"), mustBe: "at most \(Int(DynamicAnimator.maximumFPS))", got: String(setup.fps))
                }
                if let substeps = try t.optionalInteger("substeps") {
                    guard (1...DynamicAnimator.maximumSubsteps).contains(substeps) else {
                        throw LuaArgumentError(.field("substeps"), mustBe: "an integer from 1 to \(DynamicAnimator.maximumSubsteps)", got: String(substeps))
                    }
                    setup.substeps = substeps
                }
                setup.seed = try t.optionalInteger("seed") ?? 0
                setup.duration = try positive(t, "duration")
                if let background = try t.optionalColor("background") { setup.background = Color(background) }
            } catch {
                throw LuaError(kind: .runtime, message: "\(chunkName): level field \(error.message)")
            }
            return setup
        }
    }

    private func positive(_ t: LuaTable, _ field: String) throws(LuaArgumentError) -> Double? {
        guard let v = try t.optionalNumber(field) else { return nil }
        guard v > 0 else { throw LuaArgumentError(.field(field), mustBe: "a number > 0", got: String(v)) }
        return v
    }
}
