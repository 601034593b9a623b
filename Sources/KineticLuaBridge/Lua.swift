// The stack of a running call, as Swift bindings see it: pushers and non-raising readers.
import CKineticLua
import CKineticLuaShim

/// A view of the Lua stack during a call from Lua into Swift (or of the host's stack between calls).
///
/// Every function here uses only Lua API calls that cannot raise: readers use `lua_type`,
/// `lua_tonumberx`, `lua_rawget`…, never `luaL_check*`, `lua_gettable` or `__index`, and pushers
/// allocate while the memory cap is relaxed. A Swift function may push up to 16 values without
/// calling `reserve(_:)`.
@frozen
public struct Lua {
    /// The underlying `lua_State *`.
    public let L: OpaquePointer

    @inlinable
    public init(_ L: OpaquePointer) { self.L = L }

    /// The state this stack belongs to.
    public var state: LuaState {
        Unmanaged<LuaState>.fromOpaque(kl_owner(L)).takeUnretainedValue()
    }

    // MARK: - Stack

    /// The index of the top value (the number of values for a call: its arguments).
    @inlinable public var top: Int32 { lua_gettop(L) }

    /// Sets the top (pops values or pushes nils).
    @inlinable public func setTop(_ index: Int32) { lua_settop(L, index) }

    /// Pops `n` values.
    @inlinable public func pop(_ n: Int32 = 1) { lua_settop(L, -n - 1) }

    /// Ensures room for `n` more values; false if the stack cannot grow (never raises).
    @discardableResult
    public func reserve(_ n: Int32) -> Bool { lua_checkstack(L, n) != 0 }

    /// Converts a relative index (negative) to an absolute one.
    @inlinable public func absolute(_ index: Int32) -> Int32 { lua_absindex(L, index) }

    /// The Lua type at `index` (`LUA_TNIL`, `LUA_TNUMBER`…; `LUA_TNONE` past the top).
    @inlinable public func type(at index: Int32) -> Int32 { lua_type(L, index) }

    /// True if the value at `index` is nil or absent.
    @inlinable public func isNil(_ index: Int32) -> Bool { lua_type(L, index) <= 0 }

    // MARK: - Pushers

    /// Pushes nil.
    @inlinable public func pushNil() { lua_pushnil(L) }
    /// Pushes a float.
    @inlinable public func push(_ value: Double) { lua_pushnumber(L, value) }
    /// Pushes an integer.
    @inlinable public func push(_ value: Int) { lua_pushinteger(L, lua_Integer(value)) }
    /// Pushes a boolean.
    @inlinable public func push(_ value: Bool) { lua_pushboolean(L, value ? 1 : 0) }
    /// Pushes a string (may contain NUL bytes).
    public func push(_ value: String) {
        var value = value
        value.withUTF8 { bytes in
            _ = bytes.withMemoryRebound(to: CChar.self) { lua_pushlstring(L, $0.baseAddress, $0.count) }
        }
    }
    /// Pushes the value `index` refers to (a copy of that slot).
    @inlinable public func pushValue(at index: Int32) { lua_pushvalue(L, index) }

    /// Pushes a new table with room for `array` and `fields` entries.
    @inlinable public func pushTable(array: Int32 = 0, fields: Int32 = 0) { lua_createtable(L, array, fields) }

    /// Sets `table[name] = top value` without metamethods and pops the value.
    public func setField(_ name: String, inTableAt table: Int32) {
        let table = lua_absindex(L, table)
        push(name)
        lua_rotate(L, -2, 1)
        lua_rawset(L, table)
    }

    /// Sets `table[i] = top value` without metamethods and pops the value.
    @inlinable public func setIndex(_ i: Int, inTableAt table: Int32) {
        lua_rawseti(L, table, lua_Integer(i))
    }

    /// Pushes an array `{e1, e2, …}` whose elements `pushElement` pushes (one value each).
    public func pushArray<S: Sequence>(_ elements: S, _ pushElement: (Lua, S.Element) -> Void) {
        reserve(4)
        lua_createtable(L, Int32(elements.underestimatedCount), 0)
        var i: lua_Integer = 0
        for element in elements {
            pushElement(self, element)
            i += 1
            lua_rawseti(L, -2, i)
        }
    }

