// Hot reload of a running level (docs/hot-reload.md): the files to watch, and a reload that is
// all-or-nothing. The level's modules are loaded afresh with it; if anything fails, the modules and
// the `state` table's fields are put back and the running world is untouched.
import Foundation
import KineticLuaBridge

/// What a hot reload (or a restart standing in for one) did.
public struct ReloadResult: Sendable {
    /// The new version runs (false: the old one keeps running, see `error`).
    public var applied: Bool
    /// The level was restarted from scratch (`--restart-on-reload`) rather than reloaded.
    public var restarted: Bool
    /// Why the reload was refused (`applied` false), or the error of `level.reloaded` (`applied` true).
    public var error: LevelError?
    /// Wall-clock seconds the reload took.
    public var seconds: Double
    /// The changed files that caused it, absolute and sorted (empty for a reload by hand).
    public var files: [String] = []
}

extension Level {
    /// The files whose change reloads the level, absolute and sorted: the level file, every module it
    /// required from its folder, and every image its items use. A trusted level's `require` is Lua's
    /// own and keeps no list, so every `.lua` file below its folder counts (scenarios excepted).
    public var watchedFiles: [String] {
        let folder = state.folder ?? FileManager.default.currentDirectoryPath
        var files: Set<String> = []
        if let chunk = world.level?.chunk {
            files.insert(chunk.hasPrefix("/") ? chunk : folder + "/" + chunk)
        }
        for file in state.requiredFiles where !file.isEmpty {
            files.insert(file.hasPrefix("/") ? file : folder + "/" + file)
        }
        if options.trusted { files.formUnion(Self.luaFiles(below: folder)) }
        let imageFolder = world.setup.folder ?? folder
        for appearance in world.appearance.values {
            guard let image = appearance.image else { continue }
            files.insert(image.hasPrefix("/") ? image : imageFolder + "/" + image)
        }
        return files.map { ($0 as NSString).standardizingPath }.sorted()
    }

    /// Loads the level's files again into a new world built by the new `load(world, state)`, keeping
    /// the `state` table, world time, and the centre, angle and velocities of items whose `name` the
    /// new version creates too; then calls `level.reloaded(world, state)`. Every module the level
    /// required from its folder is loaded again.
    ///
    /// If compiling, running the file or the new `load` fails, nothing changes: the old world, its
    /// functions and modules keep running and the `state` table's fields are put back as they were
    /// (fields of nested tables that the failed `load` changed stay changed). An error in `reloaded`
    /// is reported after the new version took over. The debug overlay stays on if it was on.
    public func hotReload() -> ReloadResult {
        let start = FileWatcher.now()
        let oldWorld = world
        let debugWasOn = debug
        let savedModules = forgetLevelModules()
        let savedState = oldWorld.level.flatMap { copyFields(of: $0.state) }
        var failure: LevelError?
        do { try reload() } catch { failure = error }
        let applied = world !== oldWorld
        if applied {
            if debugWasOn { debug = true }  // the overlay the user turned on stays on (`reload` retired the old world)
        } else if failure != nil {
            // The new version never took over: put back what its attempt changed.
            if let savedModules { restoreModules(savedModules) }
            if let savedState, let state = oldWorld.level?.state { restoreFields(of: state, from: savedState) }
        }
        return ReloadResult(applied: applied, restarted: false, error: failure, seconds: FileWatcher.now() - start)
    }

    // MARK: - Modules

    /// Built-in entries of `package.loaded`, never reloaded (a level file named like one cannot
    /// shadow it: `require` finds these first).
    static let builtinModules: Set<String> = [
        "kinetic", "_G", "string", "table", "math", "utf8", "coroutine", "io", "os", "debug", "package",
    ]

    /// Removes from `package.loaded` every module whose file lies in the level folder, so the next
    /// `require` runs the file again. Returns a table of what was removed (name → value), or nil
    /// when `package.loaded` cannot be found.
    func forgetLevelModules() -> LuaReference? {
        let folder = state.folder ?? FileManager.default.currentDirectoryPath
        return state.withStack { lua -> LuaReference? in
            guard lua.reserve(6), pushPackageLoaded(lua) else { return nil }
            let loaded = lua.top
            let names = Self.levelModules(lua, loaded: loaded, folder: folder)
            lua.pushTable(fields: Int32(names.count))
            let saved = lua.top
            for name in names {
                lua.push(name)
                lua.pushValue(at: -1)
                lua.pushEntry(ofTableAt: loaded)
                lua.setEntry(inTableAt: saved)
                lua.push(name)
                lua.pushNil()
                lua.setEntry(inTableAt: loaded)
            }
            return lua.reference(to: saved)
        }
    }

