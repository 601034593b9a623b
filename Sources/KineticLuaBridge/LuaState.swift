// The owner of one lua_State: creation, options, loading chunks and protected calls.
import CKineticLua
import CKineticLuaShim
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A Swift function callable from Lua. It reads its arguments from `lua`, pushes its results and
/// returns how many it pushed. Throwing raises a Lua error after the Swift frame has returned.
public typealias LuaFunction = (Lua) throws -> Int32

/// How a `LuaState` is set up.
public struct LuaOptions {
    /// Lifts the sandbox (full standard library, unrestricted files); `--trust` on the command line.
    public var trusted = false
    /// The level's folder: chunk names are relative to it, and sandboxed file access, `require`,
    /// `dofile` and `loadfile` are confined to it. Nil: no file access from the sandbox.
    public var folder: String?
    /// Seed of `math.random` (the level seed).
    public var seed = 0
    /// Memory cap in bytes for everything the state allocates while Lua runs (0 = none).
    public var memoryLimit = 256 << 20
    /// Wall-clock budget in seconds for each outermost host→Lua call (nil = none).
    public var timeBudget: Double? = 5
    /// Deterministic instruction budget for each outermost host→Lua call (nil = none). Costs about
    /// 2x in Lua loops; meant for scenario runs.
    public var instructionBudget: Int?
    /// Count how often each line of each file chunk runs (`kinetic test --coverage`; `coverage`).
    /// Off: no line hook is set, so it costs nothing.
    public var lineCoverage = false
    /// Receives each line `print` writes (without the newline). Default: standard output.
    public var output: (String) -> Void = { Swift.print($0) }
    /// Receives each `warn` message. Default: `Lua warning: …` on standard error.
    public var warnings: (String) -> Void = { text in
        var line = "Lua warning: \(text)\n"
        line.withUTF8 { _ = write(2, $0.baseAddress, $0.count) }
    }

    public init() {}
}

/// A Lua 5.4 state: sandboxed by default, with a memory cap, a time budget and deterministic random
/// numbers. Not thread-safe: use it from one thread at a time.
public final class LuaState {
    /// The underlying `lua_State *`.
    public let L: OpaquePointer
    /// The options the state was made with.
    public let options: LuaOptions
    /// The level folder, resolved (symlinks and `..` removed), or nil.
    public let folder: String?

    /// A registered Swift function. A class, so that dispatch can borrow it without retaining.
    final class Entry {
        let name: String
        let body: LuaFunction
        init(name: String, body: @escaping LuaFunction) { self.name = name; self.body = body }
    }

    /// Every Swift function Lua can call, by id (the trampoline's upvalue). `entries` owns them;
    /// `dispatchTable` holds the same objects unretained, so a call costs no reference counting and
    /// (being unchecked) no exclusivity check.
    var entries: [Entry] = []
    @exclusivity(unchecked) var dispatchTable: ContiguousArray<Unmanaged<Entry>> = []
    var handleTypeNames: [UInt64: String] = [:]
    var loadedRef: Int32 = -1
    var settleBody: (() -> Void)?
    var requiredFilesRef: Int32 = -1

    /// Makes a state. Throws if the folder does not exist or the sandbox cannot be set up.
    public init(options: LuaOptions = LuaOptions()) throws(LuaError) {
        self.options = options
        var resolvedFolder: String?
        if let folder = options.folder {
            guard let real = try? LevelFiles.realPath(folder, named: folder) else {
                throw LuaError(kind: .file, message: "level folder '\(folder)' does not exist")
            }
            resolvedFolder = real
        }
        self.folder = resolvedFolder
        kl_install(bridgeDispatch, bridgeSink)
        guard let L = kl_newstate(nil, 0) else {
            throw LuaError(kind: .memory, message: "not enough memory to create a Lua state")
        }
        self.L = L
        kl_set_owner(L, Unmanaged.passUnretained(self).toOpaque())
        try installEnvironment()
        kl_set_memory_cap(L, options.memoryLimit)
        kl_set_time_budget(L, options.timeBudget ?? 0)
        kl_set_instruction_budget(L, Int64(options.instructionBudget ?? 0))
        kl_set_coverage(L, options.lineCoverage ? 1 : 0)
    }

    deinit {
        kl_close(L)
    }

    // MARK: - The host's stack

    /// Runs `body` with the state's stack and restores the stack top afterwards.
    public func withStack<T, E: Error>(_ body: (Lua) throws(E) -> T) throws(E) -> T {
        let top = lua_gettop(L)
        defer { lua_settop(L, top) }
        return try body(Lua(L))
    }

    /// Sets a global of the level's environment.
    public func setGlobal(_ name: String, _ push: (Lua) -> Void) {
        withStack { lua in
            kl_pushglobaltable(L)
            push(lua)
            lua.setField(name, inTableAt: -2)
        }
    }