    /// Pushes a Lua value.
    public func push(_ value: LuaValue) {
        switch value {
        case .nil: lua_pushnil(L)
        case .boolean(let b): push(b)
        case .integer(let i): lua_pushinteger(L, lua_Integer(i))
        case .number(let d): push(d)
        case .string(let s): push(s)
        case .reference(let r): push(r)
        }
    }

    /// Pushes the value a reference holds (nil if the reference was released).
    public func push(_ reference: LuaReference) {
        lua_rawgeti(L, kl_registryindex(), lua_Integer(reference.ref))
    }

    // MARK: - Raw table access (never metamethods, so never a Lua error)

    /// Pushes `table[name]` without metamethods and returns its type (`lua_getfield` could run
    /// `__index` and raise).
    @discardableResult
    public func pushField(_ name: String, ofTableAt table: Int32) -> Int32 {
        let table = lua_absindex(L, table)
        push(name)
        return lua_rawget(L, table)
    }

    /// Pushes `table[i]` without metamethods and returns its type.
    @discardableResult
    @inlinable public func pushIndex(_ i: Int, ofTableAt table: Int32) -> Int32 {
        lua_rawgeti(L, table, lua_Integer(i))
    }

    /// Pops a key and pushes `table[key]` without metamethods; returns its type.
    @discardableResult
    @inlinable public func pushEntry(ofTableAt table: Int32) -> Int32 { lua_rawget(L, table) }

    /// Pops a value and the key below it and sets `table[key] = value` without metamethods.
    @inlinable public func setEntry(inTableAt table: Int32) { lua_rawset(L, table) }

    /// Pops a key and pushes the next key and value of the table at `table` (true), or pushes
    /// nothing at the end (false). Start with nil. The order differs from run to run: sort what
    /// you collect. `lua_next` raises only for a key missing from the table, so a walk never adds
    /// keys to the table it walks (setting existing ones, even to nil, is fine).
    @inlinable public func next(inTableAt table: Int32) -> Bool { lua_next(L, table) != 0 }

    /// The raw length of the table or string at `index` (`#t` without `__len`).
    @inlinable public func rawLength(_ index: Int32) -> Int { Int(lua_rawlen(L, index)) }

    /// Removes the value at `index`, shifting those above it down.
    @inlinable public func remove(_ index: Int32) { kl_remove(L, index) }

    /// Pops the table on top and makes it the metatable of the value at `index`.
    @inlinable public func setMetatable(ofValueAt index: Int32) { lua_setmetatable(L, index) }

    /// Pops the top value and makes it the (first) user value of the userdata at `index`.
    @inlinable public func setUserValue(ofUserdataAt index: Int32) { lua_setiuservalue(L, index, 1) }

    /// Pushes the first user value of the userdata at `index` (nil when it has none).
    @inlinable public func pushUserValue(ofUserdataAt index: Int32) { _ = lua_getiuservalue(L, index, 1) }

    /// The bytes of the full userdata that is upvalue `n` of the function at `index`, nil when there
    /// is none (a host function's private state, such as `math.random`'s generator).
    public func upvalueBytes(_ n: Int32, ofFunctionAt index: Int32) -> [UInt8]? {
        guard lua_getupvalue(L, index, n) != nil else { return nil }
        defer { lua_settop(L, -2) }
        guard lua_type(L, -1) == LUA_TUSERDATA, let pointer = lua_touserdata(L, -1) else { return nil }
        return Array(UnsafeRawBufferPointer(start: pointer, count: Int(lua_rawlen(L, -1))))
    }

