// luassert's spellings inside scenarios: `assert.equals(3, x)`, `assert.is_not.same(a, b)`, spies
// and stubs with `assert.spy(s).was.called_with(...)`. Written in Lua (it runs in the sandbox like
// the scenario); a failed assertion records a FAIL at the user's line through `__kinetic_fail`.
import KineticLuaBridge

extension ScenarioSession {
    /// The library's chunk name, skipped when a failure looks for the user's line.
    static let assertionChunk = "[kinetic assertions]"

    func installAssertions() {
        // The library's one way to fail: (reason, user message) → a FAIL at the nearest file line.
        state.setGlobalFunction("__kinetic_fail") { [unowned self] lua in
            try fail(lua, message: 2, lua.rawString(1))
        }
        do {
            let chunk = try state.load(assertionLibrary, name: Self.assertionChunk)
            try state.call(chunk)
        } catch {
            output.append("warning: the assertion library failed to load: \(error.message)")
        }
    }
}

/// The names the library defines (kept in step with `ScenarioGlobals`).
private let assertionLibrary = #"""
local fail = __kinetic_fail
__kinetic_fail = nil
local type, select, pairs, ipairs, tostring, setmetatable, getmetatable, rawequal, rawget, pcall, error =
      type, select, pairs, ipairs, tostring, setmetatable, getmetatable, rawequal, rawget, pcall, error
local pack, unpack, concat, sort = table.pack, table.unpack, table.concat, table.sort
local format, mathType = string.format, math.type

-- spies ---------------------------------------------------------------------------------------

local spyMeta, spyMethods = {}, {}
spyMeta.__index = spyMethods
local function isSpy(v) return type(v) == "table" and getmetatable(v) == spyMeta end

