// The environment a level sees: a whitelist of the standard library (or all of it when trusted),
// `print`/`warn` routed to the host, seeded `math.random`, and `require` limited to the level folder.
import CKineticLua
import CKineticLuaShim

extension LuaState {
    /// Level files `require` has loaded (paths relative to the level folder), in load order, so that
    /// a hot reload can watch them. Empty for trusted states, whose `require` is Lua's own.
    public var requiredFiles: [String] {
        withStack { lua in
            lua_rawgeti(L, kl_registryindex(), lua_Integer(requiredFilesRef))
            let count = lua_rawlen(L, -1)
            return (0..<count).map { i in
                lua_rawgeti(L, -1, lua_Integer(i + 1))
                defer { lua.pop() }
                return lua.type(at: -1) == LUA_TSTRING ? lua.rawString(-1) : ""
            }
        }
    }

    /// A fresh environment for a chunk (for example a reloaded level): an empty table whose missing
    /// names come from the level's globals, so the chunk's own globals do not leak into them.
    public func newEnvironment() -> LuaReference {
        withStack { lua in
            lua.pushTable()
            lua.pushTable(fields: 1)
            kl_pushglobaltable(L)
            lua.setField("__index", inTableAt: -2)
            lua_setmetatable(L, -2)
            return lua.reference(to: -1)
        }
    }

    /// Builds the level's environment with the prelude below and makes it the global table.
    func installEnvironment() throws(LuaError) {
        try withStack { lua throws(LuaError) in
            kl_pushglobaltable(L)
            kl_push_print(L)
            lua.setField("print", inTableAt: -2)
            lua.pop()
            let source = options.trusted ? trustedPrelude : sandboxPrelude
            let status = source.withCString { kl_load_text(L, $0, source.utf8.count, "=sandbox") }
            if status != LUA_OK { throw takeError(status: status, lua) }
            pushFileFunctions(on: lua)
            lua.push(options.seed)
            if let folder { lua.push(folder) } else { lua.pushNil() }
            lua.pushGlobals()
            lua.pushField("coroutine", ofTableAt: -1)
            lua.pushField("resume", ofTableAt: -1)
            lua.remove(-2)
            lua.remove(-2)
            kl_push_coroutine_resume(L)
            kl_push_pattern_functions(L)
            let callStatus = kl_pcall(L, 6, 3)
            if callStatus != LUA_OK { throw takeError(status: callStatus, lua) }
            // Results: the environment, its package.loaded table, the list of required files.
            requiredFilesRef = luaL_ref(L, kl_registryindex())
            loadedRef = luaL_ref(L, kl_registryindex())
            lua_rawseti(L, kl_registryindex(), lua_Integer(LUA_RIDX_GLOBALS))
        }
    }
}

extension LuaState {
    /// Pushes the sandbox's two file functions, both confined to the level folder by `LevelFiles`:
    /// `resolve(path) → absolute, relative | nil, message` for `io.open`/`io.lines`, and
    /// `readSource(path) → text, relative | nil, message` for `loadfile`, `dofile` and `require`.
    func pushFileFunctions(on lua: Lua) {
        let root = folder
        func resolved(_ lua: Lua) throws -> (real: String, relative: String) {
            let path = try lua.string(1, "path")
            guard let root else { throw LevelFileError(path, "no level folder to read files from") }
            let real = try LevelFiles.resolve(path, from: root, inside: root)
            return (real, LevelFiles.relative(real, to: root) ?? real)
        }
        pushFunction("resolve", on: lua) { lua in
            do {
                let (real, relative) = try resolved(lua)
                lua.push(real)
                lua.push(relative)
            } catch {
                lua.pushNil()
                lua.push("\(error)")
            }
            return 2
        }
        pushFunction("readSource", on: lua) { lua in
            do {
                let (real, relative) = try resolved(lua)
                let text = try LevelFiles.read(real, named: relative)
                text.withUnsafeBufferPointer { bytes in
                    bytes.withMemoryRebound(to: CChar.self) { _ = lua_pushlstring(lua.L, $0.baseAddress, $0.count) }
                }
                lua.push(relative)
            } catch {
                lua.pushNil()
                lua.push("\(error)")
            }
            return 2
        }
    }
}