    /// Sets a global of the level's environment to a Swift function (named `name` in errors).
    public func setGlobalFunction(_ name: String, _ body: @escaping LuaFunction) {
        setGlobal(name) { lua in self.pushFunction(name, on: lua, body) }
    }

    /// Reads a global of the level's environment.
    public func global(_ name: String) -> LuaValue {
        withStack { lua in
            kl_pushglobaltable(L)
            lua.push(name)
            lua_rawget(L, -2)
            return lua.value(at: -1)
        }
    }

    // MARK: - Swift functions

    /// Registers a Swift function and returns its id. `name` is how errors name it (`kinetic.pin`).
    public func register(_ name: String, _ body: @escaping LuaFunction) -> Int32 {
        let entry = Entry(name: name, body: body)
        entries.append(entry)
        dispatchTable.append(Unmanaged.passUnretained(entry))
        return Int32(dispatchTable.count - 1)
    }

    /// Sets what finishes the work fast setters and methods left for later (`KL_FAST_DEFERRED`):
    /// it runs before Lua next reaches the host (before any Swift function, and when a protected
    /// call returns), so host code never sees it undone. It must not call Lua.
    public func onSettle(_ body: @escaping () -> Void) {
        settleBody = body
        kl_set_settle(L, { context in
            Unmanaged<LuaState>.fromOpaque(context!)._withUnsafeGuaranteedRef { $0.settleBody?() }
        }, Unmanaged.passUnretained(self).toOpaque())
    }

    /// Pushes a Lua function that calls `body` through the trampoline.
    public func pushFunction(_ name: String, on lua: Lua, _ body: @escaping LuaFunction) {
        kl_push_swift_function(lua.L, register(name, body))
    }

    /// Makes the module `name`: a table of Swift functions (named `name.function` in errors) that
    /// `require(name)` returns and, if `global`, the global `name` holds. Returns the table, so
    /// that a binding can add sub-tables and constants.
    @discardableResult
    public func registerModule(_ name: String, functions: [(String, LuaFunction)], global: Bool = true) -> LuaReference {
        withStack { lua in
            lua.pushTable(fields: Int32(functions.count))
            for (functionName, body) in functions {
                pushFunction("\(name).\(functionName)", on: lua, body)
                lua.setField(functionName, inTableAt: -2)
            }
            lua_rawgeti(L, kl_registryindex(), lua_Integer(loadedRef))
            lua.pushValue(at: -2)
            lua.setField(name, inTableAt: -2)
            lua.pop()
            if global {
                kl_pushglobaltable(L)
                lua.pushValue(at: -2)
                lua.setField(name, inTableAt: -2)
                lua.pop()
            }
            return lua.reference(to: -1)
        }
    }

    @inline(__always)
    final func invoke(_ L: OpaquePointer, _ id: Int) -> Int32 {
        dispatchTable[id]._withUnsafeGuaranteedRef { entry in
            do {
                return try entry.body(Lua(L))
            } catch {
                return raise(error, function: entry.name, Lua(L))
            }
        }
    }

    /// Leaves the message for `error` on the stack and returns the trampoline's sentinel.
    func raise(_ error: any Error, function: String, _ lua: Lua) -> Int32 {
        if !lua.reserve(2) { lua.setTop(0) }
        switch error {
        case var error as LuaArgumentError:
            if error.function == nil { error.function = function }
            lua.push(error.description)
        case let error as LuaBindingError:
            lua.push(error.message)
        case let error as LuaError:
            lua.push(error.message)  // already has its position
            return KL_ERROR_RAW
        default:
            lua.push("\(function): \(error)")
        }
        return KL_ERROR
    }

    func handleTypeName(tag: UInt64) -> String? { tag == 0 ? nil : handleTypeNames[tag] }

    // MARK: - Loading and calling

    /// Compiles Lua source text (never bytecode). `name` is the chunk name shown in errors
    /// (`"main.lua"` gives `main.lua:3: …`). `environment` replaces the chunk's `_ENV` (see
    /// `newEnvironment()`); by default it is the level's global table.
    public func load(_ source: String, name: String, environment: LuaReference? = nil) throws(LuaError) -> LuaReference {
        try withStack { lua throws(LuaError) in
            var source = source
            let status = source.withUTF8 { text in
                text.withMemoryRebound(to: CChar.self) { kl_load_text(L, $0.baseAddress, $0.count, "@" + name) }
            }
            if status != LUA_OK { throw takeError(status: status, lua) }
            if let environment { Self.setEnvironment(lua, environment) }
            return lua.reference(to: -1)
        }
    }

