// The budgeted pattern functions (CLuaShim/Pattern.c): the same results and errors as Lua 5.4's own
// string.find, match, gmatch and gsub, except that the time and instruction budgets stop them.
import CKineticLuaShim
import Testing
@testable import KineticLuaBridge

/// The hostile pattern: ("a-"):rep(40) .. "b" on 60 a's backtracks for minutes in Lua's matcher.
private let backtracking = "local s, p = ('a'):rep(60), ('a-'):rep(40) .. 'b'\n"

@Suite struct PatternTests {
    // MARK: - Same as Lua's

    /// Runs random patterns (classes, sets, %b, %f, captures, back references, anchors, every
    /// quantifier, malformed ones) on random subjects through both libraries in a state with Lua's
    /// full library, and returns the calls whose results or error messages differ.
    private func differences(seed: Int, cases: Int) throws -> [String] {
        let L = try #require(kl_newstate(nil, 0))
        defer { kl_close(L) }
        kl_push_pattern_functions(L)
        lua_setglobal(L, "budgeted")
        let status = differentialScript.withCString { kl_load_text(L, $0, differentialScript.utf8.count, "=differential") }
        try #require(status == LUA_OK)
        lua_pushinteger(L, lua_Integer(seed))
        lua_pushinteger(L, lua_Integer(cases))
        let ran = kl_pcall(L, 2, 1)
        try #require(ran == LUA_OK, "\(String(cString: lua_tolstring(L, -1, nil)))")
        let report = String(cString: lua_tolstring(L, -1, nil))
        return report.isEmpty ? [] : report.components(separatedBy: "\n")
    }

    @Test(arguments: 1...4) func randomPatternsGiveLuasResultsAndErrors(seed: Int) throws {
        #expect(try differences(seed: seed, cases: 5_000) == [])
    }

    @Test func theRecursionLimitStays() throws {
        // Each `a?` nests one level of the matcher: 300 of them pass Lua's limit of 200.
        let state = try makeState()
        let error = try #require(luaError(of: "return ('a'):rep(300):find(('a?'):rep(300))", in: state, name: "deep.lua"))
        #expect(error.message == "deep.lua:1: pattern too complex")
        #expect(try state.run("return ('a'):rep(150):find(('a?'):rep(150))") == [.integer(1), .integer(150)])
    }

    @Test func argumentErrorsNameTheFunction() throws {
        let state = try makeState()
        #expect(luaError(of: "string.find(nil, 'x')", in: state)?.message == "chunk:1: bad argument #1 to 'find' (string expected, got nil)")
        // Called by pcall, no Lua line names it: Lua finds it where the library keeps it.
        #expect(luaError(of: "assert(pcall(string.gsub, 'x', 'x'))", in: state)?.message
            == "chunk:1: bad argument #3 to 'string.gsub' (string/function/table expected, got no value)")
    }

    // MARK: - Budgets

    @Test func theTimeBudgetStopsABacktrackingFind() throws {
        let state = try makeState { $0.timeBudget = 0.2 }
        let error = try #require(luaError(of: backtracking + "return s:find(p)", in: state, name: "main.lua"))
        #expect(error.kind == .timeBudget)
        #expect(error.message == "main.lua:2: string.find: pattern too complex (exceeded the script's time budget of 0.2 s)")
        #expect(try state.run("return ('hello'):find('l+')") == [.integer(3), .integer(4)])
    }

    @Test func aTrustedStateIsStoppedToo() throws {
        let state = try makeState { $0.trusted = true; $0.timeBudget = 0.2 }
        let error = try #require(luaError(of: backtracking + "return string.match(s, p)", in: state, name: "tool.lua"))
        #expect(error.kind == .timeBudget)
        #expect(error.message == "tool.lua:2: string.match: pattern too complex (exceeded the script's time budget of 0.2 s)")
    }

    @Test(arguments: [
        ("return s:find(p)", "string.find: pattern too complex"),
        ("return string.match(s, p)", "string.match: pattern too complex"),
        ("for x in s:gmatch(p) do end", "string.gmatch: pattern too complex"),
        ("return s:gsub(p, '%0')", "string.gsub: pattern too complex"),
        ("return ('x'):rep(1e5):find(('x'):rep(1e4) .. 'y', 1, true)", "string.find: plain search too long"),
        ("return ('('):rep(1e4):gsub('%b()', '')", "string.gsub: pattern too complex"),
    ])
    func theInstructionBudgetStopsEveryFunctionAtTheSamePoint(call: String, stop: String) throws {
        let state = try makeState { $0.instructionBudget = 100_000; $0.timeBudget = nil }
        let first = try #require(luaError(of: backtracking + call, in: state, name: "main.lua"))
        #expect(first.kind == .instructionBudget)
        #expect(first.message == "main.lua:2: \(stop) (exceeded the script's instruction budget of 100000 instructions)")
        // Deterministic: a counter of calls stops at the same value on every run.
        let counting = "n = 0\nwhile true do n = n + 1; local _ = ('ab'):rep(50):find('(a)(b)%2$') end"
        #expect(luaError(of: counting, in: state)?.kind == .instructionBudget)
        let stoppedAt = state.global("n")
        _ = luaError(of: counting, in: state)
        #expect(state.global("n") == stoppedAt)
    }

    @Test func aScriptsPcallCannotSwallowTheStop() throws {
        let timed = try makeState { $0.timeBudget = 0.2 }
        let loop = backtracking + "while true do pcall(string.find, s, p) end"
        #expect(luaError(of: loop, in: timed)?.kind == .timeBudget)
        let counted = try makeState { $0.instructionBudget = 100_000; $0.timeBudget = nil }
        #expect(luaError(of: loop, in: counted)?.kind == .instructionBudget)
        #expect(try counted.run("return ('key = value'):match('(%w+) = (%w+)')") == [.string("key"), .string("value")])
    }

    @Test func aCoroutineIsStoppedToo() throws {
        let state = try makeState { $0.timeBudget = 0.2 }
        let source = backtracking + "local co = coroutine.wrap(function() return s:find(p) end)\nreturn co()"
        // The stop holds in the resuming thread too, so the message is the hook's there.
        #expect(luaError(of: source, in: state)?.kind == .timeBudget)
    }
}