/// How both preludes begin: their arguments, budgeted pattern functions, and coroutines that tell the
/// watchdog which thread runs.
private let coroutinePrelude = """
local resolve, readSource, seed, folder, coresume, patterns = ...
-- string.find, match, gmatch and gsub whose work counts against the budgets (CLuaShim/Pattern.c):
-- the count hook cannot stop Lua's own inside one long match. Replaced in the library table itself,
-- so that argument errors name them as "string.find".
for name, f in pairs(patterns) do string[name] = f end
-- coroutine.resume tells the watchdog which thread runs; wrap is rebuilt on it (as lcorolib's auxwrap).
do
  local create, close, error, type = coroutine.create, coroutine.close, error, type
  coroutine.resume = coresume
  local function finish(co, ok, ...)
    if ok then return ... end
    local message = ...
    close(co)
    error(message, type(message) == "string" and 2 or 0)
  end
  function coroutine.wrap(f)
    local co = create(f)
    return function(...) return finish(co, coresume(co, ...)) end
  end
end
"""

/// Trusted levels get the whole standard library; only seeding, the module path, `print` and the
/// pattern functions (the limits hold with --trust too) change.
private let trustedPrelude = coroutinePrelude + "\n" + """
math.randomseed(seed)
if folder then
  package.path = folder .. "/?.lua;" .. folder .. "/?/init.lua;" .. package.path
end
return _G, package.loaded, {}
"""

