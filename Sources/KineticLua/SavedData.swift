// `kinetic.save(key, value)` and `kinetic.saved(key)`: a small store per level for high scores and
// settings, kept as JSON at <data folder>/<level name>/saved.json. The file's place comes from the
// level's name and the host's options only; a key is a JSON object key, never part of a path.
import Foundation
import KineticLuaBridge

/// Where saved data goes (docs/sandbox.md, "Saved data").
public enum DataFolder: Sendable, Equatable {
    /// `$XDG_DATA_HOME/kinetic`, else `~/.local/share/kinetic` (the default).
    case user
    /// A folder the user chose (`--data-dir DIR`); each level's store is `DIR/<level name>/saved.json`.
    case folder(String)
    /// Kept in memory and never written (`kinetic check`, which has no side effects); starts empty.
    case discard
}

/// A value `kinetic.save` keeps: what JSON holds, with Lua's integers kept apart from its floats.
enum SavedValue: Codable, Equatable {
    case string(String), integer(Int64), number(Double), boolean(Bool), list([SavedValue]), table([String: SavedValue])

    init(from decoder: Decoder) throws {
        let c = try decoder.singleValueContainer()
        if let b = try? c.decode(Bool.self) { self = .boolean(b) }
        else if let i = try? c.decode(Int64.self) { self = .integer(i) }
        else if let d = try? c.decode(Double.self) { self = .number(d) }
        else if let s = try? c.decode(String.self) { self = .string(s) }
        else if let l = try? c.decode([SavedValue].self) { self = .list(l) }
        else { self = .table(try c.decode([String: SavedValue].self)) }
    }

    func encode(to encoder: Encoder) throws {
        var c = encoder.singleValueContainer()
        switch self {
        case .string(let s): try c.encode(s)
        case .integer(let i): try c.encode(i)
        case .number(let d): try c.encode(d)
        case .boolean(let b): try c.encode(b)
        case .list(let l): try c.encode(l)
        case .table(let t): try c.encode(t)
        }
    }
}

/// One level's store: read from its file on first use, written whole (temporary file, then rename)
/// by every `save`, so a crash leaves the old file or the new one, never half of one.
final class SavedStore {
    /// The most bytes the whole store may take as JSON: a high-score table is a few hundred.
    static let byteLimit = 1 << 20
    static let keyLimit = 1024

    /// nil: kept in memory only.
    let file: String?
    private var values: [String: SavedValue]?

    init(file: String?) { self.file = file }

    func value(_ key: String) throws -> SavedValue? { try load()[key] }

    /// Sets (nil: removes) `key` and writes the store; on any error nothing changes.
    func set(_ key: String, _ value: SavedValue?) throws {
        var next = try load()
        next[key] = value
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes]
        let data = try encoder.encode(next)
        guard data.count <= Self.byteLimit else {
            throw LuaBindingError("saved data would take \(data.count) bytes; a level may keep at most \(Self.byteLimit) (1 MiB)")
        }
        if let file {
            do {
                try FileManager.default.createDirectory(atPath: (file as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
                try data.write(to: URL(fileURLWithPath: file), options: .atomic)
            } catch {
                throw LuaBindingError("cannot write \(file): \(error.localizedDescription)")
            }
        }
        values = next
    }

    private func load() throws -> [String: SavedValue] {
        if let values { return values }
        var loaded: [String: SavedValue] = [:]
        if let file, FileManager.default.fileExists(atPath: file) {
            do {
                let data = try Data(contentsOf: URL(fileURLWithPath: file))
                guard data.count <= Self.byteLimit else { throw LuaBindingError("it holds \(data.count) bytes, more than \(Self.byteLimit)") }
                loaded = try JSONDecoder().decode([String: SavedValue].self, from: data)
            } catch let error as LuaBindingError {
                throw LuaBindingError("cannot read \(file): \(error.message)")
            } catch {
                throw LuaBindingError("cannot read \(file): not a JSON object of saved values")
            }
        }
        values = loaded
        return loaded
    }
}

extension Runtime {
    /// The name a level's data is kept under: its folder's name for a folder level
    /// (`examples/cup` → `cup`), its file's name without `.lua` for a single file (`levels/drop.lua`
    /// → `drop`). Remembered by folder, so the level's modules (and scenarios beside it) find it.
    func registerSavedDataName(levelFile resolved: String) {
        let folder = (resolved as NSString).deletingLastPathComponent
        let fileName = (resolved as NSString).lastPathComponent
        let name = fileName == "main.lua" ? (folder as NSString).lastPathComponent : (fileName as NSString).deletingPathExtension
        savedDataNames[folder] = name.isEmpty || name == "/" ? "level" : name
    }

