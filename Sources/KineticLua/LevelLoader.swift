// Loading a level file into a world: compile (text only), run, read the returned table's fields,
// build the world, seed `math.random`, and call `load(world, state)`. Shared by `Level` and
// `kinetic.load`, and the seam a hot reload uses (a new chunk and world, the same `state`).
import KineticDynamics
import Foundation
import KineticLuaBridge
import KineticPhysics
import KineticScene

/// Values that replace a level's own fields (command line, `kinetic.load` options).
struct LevelOverrides {
    var seed: Int?
    var width: Double?
    var height: Double?
}

/// Where a world's level came from: what `world:rerun` loads again.
struct LevelOrigin {
    /// The path given to `loadLevel` (relative to the state's folder unless absolute).
    var path: String
    /// The level file's real path (checked against the sandbox when it was loaded).
    var file: String
    var overrides: LevelOverrides
    var ownEnvironment: Bool
}

extension Runtime {
    /// Loads the level at `path` (a `.lua` file or a folder holding `main.lua`; relative to the
    /// state's folder) into a new world. `ownEnvironment` gives the chunk a global table of its own
    /// (reading through to the shared one), as `kinetic.load` does for a scenario. `keeping` reuses a
    /// `state` table (hot reload). Throws `file:line:` errors of the script, or a message naming the
    /// level's bad field. The world comes back held (`hold`): the caller keeps it or releases it.
    /// `source` is text to run instead of the file's (an edited version, `world:rerun`), named as
    /// the file is, so its errors name the file and line.
    func loadLevel(_ path: String, overrides: LevelOverrides, ownEnvironment: Bool,
                   keeping keptState: LuaReference? = nil, source: String? = nil) throws(LuaError) -> WorldModel {
        let base = state.folder ?? FileManager.default.currentDirectoryPath
        var file = path
        var isFolder: ObjCBool = false
        let full = path.hasPrefix("/") ? path : base + "/" + path
        if FileManager.default.fileExists(atPath: full, isDirectory: &isFolder), isFolder.boolValue {
            file = path.hasSuffix("/") ? path + "main.lua" : path + "/main.lua"
        }
        let resolved: String
        do {
            resolved = try LevelFiles.resolve(file, from: base, inside: options.trusted ? nil : state.folder)
        } catch where error.isOutside {
            throw LuaError(kind: .file, message: "level '\(path)' is outside the folder \(base) (run with --trust to lift the sandbox)")
        } catch {
            throw LuaError(kind: .file, message: "cannot read level '\(path)': \(error.reason)")
        }
        let chunkName = state.folder.flatMap { LevelFiles.relative(resolved, to: $0) } ?? file
        registerSavedDataName(levelFile: resolved)
        let chunk = if let source { try state.load(source, name: chunkName) } else { try state.load(file: file) }
        if ownEnvironment { giveOwnEnvironment(chunk, folder: (chunkName as NSString).deletingLastPathComponent) }

        // Run it: it must return a table with a `load` function.
        let returned: LuaReference? = try state.call(chunk, arguments: { _ in 0 }) { lua, first, count in
            count > 0 && lua.isTable(first) ? lua.reference(to: first) : nil
        }
        guard let table = returned else {
            throw LuaError(kind: .runtime, message: "\(chunkName): a level must return a table: return { load = function(world, state) ... end }")
        }
        var setup = try readFields(table, chunkName: chunkName, file: resolved, source: source)
        if let seed = overrides.seed { setup.seed = seed }
        if let width = overrides.width { setup.width = width }
        if let height = overrides.height { setup.height = height }
        setup.folder = (resolved as NSString).deletingLastPathComponent

        let world: WorldModel
        do { world = try makeWorld(setup) } catch {
            throw LuaError(kind: .runtime, message: "\(chunkName): \(error.message)")
        }
        world.origin = LevelOrigin(path: path, file: resolved, overrides: overrides, ownEnvironment: ownEnvironment)
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
        let outerSoundWorld = soundWorld
        soundWorld = world
        defer { soundWorld = outerSoundWorld }
        try call(load) { lua in
            pushWorld(world, on: lua)
            lua.push(stateTable)
            return 2
        }
    }

    /// Replaces the chunk's `_ENV` with a fresh table that reads through to the shared globals, and
    /// whose `require` finds modules beside the level first (`folder` relative to the state's folder).
    func giveOwnEnvironment(_ chunk: LuaReference, folder: String) {
        let env = state.newEnvironment()
        state.setEnvironment(of: chunk, to: env)
        // The files are looked for with `io.open`: the sandbox's opens relative to the state's folder,
        // a trusted level's (Lua's own) relative to the current folder, so it gets the full path.
        let openFolder = options.trusted ? (state.folder.map { $0 + "/" + folder } ?? folder) : folder
        if !folder.isEmpty, let localRequire {
            _ = try? state.call(localRequire, [.reference(env), .string(folder), .string(openFolder), .boolean(options.trusted)])
        }
    }

