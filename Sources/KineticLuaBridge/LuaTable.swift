// Reading definition tables by a fixed list of field names, never in `lua_next` order.
import CKineticLua
import CKineticLuaShim
import KineticScene

/// A table on the stack whose fields a binding reads by name (`def.point("anchor")`). Reads are raw
/// (no metamethods). Errors name the field: `'anchor' must be a point {x, y}, got nil`.
public struct LuaTable {
    /// The stack the table lives on.
    public let lua: Lua
    /// Absolute stack index of the table.
    public let index: Int32
    /// The argument or field name of the table itself, for nested messages.
    public let name: String?
    /// Prefix of field names in messages: "" for an argument, `"range."` for a nested table.
    public var path: String = ""

    public init(lua: Lua, index: Int32, name: String?, path: String = "") {
        self.lua = lua
        self.index = index
        self.name = name
        self.path = path
    }

    /// Pushes `table[field]` (raw), runs `read` with its absolute index, and pops it.
    @inlinable
    public func with<T>(_ field: String, _ read: (Int32) throws(LuaArgumentError) -> T) throws(LuaArgumentError) -> T {
        lua.push(field)
        lua_rawget(lua.L, index)
        defer { lua_settop(lua.L, -2) }
        return try read(lua_gettop(lua.L))
    }

    /// True if the field is nil or absent.
    public func has(_ field: String) -> Bool {
        lua.push(field)
        let t = lua_rawget(lua.L, index)
        lua_settop(lua.L, -2)
        return t > 0
    }

    /// Reads `field` with a `Lua` reader, naming it `path + field` in messages.
    @inlinable
    public func read<T>(_ field: String, _ reader: (Int32, String?) throws(LuaArgumentError) -> T) throws(LuaArgumentError) -> T {
        try with(field) { i throws(LuaArgumentError) in try reader(i, path + field) }
    }

    /// Reads `field` with a `Lua` reader, or returns nil when it is nil or absent.
    @inlinable
    public func readOptional<T>(_ field: String, _ reader: (Int32, String?) throws(LuaArgumentError) -> T) throws(LuaArgumentError) -> T? {
        try with(field) { i throws(LuaArgumentError) in lua.isNil(i) ? nil : try reader(i, path + field) }
    }

    public func number(_ field: String) throws(LuaArgumentError) -> Double { try read(field, lua.number) }
    public func number(_ field: String, default value: Double) throws(LuaArgumentError) -> Double {
        try readOptional(field, lua.number) ?? value
    }
    public func optionalNumber(_ field: String) throws(LuaArgumentError) -> Double? { try readOptional(field, lua.number) }
    public func integer(_ field: String) throws(LuaArgumentError) -> Int { try read(field, lua.integer) }
    public func optionalInteger(_ field: String) throws(LuaArgumentError) -> Int? { try readOptional(field, lua.integer) }
    public func string(_ field: String) throws(LuaArgumentError) -> String { try read(field, lua.string) }
    public func optionalString(_ field: String) throws(LuaArgumentError) -> String? { try readOptional(field, lua.string) }
    public func boolean(_ field: String, default value: Bool) throws(LuaArgumentError) -> Bool {
        try readOptional(field, lua.boolean) ?? value
    }
    public func choice(_ field: String, in choices: [String], default value: String) throws(LuaArgumentError) -> String {
        try readOptional(field) { i, name throws(LuaArgumentError) in try lua.choice(i, name, in: choices) } ?? value
    }
    public func function(_ field: String) throws(LuaArgumentError) -> LuaReference { try read(field, lua.function) }
    public func optionalFunction(_ field: String) throws(LuaArgumentError) -> LuaReference? { try readOptional(field, lua.function) }
    public func point(_ field: String) throws(LuaArgumentError) -> Vec2 { try read(field, lua.point) }
    public func optionalPoint(_ field: String) throws(LuaArgumentError) -> Vec2? { try readOptional(field, lua.point) }
    public func size(_ field: String) throws(LuaArgumentError) -> Size { try read(field, lua.size) }
    public func optionalSize(_ field: String) throws(LuaArgumentError) -> Size? { try readOptional(field, lua.size) }
    public func frame(_ field: String) throws(LuaArgumentError) -> Rect { try read(field, lua.frame) }
    public func optionalFrame(_ field: String) throws(LuaArgumentError) -> Rect? { try readOptional(field, lua.frame) }
    public func color(_ field: String) throws(LuaArgumentError) -> Color { try read(field, lua.color) }
    public func optionalColor(_ field: String) throws(LuaArgumentError) -> Color? { try readOptional(field, lua.color) }

    /// The raw length of the table (`#t` without `__len`), e.g. to refuse a huge list before reading it.
    public var count: Int { Int(lua_rawlen(lua.L, index)) }

    /// The array part `t[1], t[2], …` up to the raw length, each read by `read(index, subject)`
    /// where `subject` names the element in messages (`items[2]`).
    @discardableResult
    public func array<T>(_ read: (Int32, String) throws -> T) rethrows -> [T] {
        let count = Int(lua_rawlen(lua.L, index))
        var result: [T] = []
        result.reserveCapacity(count)
        var i = 1
        while i <= count {
            lua_rawgeti(lua.L, index, lua_Integer(i))
            defer { lua_settop(lua.L, -2) }
            result.append(try read(lua_gettop(lua.L), "\(name ?? "table")[\(i)]"))
            i += 1
        }
        return result
    }

    /// Reads the nested table in `field` with `read`; nil if the field is nil or absent.
    public func optionalTable<T>(_ field: String, _ read: (LuaTable) throws -> T) throws -> T? {
        lua.push(field)
        lua_rawget(lua.L, index)
        defer { lua_settop(lua.L, -2) }
        let top = lua_gettop(lua.L)
        if lua.isNil(top) { return nil }
        return try read(nested(top, field))
    }

    /// Reads the nested table in `field` with `read`; an error if it is missing.
    public func table<T>(_ field: String, _ read: (LuaTable) throws -> T) throws -> T {
        lua.push(field)
        lua_rawget(lua.L, index)
        defer { lua_settop(lua.L, -2) }
        return try read(nested(lua_gettop(lua.L), field))
    }

    func nested(_ index: Int32, _ field: String) throws(LuaArgumentError) -> LuaTable {
        var table = try lua.table(index, path + field)
        table.path = path + field + "."
        return table
    }

    /// Throws `unknown field 'elastcity'; did you mean 'elasticity'?` if the table has a key not in
    /// `known`. Keys are collected and sorted first, so the report does not depend on `lua_next` order.
    public func checkFields(_ known: [String]) throws(LuaArgumentError) {
        var unknown: [String] = []
        let L = lua.L
        lua_pushnil(L)
        while lua_next(L, index) != 0 {
            lua_settop(L, -2)  // drop the value, keep the key
            switch lua_type(L, -1) {
            case LUA_TSTRING:
                let key = lua.rawString(-1)
                if !known.contains(key) { unknown.append(key) }
            case LUA_TNUMBER:
                break  // array entries of a definition (e.g. {x, y}) are read by the binding
            default:
                unknown.append("[\(lua.describe(-1))]")
            }
        }
        guard let first = unknown.sorted().first else { return }
        var message = "unknown field '\(path)\(first)'"
        if let near = nearestName(to: first, in: known) { message += "; did you mean '\(path)\(near)'?" }
        throw LuaArgumentError(message: message)
    }
}