    /// The store of the level whose file calls: the nearest Lua function on the stack written in a
    /// file inside a level's folder.
    func savedStore(_ lua: Lua, _ function: String) throws -> SavedStore {
        let base = state.folder ?? FileManager.default.currentDirectoryPath
        var level: Int32 = 1
        var name: String?
        while name == nil, let source = lua.caller(at: level)?.source {
            level += 1
            guard source.hasPrefix("@") else { continue }
            let path = String(source.dropFirst())
            let full = ((path.hasPrefix("/") ? path : base + "/" + path) as NSString).standardizingPath
            name = savedDataNames[(full as NSString).deletingLastPathComponent]
        }
        guard let name else { throw LuaBindingError("\(function): only a level's own files can save data (no level was loaded from this file's folder)") }
        if let store = savedStores[name] { return store }
        let file: String?
        switch options.dataFolder {
        case .discard: file = nil
        case .folder(let folder): file = folder + "/" + name + "/saved.json"
        case .user:
            let env = ProcessInfo.processInfo.environment
            if let xdg = env["XDG_DATA_HOME"], xdg.hasPrefix("/") {
                file = xdg + "/kinetic/" + name + "/saved.json"
            } else if let home = env["HOME"], !home.isEmpty {
                file = home + "/.local/share/kinetic/" + name + "/saved.json"
            } else {
                throw LuaBindingError("\(function): no data folder: set XDG_DATA_HOME or HOME, or pass --data-dir")
            }
        }
        let store = SavedStore(file: file)
        savedStores[name] = store
        return store
    }

    /// `kinetic.save(key, value)`: value nil removes the key.
    func save(_ lua: Lua) throws -> Int32 {
        let key = try savedKey(lua, "kinetic.save")
        var budget = SavedStore.byteLimit
        var seen: Set<UnsafeRawPointer> = []
        let value = lua.isNil(2) ? nil : try savedValue(lua, at: 2, path: key, depth: 0, budget: &budget, seen: &seen)
        do { try savedStore(lua, "kinetic.save").set(key, value) } catch let error as LuaBindingError {
            throw error.message.hasPrefix("kinetic.save") ? error : LuaBindingError("kinetic.save: \(error.message)")
        }
        return 0
    }

    /// `kinetic.saved(key)` → the value saved under `key` (a fresh copy), or nil.
    func saved(_ lua: Lua) throws -> Int32 {
        let key = try savedKey(lua, "kinetic.saved")
        let value: SavedValue?
        do { value = try savedStore(lua, "kinetic.saved").value(key) } catch let error as LuaBindingError {
            throw error.message.hasPrefix("kinetic.saved") ? error : LuaBindingError("kinetic.saved: \(error.message)")
        }
        guard let value else { lua.pushNil(); return 1 }
        push(value, on: lua)
        return 1
    }

    private func savedKey(_ lua: Lua, _ function: String) throws -> String {
        let key = try lua.string(1, "key")
        guard !key.isEmpty, key.utf8.count <= SavedStore.keyLimit else {
            throw LuaArgumentError(message: "'key' must be a string of 1 to \(SavedStore.keyLimit) bytes, got \(key.utf8.count) bytes")
        }
        return key
    }

