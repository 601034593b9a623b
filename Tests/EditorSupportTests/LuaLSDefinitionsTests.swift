// The generated Lua Language Server definitions: every bound name declared with a doc, valid Lua,
// aliases that hold exactly the strings the bindings accept, and examples free of unknown globals.
import Foundation
import KineticLuaBridge
import Testing
@testable import KineticLua

@Suite struct LuaLSDefinitionsTests {
    let surface = APISurface.current()
    var definitions: LuaLSDefinitions { LuaLSDefinitions(surface: surface, version: "test") }

    /// `---@class` name → the lines of its block (up to the next blank line).
    static func classBlocks(_ text: String) -> [String: [String]] {
        var blocks: [String: [String]] = [:]
        var current: String?
        for line in text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) {
            if line.hasPrefix("---@class ") {
                current = String(line.dropFirst(10).prefix { $0 != ":" && $0 != " " })
                blocks[current!] = []
            } else if line.isEmpty {
                current = nil
            } else if let c = current {
                blocks[c]!.append(line)
            }
        }
        return blocks
    }

    @Test func everyBoundNameHasATypeAndADoc() {
        #expect(definitions.undocumentedNames.isEmpty, "add these to LuaDocs.swift: \(definitions.undocumentedNames)")
    }

    @Test func everyBoundNameIsDeclared() {
        let text = definitions.text()
        let blocks = Self.classBlocks(text)
        let behaviourKinds = Set(BehaviorKind.allCases.map(\.typeName)).subtracting(["Behavior"])
        var missing: [String] = []
        func hasField(_ cls: String, _ name: String) -> Bool {
            (blocks[cls] ?? []).contains { $0.hasPrefix("---@field \(name) ") }
        }
        for t in surface.types {
            // Members every behaviour has are declared once, on kinetic.Behavior, which kinds inherit.
            let owner = { (name: String, isMethod: Bool) -> String in
                guard behaviourKinds.contains(t.name), let base = surface.types.first(where: { $0.name == "Behavior" }) else { return t.name }
                return (isMethod ? base.methods : base.properties).contains(name) ? "Behavior" : t.name
            }
            for p in t.properties where !hasField("kinetic.\(owner(p, false))", p) { missing.append("\(t.name).\(p)") }
            for m in t.methods where !text.contains("\nfunction \(owner(m, true)):\(m)(") { missing.append("\(t.name):\(m)") }
        }
        for c in surface.constructors {
            let cls = LuaLSDefinitions.definitionClass(c.name)
            for f in c.fields where !hasField(cls, f) { missing.append("\(c.name){\(f)}") }
        }
        for name in surface.module {
            let parts = name.split(separator: ".").map(String.init)
            let declared = parts.count == 1
                ? text.contains("\nfunction kinetic.\(name)(") || text.contains("\nkinetic.\(name) = {}")
                : hasField("kinetic.\(parts[0].prefix(1).uppercased())\(parts[0].dropFirst())Module", parts[1])
            if !declared { missing.append("kinetic.\(name)") }
        }
        for f in surface.levelFields + surface.levelFunctions where !hasField("kinetic.Level", f) { missing.append("level.\(f)") }
        for g in LuaLSDefinitions.globals.dropFirst() where !text.contains("\nfunction \(g)(") && !text.contains("\n\(g) = {}") {
            missing.append(g)
        }
        #expect(missing.isEmpty, "not declared: \(missing)")
        // Guard against a block parser that finds nothing: a known field with its type and doc.
        #expect(blocks["kinetic.GravityDef"]?.contains { $0.hasPrefix("---@field magnitude number? Strength; 1.0 = 1000 points/s²") } == true)
        #expect(text.contains("---@alias kinetic.Bounds \"rectangle\"|\"ellipse\"|\"path\""))
        #expect(text.contains("---@field pointer (fun(world: kinetic.World, e: kinetic.PointerEvent))?"))
    }

    @Test func definitionsParseWithLuac() throws {
        guard let luac = findTool("luac5.4") ?? findTool("luac") else { return }
        let folder = temporaryFolder()
        let written = try definitions.write(to: folder + "/defs", luarc: folder + "/.luarc.json")
        #expect(written.count == 2)
        let (status, output) = runTool(luac, ["-p", written[0]])
        #expect(status == 0, "luac: \(output)")
        // The .luarc.json is JSON and names the globals.
        let rc = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: written[1]))) as? [String: Any]
        #expect(rc?["runtime.version"] as? String == "Lua 5.4")
        #expect(rc?["diagnostics.globals"] as? [String] == LuaLSDefinitions.globals)
        #expect(rc?["workspace.library"] as? [String] == [folder + "/defs"])
    }

    @Test func definitionsRunAsLua() throws {
        // Loading the meta file must not fail either (it only declares tables and empty functions).
        let state = try LuaState(options: LuaOptions())
        let results = try state.run(definitions.text(), name: "=kinetic.lua")
        #expect(results.count == 1)
    }

    @Test func aliasesHoldExactlyTheStringsTheBindingsAccept() throws {
        let state = try LuaState(options: LuaOptions())
        Runtime.install(in: state, options: LevelOptions())
        func accepts(_ lua: String) -> Bool { (try? state.run(lua, name: "=alias")) != nil }
        let setup = "local w = kinetic.world{}; local a = w:addItem{ frame = {0, 0, 10, 10} }\n"
        let probes: [String: (String) -> String] = [
            "kinetic.Bounds": { "\(setup) w:addItem{ frame = {0, 0, 10, 10}, bounds = '\($0)'\($0 == "path" ? ", path = {{-5, -5}, {5, -5}, {0, 5}}" : "") }" },
            "kinetic.PushMode": { "\(setup) kinetic.push{ items = {a}, mode = '\($0)' }" },
            "kinetic.CollisionMode": { "\(setup) kinetic.collision{ items = {a}, mode = '\($0)' }" },
            "kinetic.FieldKind": { "\(setup) kinetic.field{ items = {a}, kind = '\($0)', evaluate = function() return 0, 0 end }" },
            "kinetic.AnimatorEvent": { "\(setup) w:on('\($0)', function() end)" },
            "kinetic.PointerPhase": { "\(setup) w:pointer{ phase = '\($0)', x = 1, y = 1 }" },
        ]
        for (alias, probe) in probes {
            let values = luaAliases.first { $0.name == alias }!.values
            for v in values { #expect(accepts(probe(v)), "\(alias): '\(v)' is rejected by the binding") }
            #expect(!accepts(probe("notAValue")), "\(alias): the probe accepts anything, so it proves nothing")
        }
    }

    /// A property an editor types as a table shape must hold that shape's keys at run time: typed
    /// `kinetic.Vec`, `item.size` offered `.x` and `.y`, which read nil (it is `{width, height}`).
    @Test func tablePropertiesHoldTheKeysTheirTypeDeclares() throws {
        let state = try LuaState(options: LuaOptions())
        Runtime.install(in: state, options: LevelOptions())
        try state.run("""
            w = kinetic.world{ width = 800, height = 600, view = {400, 300} }
            local a = w:addItem{ center = {100, 100}, size = {20, 30} }
            Item = a
            Sensor = kinetic.sensor{ item = a, offset = {0, 10}, size = {10, 10} }
            w:addBehavior(Sensor)
            w:pointer{ x = 5, y = 5 }
            World = w
            """, name: "=setup")
        let shapes = Dictionary(luaShapes.map { ($0.name, Set($0.fields.map(\.0))) }, uniquingKeysWith: { a, _ in a })
        for (name, doc) in luaDocs {
            let parts = name.split(separator: ".")
            let type = doc.type.hasSuffix("?") ? String(doc.type.dropLast()) : doc.type
            guard parts.count == 2, let declared = shapes[type] else { continue }
            guard ["World", "Item", "Sensor"].contains(String(parts[0])) else {
                Issue.record("\(name) is typed \(type): add an instance of \(parts[0]) to this test"); continue
            }
            let keys = try state.run("local t = \(parts[0]).\(parts[1]); local k = {}; for key in pairs(t) do k[#k + 1] = key end; return table.concat(k, ',')",
                                     name: "=probe")
            guard case .string(let list) = keys.first else { Issue.record("\(name) is not a table"); continue }
            let actual = Set(list.split(separator: ",").map(String.init))
            #expect(!actual.isEmpty && actual.isSubset(of: declared),
                    "\(name) holds \(actual.sorted()) but is typed \(type) with \(declared.sorted())")
        }
    }

    @Test func signaturesBecomeParamsAndReturns() {
        let (params, returns) = LuaLSDefinitions.parseSignature("a: number, f?: fun(x: number, y: number): boolean -> boolean, string")
        #expect(params.map(\.name) == ["a", "f"])
        #expect(params[1].optional && params[1].type == "fun(x: number, y: number): boolean")
        #expect(returns == ["boolean", "string"])
        #expect(LuaLSDefinitions.functionType("world: kinetic.World, dt: number") == "fun(world: kinetic.World, dt: number)")
    }

    /// `lua-language-server --check` on a copy of examples/ with the generated definitions and
    /// `.luarc.json`: every diagnostic at warning level or above, as paths relative to the copy. A
    /// planted file with a misspelled field and an unchecked optional proves the check sees problems.
    @Test(.enabled(if: findTool("lua-language-server") != nil,
                   "lua-language-server is not on PATH (scripts/install-deps.sh --test installs it)"))
    func examplesRaiseNoLuaLSWarnings() throws {
        let folder = temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try FileManager.default.copyItem(atPath: packageRoot + "/examples", toPath: folder + "/examples")
        _ = try definitions.write(to: folder + "/.luals", luarc: folder + "/.luarc.json")
        try """
            local world = kinetic.world{}
            print(world:item("ball").velocty)
            local hit = world:raycast({ 0, 0 }, { 1, 1 })
            print(hit.point)
            local helpers = require("helpers")
            print(helpers, world:item("ball").center.x)

            """.write(toFile: folder + "/planted.lua", atomically: true, encoding: .utf8)

        let (_, output) = runTool(findTool("lua-language-server")!,
                                  ["--check=\(folder)", "--logpath=\(folder)/log", "--checklevel=Warning"], in: folder)
        var found: [String] = []
        if let data = FileManager.default.contents(atPath: folder + "/log/check.json"),
           let report = try JSONSerialization.jsonObject(with: data) as? [String: [[String: Any]]] {
            for (uri, diagnostics) in report {
                // The server's own bundled meta files are not ours to judge.
                guard let relative = uri.components(separatedBy: folder + "/").last, uri.contains(folder) else { continue }
                for d in diagnostics {
                    let line = (((d["range"] as? [String: Any])?["start"] as? [String: Any])?["line"] as? Int ?? 0) + 1
                    found.append("\(relative):\(line): \(d["code"] ?? "") \(d["message"] ?? "")")
                }
            }
        }
        // Exactly the two planted mistakes: `require` and an item's fields raise nothing.
        let planted = found.filter { $0.hasPrefix("planted.lua:") }.map { $0.prefix { $0 != " " } + " " + $0.dropFirst($0.prefix { $0 != " " }.count + 1).prefix { $0 != " " } }
        #expect(planted.sorted() == ["planted.lua:2: undefined-field", "planted.lua:4: need-check-nil"], "\(output)\n\(found)")
        let others = found.filter { !$0.hasPrefix("planted.lua:") }.sorted()
        #expect(others.isEmpty, "LuaLS warnings on examples/ or the definitions:\n\(others.joined(separator: "\n"))")
    }
}
