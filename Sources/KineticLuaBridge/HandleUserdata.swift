// Userdata types that hold small handles (index + generation), never pointers, with one table of
// Lua-facing members per type (LÖVE's wrap_* style) dispatched by a C __index in one Swift call.
import CKineticLua
import CKineticLuaShim

/// A handle a binding exposes to Lua: a small value that identifies an object (index + generation),
/// never a pointer. `luaKey` must be unique per object of the type; the same key always yields the
/// same userdata while Lua holds it.
public protocol LuaHandleRepresentable {
    /// A unique key, e.g. `Int64(index) | Int64(generation) << 32`.
    var luaKey: Int64 { get }
    /// Rebuilds the handle from its key.
    init(luaKey: Int64)
}

/// One Lua-facing member of a handle type. A type's members are listed in one array, the only
/// place where their Lua spellings appear.
public enum LuaMember<Handle> {
    /// `object.name` reads (the getter pushes exactly one value); writes run the setter with the
    /// new value at the given stack index, or fail with "is read-only" if there is none.
    case property(String, get: (Lua, Handle) throws -> Void, set: ((Lua, Handle, _ value: Int32) throws -> Void)?)
    /// `object:name(…)`: the body reads its arguments from index 2 on and returns its result count.
    case method(String, (Lua, Handle) throws -> Int32)

    /// A property without a setter.
    public static func readOnly(_ name: String, _ get: @escaping (Lua, Handle) throws -> Void) -> LuaMember {
        .property(name, get: get, set: nil)
    }

    var name: String {
        switch self {
        case .property(let name, _, _), .method(let name, _): return name
        }
    }
}

/// Members of a handle type that are read (and written, given a number) by C functions instead of
/// the general path: no dispatch, no closures, one handle check. A fast getter reads plain numbers
/// and never touches Lua; for anything unusual (a stale handle, a locked world) it answers
/// `KL_FAST_SLOW` and the member's general getter runs, with its checks and messages. Each name
/// must also be a `.property` in the type's members. Fast methods likewise: `call` runs them when
/// every argument is a number or a handle (`kl_FastArg`), and each name must also be a `.method`,
/// whose body runs otherwise. A setter or method may leave the rest of its work for later
/// (`KL_FAST_DEFERRED`): the state's settle function (`LuaState.onSettle`) does it before Lua
/// next reaches the host.
public struct LuaFastMembers {
    /// The fast members; a member's position is the `member` index the functions receive.
    public var names: [String]
    /// Handed to `get`, `set` and `call` as is: the caller keeps it alive as long as the state.
    public var context: UnsafeMutableRawPointer?
    public var get: kl_FastGetter?
    public var set: kl_FastSetter?
    /// The fast methods; a method's position is the `method` index `call` receives.
    public var methods: [String]
    public var call: kl_FastMethod?

    public init(names: [String], context: UnsafeMutableRawPointer?, get: kl_FastGetter?, set: kl_FastSetter?,
                methods: [String] = [], call: kl_FastMethod? = nil) {
        self.names = names
        self.context = context
        self.get = get
        self.set = set
        self.methods = methods
        self.call = call
    }
}

/// A userdata type registered in one state: its metatable, its members and a weak registry that
/// maps each handle to one userdata.
public final class LuaHandleType<Handle: LuaHandleRepresentable> {
    /// The type's Lua-facing name (`Item`), used in messages.
    public let name: String
    /// Tag stored in each userdata, so a foreign userdata is never mistaken for one of ours.
    public let tag: UInt64
    let metatableRef: Int32
    let cacheRef: Int32
    let validate: ((Handle) -> String?)?
    /// Every member's Lua name and kind (`property`, `readOnly`, `method`), in declaration order,
    /// for API dumps.
    public let members: [(name: String, kind: String)]
    /// Called by `push` with each userdata it makes (on top of the stack), not for one Lua still
    /// holds: with `onCollect`, a binding counts the userdata alive for each handle, or sets the
    /// userdata's user value to what its object needs alive.
    public var created: ((Handle, Lua) -> Void)?