function spyMeta.__call(self, ...)
  local arguments = pack(...)
  self.calls[#self.calls + 1] = { vals = arguments }
  local results = pack(self.callback(...))
  self.returnvals[#self.returnvals + 1] = { vals = results }
  return unpack(results, 1, results.n)
end

local function newSpy(callback)
  return setmetatable({ calls = {}, returnvals = {}, callback = callback or function() end }, spyMeta)
end

local function callable(v)
  if type(v) == "function" then return true end
  local meta = type(v) == "table" and getmetatable(v)
  return meta and meta.__call ~= nil or false
end

local function replace(what, target, key, callback)
  if type(target) ~= "table" then
    error(("%s: argument #1 must be a table, got %s"):format(what, type(target)), 3)
  end
  if key == nil then error(what .. ": argument #2 must be the name of a field", 3) end
  local s = newSpy(callback)
  s.target, s.key, s.original = target, key, target[key]
  target[key] = s
  return s
end

-- spy.new(fn), spy(fn): a callable table that records its calls and calls fn.
-- spy.on(t, "name"): replaces t.name by a spy that calls the original.
spy = setmetatable({
  new = function(fn)
    if fn ~= nil and not callable(fn) then error("spy.new: argument #1 must be a function, got " .. type(fn), 2) end
    return newSpy(fn)
  end,
  on = function(target, key)
    local original = type(target) == "table" and target[key]
    if type(target) == "table" and not callable(original) then
      error(("spy.on: field '%s' must be a function, got %s"):format(tostring(key), type(original)), 2)
    end
    return replace("spy.on", target, key, original)
  end,
  is_spy = isSpy,
}, { __call = function(self, fn) return self.new(fn) end })

-- stub(t, "name", ...), stub.new(t, "name", ...): replaces t.name by a spy returning the values given.
stub = setmetatable({
  new = function(target, key, ...)
    local results = pack(...)
    return replace("stub", target, key, function() return unpack(results, 1, results.n) end)
  end,
}, { __call = function(self, ...) return self.new(...) end })

function spyMethods:revert()
  if self.target ~= nil then self.target[self.key] = self.original end
  return self
end
function spyMethods:clear() self.calls, self.returnvals = {}, {}; return self end
function spyMethods:returns(...)
  local results = pack(...)
  self.callback = function() return unpack(results, 1, results.n) end
  return self
end
function spyMethods:invokes(fn) self.callback = fn; return self end

-- showing and comparing values --------------------------------------------------------------

local show
local function showNumber(v)
  if mathType(v) == "integer" then return tostring(v) end
  local text = format("%.14g", v)
  if tonumber(text) ~= v then text = format("%.17g", v) end
  return text
end

function show(v, depth)
  local kind = type(v)
  if kind == "string" then return (format("%q", v):gsub("\\\n", "\\n")) end
  if kind == "number" then return showNumber(v) end
  if kind ~= "table" then return tostring(v) end
  if isSpy(v) then return "spy" end
  depth = depth or 0
  if depth >= 3 then return "{...}" end
  local parts, count = {}, #v
  for i = 1, count do parts[#parts + 1] = show(v[i], depth + 1) end
  -- Other keys sorted by how they show: `pairs` order changes from run to run.
  local keys = {}
  for k in pairs(v) do
    if not (mathType(k) == "integer" and k >= 1 and k <= count) then keys[#keys + 1] = k end
  end
  local shown = {}
  for _, k in ipairs(keys) do
    local name = type(k) == "string" and k:match("^[%a_][%w_]*$") and k or "[" .. show(k, depth + 1) .. "]"
    shown[#shown + 1] = name .. " = " .. show(v[k], depth + 1)
  end
  sort(shown)
  for _, text in ipairs(shown) do parts[#parts + 1] = text end
  return "{" .. concat(parts, ", ") .. "}"
end

local function showList(list)
  local parts = {}
  for i = 1, list.n do parts[i] = show(list[i]) end
  return "(" .. concat(parts, ", ") .. ")"
end

-- match._ matches any value in `same`, `called_with` and `returned_with`.
match = { _ = setmetatable({}, { __tostring = function() return "match._" end }) }
local anything = match._

local function same(expected, actual, seen)
  if rawequal(expected, anything) or rawequal(expected, actual) then return true end
  if type(expected) ~= "table" or type(actual) ~= "table" then return expected == actual end
  seen = seen or {}
  if seen[expected] == actual then return true end
  seen[expected] = actual
  for k, v in pairs(expected) do
    if not same(v, rawget(actual, k), seen) then return false end
  end
  for k in pairs(actual) do
    if rawget(expected, k) == nil then return false end
  end
  return true
end

local function sameList(expected, actual)
  if expected.n ~= actual.n then return false end
  for i = 1, expected.n do
    if not same(expected[i], actual[i]) then return false end
  end
  return true
end

-- assertions ----------------------------------------------------------------------------------
-- Each takes (negated, ...) and returns nil when it holds, else the reason; `arity` arguments come
-- before the user's message.

local assertions, spyAssertions = {}, {}

local function define(names, arity, holds, reason, negatedReason)
  local entry = { arity = arity, run = function(negated, ...)
    if holds(...) ~= negated then return nil end
    return negated and negatedReason(...) or reason(...)
  end }
  for name in names:gmatch("%S+") do assertions[name] = entry end
end

define("equal equals", 2, function(e, a) return e == a end,
  function(e, a) return "expected " .. show(e) .. ", got " .. show(a) end,
  function(e) return "expected a value other than " .. show(e) end)
define("same", 2, function(e, a) return same(e, a) end,
  function(e, a) return "expected the same as " .. show(e) .. ", got " .. show(a) end,
  function(e) return "expected a value not the same as " .. show(e) end)
for _, v in ipairs{ true, false } do
  define(tostring(v), 1, function(a) return a == v end,
    function(a) return "expected " .. tostring(v) .. ", got " .. show(a) end,
    function() return "expected a value other than " .. tostring(v) end)
end
define("nil", 1, function(a) return a == nil end,
  function(a) return "expected nil, got " .. show(a) end,
  function() return "expected a value, got nil" end)
define("truthy", 1, function(a) return not not a end,
  function(a) return "expected a true value, got " .. show(a) end,
  function(a) return "expected false or nil, got " .. show(a) end)
define("falsy", 1, function(a) return not a end,
  function(a) return "expected false or nil, got " .. show(a) end,
  function(a) return "expected a true value, got " .. show(a) end)
for _, kind in ipairs{ "number", "string", "table", "function", "boolean", "userdata" } do
  define(kind, 1, function(a) return type(a) == kind end,
    function(a) return "expected a " .. kind .. ", got " .. type(a) .. " " .. show(a) end,
    function(a) return "expected a value that is not a " .. kind .. ", got " .. show(a) end)
end
define("near", 3, function(e, a, tolerance)
    if type(e) ~= "number" or type(a) ~= "number" or type(tolerance) ~= "number" or not (tolerance >= 0) then
      error("assert.near: expected, actual and tolerance must be numbers (tolerance >= 0)", 4)
    end
    return math.abs(a - e) <= tolerance
  end,
  function(e, a, t) return ("expected %s ± %s, got %s (off by %s)"):format(showNumber(e), showNumber(t), showNumber(a), showNumber(math.abs(a - e))) end,
  function(e, a, t) return ("expected a value farther than %s from %s, got %s"):format(showNumber(t), showNumber(e), showNumber(a)) end)
define("matches match", 2, function(pattern, s) return type(s) == "string" and s:find(pattern) ~= nil end,
  function(pattern, s) return "expected a string matching " .. show(pattern) .. ", got " .. show(s) end,
  function(pattern, s) return "expected a string not matching " .. show(pattern) .. ", got " .. show(s) end)

-- Errors: the function runs once; its message is compared without its "file:line: " prefix, as
-- luassert does.
local function defineError(name, judge)
  assertions[name] = { arity = 2, run = function(negated, fn, expected)
    if not callable(fn) then error("assert.error: argument #1 must be a function, got " .. type(fn), 3) end
    local ok, message = pcall(fn)
    if type(message) == "string" then message = message:gsub("^.-:%d+: ", "", 1) end
    local holds, reason, negatedReason = judge(not ok, message, expected)
    if holds ~= negated then return nil end
    return negated and negatedReason or reason
  end }
end
local function errorJudge(failed, message, expected)
  local holds = failed and (expected == nil or same(expected, message))
  local reason = failed and "expected the error " .. show(expected) .. ", got " .. show(message)
    or "expected an error, but the function returned"
  return holds, reason, "expected no error, got " .. show(message)
end
defineError("error", errorJudge)
defineError("errors", errorJudge)
defineError("error_matches", function(failed, message, pattern)
  local holds = failed and type(message) == "string" and message:find(pattern) ~= nil
  local reason = failed and "expected an error matching " .. show(pattern) .. ", got " .. show(message)
    or "expected an error matching " .. show(pattern) .. ", but the function returned"
  return holds, reason, "expected no error matching " .. show(pattern) .. ", got " .. show(message)
end)

local function times(n) return n == 1 and "1 time" or n .. " times" end

local function defineSpy(name, holds, reason, negatedReason)
  spyAssertions[name] = function(negated, s, ...)
    if holds(s, ...) ~= negated then return nil end
    return negated and negatedReason(s, ...) or reason(s, ...)
  end
end

local function callList(records)
  local parts = {}
  for i = 1, math.min(#records, 5) do parts[i] = showList(records[i].vals) end
  if #records > 5 then parts[#parts + 1] = "…" end
  return #records == 0 and "none" or concat(parts, ", ")
end

local function countCheck(name, compare, words)
  local function expected(n)
    local phrase = (words .. (n and times(n) or "")):match("^(.-)%s*$")
    return phrase == "" and "" or " " .. phrase
  end
  defineSpy(name, function(s, n)
      if n ~= nil and mathType(n) ~= "integer" then error("assert.spy(s)." .. name .. ": the count must be an integer", 4) end
      return compare(#s.calls, n)
    end,
    function(s, n) return ("expected the spy to be called%s, it was called %s"):format(expected(n), times(#s.calls)) end,
    function(s, n) return ("expected the spy not to be called%s, it was called %s"):format(expected(n), times(#s.calls)) end)
end
countCheck("called", function(count, n) if n == nil then return count > 0 end return count == n end, "")
countCheck("called_at_least", function(count, n) return count >= (n or 1) end, "at least ")
countCheck("called_at_most", function(count, n) return count <= (n or 0) end, "at most ")

local function anyRecord(field)
  return function(s, ...)
    local expected = pack(...)
    for _, record in ipairs(s[field]) do
      if sameList(expected, record.vals) then return true end
    end
    return false
  end
end
defineSpy("called_with", anyRecord("calls"),
  function(s, ...) return "expected a call with " .. showList(pack(...)) .. "; the calls were: " .. callList(s.calls) end,
  function(s, ...) return "expected no call with " .. showList(pack(...)) .. "; the calls were: " .. callList(s.calls) end)
defineSpy("returned_with", anyRecord("returnvals"),
  function(s, ...) return "expected a call returning " .. showList(pack(...)) .. "; the calls returned: " .. callList(s.returnvals) end,
  function(s, ...) return "expected no call returning " .. showList(pack(...)) .. "; the calls returned: " .. callList(s.returnvals) end)

function spyMethods:called(n) return spyAssertions.called(false, self, n) == nil end
function spyMethods:called_with(...) return spyAssertions.called_with(false, self, ...) == nil end

-- assert: Lua's own assert(v, message) when called; luassert's words when indexed. Words joined
-- with "_" or "." mean the same: is, are, was, has, does are filler; not and no negate.

local fillers = { is = true, are = true, was = true, has = true, does = true, ["not"] = true, no = true }
local NEGATED, SUBJECT = {}, {}
local chainMeta = {}
local function chain(negated, subject)
  return setmetatable({ [NEGATED] = negated, [SUBJECT] = subject }, chainMeta)
end

local function lookup(key, negated, subject)
  if type(key) ~= "string" then error("assert: no assertion named " .. tostring(key), 3) end
  local words = {}
  for word in key:gmatch("[^_]+") do words[#words + 1] = word end
  local first = 1
  while first <= #words and fillers[words[first]] do
    if words[first] == "not" or words[first] == "no" then negated = not negated end
    first = first + 1
  end
  if first > #words then return chain(negated, subject) end
  local name = concat(words, "_", first)
  if subject == nil and (name == "spy" or name == "stub") then
    return function(s)
      if not isSpy(s) then error(("assert.%s: argument #1 must be a spy or stub, got %s"):format(name, show(s)), 2) end
      return chain(negated, s)
    end
  end
  if subject ~= nil then
    local check = spyAssertions[name]
    if not check then error(("assert.spy(s): no spy assertion named '%s' (called, called_with, returned_with, called_at_least, called_at_most)"):format(key), 3) end
    return function(...)
      local reason = check(negated, subject, ...)
      if reason then fail(reason) end
    end
  end
  local entry = assertions[name]
  if not entry then error(("assert: no assertion named '%s'"):format(key), 3) end
  return function(...)
    local reason = entry.run(negated, ...)
    if reason then fail(reason, (select(entry.arity + 1, ...))) end
  end
end

function chainMeta.__index(self, key) return lookup(key, rawget(self, NEGATED), rawget(self, SUBJECT)) end
chainMeta.__call = function() error("assert: call an assertion (assert.is_true(v)), not a modifier", 2) end

assert = setmetatable({}, {
  __index = function(_, key) return lookup(key, false, nil) end,
  -- Lua's assert, blaming the caller's line as the builtin does.
  __call = function(_, ...)
    if select("#", ...) == 0 then error("bad argument #1 to 'assert' (value expected)", 2) end
    local value, message = ...
    if value then return ... end
    if message == nil then message = "assertion failed!" end
    error(message, 2)
  end,
})
"""#
