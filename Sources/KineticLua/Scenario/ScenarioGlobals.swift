// The globals `kinetic test` gives a scenario file, as one table. The session binds a name only
// through `ScenarioSession.bindGlobal`, which refuses a name missing here, and the editor and linter
// configurations (`kinetic api --luals`, `kinetic api --luacheckrc`) are generated from this table:
// a scenario name reaches editors and luacheck with its signature, or it does not bind at all.

/// One global of scenario files: a function, or a table of functions (callable when `call` is set).
struct ScenarioGlobal {
    /// A function field of a table global: `spy.new`, `assert.equals`.
    struct Member {
        var name: String
        /// LuaLS signature, as `LuaDoc` spells one: `a: T, b?: U -> R`.
        var signature: String
        var doc: String
    }

    var name: String
    /// The signature of calling the global itself; nil for a table that is not callable.
    var call: String?
    var doc: String
    var members: [Member] = []

    init(_ name: String, _ call: String?, _ doc: String, members: [Member] = []) {
        self.name = name; self.call = call; self.doc = doc; self.members = members
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

    // busted-style names (docs/lua-api.md § Scenarios).
    ScenarioGlobal("describe", "name: string, fn: fun()", "Groups cases; nested names are joined with spaces in the report."),
    ScenarioGlobal("it", "name: string, fn?: fun()", "Registers a case, as scenario does; without fn the case is pending."),
    ScenarioGlobal("before_each", "fn: fun()", "Runs before every case of the enclosing describe (outer blocks first)."),
    ScenarioGlobal("after_each", "fn: fun()", "Runs after every case of the enclosing describe (inner blocks first)."),
    ScenarioGlobal("pending", "name: string, fn?: fun()", "Registers a case reported as pending, never run."),
    ScenarioGlobal("spy", nil, "Spies record the calls made through them.", members: [
        member("new", "fn?: function -> kinetic.Spy", "A spy that calls fn (if given) and records every call."),
        member("on", "t: table, name: string -> kinetic.Spy", "Replaces t[name] with a spy that calls the original; s:revert() restores it."),
    ]),
    ScenarioGlobal("stub", "t: table, name: string, ...: any -> kinetic.Spy",
                   "Replaces t[name] with a spy that returns the given values and never calls the original; s:revert() restores it.",
                   members: [member("new", "t: table, name: string, ...: any -> kinetic.Spy", "The same as calling stub.")]),
    ScenarioGlobal("assert", "value: any, message?: any, ...: any -> any",
                   "Lua's assert (a failure is a FAIL at this line), with luassert-style checks as fields.", members: [
        member("equals", "expected: any, actual: any, message?: string", "Fails unless actual is raw-equal to expected."),
        member("same", "expected: any, actual: any, message?: string", "Fails unless actual has the same contents as expected (tables compared deeply)."),
        member("is_true", "value: any, message?: string", "Fails unless value is true."),
        member("is_false", "value: any, message?: string", "Fails unless value is false."),
        member("is_nil", "value: any, message?: string", "Fails unless value is nil."),
        member("near", "expected: number, actual: number, tolerance: number, message?: string", "Fails when |actual - expected| > tolerance."),
        member("has_error", "fn: fun(), expected?: string, message?: string", "Fails unless fn raises an error (containing expected when given)."),
        member("spy", "s: kinetic.Spy -> kinetic.SpyAssertion", "Checks on a spy's calls: assert.spy(s).was.called(n)."),
    ]),
]

/// Types the scenario globals return, as `luaShapes` spells classes: name, doc, fields (name, type, doc).
let scenarioShapes: [(name: String, doc: String, fields: [(String, String, String)])] = [
    ("kinetic.TraceOptions", "Options of expectTrace.",
     [("seconds", "number?", "Simulated seconds to step (default 1)."), ("every", "integer?", "Sample every this many steps (default 1)."),
      ("tolerance", "number?", "Largest difference from the golden trace (default 1e-9).")]),
    ("kinetic.Spy", "A spy (spy.new, spy.on, stub): callable like the function it replaces.",
     [("revert", "fun(self: kinetic.Spy)", "Puts the original function back (spy.on, stub).")]),
    ("kinetic.SpyCheck", "The checks of assert.spy(s).was and .was_not.",
     [("called", "fun(times?: integer)", "The spy was called (exactly times times when given)."),
      ("called_with", "fun(...: any)", "Some call had exactly these arguments.")]),
    ("kinetic.SpyAssertion", "What assert.spy(s) returns.",
     [("was", "kinetic.SpyCheck", "Checks that must hold."), ("was_not", "kinetic.SpyCheck", "Checks that must not hold.")]),
]