    /// Lua source of the `require` a level in a subfolder gets: modules beside the level first.
    /// A trusted state's `require` is Lua's own: it searches `package.path` (the current folder), so
    /// a module beside the level gets a `package.preload` loader for its file; and it blames its
    /// caller, this function, so a module found nowhere is reported here instead, at the level's line.
    static let localRequireSource = """
        local env, folder, openFolder, trusted = ...
        local require, open = require, io.open
        local prefix = folder:gsub("/", ".")
        env.require = function(name)
          if type(name) == "string" and not name:find("..", 1, true) then
            local base = openFolder .. "/" .. name:gsub("%.", "/")
            local path = base .. ".lua"
            local file = open(path)
            if not file then path = base .. "/init.lua"; file = open(path) end
            if file then
              file:close()
              local key = prefix .. "." .. name
              if trusted and package.preload[key] == nil then
                package.preload[key] = function() return assert(loadfile(path, "t"))(name, path) end
              end
              return require(key)
            end
            if trusted and package.loaded[name] == nil and package.preload[name] == nil then
              local found, notInPath = package.searchpath(name, package.path)
              local foundC, notInCPath = package.searchpath(name, package.cpath)
              if not found and not foundC then
                error(("module '%s' not found beside the level (%s) nor:%s%s"):format(name, folder, notInPath, notInCPath), 2)
              end
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
    /// The level table's fields. A bad one is named with the line that sets it in the level's text
    /// (`source`, else the file read again), as `kinetic check` finds it: `main.lua:3: level field
    /// 'width' must be …`.
    func readFields(_ table: LuaReference, chunkName: String, file: String, source: String?) throws(LuaError) -> WorldSetup {
        try state.withStack { lua throws(LuaError) in
            lua.push(table)
            var setup = WorldSetup()
            do throws(LuaArgumentError) {
                let t = try lua.table(-1)
                setup.title = try t.readOptional("title") { i, name throws(LuaArgumentError) in try lua.text(i, name) } ?? ""
                setup.width = try length(t, "width") ?? setup.width
                setup.height = try length(t, "height") ?? setup.height
                setup.view = try viewSize(t)
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
                setup.duration = try t.optionalNumber("duration")
                if let duration = setup.duration, !(duration > 0 && SimulatedTime.steps(duration, fps: 1) != nil) {
                    throw LuaArgumentError(.field("duration"), mustBe: "a number of seconds > 0 and at most \(Int(SimulatedTime.maximumSeconds)) (one hour of simulated time)", got: String(duration))
                }
                if let background = try t.optionalColor("background") { setup.background = background }
            } catch {
                // The message starts with the field's quoted name: `'width' must be …`.
                let field = error.message.split(separator: "'", maxSplits: 2, omittingEmptySubsequences: false).dropFirst().first
                let text = source ?? (try? String(contentsOfFile: file, encoding: .utf8))
                let line = field.flatMap { name in text.map { LevelChecker.line(ofField: String(name), in: $0) } }
                throw LuaError(kind: .runtime, message: "\(chunkName)\(line.map { ":\($0)" } ?? ""): level field \(error.message)")
            }
            return setup
        }
    }

    /// The reference bounds' side: within the engine's coordinates, as every item must be.
    private func length(_ t: LuaTable, _ field: String) throws(LuaArgumentError) -> Double? {
        guard let v = try t.optionalNumber(field) else { return nil }
        guard v.isNormal, v > 0, v <= World.largestCoordinate else {
            throw LuaArgumentError(.field(field), mustBe: "a number of points > 0 and at most \(Int(World.largestCoordinate))", got: String(v))
        }
        return v
    }

    /// The `view` field, `{w, h}` points: each side as the world's may be.
    func viewSize(_ t: LuaTable) throws(LuaArgumentError) -> Size? {
        guard let v = try t.optionalSize("view") else { return nil }
        guard v.width.isNormal, v.height.isNormal, v.width > 0, v.height > 0,
              v.width <= World.largestCoordinate, v.height <= World.largestCoordinate else {
            throw LuaArgumentError(.field("view"), mustBe: "a size {w, h} of points, each > 0 and at most \(Int(World.largestCoordinate))",
                                   got: "{\(v.width), \(v.height)}")
        }
        return v
    }

    private func positive(_ t: LuaTable, _ field: String) throws(LuaArgumentError) -> Double? {
        guard let v = try t.optionalNumber(field) else { return nil }
        guard v > 0 else { throw LuaArgumentError(.field(field), mustBe: "a number > 0", got: String(v)) }
        return v
    }
}