    /// Registers a type in `state`.
    /// - Parameters:
    ///   - name: the type's name in messages and `__name` (`Item`).
    ///   - members: every property and method, in one table.
    ///   - describe: the `tostring` text (`Item#12 "ball"`).
    ///   - validate: nil if the handle is live, else the message for a stale one
    ///     (`item 'ball' was removed`); checked before every getter, setter and method.
    ///   - fast: properties read and written by C functions first (see `LuaFastMembers`).
    public init(in state: LuaState, name: String, members: [LuaMember<Handle>],
                describe: @escaping (Handle) -> String, validate: ((Handle) -> String?)? = nil,
                fast: LuaFastMembers? = nil) {
        self.name = name
        self.validate = validate
        self.members = members.map { member in
            switch member {
            case .property(let n, _, let set): return (n, set == nil ? "readOnly" : "property")
            case .method(let n, _): return (n, "method")
            }
        }
        let tag: UInt64 = 0x4B49_4E45_5449_4300 | UInt64(state.handleTypeNames.count + 1)
        self.tag = tag
        state.handleTypeNames[tag] = name
        let L = state.L
        let memberNames = members.map(\.name)
        let selfError = { (lua: Lua, member: String) in
            LuaArgumentError(message: "'self' must be \(article(name)) \(name), got \(lua.describe(1)) (call it as \(name.lowercased()):\(member)(...))")
        }
        var refs: (Int32, Int32) = (0, 0)
        state.withStack { lua in
            lua.reserve(8)
            lua.pushTable(fields: 8)  // metatable
            // __index: names → getter ids (integers) or methods (functions).
            lua.pushTable(fields: Int32(members.count))
            var setters: [(name: String, fastIndex: Int32, id: Int32)] = []
            for member in members {
                switch member {
                case let .property(memberName, get, set):
                    let id = state.register("\(name).\(memberName)") { lua in
                        var key: Int64 = 0
                        guard kl_tohandle(lua.L, 1, tag, &key) != 0 else { throw selfError(lua, memberName) }
                        let handle = Handle(luaKey: key)
                        if let validate, let stale = validate(handle) { throw LuaBindingError(stale) }
                        try get(lua, handle)
                        return 1
                    }
                    let fastIndex = fast?.names.firstIndex(of: memberName).map(Int32.init) ?? -1
                    lua_pushinteger(L, kl_member_code(id, fastIndex))
                    lua.setField(memberName, inTableAt: -2)
                    if let set {
                        let setterFastIndex = fast?.set == nil ? -1 : fastIndex
                        setters.append((memberName, setterFastIndex, state.register("\(name).\(memberName)") { lua in
                            var key: Int64 = 0
                            guard kl_tohandle(lua.L, 1, tag, &key) != 0 else { throw selfError(lua, memberName) }
                            let handle = Handle(luaKey: key)
                            if let validate, let stale = validate(handle) { throw LuaBindingError(stale) }
                            try set(lua, handle, 3)
                            return 0
                        }))
                    }
                case let .method(memberName, body):
                    let id = state.register("\(name):\(memberName)") { lua in
                        var key: Int64 = 0
                        guard kl_tohandle(lua.L, 1, tag, &key) != 0 else { throw selfError(lua, memberName) }
                        let handle = Handle(luaKey: key)
                        if let validate, let stale = validate(handle) { throw LuaBindingError(stale) }
                        return try body(lua, handle)
                    }
                    if let fast, let call = fast.call, let index = fast.methods.firstIndex(of: memberName) {
                        kl_push_fast_method(L, id, Int32(index), tag, call, fast.context)
                    } else {
                        kl_push_swift_function(L, id)
                    }
                    lua.setField(memberName, inTableAt: -2)
                }
            }
            let missingGet = state.register(name) { lua in
                throw LuaBindingError(Self.unknownMember(lua, typeName: name, names: memberNames))
            }
            let context = fast?.context
            kl_push_index(L, missingGet, tag, fast?.get, context)
            lua.setField("__index", inTableAt: -2)
            // __newindex: names → setter ids.
            lua.pushTable(fields: Int32(setters.count))
            for setter in setters {
                lua_pushinteger(L, kl_member_code(setter.id, setter.fastIndex))
                lua.setField(setter.name, inTableAt: -2)
            }
            let writable = Set(setters.map(\.name))
            let missingSet = state.register(name) { lua in
                if lua.type(at: 2) == LUA_TSTRING, memberNames.contains(lua.rawString(2)), !writable.contains(lua.rawString(2)) {
                    throw LuaBindingError("\(name).\(lua.rawString(2)) is read-only")
                }
                throw LuaBindingError(Self.unknownMember(lua, typeName: name, names: Array(writable.sorted())))
            }
            kl_push_newindex(L, missingSet, tag, fast?.set, context)
            lua.setField("__newindex", inTableAt: -2)
            state.pushFunction("\(name).__tostring", on: lua) { lua in
                var key: Int64 = 0
                guard kl_tohandle(lua.L, 1, tag, &key) != 0 else { throw selfError(lua, "__tostring") }
                lua.push(describe(Handle(luaKey: key)))
                return 1
            }
            lua.setField("__tostring", inTableAt: -2)
            kl_push_handle_eq(L)
            lua.setField("__eq", inTableAt: -2)
            lua.push(name)
            lua.setField("__name", inTableAt: -2)
            lua.push(false)
            lua.setField("__metatable", inTableAt: -2)  // scripts cannot reach the metamethods
            let metatable = luaL_ref(L, kl_registryindex())
            // The weak registry: key → userdata, values weak.
            lua.pushTable()
            lua.pushTable(fields: 1)
            lua.push("v")
            lua.setField("__mode", inTableAt: -2)
            lua_setmetatable(L, -2)
            refs = (metatable, luaL_ref(L, kl_registryindex()))
        }
        (metatableRef, cacheRef) = refs
    }

