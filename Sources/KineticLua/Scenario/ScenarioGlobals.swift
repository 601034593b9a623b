// The globals `kinetic test` gives a scenario file, as one table. The session binds a name only
// through `ScenarioSession.bindGlobal`, which refuses a name missing here, and the editor and linter
// configurations (`kinetic api --luals`, `kinetic api --luacheckrc`) are generated from this table:
// a scenario name reaches editors and luacheck with its signature, or it does not bind at all.

/// One global of scenario files: a function, or a table of functions (callable when `call` is set).
struct ScenarioGlobal {
    /// A field of a table global: a function (`spy.new`, `assert.equals`) or a value (`match._`).
    struct Member {
        var name: String
        /// LuaLS signature of a function, as `LuaDoc` spells one (`a: T, b?: U -> R`), or `= T` for a
        /// value of type T.
        var signature: String
        var doc: String
        /// The LuaLS type of the field.
        var type: String {
            signature.hasPrefix("= ") ? String(signature.dropFirst(2)) : LuaLSDefinitions.functionType(signature)
        }
    }

    var name: String
    /// The signature of calling the global itself; nil for a table that is not callable.
    var call: String?
    var doc: String
    var members: [Member] = []
    /// Fields beyond `members` are accepted too (luassert chains words: `assert.is_not.equal`).
    var isOpen = false

    init(_ name: String, _ call: String?, _ doc: String, members: [Member] = [], isOpen: Bool = false) {
        self.name = name; self.call = call; self.doc = doc; self.members = members; self.isOpen = isOpen
    }

    /// A table global (callable or not) rather than a plain function.
    var isTable: Bool { !members.isEmpty }
}

private func member(_ name: String, _ signature: String, _ doc: String) -> ScenarioGlobal.Member {
    ScenarioGlobal.Member(name: name, signature: signature, doc: doc)
}

/// Every scenario global, in the order the definitions list them.
let scenarioGlobals: [ScenarioGlobal] = [
    ScenarioGlobal("scenario", "name: string, fn: fun()", "Registers a scenario case."),
    ScenarioGlobal("expect", "value: any, message?: string", "Fails the case when value is false or nil."),
    ScenarioGlobal("expectEqual", "actual: any, expected: any, message?: string",
                   "Fails the case unless actual and expected are raw-equal (numbers, strings, booleans, the same table or item)."),
    ScenarioGlobal("expectNear", "actual: number|kinetic.Point, expected: number|kinetic.Point, tolerance: number, message?: string",
                   "Fails the case when |actual - expected| > tolerance; numbers, or points {x, y} compared per axis."),
    ScenarioGlobal("expectError", "fn: fun(), pattern?: string",
                   "Fails the case unless fn raises an error whose message contains pattern (plain text, or a Lua pattern when anchored or using %, .*, .+, .-)."),
    ScenarioGlobal("expectTrace", "world: kinetic.World, name: string, options?: kinetic.TraceOptions",
                   "Steps the world and compares every item's motion with the golden trace <file>.traces/<case>-<name>.trace."),

    // busted's spellings (docs/lua-api.md).
    ScenarioGlobal("describe", "name: string, fn: fun()", "Groups cases: runs fn now; the cases inside are named \"<name> <case>\"."),
    ScenarioGlobal("it", "name: string, fn?: fun()", "Registers a case (as scenario); without fn the case is pending."),
    ScenarioGlobal("pending", "name: string, fn?: fun()",
                   "Registers a pending case (never run); inside a running case, pending(reason) ends it as pending."),
    ScenarioGlobal("before_each", "fn: fun()", "Runs fn before every case of the enclosing describe block (outer blocks first)."),
    ScenarioGlobal("after_each", "fn: fun()", "Runs fn after every case of the enclosing describe block (inner blocks first), also after a failure."),
    ScenarioGlobal("spy", "fn?: function -> kinetic.Spy", "spy(fn) or spy.new(fn): a callable table that records its calls.", members: [
        member("new", "fn?: function -> kinetic.Spy", "A spy that calls fn (if given) and records each call in s.calls[i].vals."),
        member("on", "t: table, name: string -> kinetic.Spy", "Replaces t[name] with a spy that calls the original; s:revert() restores it."),
    ]),
    ScenarioGlobal("stub", "t: table, name: string, ...: any -> kinetic.Spy",
                   "Replaces t[name] with a spy that returns the given values without calling the original; s:revert() restores it.",
                   members: [member("new", "t: table, name: string, ...: any -> kinetic.Spy", "The same as calling stub.")]),
    ScenarioGlobal("assert", "value: any, message?: any, ...: any -> any",
                   "Lua's assert; indexed, luassert's assertions (expected first), failing the case at their line.", members: [
        member("equals", "expected: any, actual: any, message?: string", "expected == actual (tables by identity); also assert.equal."),
        member("same", "expected: any, actual: any, message?: string", "Deep equality of tables (match._ in expected matches anything)."),
        member("is_true", "value: any, message?: string", "value is true."),
        member("is_false", "value: any, message?: string", "value is false."),
        member("is_nil", "value: any, message?: string", "value is nil."),
        member("truthy", "value: any, message?: string", "value is neither false nor nil."),
        member("falsy", "value: any, message?: string", "value is false or nil."),
        member("near", "expected: number, actual: number, tolerance: number, message?: string", "Holds when |actual - expected| <= tolerance."),
        member("matches", "pattern: string, s: string, message?: string", "s is a string in which the Lua pattern is found."),
        member("has_error", "fn: fun(), expected?: any", "fn() raises an error (equal to expected when given, its file:line: removed)."),
        member("error_matches", "fn: fun(), pattern: string", "fn() raises an error whose message matches the Lua pattern."),
        member("spy", "s: kinetic.Spy -> kinetic.SpyAssertion", "Checks on a spy's calls: assert.spy(s).was.called(n)."),
        member("stub", "s: kinetic.Spy -> kinetic.SpyAssertion", "The same as assert.spy."),
    ], isOpen: true),
    ScenarioGlobal("match", nil, "Argument matchers for assert.same and spy checks.", members: [
        member("_", "= any", "Matches any value."),
    ]),
]