/// Compares `string` (Lua's) with `budgeted` on random calls; returns one line per difference.
private let differentialScript = #"""
local seed, cases = ...
math.randomseed(seed)
local random, S, B = math.random, string, budgeted
local items = { "a", "b", ".", "%a", "%d", "%s", "%w", "%A", "%p", "%x", "%z", "%%", "%.", "[ab]", "[^a]", "[a-c]",
  "[%d]", "[]", "[^]]", "[a-]", "[%a_]", "x", "%", "[", "]", "(", ")", "()", "%1", "%2", "%0", "%b()", "%bab", "%b",
  "%f[%w]", "%f[%W]", "%f", "%fa", "^", "$", "-", "*", "+", "?", "\0", "%g", "%u", "%l", "%c", "%q", "[%]", "[a%-z]", "é" }
local quantifiers = { "", "", "", "*", "+", "-", "?" }
local characters = { "a", "b", "c", "(", ")", " ", "1", "x", "_", ".", "%", "\0", "A", "é", "]" }
local few = { "a", "a", "a", "b", "(", ")" }  -- subjects that more patterns match
local function concat(count, pick)
  local parts = {}
  for i = 1, count do parts[i] = pick() end
  return table.concat(parts)
end
local function pattern()
  return concat(random(0, 9), function() return items[random(#items)] .. quantifiers[random(#quantifiers)] end)
end
local function subject()
  local from = random(2) == 1 and characters or few
  return concat(random(0, 24), function() return from[random(#from)] end)
end

-- Called from a Lua line (never a tail call), so both name the function the same way in errors.
local function outcome(f, ...)
  local results = table.pack(pcall(function(...) local r = table.pack(f(...)) return table.unpack(r, 1, r.n) end, ...))
  for i = 1, results.n do
    local v = results[i]
    results[i] = type(v) == "string" and ("%q"):format(v) or math.type(v) and math.type(v) .. " " .. v or tostring(v)
  end
  return table.concat(results, ", ", 1, results.n)
end
local function iterate(gmatch)
  return function(s, p, init)
    local seen, next = {}, gmatch(s, p, init)
    for i = 1, 50 do
      local r = table.pack(next())
      if r[1] == nil then break end
      seen[#seen + 1] = table.concat(r, ",", 1, r.n)
    end
    return table.concat(seen, "|")
  end
end

local found = {}
local function compare(name, ours, theirs, ...)
  local a, b = outcome(theirs, ...), outcome(ours, ...)
  if a ~= b and #found < 20 then
    local args = table.pack(...)
    for i = 1, args.n do args[i] = ("%q"):format(tostring(args[i])) end
    found[#found + 1] = ("%s(%s): Lua %s, ours %s"):format(name, table.concat(args, ", ", 1, args.n), a, b)
  end
end

local starts = { nil, 1, 2, 0, -1, -3, 5, 20, math.mininteger, math.maxinteger }
local templates = { "<%0>", "%1", "%%", "x%2y", "%", "%a", 7 }
local function replacement()
  local pick = random(#templates + 2)
  if pick == #templates + 1 then return function(a, b) return b and a .. b or nil end end
  if pick == #templates + 2 then return { a = "A", [""] = "E", ab = 1, b = true } end
  return templates[pick]
end
for _ = 1, cases do
  local s, p, init = subject(), pattern(), starts[random(#starts + 1)]
  compare("find", B.find, S.find, s, p, init)
  compare("find plain", B.find, S.find, s, p, init, true)
  compare("match", B.match, S.match, s, p, init)
  compare("gmatch", iterate(B.gmatch), iterate(S.gmatch), s, p, init)
  compare("gsub", B.gsub, S.gsub, s, p, replacement(), ({ nil, 0, 1, 2, -1 })[random(5)])
end
for _, args in ipairs{ {}, { "x" }, { nil, "x" }, { "x", {} }, { "x", "x", "y" }, { "x", "x", 1.5 }, { 12, 1 } } do
  compare("find", B.find, S.find, table.unpack(args, 1, 3))
  compare("match", B.match, S.match, table.unpack(args, 1, 3))
  compare("gmatch", function(...) return type(B.gmatch(...)) end, function(...) return type(S.gmatch(...)) end, table.unpack(args, 1, 3))
  compare("gsub", B.gsub, S.gsub, table.unpack(args, 1, 3))
end
return table.concat(found, "\n")
"""#
