// Scenario files (`*_test.lua`): `scenario(name, fn)` registers cases; each runs in order, headless,
// with `expect`, `expectNear` and `expectError`; a failure ends its case only and reports `file:line`.
import CLua
import Foundation
import LuaBridge

/// The outcome of one scenario case.
public struct ScenarioOutcome: Sendable, Equatable {
    /// The scenario file, as given.
    public var file: String
    /// The case name (`"(file)"` when the file itself failed to load or run).
    public var name: String
    /// Where the case's function starts: `bounce_test.lua:12` (for reports that group by line).
    public var location: String = ""
    /// Nil when the case passed; else `file:line: message` of the failed expectation or error.
    public var failure: String?
    /// The trimmed traceback of a failure.
    public var traceback: [String]

    public var passed: Bool { failure == nil }
}

/// Runs scenario files against the `kinetic` module.
public enum ScenarioRunner {
    /// Runs every case of the scenario file at `path`, in registration order, each in the same Lua
    /// state (levels are loaded afresh by `kinetic.load`) with `math.random` reseeded from
    /// `options.seed` (default 0) first. `options.scenarioTimeBudget` limits each case.
    public static func run(file path: String, options: LevelOptions = LevelOptions()) -> [ScenarioOutcome] {
        let url = URL(fileURLWithPath: path)
        var lua = LuaOptions()
        lua.trusted = options.trusted
        lua.folder = url.deletingLastPathComponent().path
        lua.seed = options.seed ?? 0
        lua.memoryLimit = options.memoryLimit
        lua.timeBudget = options.scenarioTimeBudget
        lua.instructionBudget = options.instructionBudget
        lua.output = options.print
        lua.warnings = options.warn
        func failed(_ error: LuaError) -> [ScenarioOutcome] {
            [ScenarioOutcome(file: path, name: "(file)", failure: error.message, traceback: error.traceback)]
        }
        let state: LuaState
        do { state = try LuaState(options: lua) } catch { return failed(error) }
        let runtime = Runtime.install(in: state, options: options)
        let cases: [(name: String, function: LuaReference)]
        do {
            let registry = try state.run(prelude, name: "=scenario")
            guard case .reference(let list)? = registry.first else { return [] }
            try state.run(file: url.lastPathComponent)
            cases = state.withStack { lua in
                lua.push(list)
                let table = lua.absolute(-1)
                var found: [(String, LuaReference)] = []
                while lua_rawgeti(lua.L, table, lua_Integer(found.count + 1)) == LUA_TTABLE {
                    lua.push("name"); lua_rawget(lua.L, -2)
                    let name = (try? lua.string(-1)) ?? "?"
                    lua.pop()
                    lua.push("fn"); lua_rawget(lua.L, -2)
                    found.append((name, lua.reference(to: -1)))
                    lua.pop(2)
                }
                return found
            }
        } catch {
            return failed(error)
        }
        var outcomes: [ScenarioOutcome] = []
        for (name, function) in cases {
            runtime.reseed(options.seed ?? 0)
            var outcome = ScenarioOutcome(file: path, name: name, location: runtime.location(of: function), failure: nil, traceback: [])
            do { try state.call(function) } catch {
                outcome.failure = error.message
                outcome.traceback = error.traceback
            }
            outcomes.append(outcome)
            state.collectGarbage()
        }
        return outcomes
    }

    /// Defines the scenario globals; returns the table the cases are registered in.
    static let prelude = """
        local cases = {}
        local error, type, tostring, pcall, abs = error, type, tostring, pcall, math.abs

        function scenario(name, fn)
          if type(name) ~= "string" then error("scenario: 'name' must be a string, got " .. type(name), 2) end
          if type(fn) ~= "function" then error("scenario: 'fn' must be a function, got " .. type(fn), 2) end
          cases[#cases + 1] = { name = name, fn = fn }
        end

        function expect(value, message)
          if not value then error("expectation failed: " .. tostring(message or "expected a true value"), 2) end
        end

        function expectNear(actual, expected, tolerance, message)
          if type(actual) ~= "number" or type(expected) ~= "number" then
            error(("expectNear: 'actual' and 'expected' must be numbers, got %s and %s"):format(type(actual), type(expected)), 2)
          end
          tolerance = tolerance or 1e-9
          if not (abs(actual - expected) <= tolerance) then
            error(("expectation failed: %s (got %.6g, expected %.6g within %g)")
              :format(tostring(message or "values differ"), actual, expected, tolerance), 2)
          end
        end

        function expectError(fn, pattern, message)
          local ok, err = pcall(fn)
          if ok then error("expectation failed: " .. tostring(message or "expected an error") .. " (none was raised)", 2) end
          if pattern and not tostring(err):find(pattern) then
            error(("expectation failed: the error %q does not match %q"):format(tostring(err), pattern), 2)
          end
        end

        return cases
        """
}