/// Types the scenario globals return, as `luaShapes` spells classes: name, doc, fields (name, type, doc).
let scenarioShapes: [(name: String, doc: String, fields: [(String, String, String)])] = [
    ("kinetic.TraceOptions", "Options of expectTrace.",
     [("seconds", "number?", "Simulated seconds to step (default 1)."), ("every", "integer?", "Sample every this many steps (default 1)."),
      ("tolerance", "number?", "Largest difference from the golden trace (default 1e-9).")]),
    ("kinetic.Spy", "A spy (spy.new, spy.on, stub): a callable table recording its calls.",
     [("calls", "{vals: table}[]", "Each call's arguments, packed with .n."), ("returnvals", "{vals: table}[]", "Each call's results, packed with .n."),
      ("revert", "fun(self: kinetic.Spy)", "Puts the original function back (spy.on, stub)."),
      ("clear", "fun(self: kinetic.Spy)", "Forgets the recorded calls."),
      ("returns", "fun(self: kinetic.Spy, ...: any): kinetic.Spy", "A stub returns these values from now on."),
      ("invokes", "fun(self: kinetic.Spy, fn: function): kinetic.Spy", "A stub calls fn from now on."),
      ("called", "fun(self: kinetic.Spy, times?: integer): boolean", "Whether it was called (exactly times times when given)."),
      ("called_with", "fun(self: kinetic.Spy, ...: any): boolean", "Whether one call had exactly these arguments.")]),
    ("kinetic.SpyCheck", "The checks of assert.spy(s).was and .was_not.",
     [("called", "fun(times?: integer)", "The spy was called (exactly times times when given)."),
      ("not_called", "fun()", "The spy was never called."),
      ("called_at_least", "fun(times: integer)", "At least times calls."), ("called_at_most", "fun(times: integer)", "At most times calls."),
      ("called_with", "fun(...: any)", "One call had exactly these arguments (deep equality; match._ matches any)."),
      ("returned_with", "fun(...: any)", "One call returned exactly these values.")]),
    ("kinetic.SpyAssertion", "What assert.spy(s) returns.",
     [("was", "kinetic.SpyCheck", "Checks that must hold."), ("was_not", "kinetic.SpyCheck", "Checks that must not hold.")]),
]
