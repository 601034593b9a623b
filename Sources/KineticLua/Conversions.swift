// Readers and pushers for the Dynamics values Lua writes (text, ranges, point lists), member-table
// helpers, and the constructor step that writes definition fields through property setters. Points,
// sizes and frames need no conversion: LuaBridge reads them as KineticGeometry's types.
import CKineticLua
import KineticDynamics
import KineticLuaBridge
import KineticPhysics

/// The most bytes of text one string a level hands the host may have (an item's name or label, a
/// canvas text, a boundary id, a title): the host keeps and draws it outside the level's memory
/// cap, and drawing costs many times the text's size (sandbox.md, "Host limits").
let maxTextBytes = 1024

extension Lua {
    /// A string of at most `maxTextBytes` bytes for the host to keep or draw. With `numbers`, a
    /// number is accepted too and written as Lua prints it (labels and canvas text).
    func text(_ index: Int32, _ name: String?, numbers: Bool = false) throws(LuaArgumentError) -> String {
        if numbers, type(at: index) == LUA_TNUMBER { return describe(index) }
        guard type(at: index) == LUA_TSTRING else {
            throw LuaArgumentError(.named(name, at: index), mustBe: "a string", got: describe(index))
        }
        let bytes = Int(lua_rawlen(L, index))
        guard bytes <= maxTextBytes else {
            throw LuaArgumentError(.named(name, at: index), mustBe: "at most \(maxTextBytes) bytes of text", got: "a string of \(bytes) bytes")
        }
        return try string(index, name)
    }

    /// A range `{min, max}` or `{min = .., max = ..}` (either end may be ±math.huge).
    func range(_ index: Int32, _ name: String) throws -> FloatRange {
        let t = absolute(index)
        if type(at: t) == LUA_TTABLE {
            func end(_ position: Int, _ key: String) -> Double? {
                if lua_rawgeti(L, t, lua_Integer(position)) <= 0 {
                    pop()
                    push(key)
                    lua_rawget(L, t)
                }
                defer { pop() }
                var ok: Int32 = 0
                let v = type(at: -1) == LUA_TNUMBER ? lua_tonumberx(L, -1, &ok) : .nan
                return ok != 0 && !v.isNaN ? v : nil
            }
            if let lo = end(1, "min"), let hi = end(2, "max") {
                guard lo <= hi else {
                    throw LuaArgumentError(.field(name), mustBe: "a range {min, max} with min <= max", got: "{\(lo), \(hi)}")
                }
                return FloatRange(minimum: lo, maximum: hi)
            }
        }
        throw LuaArgumentError(.field(name), mustBe: "a range {min, max}", got: describe(index))
    }

    /// Pushes `{min = .., max = ..}`.
    func push(_ range: FloatRange) {
        reserve(3)
        pushTable(fields: 2)
        push(range.minimum); setField("min", inTableAt: -2)
        push(range.maximum); setField("max", inTableAt: -2)
    }

    /// A list of points `{{x, y}, ...}`.
    func points(_ index: Int32, _ name: String) throws -> [Vec2] {
        guard type(at: index) == LUA_TTABLE else {
            throw LuaArgumentError(.field(name), mustBe: "a list of points {{x, y}, ...}", got: describe(index))
        }
        let t = absolute(index)
        let count = Int(lua_rawlen(L, t))
        var list: [Vec2] = []
        for i in 0..<count {
            lua_rawgeti(L, t, lua_Integer(i + 1))
            defer { pop() }
            list.append(try point(top, "\(name)[\(i + 1)]"))
        }
        return list
    }

    /// Pushes `{{x =, y =}, ...}`.
    func push(points: [Vec2]) {
        reserve(3)
        pushTable(array: Int32(points.count))
        for (i, p) in points.enumerated() {
            push(p)
            setIndex(i + 1, inTableAt: -2)
        }
    }

    /// Pushes a number or nil.
    func push(optional value: Double?) {
        if let value { push(value) } else { pushNil() }
    }

    /// Pushes a string or nil.
    func push(optional value: String?) {
        if let value { push(value) } else { pushNil() }
    }
}

extension LuaMember {
    /// The Lua name of the member.
    var luaName: String {
        switch self {
        case .property(let name, _, _), .method(let name, _): return name
        }
    }

    var isMethod: Bool {
        if case .method = self { return true }
        return false
    }

    /// The setter, if the member is a writable property.
    var setter: ((Lua, Handle, Int32) throws -> Void)? {
        if case .property(_, _, let set) = self { return set }
        return nil
    }
}

/// Writes every present field of a constructor table through the matching property setter, in the
/// order of `fields` (never `lua_next` order), so that a constructor field and a later write behave
/// the same.
func applyFields<H>(_ def: LuaTable, _ fields: [String], members: [LuaMember<H>], to handle: H) throws {
    for name in fields where def.has(name) {
        guard let set = members.first(where: { $0.luaName == name })?.setter else { continue }
        def.lua.push(name)
        lua_rawget(def.lua.L, def.index)
        defer { def.lua.pop() }
        try set(def.lua, handle, def.lua.top)
    }
}

extension LuaTable {
    /// Pushes `table[field]` (raw), runs `body` with its absolute index, and pops it.
    func read<T>(_ field: String, _ body: (Int32) throws -> T) throws -> T {
        lua.push(field)
        lua_rawget(lua.L, index)
        defer { lua.pop() }
        return try body(lua.top)
    }
}
