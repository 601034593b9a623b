// `.kinetic-test`: default options of `kinetic test`, as busted's `.busted` holds them: a Lua file
// in the folder `kinetic test` runs from, returning a table of options (or `{ default = {...} }`).
// It runs in the sandbox, like a level. Options given on the command line win.
import Foundation
import KineticLuaBridge

public enum TestConfig {
    public static let fileName = ".kinetic-test"

    /// The option names the file may set, with what each takes.
    public static let keys: [(name: String, takes: String)] = [
        ("paths", "list of files or folders"), ("filter", "list of patterns"), ("filter-out", "list of patterns"),
        ("tags", "list of tags"), ("exclude-tags", "list of tags"), ("jobs", "integer"), ("repeat", "integer"),
        ("shuffle", "boolean"), ("shuffle-seed", "integer"), ("output", "\"terminal\" or \"tap\""),
        ("junit", "file"), ("coverage", "boolean"), ("coverage-lcov", "file"),
    ]

    /// The options the file in `folder` sets (each as a list of strings), or nil when there is none.
    public static func read(folder: String) throws -> [String: [String]]? {
        let path = folder + "/" + fileName
        guard FileManager.default.fileExists(atPath: path) else { return nil }
        var options = LuaOptions()
        options.folder = folder
        options.instructionBudget = 10_000_000
        options.output = { _ in }
        let text: String
        do {
            let state = try LuaState(options: options)
            guard case .string(let flat) = try state.run(flatten, name: "=\(fileName)", [.string(fileName)]).first else {
                throw ScenarioError("\(fileName): could not be read")
            }
            text = flat
        } catch let error as LuaError {
            throw ScenarioError(error.message.hasPrefix(fileName) ? error.message : "\(fileName): \(error.message)")
        }
        var found: [String: [String]] = [:]  // lookups only
        for record in text.split(separator: "\u{1E}", omittingEmptySubsequences: true) {
            let parts = record.split(separator: "\u{1F}", omittingEmptySubsequences: false).map(String.init)
            guard let key = parts.first else { continue }
            guard keys.contains(where: { $0.name == key }) else {
                let known = keys.map(\.name).joined(separator: ", ")
                let near = nearestName(to: key, in: keys.map(\.name)).map { " (did you mean '\($0)'?)" } ?? ""
                throw ScenarioError("\(path): unknown option '\(key)'\(near); known: \(known)")
            }
            found[key] = Array(parts.dropFirst())
        }
        return found
    }

    /// Turns the returned table into `key US value US value RS …`, keys sorted, so Swift reads it
    /// without walking Lua tables (whose order is random).
    private static let flatten = #"""
    local name = ...
    local chunk, message = loadfile(name)
    if not chunk then error(message, 0) end
    local config = chunk()
    if type(config) ~= "table" then error(name .. ": must return a table of options, got " .. type(config), 0) end
    if type(config.default) == "table" then config = config.default end
    local records = {}
    for key, value in pairs(config) do
      if type(key) ~= "string" then error(name .. ": option names must be strings, got " .. tostring(key), 0) end
      local values = {}
      if type(value) == "table" then
        for i, v in ipairs(value) do values[i] = tostring(v) end
      elseif type(value) == "string" or type(value) == "number" or type(value) == "boolean" then
        values[1] = tostring(value)
      else
        error(("%s: option '%s' must be a string, number, boolean or list, got %s"):format(name, key, type(value)), 0)
      end
      records[#records + 1] = key .. "\31" .. table.concat(values, "\31")
    end
    table.sort(records)
    return table.concat(records, "\30")
    """#
}