    /// Replaces the `_ENV` of a loaded chunk (from `load`) with `environment`.
    public func setEnvironment(of chunk: LuaReference, to environment: LuaReference) {
        withStack { lua in
            lua.reserve(2)
            lua.push(chunk)
            Self.setEnvironment(lua, environment)
        }
    }

    /// Makes `environment` the `_ENV` of the main chunk on top of the stack.
    private static func setEnvironment(_ lua: Lua, _ environment: LuaReference) {
        lua.push(environment)
        _ = lua_setupvalue(lua.L, -2, 1)  // a main chunk's only upvalue is _ENV
    }

    /// Compiles a file (a regular file of at most `LevelFiles.sizeLimit` bytes). A relative path is
    /// taken inside the level folder; the chunk name is the path relative to the folder, so errors
    /// read `main.lua:3: …`. Callers confine the path first (`LevelFiles.resolve`) where they must.
    public func load(file path: String, environment: LuaReference? = nil) throws(LuaError) -> LuaReference {
        let full = path.hasPrefix("/") || folder == nil ? path : folder! + "/" + path
        let bytes: [UInt8]
        do { bytes = try LevelFiles.read(full, named: path) } catch {
            throw LuaError(kind: .file, message: "cannot read \(error.message)")
        }
        var name = path
        if let folder, let resolved = try? LevelFiles.realPath(full, named: path) {
            name = LevelFiles.relative(resolved, to: folder) ?? path
        }
        return try load(String(decoding: bytes, as: UTF8.self), name: name, environment: environment)
    }

    /// Calls a function with arguments under a protected call and returns its results.
    @discardableResult
    public func call(_ function: LuaReference, _ arguments: [LuaValue] = []) throws(LuaError) -> [LuaValue] {
        try Lua(L).call(function, arguments)
    }

    /// Calls a function under a protected call (traceback handler, budgets). `arguments` pushes the
    /// arguments and returns how many; `results` reads `count` results starting at stack index
    /// `first`. Inside a Swift function use `lua.call`, which runs on the calling thread.
    public func call<R>(_ function: LuaReference, arguments: (Lua) -> Int32,
                        results: (Lua, _ first: Int32, _ count: Int32) -> R) throws(LuaError) -> R {
        try Lua(L).call(function, arguments: arguments, results: results)
    }

    /// Like `call(_:arguments:results:)`, for a function `function` pushes (one value).
    public func call<R>(pushing function: (Lua) -> Void, arguments: (Lua) -> Int32,
                        results: (Lua, _ first: Int32, _ count: Int32) -> R) throws(LuaError) -> R {
        try Lua(L).call(pushing: function, arguments: arguments, results: results)
    }

    /// Loads and runs a file; returns its results.
    @discardableResult
    public func run(file path: String, _ arguments: [LuaValue] = []) throws(LuaError) -> [LuaValue] {
        try call(load(file: path), arguments)
    }

    /// Loads and runs source text; returns its results.
    @discardableResult
    public func run(_ source: String, name: String = "chunk", _ arguments: [LuaValue] = []) throws(LuaError) -> [LuaValue] {
        try call(load(source, name: name), arguments)
    }

    /// Calls `table[name](arguments…)`, looked up by name at each call (late binding, so a hot
    /// reload's new functions are used). Returns nil without calling if the field is not a function.
    @discardableResult
    public func call(_ table: LuaReference, method name: String, _ arguments: [LuaValue] = []) throws(LuaError) -> [LuaValue]? {
        let function: LuaReference? = withStack { lua in
            lua.push(table)
            guard lua.type(at: -1) == LUA_TTABLE else { return nil }
            lua.push(name)
            guard lua_rawget(L, -2) == LUA_TFUNCTION else { return nil }
            return lua.reference(to: -1)
        }
        guard let function else { return nil }
        return try call(function, arguments)
    }

    func takeError(status: Int32, _ lua: Lua) -> LuaError { lua.takeError(status: status) }
}

// MARK: - C entry points

/// The one function the trampoline calls: runs Swift function `id` of the state owning `L`.
let bridgeDispatch: kl_Dispatch = { L, id in
    Unmanaged<LuaState>.fromOpaque(kl_owner(L!)!)._withUnsafeGuaranteedRef { $0.invoke(L!, Int(id)) }
}

/// Delivers `print` (kind 0) and `warn` (kind 1) text to the state's sinks.
let bridgeSink: kl_Sink = { owner, kind, text, length in
    guard let owner, let text else { return }
    let state = Unmanaged<LuaState>.fromOpaque(owner).takeUnretainedValue()
    let string = String(decoding: UnsafeRawBufferPointer(start: text, count: length), as: UTF8.self)
    if kind == 0 { state.options.output(string) } else { state.options.warnings(string) }
}
