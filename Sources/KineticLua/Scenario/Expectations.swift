// expect, expectEqual, expectNear, expectError: a failure is recorded with the `file:line` of the call,
// then a Lua error ends the case (a `pcall` in the case cannot hide the recorded failure).
import Foundation
import KineticLuaBridge

extension ScenarioSession {
    func installExpectations() {
        matcher = try? state.load("local s, p, plain = ... return string.find(s, p, 1, plain) ~= nil", name: "=expectError")

        // expect(value, message): value must be truthy.
        bindGlobal("expect") { [unowned self] lua in
            guard lua.top >= 1 else { throw LuaArgumentError(.argument(1), mustBe: "a value to check", got: "nothing") }
            if lua.isTruthy(1) { return 0 }
            try fail(lua, message: 2, "expected a true value, got \(lua.describe(1))")
        }

        // expectEqual(actual, expected, message): raw equality (numbers, strings, booleans, identity).
        bindGlobal("expectEqual") { [unowned self] lua in
            if lua.rawEqual(1, 2) { return 0 }
            try fail(lua, message: 3, "expected \(lua.describe(2)), got \(lua.describe(1))")
        }

        // expectNear(actual, expected, tolerance, message): numbers, or points {x, y} compared per axis.
        bindGlobal("expectNear") { [unowned self] lua in
            let tolerance = try lua.number(3, "tolerance")
            guard tolerance >= 0, tolerance.isFinite else {
                throw LuaArgumentError(.field("tolerance"), mustBe: "a number >= 0", got: lua.describe(3))
            }
            if lua.isTable(1) || lua.isTable(2) {
                let actual = try lua.point(1, "actual"), expected = try lua.point(2, "expected")
                let dx = abs(actual.x - expected.x), dy = abs(actual.y - expected.y)
                if dx <= tolerance && dy <= tolerance { return 0 }
                try fail(lua, message: 4, "expected {x = \(format(expected.x)), y = \(format(expected.y))} ± \(format(tolerance)), "
                         + "got {x = \(format(actual.x)), y = \(format(actual.y))} (off by \(format(max(dx, dy))))")
            }
            let actual = try lua.number(1, "actual"), expected = try lua.number(2, "expected")
            let difference = abs(actual - expected)
            if difference <= tolerance { return 0 }  // false for NaN
            try fail(lua, message: 4, "expected \(format(expected)) ± \(format(tolerance)), got \(format(actual)) (off by \(format(difference)))")
        }

        // expectError(fn, pattern): fn must raise an error whose message contains `pattern`.
        bindGlobal("expectError") { [unowned self] lua in
            let function = try lua.function(1, "fn")
            let pattern = try lua.optionalString(2, "pattern")
            let raised: LuaError
            do {
                try lua.call(function)
                try fail(lua, message: 3, pattern.map { "expected an error matching \"\($0)\", but the function returned" }
                         ?? "expected an error, but the function returned")
            } catch let error as LuaError {
                raised = error
            }
            // A stopped runaway case is not the error the case expects.
            if [.instructionBudget, .timeBudget, .memory].contains(raised.kind) { throw raised }
            guard let pattern else { return 0 }
            let plain = !Self.isLuaPattern(pattern)
            let found: Bool
            do throws(LuaError) {
                found = try lua.call(matcher!, arguments: { lua in
                    lua.push(raised.message); lua.push(pattern); lua.push(plain)
                    return 3
                }, results: { lua, first, count in count > 0 && lua.isTruthy(first) })
            } catch {
                try fail(lua, message: 3, "bad pattern \"\(pattern)\": \(error.message)")
            }
            if found { return 0 }
            try fail(lua, message: 3, "expected an error matching \"\(pattern)\"\(plain ? "" : " (Lua pattern)"), got: \(raised.message)")
        }
    }

    /// A pattern is a Lua pattern when it is anchored (`^…`, `…$`) or uses `%` classes or the
    /// repetitions `.*`, `.+`, `.-`; otherwise it is plain text (so `attempt to index a nil value (field '?')`
    /// matches itself).
    static func isLuaPattern(_ pattern: String) -> Bool {
        pattern.hasPrefix("^") || (pattern.hasSuffix("$") && !pattern.hasSuffix("%$")) || pattern.contains("%")
            || pattern.contains(".*") || pattern.contains(".+") || pattern.contains(".-")
    }

    /// Records the case's first failure at the caller's line and ends the case with a Lua error.
    /// `message` is the stack index of the user's message argument.
    func fail(_ lua: Lua, message index: Int32?, _ reason: String) throws -> Never {
        let location = callerLocation(lua)
        var text = reason
        if let index, index <= lua.top, lua.isString(index) || lua.isNumber(index) {
            let user = lua.rawString(index)
            text = "\(user): \(reason)"
        }
        if failure == nil { failure = CaseResult(status: .failed, location: location, message: text) }
        throw LuaBindingError("expectation failed: \(text)")
    }
}

/// A number as reports show it: integers without `.0`, others in shortest round-trip form.
func format(_ value: Double) -> String {
    if value.isNaN { return "nan" }
    if value == value.rounded(), abs(value) < 1e15 { return String(Int(value)) }
    return String(value)
}
