// Lua errors never unwind through Swift frames (DESIGN.md): the Swift code of the bridge and the
// binding calls none of the Lua C functions that can raise (Sources/KineticLuaBridge/README.md lists them),
// and only the files Sources/KineticLua/README.md names reach the C API at all.
import Foundation
import Testing

@Suite struct LuaCallRulesTests {
    static let sources = LayerTests.sources

    /// The functions the LuaBridge README says never to call from Swift, read from the README itself
    /// so the rule and its guard cannot drift apart.
    static func forbiddenFunctions() throws -> [String] {
        let readme = try String(contentsOf: sources.appendingPathComponent("KineticLuaBridge/README.md"), encoding: .utf8)
        guard let start = readme.range(of: "- Never call "), let end = readme.range(of: " from Swift", range: start.upperBound..<readme.endIndex) else {
            return []
        }
        return readme[start.upperBound..<end.lowerBound].split(separator: "`", omittingEmptySubsequences: false).enumerated()
            .filter { $0.offset % 2 == 1 }.map { String($0.element) }
    }

    /// The Swift files of a target with their code lines (comments dropped).
    static func codeLines(of target: String) throws -> [(file: String, line: Int, text: Substring)] {
        let folder = sources.appendingPathComponent(target)
        let files = FileManager.default.enumerator(atPath: folder.path)?.compactMap { $0 as? String }.filter { $0.hasSuffix(".swift") } ?? []
        var lines: [(String, Int, Substring)] = []
        for file in files.sorted() {
            let text = try String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8)
            for (n, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
                let code = line.range(of: "//").map { line[..<$0.lowerBound] } ?? line[...]
                lines.append((file, n + 1, code))
            }
        }
        return lines
    }

    /// True if `code` calls `function` (a whole identifier followed by `(`).
    static func calls(_ code: Substring, _ function: String) -> Bool {
        var searchFrom = code.startIndex
        while let found = code.range(of: function + "(", range: searchFrom..<code.endIndex) {
            let before = found.lowerBound == code.startIndex ? nil : code[code.index(before: found.lowerBound)]
            if before.map({ !($0.isLetter || $0.isNumber || $0 == "_") }) ?? true { return true }
            searchFrom = found.upperBound
        }
        return false
    }

    @Test func readmeListsTheRaisingFunctions() throws {
        let forbidden = try Self.forbiddenFunctions()
        for name in ["lua_error", "lua_getfield", "lua_setfield", "lua_gettable", "lua_call", "luaL_tolstring"] {
            #expect(forbidden.contains(name), "the LuaBridge README's never list lacks \(name)")
        }
    }

    @Test(arguments: ["KineticLua", "KineticLuaBridge"])
    func swiftNeverCallsARaisingFunction(_ target: String) throws {
        let forbidden = try Self.forbiddenFunctions()
        #expect(!forbidden.isEmpty)
        for (file, line, code) in try Self.codeLines(of: target) {
            for function in forbidden where Self.calls(code, function) {
                Issue.record("\(target)/\(file):\(line) calls \(function), which can raise a Lua error through Swift")
            }
        }
    }

    @Test func theScanFindsACall() {
        #expect(Self.calls("        if lua_getfield(lua.L, -1, event) != LUA_TTABLE {", "lua_getfield"))
        #expect(!Self.calls("        lua.pushField(event, ofTableAt: -1)", "lua_getfield"))
        #expect(!Self.calls("kl_lua_getfield(L)", "lua_getfield"))
    }

    /// KineticLua reaches the C API only in these files (Sources/KineticLua/README.md says why);
    /// everything else goes through LuaBridge's `Lua` and `LuaTable`.
    static let filesUsingTheCAPI: Set<String> = ["Conversions.swift", "Bindings/ItemFastPath.swift"]

    @Test func kineticLuaImportsTheCAPIOnlyWhereListed() throws {
        for (file, line, code) in try Self.codeLines(of: "KineticLua") where code.hasPrefix("import CKineticLua") {
            #expect(Self.filesUsingTheCAPI.contains(file), "KineticLua/\(file):\(line) imports \(code.dropFirst(7))")
        }
        let readme = try String(contentsOf: Self.sources.appendingPathComponent("KineticLua/README.md"), encoding: .utf8)
        for file in Self.filesUsingTheCAPI {
            #expect(readme.contains("`\(file)`"), "Sources/KineticLua/README.md does not say why \(file) uses the C API")
        }
    }
}