    /// Overwrites the bytes of that userdata with `bytes` (of its size; false when it differs).
    @discardableResult
    public func setUpvalueBytes(_ n: Int32, ofFunctionAt index: Int32, _ bytes: [UInt8]) -> Bool {
        guard lua_getupvalue(L, index, n) != nil else { return false }
        defer { lua_settop(L, -2) }
        guard lua_type(L, -1) == LUA_TUSERDATA, let pointer = lua_touserdata(L, -1), Int(lua_rawlen(L, -1)) == bytes.count else { return false }
        bytes.withUnsafeBytes { pointer.copyMemory(from: $0.baseAddress!, byteCount: bytes.count) }
        return true
    }

    /// Pushes the global table.
    @inlinable public func pushGlobals() { kl_pushglobaltable(L) }

    // MARK: - Type tests

    /// True unless the value is nil or false (Lua's truth).
    @inlinable public func isTruthy(_ index: Int32) -> Bool { lua_toboolean(L, index) != 0 }
    @inlinable public func isTable(_ index: Int32) -> Bool { lua_type(L, index) == LUA_TTABLE }
    @inlinable public func isFunction(_ index: Int32) -> Bool { lua_type(L, index) == LUA_TFUNCTION }
    /// A function, or a table or userdata whose metatable has `__call` (luassert's spies are such
    /// tables): what `lua_call` can call. Reads the metatable raw, so it never raises.
    public func isCallable(_ index: Int32) -> Bool {
        switch lua_type(L, index) {
        case LUA_TFUNCTION: return true
        case LUA_TTABLE, LUA_TUSERDATA:
            guard lua_getmetatable(L, index) != 0 else { return false }
            let callable = pushField("__call", ofTableAt: -1) != LUA_TNIL
            lua_settop(L, -3)
            return callable
        default: return false
        }
    }
    @inlinable public func isBoolean(_ index: Int32) -> Bool { lua_type(L, index) == LUA_TBOOLEAN }
    @inlinable public func isNumber(_ index: Int32) -> Bool { lua_type(L, index) == LUA_TNUMBER }
    @inlinable public func isString(_ index: Int32) -> Bool { lua_type(L, index) == LUA_TSTRING }

    /// The number at `index` as it is (NaN and infinities included); 0 for a non-number.
    @inlinable public func rawNumber(_ index: Int32) -> Double { lua_tonumberx(L, index, nil) }

    /// The identity of a table, function, userdata or coroutine (for finding cycles); nil for others.
    @inlinable public func identity(_ index: Int32) -> UnsafeRawPointer? { lua_topointer(L, index) }

    /// Lua's name of the type at `index` (`"boolean"`, `"userdata"`; `"no value"` past the top).
    public func typeName(_ index: Int32) -> String { String(cString: lua_typename(L, lua_type(L, index))) }

    /// True if the two values are primitively equal (`rawequal`, no `__eq`).
    @inlinable public func rawEqual(_ a: Int32, _ b: Int32) -> Bool { lua_rawequal(L, a, b) != 0 }

    // MARK: - Debug information

    /// Where the function `level` frames up the call stack (1: the Lua caller of the running Swift
    /// function) runs: its chunk name (`@main.lua`, or the text of a string chunk) and current line
    /// (-1 if unknown); nil past the stack's end.
    public func caller(at level: Int32) -> (source: String, line: Int)? {
        var ar = lua_Debug()
        guard lua_getstack(L, level, &ar) != 0, lua_getinfo(L, "Sl", &ar) != 0, let source = ar.source else { return nil }
        return (String(cString: source), Int(ar.currentline))
    }

    /// Pops the function on top and returns where it is defined: its short source (`main.lua`) and
    /// first line.
    public func popDefinition() -> (source: String, line: Int)? {
        var ar = lua_Debug()
        guard lua_getinfo(L, ">S", &ar) != 0 else { return nil }
        let source = withUnsafeBytes(of: ar.short_src) { raw in
            String(decoding: raw.prefix(while: { $0 != 0 }), as: UTF8.self)
        }
        return (source, Int(ar.linedefined))
    }

    // MARK: - Plain readers

