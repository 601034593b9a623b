// Protected calls from Swift into Lua: the traceback handler and budgets live in C (kl_pcall);
// this side pushes, calls and turns a failure into a `LuaError`.
import CKineticLua
import CKineticLuaShim

extension Lua {
    /// Calls a function with arguments under a protected call on this thread and returns its
    /// results. From inside a Swift function, a failure is best rethrown: the script sees it as is.
    @discardableResult
    public func call(_ function: LuaReference, _ arguments: [LuaValue] = []) throws(LuaError) -> [LuaValue] {
        try call(function, arguments: { lua in
            lua.reserve(Int32(arguments.count) + 1)
            for argument in arguments { lua.push(argument) }
            return Int32(arguments.count)
        }, results: { lua, first, count in
            (0..<count).map { lua.value(at: first + $0) }
        })
    }

    /// Calls a function under a protected call on this thread (traceback handler; budgets when it
    /// is the outermost call). `arguments` pushes the arguments and returns how many; `results`
    /// reads `count` results starting at stack index `first`. The stack is restored afterwards.
    public func call<R>(_ function: LuaReference, arguments: (Lua) -> Int32,
                        results: (Lua, _ first: Int32, _ count: Int32) -> R) throws(LuaError) -> R {
        try call(pushing: { lua in lua.push(function) }, arguments: arguments, results: results)
    }

    /// Like `call(_:arguments:results:)`, for a function `function` pushes (one value) rather
    /// than one held in the registry.
    public func call<R>(pushing function: (Lua) -> Void, arguments: (Lua) -> Int32,
                        results: (Lua, _ first: Int32, _ count: Int32) -> R) throws(LuaError) -> R {
        let top = lua_gettop(L)
        defer { lua_settop(L, top) }
        reserve(4)
        function(self)
        let base = self.top
        let count = arguments(self)
        let status = kl_pcall(L, count, LUA_MULTRET)
        if status != LUA_OK { throw takeError(status: status) }
        return results(self, base, self.top - base + 1)
    }

    /// Pops the error a failed load or call left and describes it.
    func takeError(status: Int32) -> LuaError {
        let lua = self
        var message = lua.type(at: -1) == LUA_TSTRING || lua.type(at: -1) == LUA_TNUMBER ? lua.rawString(-1) : "(error object is not a string)"
        var traceback: [String] = []
        var kind = LuaError.Kind.runtime
        switch status {
        case LUA_ERRSYNTAX:
            kind = .syntax
        case LUA_ERRMEM:
            kind = .memory
            if lua.type(at: -1) != LUA_TSTRING { message = "not enough memory" }
            message += " (the script exceeded its memory cap of \(formatBytes(kl_memory_cap(L))))"
        default:
            kl_push_traceback(L)
            if lua.type(at: -1) == LUA_TSTRING { traceback = LuaError.frames(fromTraceback: lua.rawString(-1)) }
            lua.pop()
            switch kl_last_stop(L) {
            case Int32(KL_STOP_TIME): kind = .timeBudget
            case Int32(KL_STOP_INSTRUCTIONS): kind = .instructionBudget
            default: break
            }
        }
        lua.pop()
        return LuaError(kind: kind, message: message, traceback: traceback)
    }
}

func formatBytes(_ bytes: Int) -> String {
    if bytes >= 1 << 20, bytes % (1 << 20) == 0 { return "\(bytes >> 20) MiB" }
    if bytes >= 1 << 10, bytes % (1 << 10) == 0 { return "\(bytes >> 10) KiB" }
    return "\(bytes) bytes"
}