    /// Gives the type a `__gc` that reports the handle of each collected userdata. Call it before
    /// the first `push` (Lua finalizes only userdata whose metatable had `__gc` when it was set).
    /// `body` runs inside whatever allocation started the collection, even inside a Swift
    /// function or while the state closes: it should only note the handle, and must not throw.
    public func onCollect(in state: LuaState, _ body: @escaping (Handle) -> Void) {
        let tag = self.tag
        let id = state.register("\(name).__gc") { lua in
            var key: Int64 = 0
            if kl_tohandle(lua.L, 1, tag, &key) != 0 { body(Handle(luaKey: key)) }
            return 0
        }
        state.withStack { lua in
            lua.reserve(3)
            lua_rawgeti(lua.L, kl_registryindex(), lua_Integer(metatableRef))
            kl_push_handle_gc(lua.L, id)
            lua.setField("__gc", inTableAt: -2)
        }
    }

    static func unknownMember(_ lua: Lua, typeName: String, names: [String]) -> String {
        guard lua.type(at: 2) == LUA_TSTRING else {
            return "\(typeName) has no member \(lua.describe(2))"
        }
        let key = lua.rawString(2)
        var message = "\(typeName) has no member '\(key)'"
        if let hint = peerHint(for: key) { message += ": \(hint)" }
        else if let near = nearestName(to: key, in: names) { message += "; did you mean '\(near)'?" }
        return message
    }

    /// Pushes the userdata for `handle`: the same userdata for the same handle while Lua holds it.
    public func push(_ handle: Handle, on lua: Lua) {
        let L = lua.L
        lua.reserve(4)
        lua_rawgeti(L, kl_registryindex(), lua_Integer(cacheRef))
        let key = lua_Integer(handle.luaKey)
        if lua_rawgeti(L, -1, key) == LUA_TUSERDATA {
            kl_remove(L, -2)
            return
        }
        lua_settop(L, -2)
        kl_newhandle(L, handle.luaKey, tag)
        lua_rawgeti(L, kl_registryindex(), lua_Integer(metatableRef))
        lua_setmetatable(L, -2)
        lua_pushvalue(L, -1)
        lua_rawseti(L, -3, key)
        kl_remove(L, -2)
        created?(handle, lua)
    }

    /// True if the value at `index` is a userdata of this type (live or stale).
    public func isHandle(_ lua: Lua, at index: Int32) -> Bool {
        kl_handle_tag(lua.L, index) == tag
    }

    /// The live handle at `index`: throws `'item' must be an Item, got nil`, or the stale message.
    public func handle(_ lua: Lua, at index: Int32, _ argument: String? = nil) throws -> Handle {
        var key: Int64 = 0
        guard kl_tohandle(lua.L, index, tag, &key) != 0 else {
            throw LuaArgumentError(.named(argument, at: index), mustBe: "\(article(name)) \(name)", got: lua.describe(index))
        }
        let handle = Handle(luaKey: key)
        if let validate, let stale = validate(handle) { throw LuaBindingError(stale) }
        return handle
    }

    /// The live handle at `index`, or nil when the value is nil or absent.
    public func optionalHandle(_ lua: Lua, at index: Int32, _ argument: String? = nil) throws -> Handle? {
        lua.isNil(index) ? nil : try handle(lua, at: index, argument)
    }

    /// The live handle in field `field` of a definition table.
    public func handle(_ table: LuaTable, _ field: String) throws -> Handle {
        table.lua.push(field)
        lua_rawget(table.lua.L, table.index)
        defer { table.lua.pop() }
        return try handle(table.lua, at: table.lua.top, table.path + field)
    }

    /// The live handle in field `field`, or nil when absent.
    public func optionalHandle(_ table: LuaTable, _ field: String) throws -> Handle? {
        table.has(field) ? try handle(table, field) : nil
    }
}