    /// A finite number at `index`.
    public func number(_ index: Int32, _ name: String? = nil) throws(LuaArgumentError) -> Double {
        var isNumber: Int32 = 0
        let value = lua_type(L, index) == LUA_TNUMBER ? lua_tonumberx(L, index, &isNumber) : 0
        if isNumber == 0 || !value.isFinite {
            throw LuaArgumentError(.named(name, at: index), mustBe: isNumber == 0 ? "a number" : "a finite number",
                                   got: describe(index))
        }
        return value
    }

    /// A finite number, or nil when the value is nil or absent.
    public func optionalNumber(_ index: Int32, _ name: String? = nil) throws(LuaArgumentError) -> Double? {
        isNil(index) ? nil : try number(index, name)
    }

    /// An integer (a float with an integral value is accepted).
    public func integer(_ index: Int32, _ name: String? = nil) throws(LuaArgumentError) -> Int {
        var isInteger: Int32 = 0
        let value = lua_type(L, index) == LUA_TNUMBER ? lua_tointegerx(L, index, &isInteger) : 0
        if isInteger == 0 { throw LuaArgumentError(.named(name, at: index), mustBe: "an integer", got: describe(index)) }
        return Int(value)
    }

    /// An integer, or nil when the value is nil or absent.
    public func optionalInteger(_ index: Int32, _ name: String? = nil) throws(LuaArgumentError) -> Int? {
        isNil(index) ? nil : try integer(index, name)
    }

    /// A string (numbers are not converted).
    public func string(_ index: Int32, _ name: String? = nil) throws(LuaArgumentError) -> String {
        guard lua_type(L, index) == LUA_TSTRING else {
            throw LuaArgumentError(.named(name, at: index), mustBe: "a string", got: describe(index))
        }
        return rawString(index)
    }

    /// A string, or nil when the value is nil or absent.
    public func optionalString(_ index: Int32, _ name: String? = nil) throws(LuaArgumentError) -> String? {
        isNil(index) ? nil : try string(index, name)
    }

    /// A boolean (only `true` and `false`).
    public func boolean(_ index: Int32, _ name: String? = nil) throws(LuaArgumentError) -> Bool {
        guard lua_type(L, index) == LUA_TBOOLEAN else {
            throw LuaArgumentError(.named(name, at: index), mustBe: "a boolean", got: describe(index))
        }
        return lua_toboolean(L, index) != 0
    }

    /// A boolean, or nil when the value is nil or absent.
    public func optionalBoolean(_ index: Int32, _ name: String? = nil) throws(LuaArgumentError) -> Bool? {
        isNil(index) ? nil : try boolean(index, name)
    }

    /// One of `choices` (a string enum such as `"continuous"`).
    public func choice(_ index: Int32, _ name: String? = nil, in choices: [String]) throws(LuaArgumentError) -> String {
        let expected = "one of " + choices.map { "\"\($0)\"" }.joined(separator: ", ")
        guard lua_type(L, index) == LUA_TSTRING else {
            throw LuaArgumentError(.named(name, at: index), mustBe: expected, got: describe(index))
        }
        let value = rawString(index)
        guard choices.contains(value) else {
            var error = LuaArgumentError(.named(name, at: index), mustBe: expected, got: describe(index))
            if let near = nearestName(to: value, in: choices) { error.message += " (did you mean \"\(near)\"?)" }
            throw error
        }
        return value
    }

    /// A function or another callable value (`isCallable`), held by a new registry reference
    /// (released when the reference is).
    public func function(_ index: Int32, _ name: String? = nil) throws(LuaArgumentError) -> LuaReference {
        guard isCallable(index) else {
            throw LuaArgumentError(.named(name, at: index), mustBe: "a function", got: describe(index))
        }
        return reference(to: index)
    }

    /// A function, or nil when the value is nil or absent.
    public func optionalFunction(_ index: Int32, _ name: String? = nil) throws(LuaArgumentError) -> LuaReference? {
        isNil(index) ? nil : try function(index, name)
    }