    /// Puts back the modules `forgetLevelModules` removed, replacing what a failed load required.
    func restoreModules(_ saved: LuaReference) {
        let folder = state.folder ?? FileManager.default.currentDirectoryPath
        state.withStack { lua in
            guard lua.reserve(6), pushPackageLoaded(lua) else { return }
            let loaded = lua.top
            // Modules the failed attempt loaded that the old version never had go, too.
            for name in Self.levelModules(lua, loaded: loaded, folder: folder) {
                lua.push(name)
                lua.pushNil()
                lua.setEntry(inTableAt: loaded)
            }
            lua.push(saved)
            Self.copyEntries(lua, from: lua.top, into: loaded)
        }
    }

    /// The names in `package.loaded` (the table at `loaded`) of the modules whose file lies in
    /// `folder`, sorted: `lua_next` order differs from run to run.
    private static func levelModules(_ lua: Lua, loaded: Int32, folder: String) -> [String] {
        var names: [String] = []
        lua.pushNil()
        while lua.next(inTableAt: loaded) {
            if lua.isString(-2) {
                let name = lua.rawString(-2)
                if !builtinModules.contains(name), isModule(name, in: folder) { names.append(name) }
            }
            lua.pop()
        }
        return names.sorted()
    }

    /// Sets every entry of the table at `source` in the table at `target`, raw (metatables ignored).
    private static func copyEntries(_ lua: Lua, from source: Int32, into target: Int32) {
        lua.pushNil()
        while lua.next(inTableAt: source) {
            lua.pushValue(at: -2)
            lua.pushValue(at: -2)
            lua.setEntry(inTableAt: target)
            lua.pop()
        }
    }

    /// Pushes `package.loaded` (read raw from the globals); false, with nothing pushed, if missing.
    private func pushPackageLoaded(_ lua: Lua) -> Bool {
        lua.pushGlobals()
        lua.pushField("package", ofTableAt: -1)
        guard lua.isTable(-1) else { lua.pop(2); return false }
        lua.pushField("loaded", ofTableAt: -1)
        guard lua.isTable(-1) else { lua.pop(3); return false }
        lua.remove(-2)
        lua.remove(-2)
        return true
    }

    /// Whether `require(name)` would load a file of `folder` (`a.b` → `a/b.lua` or `a/b/init.lua`).
    static func isModule(_ name: String, in folder: String) -> Bool {
        guard !name.contains(".."), !name.hasPrefix("/") else { return false }
        let base = folder + "/" + name.replacingOccurrences(of: ".", with: "/")
        return FileManager.default.fileExists(atPath: base + ".lua")
            || FileManager.default.fileExists(atPath: base + "/init.lua")
    }

    /// Every `.lua` file below `folder` except scenarios (`*_test.lua`), at most 1000.
    static func luaFiles(below folder: String) -> [String] {
        guard let walker = FileManager.default.enumerator(atPath: folder) else { return [] }
        var files: [String] = []
        while let relative = walker.nextObject() as? String, files.count < 1000 {
            if relative.hasSuffix(".lua"), !relative.hasSuffix("_test.lua") { files.append(folder + "/" + relative) }
        }
        return files
    }

    // MARK: - The state table

    /// A shallow copy of a table's fields (raw, metatables ignored).
    func copyFields(of table: LuaReference) -> LuaReference? {
        state.withStack { lua -> LuaReference? in
            guard lua.reserve(6) else { return nil }
            lua.push(table)
            let source = lua.top
            guard lua.isTable(source) else { return nil }
            lua.pushTable()
            let copy = lua.top
            Self.copyEntries(lua, from: source, into: copy)
            return lua.reference(to: copy)
        }
    }

    /// Makes `table`'s fields those of `saved` again (the same table object: closures keep it).
    func restoreFields(of table: LuaReference, from saved: LuaReference) {
        state.withStack { lua in
            guard lua.reserve(6) else { return }
            lua.push(table)
            let target = lua.top
            guard lua.isTable(target) else { return }
            var keys: [LuaReference] = []
            lua.pushNil()
            while lua.next(inTableAt: target) {
                keys.append(lua.reference(to: -2))
                lua.pop()
            }
            for key in keys {
                lua.push(key)
                lua.pushNil()
                lua.setEntry(inTableAt: target)
            }
            lua.push(saved)
            Self.copyEntries(lua, from: lua.top, into: target)
        }
    }

    // MARK: - The replaced world

    /// Empties the world a reload replaced: its items are removed (a handle the script kept, say in
    /// `state`, then reports "item 'ball' was removed" instead of moving a ghost), its behaviours and
    /// handlers go, and it is never stepped again.
    func retire(_ old: WorldModel) {
        old.dispose()
        runtime.emptyAnchor(of: old)
        for id in old.animator.items { try? old.removeItem(id) }
        _ = old.animator.drainEvents()
    }
}