    /// The Lua value at `index` as a saved value; `path` names it in errors (`best.scores[3]`).
    private func savedValue(_ lua: Lua, at index: Int32, path: String, depth: Int, budget: inout Int,
                            seen: inout Set<UnsafeRawPointer>) throws -> SavedValue {
        let index = lua.absolute(index)
        budget -= 8
        guard budget >= 0 else { throw LuaBindingError("kinetic.save: '\(path)' makes the saved data larger than \(SavedStore.byteLimit) bytes") }
        if lua.isBoolean(index) { return .boolean(lua.isTruthy(index)) }
        if lua.isNumber(index) {
            if case .integer(let i) = lua.value(at: index) { return .integer(Int64(i)) }
            let d = lua.rawNumber(index)
            guard d.isFinite else { throw LuaBindingError("kinetic.save: '\(path)' is \(lua.describe(index)); only finite numbers can be saved") }
            return .number(d)
        }
        if lua.isString(index) {
            let s = try lua.string(index, path)
            budget -= s.utf8.count
            guard budget >= 0 else { throw LuaBindingError("kinetic.save: '\(path)' makes the saved data larger than \(SavedStore.byteLimit) bytes") }
            return .string(s)
        }
        guard lua.isTable(index) else {
            throw LuaBindingError("kinetic.save: '\(path)' is a \(lua.typeName(index)); only strings, numbers, booleans and tables of them can be saved")
        }
        guard depth < 100 else { throw LuaBindingError("kinetic.save: '\(path)' is nested more than 100 tables deep") }
        guard let pointer = lua.identity(index), seen.insert(pointer).inserted else {
            throw LuaBindingError("kinetic.save: '\(path)' holds itself (a cycle); only trees of tables can be saved")
        }
        defer { seen.remove(lua.identity(index)!) }
        var named: [String: SavedValue] = [:]
        var numbered: [Int64: SavedValue] = [:]
        lua.reserve(4)
        lua.pushNil()
        while lua.next(inTableAt: index) {
            defer { lua.pop() }
            if lua.isString(-2) {
                let k = try lua.string(-2, path)
                named[k] = try savedValue(lua, at: -1, path: path + "." + k, depth: depth + 1, budget: &budget, seen: &seen)
            } else if lua.isNumber(-2), case .integer(let key) = lua.value(at: -2) {
                let k = Int64(key)
                numbered[k] = try savedValue(lua, at: -1, path: "\(path)[\(k)]", depth: depth + 1, budget: &budget, seen: &seen)
            } else {
                throw LuaBindingError("kinetic.save: '\(path)' has a key of type \(lua.typeName(-2)); saved tables are lists or have string keys")
            }
        }
        if numbered.isEmpty { return .table(named) }
        guard named.isEmpty, numbered.keys.min() == 1, numbered.keys.max() == Int64(numbered.count) else {
            throw LuaBindingError("kinetic.save: '\(path)' mixes list entries and named fields, or its list has holes; saved tables are lists {a, b} or have string keys")
        }
        return .list((1...Int64(numbered.count)).map { numbered[$0]! })
    }

    private func push(_ value: SavedValue, on lua: Lua) {
        lua.reserve(4)
        switch value {
        case .string(let s): lua.push(s)
        case .integer(let i): lua.push(Int(i))
        case .number(let d): lua.push(d)
        case .boolean(let b): lua.push(b)
        case .list(let l):
            lua.pushTable(array: Int32(l.count))
            for (k, v) in l.enumerated() {
                push(v, on: lua)
                lua.setIndex(k + 1, inTableAt: -2)
            }
        case .table(let t):
            lua.pushTable(fields: Int32(t.count))
            for k in t.keys.sorted() {
                push(t[k]!, on: lua)
                lua.setField(k, inTableAt: -2)
            }
        }
    }
}