    /// A table, as a reader of its fields.
    public func table(_ index: Int32, _ name: String? = nil) throws(LuaArgumentError) -> LuaTable {
        guard lua_type(L, index) == LUA_TTABLE else {
            throw LuaArgumentError(.named(name, at: index), mustBe: "a table", got: describe(index))
        }
        return LuaTable(lua: self, index: lua_absindex(L, index), name: name)
    }

    /// Any value, held by a new registry reference.
    public func reference(to index: Int32) -> LuaReference {
        lua_pushvalue(L, index)
        let ref = luaL_ref(L, kl_registryindex())
        return LuaReference(ref: ref, state: state)
    }

    /// The value at `index` as a `LuaValue` (tables, functions and userdata become references).
    public func value(at index: Int32) -> LuaValue {
        switch lua_type(L, index) {
        case LUA_TBOOLEAN: return .boolean(lua_toboolean(L, index) != 0)
        case LUA_TNUMBER:
            return lua_isinteger(L, index) != 0 ? .integer(Int(lua_tointegerx(L, index, nil)))
                : .number(lua_tonumberx(L, index, nil))
        case LUA_TSTRING: return .string(rawString(index))
        case let t where t <= 0: return .nil
        default: return .reference(reference(to: index))
        }
    }

    /// The string at `index` (which must be a string or number; numbers are converted in place).
    public func rawString(_ index: Int32) -> String {
        var length = 0
        guard let chars = lua_tolstring(L, index, &length) else { return "" }
        return chars.withMemoryRebound(to: UInt8.self, capacity: length) {
            String(decoding: UnsafeBufferPointer(start: $0, count: length), as: UTF8.self)
        }
    }

    // MARK: - Describing values in messages

    /// A short description of the value at `index` for "got …": `nil`, `3`, `"abc"`, `a table`,
    /// `an Item`.
    public func describe(_ index: Int32) -> String {
        switch lua_type(L, index) {
        case LUA_TBOOLEAN: return lua_toboolean(L, index) != 0 ? "true" : "false"
        case LUA_TNUMBER:
            if lua_isinteger(L, index) != 0 { return String(lua_tointegerx(L, index, nil)) }
            let d = lua_tonumberx(L, index, nil)
            return d.isNaN ? "nan" : d.isInfinite ? (d < 0 ? "-inf" : "inf") : String(d)
        case LUA_TSTRING:
            var s = rawString(index)
            if s.count > 40 { s = String(s.prefix(37)) + "..." }
            return "\"\(s)\""
        case LUA_TTABLE: return "a table"
        case LUA_TFUNCTION: return "a function"
        case LUA_TUSERDATA:
            if let name = state.handleTypeName(tag: kl_handle_tag(L, index)) { return article(name) + " " + name }
            return "a userdata"
        case LUA_TLIGHTUSERDATA: return "a light userdata"
        case LUA_TTHREAD: return "a coroutine"
        default: return "nil"
        }
    }
}

/// "a" or "an" for a noun.
func article(_ noun: String) -> String {
    guard let first = noun.lowercased().first else { return "a" }
    return "aeiou".contains(first) ? "an" : "a"
}

/// A Lua value copied out of the stack. Tables, functions, userdata and coroutines are held by
/// registry references.
public enum LuaValue: Equatable, CustomStringConvertible {
    case `nil`
    case boolean(Bool)
    case integer(Int)
    case number(Double)
    case string(String)
    case reference(LuaReference)

    public static func == (a: LuaValue, b: LuaValue) -> Bool {
        switch (a, b) {
        case (.nil, .nil): return true
        case let (.boolean(x), .boolean(y)): return x == y
        case let (.integer(x), .integer(y)): return x == y
        case let (.number(x), .number(y)): return x == y
        case let (.string(x), .string(y)): return x == y
        case let (.reference(x), .reference(y)): return x === y
        default: return false
        }
    }

    public var description: String {
        switch self {
        case .nil: return "nil"
        case .boolean(let b): return String(b)
        case .integer(let i): return String(i)
        case .number(let d): return String(d)
        case .string(let s): return s
        case .reference(let r): return "reference #\(r.ref)"
        }
    }
}