/// The sandbox (docs/sandbox.md). Runs once with the full library in reach; the level only ever
/// sees `env`. `resolve` and `readSource` (Swift, `pushFileFunctions`) confine files to the level folder.
private let sandboxPrelude = coroutinePrelude + "\n" + """
local G = _G
local string, table, math, io, debug = string, table, math, io, debug
local load, error, type, select, pairs, ipairs, tostring, setmetatable, getmetatable, rawget =
      load, error, type, select, pairs, ipairs, tostring, setmetatable, getmetatable, rawget
local trust = " (run with --trust to lift the sandbox)"

local function copy(t, except)
  local c = {}
  for k, v in pairs(t) do if not (except and except[k]) then c[k] = v end end
  return c
end

-- A library table whose missing members raise a clear error instead of returning nil.
local function guarded(library, available, hint)
  return setmetatable(available, {
    __index = function(_, key)
      error(("%s.%s is not available in a sandboxed level%s"):format(library, tostring(key), hint or trust), 2)
    end,
    __metatable = false,
  })
end

local env = {}
for _, name in ipairs{ "assert", "error", "ipairs", "next", "pairs", "pcall", "xpcall", "select",
    "tonumber", "tostring", "type", "rawequal", "rawget", "rawset", "rawlen", "setmetatable",
    "getmetatable", "print", "warn", "_VERSION" } do
  env[name] = G[name]
end
env._G = env

-- __gc finalizers run inside whatever allocates, even a host function, where the memory cap is
-- relaxed: a level may not install them.
function env.setmetatable(t, mt)
  if type(mt) == "table" and rawget(mt, "__gc") ~= nil then
    error("setmetatable: __gc metamethods are not available in a sandboxed level" .. trust, 2)
  end
  -- Called through pcall, the C function's own errors carry no position; re-raised at level 2
  -- they name the level's line instead of this wrapper's.
  local ok, result = pcall(setmetatable, t, mt)
  if not ok then error(result, 2) end
  return result
end

-- string: no dump; the shared string metatable indexes this copy and is hidden from scripts.
env.string = copy(string, { dump = true })
local stringMeta = getmetatable("")
stringMeta.__index = env.string
stringMeta.__metatable = false
string.dump = nil

env.table = copy(table)
env.utf8 = copy(utf8)
env.coroutine = copy(coroutine)
env.math = copy(math)
math.randomseed(seed)
function env.math.randomseed(x, y)
  if x == nil then return math.randomseed(seed) end  -- never the clock: runs stay reproducible
  return math.randomseed(x, y)
end

local collect = collectgarbage
local allowedCollect = { collect = true, count = true, step = true, isrunning = true }
function env.collectgarbage(option, ...)
  if option ~= nil and not allowedCollect[option] then
    error(("collectgarbage('%s') is not available in a sandboxed level%s"):format(tostring(option), trust), 2)
  end
  return collect(option, ...)
end

-- load: text only; the default environment is the level's.
function env.load(chunk, name, mode, ...)
  if select("#", ...) > 0 then return load(chunk, name, "t", (...)) end
  return load(chunk, name, "t", env)
end

local function readText(path)
  if type(path) ~= "string" then return nil, "file name must be a string, got " .. type(path) end
  return readSource(path)
end

function env.loadfile(path, mode, ...)
  if path == nil then return nil, "loadfile: standard input is not available in a sandboxed level" end
  local text, relative = readText(path)
  if not text then return nil, relative end
  if select("#", ...) > 0 then return load(text, "@" .. relative, "t", (...)) end
  return load(text, "@" .. relative, "t", env)
end

function env.dofile(path)
  local chunk, message = env.loadfile(path)
  if not chunk then error(message, 2) end
  return chunk()
end

-- io: read-only files inside the level folder.
local fileMeta = getmetatable(io.stdout)
fileMeta.__metatable = false
env.io = guarded("io", {
  open = function(path, mode)
    mode = mode == nil and "r" or mode
    if mode ~= "r" and mode ~= "rb" then
      error(("io.open: mode '%s' is not allowed in a sandboxed level: files may only be read%s")
        :format(tostring(mode), trust), 2)
    end
    if type(path) ~= "string" then error("io.open: file name must be a string, got " .. type(path), 2) end
    local absolute, message = resolve(path)
    if not absolute then return nil, message end
    return io.open(absolute, mode)
  end,
  lines = function(path, ...)
    if path == nil then error("io.lines: standard input is not available in a sandboxed level", 2) end
    if type(path) ~= "string" then error("io.lines: file name must be a string, got " .. type(path), 2) end
    local absolute, message = resolve(path)
    if not absolute then error(message, 2) end
    return io.lines(absolute, ...)
  end,
  type = io.type,
}, " (only io.open and io.lines read files in the level folder; run with --trust to lift the sandbox)")

env.os = guarded("os", {}, " (use world.time for time; run with --trust to lift the sandbox)")
env.debug = guarded("debug", { traceback = debug.traceback })

-- require: host modules (package.loaded) and Lua files in the level folder only.
local files = {}  -- level files loaded by require, in load order (for hot reload)
local loading = {}  -- modules whose chunk is running, in require order (to report a cycle)
-- Pops `loading` when a module's chunk ends, also by an error (keeps the error's own traceback).
local popLoading = setmetatable({}, { __close = function() loading[#loading] = nil end })
local loaded = { string = env.string, table = env.table, math = env.math, utf8 = env.utf8,
  coroutine = env.coroutine, io = env.io, os = env.os, debug = env.debug, _G = env }
env.package = guarded("package", { loaded = loaded, path = "?.lua;?/init.lua" },
  " (modules load with require from the level folder; run with --trust to lift the sandbox)")

function env.require(name)
  if type(name) ~= "string" then
    error(("bad argument #1 to 'require' (string expected, got %s)"):format(type(name)), 2)
  end
  local value = loaded[name]
  if value ~= nil then return value end
  if name:find("..", 1, true) or name:find("^[/\\\\]") then
    error(("module '%s' not found: modules are named relative to the level folder"):format(name), 2)
  end
  for i, pending in ipairs(loading) do
    if pending == name then
      local cycle = table.concat(loading, " -> ", i) .. " -> " .. name
      -- Blame the nearest level file: a tail call (`return require 'a'`) leaves this prelude's
      -- frames right above.
      local level = 2
      repeat
        local info = debug.getinfo(level, "S")
        if info == nil or (info.what ~= "C" and info.source ~= "=sandbox") then break end
        level = level + 1
      until false
      error(("module '%s' requires itself (require cycle: %s)"):format(name, cycle), level)
    end
  end
  local base = name:gsub("%.", "/")
  local tried = {}
  for _, candidate in ipairs{ base .. ".lua", base .. "/init.lua" } do
    local text, relative = readText(candidate)
    if text then
      local chunk, message = load(text, "@" .. relative, "t", env)
      if not chunk then error(message, 0) end
      files[#files + 1] = relative
      loading[#loading + 1] = name
      local _ <close> = popLoading
      local result = chunk(name, relative)
      if result ~= nil then loaded[name] = result elseif loaded[name] == nil then loaded[name] = true end
      return loaded[name], relative
    end
    tried[#tried + 1] = "\\n\\t" .. relative
  end
  error(("module '%s' not found in the level folder:%s"):format(name, table.concat(tried)), 2)
end

return env, loaded, files
"""
