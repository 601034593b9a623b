// The bound Lua surface against the contract, /work/shared/LUA-API.md (or $KINETIC_LUA_API): every
// name in its tables must be bound, with the documented kind (property, method, constructor field).
import Foundation
import Testing
@testable import KineticLua

@Suite struct APISurfaceTests {
    let surface = APISurface.current()

    func type(_ name: String) -> APISurface.TypeSurface? { surface.types.first { $0.name == name } }

    /// The contract's text, or nil when it is not on this machine.
    static func contract() -> String? {
        // The repository sits next to `shared/`.
        let besideRepository = repositoryRoot + "/../shared/LUA-API.md"
        let path = ProcessInfo.processInfo.environment["KINETIC_LUA_API"]
            ?? (FileManager.default.fileExists(atPath: besideRepository) ? besideRepository : "/work/shared/LUA-API.md")
        return try? String(contentsOfFile: path, encoding: .utf8)
    }

    /// The package root, from this file's path (Tests/KineticLuaTests/APISurfaceTests.swift).
    static let repositoryRoot: String = {
        var url = URL(fileURLWithPath: #filePath)
        for _ in 0..<3 { url.deleteLastPathComponent() }
        return url.path
    }()

    /// The user reference, docs/lua-api.md, names every bound member and constructor field, so the
    /// reference cannot drift from the binding.
    @Test func theReferenceDocumentsEveryBoundName() throws {
        let reference = try String(contentsOfFile: Self.repositoryRoot + "/docs/lua-api.md", encoding: .utf8)
        var missing: [String] = []
        for type in surface.types {
            for name in type.properties + type.methods where !reference.contains(name) {
                missing.append("\(type.name).\(name)")
            }
        }
        for constructor in surface.constructors {
            for field in constructor.fields where !reference.contains(field) {
                missing.append("\(constructor.name){\(field)}")
            }
        }
        for name in surface.module where !reference.contains(name) { missing.append("kinetic.\(name)") }
        #expect(missing.isEmpty, "docs/lua-api.md does not mention: \(missing.joined(separator: ", "))")
    }

    /// Every Item member is in the reference's Item members table itself: a name found elsewhere on
    /// the page (`world` is everywhere) is not documentation of `item.world`.
    @Test func theItemMembersTableListsEveryItemMember() throws {
        let reference = try String(contentsOfFile: Self.repositoryRoot + "/docs/lua-api.md", encoding: .utf8)
        let table = try #require(reference.components(separatedBy: "### Item members").dropFirst().first)
            .components(separatedBy: "\n### ")[0]
        let item = try #require(surface.types.first { $0.name == "Item" })
        let missing = (item.properties + item.methods).filter { name in
            !["`item.\(name)`", "`item:\(name)(", "`\(name)`", "`item.x`, `item.\(name)`"].contains { table.contains($0) }
        }
        #expect(missing.isEmpty, "docs/lua-api.md's Item members table does not list: \(missing.joined(separator: ", "))")
    }

    /// The READMEs beside the code point readers at the reference that exists in the repository
    /// (docs/lua-api.md), and every relative link in them resolves.
    @Test func readmesLinkToFilesThatExist() throws {
        let fm = FileManager.default
        let readmes = ["examples/README.md"] + ((try? fm.contentsOfDirectory(atPath: Self.repositoryRoot + "/Sources")) ?? [])
            .map { "Sources/\($0)/README.md" }.filter { fm.fileExists(atPath: Self.repositoryRoot + "/" + $0) }
        var broken: [String] = []
        for readme in readmes {
            let text = try String(contentsOfFile: Self.repositoryRoot + "/" + readme, encoding: .utf8)
            if text.contains("LUA-API.md") { broken.append("\(readme): LUA-API.md (no such file here; docs/lua-api.md)") }
            let folder = (Self.repositoryRoot + "/" + readme as NSString).deletingLastPathComponent
            for match in Self.matches(#"\]\(([^)#:]+)(#[^)]*)?\)"#, in: text) where !fm.fileExists(atPath: folder + "/" + match[1]) {
                broken.append("\(readme): \(match[1])")
            }
        }
        #expect(broken.isEmpty, "\(broken)")
    }

    static func matches(_ pattern: String, in text: String) -> [[String]] {
        let regex = try! NSRegularExpression(pattern: pattern)
        let ns = text as NSString
        return regex.matches(in: text, range: NSRange(location: 0, length: ns.length)).map { m in
            (0..<m.numberOfRanges).map { m.range(at: $0).location == NSNotFound ? "" : ns.substring(with: m.range(at: $0)) }
        }
    }

    /// `name=` keys at brace depth 1 of a `kinetic.x{ ... }` span (nested tables are values).
    static func topLevelFields(_ text: String) -> [String] {
        var fields: [String] = []
        var depth = 0
        var word = ""
        for ch in text {
            switch ch {
            case "{": depth += 1; word = ""
            case "}": depth -= 1; word = ""
            case "=" where depth == 1 && !word.isEmpty: fields.append(word); word = ""
            default:
                if ch.isLetter || ch.isNumber || ch == "_" { word.append(ch) } else { word = "" }
            }
        }
        return fields
    }

    @Test func everyNameInTheContractIsBound() throws {
        guard let doc = Self.contract() else { return }
        var missing: [String] = []
        // Code fences would pair their backticks with the spans around them.
        let text = doc.replacingOccurrences(of: "```", with: "")
        let spans = Self.matches("`([^`\n]+)`", in: text).map { $0[1] }
        let behaviorTypes = BehaviorKind.allCases.map(\.typeName)
        func check(_ typeName: String, _ name: String, method: Bool) {
            guard let t = type(typeName) else { missing.append(typeName); return }
            let list = method ? t.methods : t.properties
            if !list.contains(name) { missing.append("\(typeName)\(method ? ":" : ".")\(name)") }
        }
        for span in spans {
            for m in Self.matches(#"\bworld([.:])(\w+)"#, in: span) { check("World", m[2], method: m[1] == ":") }
            for m in Self.matches(#"\bitem([.:])(\w+)"#, in: span) { check("Item", m[2], method: m[1] == ":") }
            for m in Self.matches(#"\bb([.:])(\w+)"#, in: span) {
                for t in behaviorTypes { check(t, m[2], method: m[1] == ":") }
            }
            for m in Self.matches(#"\bcanvas:(\w+)"#, in: span) { check("Canvas", m[1], method: true) }
            for m in Self.matches(#"\bkinetic\.(\w+(?:\.\w+)?)"#, in: span) where !surface.module.contains(m[1]) {
                missing.append("kinetic.\(m[1])")
            }
        }
        // Constructor rows: fields at depth 1 are constructor fields and properties; `:name` are methods.
        let typeOf = ["behavior": "Behavior", "gravity": "Gravity", "collision": "Collision", "push": "Push",
                      "snap": "Snap", "attachment": "Attachment", "pin": "Attachment", "fixed": "Attachment",
                      "limit": "Attachment", "sliding": "Attachment", "itemBehavior": "ItemBehavior", "field": "Field",
                      "region": "Region", "world": "World", "load": "World"]
        for line in doc.split(separator: "\n") where line.hasPrefix("| `kinetic.") || line.contains("`kinetic.load(") || line.contains("`kinetic.world{") {
            for m in Self.matches(#"`kinetic\.(\w+)(\{[^`]*|\([^`]*)`"#, in: String(line)) {
                let name = m[1]
                guard let constructor = surface.constructors.first(where: { $0.name == "kinetic.\(name)" }) else {
                    missing.append("constructor kinetic.\(name)"); continue
                }
                for field in Self.topLevelFields(m[2]) where !constructor.fields.contains(field) {
                    missing.append("kinetic.\(name){\(field)}")
                }
                if let typeName = typeOf[name], line.hasPrefix("| `kinetic.") {
                    for field in Self.topLevelFields(m[2]) where name != "region" { check(typeName, field, method: false) }
                    for method in Self.matches(#"`:(\w+)"#, in: String(line)).map({ $0[1] }) { check(typeName, method, method: true) }
                    for method in Self.matches(#"`\w+:(\w+)\("#, in: String(line)).map({ $0[1] }) { check(typeName, method, method: true) }
                }
            }
        }
        // world:addItem fields: the first column of the items table; appearance fields are also properties.
        let items = doc.components(separatedBy: "## items")[1].components(separatedBy: "Item members")[0]
        let addItem = surface.constructors.first { $0.name == "world:addItem" }!
        for line in items.split(separator: "\n") where line.hasPrefix("| `") {
            let firstColumn = String(line.dropFirst(2).prefix { $0 != "|" })
            for m in Self.matches(#"`(\w+)"#, in: firstColumn) where !addItem.fields.contains(m[1]) {
                missing.append("world:addItem{\(m[1])}")
            }
            if line.contains("appearance") {
                for m in Self.matches(#"`(\w+)`"#, in: firstColumn) { check("Item", m[1], method: false) }
            }
        }
        // The level table.
        for m in Self.matches(#"function level\.(\w+)"#, in: doc) where !surface.levelFunctions.contains(m[1]) {
            missing.append("level.\(m[1])")
        }
        let optional = doc.components(separatedBy: "Optional level fields:")[1].components(separatedBy: "Modules next")[0]
        for m in Self.matches(#"`(\w+)`"#, in: optional) where !surface.levelFields.contains(m[1]) {
            missing.append("level field \(m[1])")
        }
        #expect(missing.isEmpty, "not bound: \(missing)")
    }

    @Test func theParserFindsWhatItShould() {
        // A guard against a parser that silently matches nothing.
        #expect(Self.topLevelFields("{ items=, direction={0,1}, angle=, magnitude=1 }") == ["items", "direction", "angle", "magnitude"])
        #expect(Self.topLevelFields("{ boundaries={ {id=, from=} }, began=fn }") == ["boundaries", "began"])
        #expect(Self.topLevelFields("{ direction={dx,dy} or angle=, x=1 }") == ["direction", "angle", "x"])
        #expect(Self.matches(#"\bworld([.:])(\w+)"#, in: "world:addItem(def) → item").map { $0[2] } == ["addItem"])
    }

    @Test func everyConstructorFieldIsAProperty() {
        // Fields fixed when the behaviour is made can be read but not written (as in UIKit).
        let fixedAtCreation: Set<String> = ["items", "children", "mode", "item", "to", "offset", "toOffset", "axis", "kind"]
        let behaviours = Set(BehaviorKind.allCases.map { "\($0)" } + ["attachment", "pin", "fixed", "limit", "sliding"])
        for c in surface.constructors where c.name.hasPrefix("kinetic.") && behaviours.contains(String(c.name.dropFirst(8))) {
            let name = String(c.name.dropFirst("kinetic.".count))
            guard let t = surface.types.first(where: { $0.name.lowercased() == name.lowercased() })
                    ?? (["attachment", "pin", "fixed", "limit", "sliding"].contains(name) ? type("Attachment") : nil) else { continue }
            // A sensor's zone is fixed when it is made and read back where it is now (`center`,
            // `angle`, `size`, `frame`, `bounds`); its outline lists (`path`, `parts`) are not read back.
            let zoneFields: Set<String> = name == "sensor" ? ["frame", "center", "size", "angle", "bounds"] : []
            for field in c.fields where name != "sensor" || !["path", "parts"].contains(field) {
                #expect(t.properties.contains(field), "\(c.name): \(field) is not a property of \(t.name)")
                if !fixedAtCreation.contains(field), !zoneFields.contains(field), name != "collision" || field != "mode" {
                    #expect(t.writable.contains(field), "\(c.name): \(field) is not writable")
                }
            }
        }
    }

    @Test func theSurfaceIsJSON() throws {
        let json = surface.json()
        let decoded = try JSONDecoder().decode(APISurface.self, from: Data(json.utf8))
        #expect(decoded == surface)
        #expect(surface.allNames.contains("World:addItem") && surface.allNames.contains("kinetic.pin{anchor}"))
    }
}

@Suite struct LuaDefinitionTests {
    @Test func theDefinitionsAreValidLuaNamingEveryMember() throws {
        let surface = APISurface.current()
        let text = surface.luaDefinitions()
        // It compiles as Lua (a syntax error would throw here).
        _ = try Harness().state.load(text, name: "kinetic.d.lua")
        #expect(text.contains("---@class kinetic.Item"))
        #expect(text.contains("function World:addItem(...) end"))
        #expect(text.contains("---@field center any"))
        #expect(text.contains("---@field size any (read-only)"))
        #expect(text.contains("function kinetic.pin(definition) end"))
        #expect(text.contains("---@field anchor? any"))
    }
}
