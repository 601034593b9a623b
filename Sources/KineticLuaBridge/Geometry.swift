// Points, sizes, frames and colours as Lua tables and strings: readers that never raise, and pushers.
import CKineticLua
import CKineticLuaShim
@_exported import KineticGeometry
import KineticScene

extension Lua {
    // MARK: - Readers

    /// A number field of the table at `table` (raw), by array position or key; nil if not a finite number.
    func numberField(_ table: Int32, _ position: Int, _ key: String) -> Double? {
        if lua_rawgeti(L, table, lua_Integer(position)) <= 0 {
            lua_settop(L, -2)
            push(key)
            lua_rawget(L, table)
        }
        defer { lua_settop(L, -2) }
        var isNumber: Int32 = 0
        let value = lua_type(L, -1) == LUA_TNUMBER ? lua_tonumberx(L, -1, &isNumber) : .nan
        return isNumber != 0 && value.isFinite ? value : nil
    }

    /// The fields of a point, size or frame table as the message of an error shows them, in the
    /// order of the form it must have, `{nan, 0}` or `{5, nil}` (a missing `y`), and whether every
    /// one is a number (so only finiteness was wrong); nil for a value that is not a table.
    func describeFields(_ table: Int32, _ fields: [[String]]) -> (text: String, allNumbers: Bool)? {
        guard lua_type(L, table) == LUA_TTABLE, reserve(2) else { return nil }
        var shown: [String] = []
        var allNumbers = true
        for (i, keys) in fields.enumerated() {
            var found: (text: String, isNumber: Bool)?
            for key in keys where found == nil {
                if lua_rawgeti(L, table, lua_Integer(i + 1)) <= 0 {
                    lua_settop(L, -2)
                    push(key)
                    lua_rawget(L, table)
                }
                if lua_type(L, -1) != LUA_TNIL { found = (describe(-1), lua_type(L, -1) == LUA_TNUMBER) }
                lua_settop(L, -2)
            }
            allNumbers = allNumbers && found?.isNumber == true
            shown.append(found?.text ?? "nil")
        }
        return ("{" + shown.joined(separator: ", ") + "}", allNumbers)
    }

    /// The first present key among `keys` (raw); nil if none is a finite number.
    func numberField(_ table: Int32, _ position: Int, _ keys: [String]) -> Double? {
        for key in keys {
            if let v = numberField(table, position, key) { return v }
        }
        return nil
    }

    /// The error for a value at `index` (`t` absolute) that is not `form` (`"a point {x, y}"`): a
    /// table's fields shown in the form's order, or the value described.
    private func shapeError(_ index: Int32, _ name: String?, _ t: Int32, _ fields: [[String]], _ form: String) -> LuaArgumentError {
        guard let shown = describeFields(t, fields) else {
            return LuaArgumentError(.named(name, at: index), mustBe: form, got: describe(index))
        }
        return LuaArgumentError(.named(name, at: index), mustBe: shown.allNumbers ? "\(form) of finite numbers" : form, got: shown.text)
    }

    /// A point `{x, y}` or `{x = .., y = ..}` of finite numbers.
    public func point(_ index: Int32, _ name: String? = nil) throws(LuaArgumentError) -> Vec2 {
        let t = lua_absindex(L, index)
        if lua_type(L, t) == LUA_TTABLE, reserve(2),
           let x = numberField(t, 1, "x"), let y = numberField(t, 2, "y") {
            return Vec2(x: x, y: y)
        }
        throw shapeError(index, name, t, [["x"], ["y"]], "a point {x, y}")
    }

    /// A size `{w, h}` or `{width = .., height = ..}` (also `w =`, `h =`) of finite, non-negative numbers.
    public func size(_ index: Int32, _ name: String? = nil) throws(LuaArgumentError) -> Size {
        let t = lua_absindex(L, index)
        if lua_type(L, t) == LUA_TTABLE, reserve(2),
           let w = numberField(t, 1, ["width", "w"]), let h = numberField(t, 2, ["height", "h"]) {
            if w >= 0 && h >= 0 { return Size(width: w, height: h) }
            throw LuaArgumentError(.named(name, at: index), mustBe: "a size {width, height} with no negative side",
                                   got: "{\(w), \(h)}")
        }
        throw shapeError(index, name, t, [["width", "w"], ["height", "h"]], "a size {width, height}")
    }

    /// A frame `{x, y, w, h}` or keyed `x, y, width, height` (also `w`, `h`) of finite numbers, size ≥ 0.
    public func frame(_ index: Int32, _ name: String? = nil) throws(LuaArgumentError) -> Rect {
        let t = lua_absindex(L, index)
        if lua_type(L, t) == LUA_TTABLE, reserve(2),
           let x = numberField(t, 1, "x"), let y = numberField(t, 2, "y"),
           let w = numberField(t, 3, ["width", "w"]), let h = numberField(t, 4, ["height", "h"]) {
            if w >= 0 && h >= 0 { return Rect(x: x, y: y, width: w, height: h) }
            throw LuaArgumentError(.named(name, at: index), mustBe: "a frame {x, y, width, height} with no negative side",
                                   got: "{\(x), \(y), \(w), \(h)}")
        }
        throw shapeError(index, name, t, [["x"], ["y"], ["width", "w"], ["height", "h"]], "a frame {x, y, width, height}")
    }

    /// A colour string, as `Color(parsing:)` reads it: `"#rgb"`, `"#rgba"`, `"#rrggbb"`, `"#rrggbbaa"` or a
    /// CSS colour name; a misspelt name gets the nearest one suggested.
    public func color(_ index: Int32, _ name: String? = nil) throws(LuaArgumentError) -> Color {
        let mustBe = "a colour (\"#rrggbb\", \"#rrggbbaa\" or a CSS colour name)"
        guard lua_type(L, index) == LUA_TSTRING else {
            throw LuaArgumentError(.named(name, at: index), mustBe: mustBe, got: describe(index))
        }
        let text = rawString(index)
        if let color = Color(parsing: text) { return color }
        var error = LuaArgumentError(.named(name, at: index), mustBe: mustBe, got: describe(index))
        if !text.hasPrefix("#"), let near = nearestName(to: text, in: Color.names) {
            error.message += " (did you mean \"\(near)\"?)"
        }
        throw error
    }

    // MARK: - Pushers

    /// Pushes `{x = .., y = ..}`.
    public func push(_ point: Vec2) {
        reserve(3)
        lua_createtable(L, 0, 2)
        lua_pushnumber(L, point.x); setField("x", inTableAt: -2)
        lua_pushnumber(L, point.y); setField("y", inTableAt: -2)
    }

    /// Pushes `{width = .., height = ..}`.
    public func push(_ size: Size) {
        reserve(3)
        lua_createtable(L, 0, 2)
        lua_pushnumber(L, size.width); setField("width", inTableAt: -2)
        lua_pushnumber(L, size.height); setField("height", inTableAt: -2)
    }

    /// Pushes `{x = .., y = .., width = .., height = ..}`.
    public func push(_ frame: Rect) {
        reserve(3)
        lua_createtable(L, 0, 4)
        lua_pushnumber(L, frame.x); setField("x", inTableAt: -2)
        lua_pushnumber(L, frame.y); setField("y", inTableAt: -2)
        lua_pushnumber(L, frame.width); setField("width", inTableAt: -2)
        lua_pushnumber(L, frame.height); setField("height", inTableAt: -2)
    }

    /// Pushes `"#rrggbb"` (or `"#rrggbbaa"`).
    public func push(_ color: Color) { push(color.description) }
}
