// A static pass over Lua source, beside ConstructorScanner's: unknown `kinetic.<name>`, and unknown
// members of the locals whose type the source makes plain, in callbacks too. A local is resolved when
// every value the file gives it is one of
//   world:item("name"), world:addItem{...}           -> kinetic.Item
//   kinetic.gravity{...}, kinetic.sensor{...}, ...   -> the behaviour it builds
//   kinetic.world{...}, kinetic.sound(...)           -> kinetic.World, kinetic.Sound
// (or nil; a `local` given no value is nil), and the level file's callbacks `function
// level.load(world, ...)` give their first parameter kinetic.World (draw's second kinetic.Canvas,
// pointer's second kinetic.PointerEvent, key's second a key name). Anything else (parameters of other
// functions, table fields such as `state.ball`, multiple assignment, other calls) leaves a name
// unresolved, and unresolved names are never reported.
// String literals a resolved name is compared with or given are judged too: a key name the window
// never sends (`key == "enter"`, `world:isDown("Left")`) and a pointer phase that does not exist
// (`e.phase == "begin"`) would make a rule silently never fire.
// So is a write into a table a resolved name's property returned (`ball.velocity.x = 50`,
// `world.camera.zoom = 2`): the runtime returns copies, so such a write silently changes nothing.
import KineticLuaBridge

enum MemberChecker {
    struct Finding: Equatable {
        var line: Int
        var column: Int
        var message: String
    }

    /// Problems in `source`; `isLevelFile` types the callbacks of the table the file returns.
    static func problems(in source: String, surface: APISurface, isLevelFile: Bool) -> [Finding] {
        Pass(LuaTokens(source).tokens, surface: surface, isLevelFile: isLevelFile).run()
    }

    /// The members a type accepts (properties and methods), by the type's name in `APISurface`.
    static func members(_ surface: APISurface) -> [String: [String]] {
        var members = Dictionary(surface.types.map { ($0.name, $0.properties + $0.methods) }, uniquingKeysWith: { a, _ in a })
        if let event = luaShapes.first(where: { $0.name == "kinetic.PointerEvent" }) {
            members["PointerEvent"] = event.fields.map(\.0)
        }
        return members
    }

    /// What is wrong with a string literal `literal` given to (or compared with) `member` of a value
    /// of `type` (`member` nil: the value itself), or nil.
    static func literalProblem(type: String, member: String?, literal: String) -> String? {
        switch (type, member) {
        case ("KeyName", nil), ("World", "isDown"?), ("World", "key"?):
            return KeyName.problem(literal)
        case ("PointerEvent", "phase"?):
            let phases = ["began", "moved", "ended"]
            guard !phases.contains(literal) else { return nil }
            var message = "'\(literal)' is not a pointer phase (\"began\", \"moved\" or \"ended\")"
            if let near = nearestName(to: literal, in: phases) { message += "; did you mean '\(near)'?" }
            return message
        default:
            return nil
        }
    }

    /// Whether `type.member` is a property whose value is a copied table (a point, a frame, a
    /// list): a write into it is lost. `item.data`, the level's own table, is not a copy.
    static func returnsACopy(type: String, member: String) -> Bool {
        guard let doc = luaDocs["\(type).\(member)"] ?? luaDocs["Behavior.\(member)"] else { return false }
        let shape = doc.type.hasSuffix("?") ? String(doc.type.dropLast()) : doc.type
        return shape.hasSuffix("[]") || luaShapes.contains { $0.name == shape }
    }

    /// LÖVE's modules a ported level may still call (`love` is nil here), and where their work is done.
    static let loveModules: [String: String] = [
        "keyboard": "keys are level.key(world, key, down) and world:isDown(key)",
        "mouse": "pointer is level.pointer(world, e) and world.pointer",
        "touch": "touches are level.pointer(world, e) and world.pointer",
        "graphics": "drawing is the canvas of level.draw(world, canvas)",
        "physics": "bodies and joints are items and behaviours: world:addItem, kinetic.collision, kinetic.pin, …",
        "timer": "time is world.time (simulated seconds) and level.update's dt",
        "audio": "sounds are kinetic.sound(path) and sound:play",
        "filesystem": "saved data is kinetic.save and kinetic.saved",
        "window": "size is the level's width, height and view",
        "math": "random numbers are math.random, seeded by the level's seed",
    ]

    /// The type a `kinetic.<name>` call builds.
    static func builtType(_ constructor: String) -> String? {
        switch constructor {
        case "kinetic.world": return "World"
        case "kinetic.sound": return "Sound"
        case "kinetic.region": return "Region"
        default: return LuaLSDefinitions.builtType[constructor]
        }
    }

    private final class Pass {
        typealias Token = LuaTokens.Token
        /// One `local` (or parameter): the types of every value given to it; nil once one is unknown.
        struct Declaration {
            var types: Set<String>? = []
        }
        /// A block: its locals, and how deep in brackets the scan is within the block's function.
        struct Scope {
            var names: [String: Int] = [:]
            var brackets = 0
            var isFunction = false
        }

        let t: [Token]
        let surface: APISurface
        let typeMembers: [String: [String]]
        let levelName: String?
        var declarations: [Declaration] = []
        var scopes = [Scope(isFunction: true)]
        /// `name.member` / `name:member` uses of declared locals: token index of the member, declaration.
        var uses: [(member: Int, declaration: Int)] = []
        /// `name.member.field = ` / `name.member[...] = `: token index of the member, of the field
        /// (nil for a bracket), declaration.
        var copyWrites: [(member: Int, field: Int?, declaration: Int)] = []
        /// String literals compared with a declared local (or its member) or given to its method.
        var literals: [(string: Int, declaration: Int, member: String?)] = []
        var findings: [Finding] = []

        init(_ tokens: [Token], surface: APISurface, isLevelFile: Bool) {
            t = tokens
            self.surface = surface
            typeMembers = MemberChecker.members(surface)
            // The level table is the name the file's last statement returns.
            if isLevelFile, tokens.count >= 2, tokens[tokens.count - 2].text == "return", tokens.last!.kind == .name {
                levelName = tokens.last!.text
            } else {
                levelName = nil
            }
        }

        func text(_ i: Int) -> String { i < t.count ? t[i].text : "" }
        func isName(_ i: Int) -> Bool { i < t.count && t[i].kind == .name && !Self.keywords.contains(t[i].text) }

        static let keywords: Set<String> = ["and", "break", "do", "else", "elseif", "end", "false", "for", "function", "goto",
                                            "if", "in", "local", "nil", "not", "or", "repeat", "return", "then", "true", "until", "while"]

        func resolve(_ name: String) -> Int? {
            for scope in scopes.reversed() { if let d = scope.names[name] { return d } }
            return nil
        }

        func declare(_ name: String, type: String?) {
            declarations.append(Declaration(types: type.map { [$0] } ?? nil))
            scopes[scopes.count - 1].names[name] = declarations.count - 1
        }

        func assign(_ declaration: Int, _ type: String??) {
            guard let type else { declarations[declaration].types = nil; return }  // unknown value
            guard let type else { return }  // nil: no type
            declarations[declaration].types?.insert(type)
        }

        /// The index just past the bracket that closes the one at `open`.
        func skipBrackets(from open: Int) -> Int {
            var depth = 0
            var j = open
            while j < t.count {
                if t[j].kind == .symbol, ["(", "{", "["].contains(t[j].text) { depth += 1 }
                if t[j].kind == .symbol, [")", "}", "]"].contains(t[j].text) { depth -= 1; if depth == 0 { return j + 1 } }
                j += 1
            }
            return j
        }

        static let continuing: Set<String> = [".", ":", "[", "(", "{", "and", "or", "..", "+", "-", "*", "/", "//", "%", "^",
                                              "==", "~=", "<", ">", "<=", ">=", "&", "|", "~", "<<", ">>"]

        /// The type of the expression starting at `i` when it is one of the known forms and nothing
        /// follows it: `.some(type)`, `.some(nil)` for a plain `nil`, nil when unknown.
        func type(at i: Int) -> String?? {
            var end: Int
            var type: String?
            if text(i) == "nil" {
                end = i + 1
            } else if text(i) == "kinetic", text(i + 1) == ".", isName(i + 2), ["(", "{"].contains(text(i + 3)) || t.indices.contains(i + 3) && t[i + 3].kind == .string {
                type = MemberChecker.builtType("kinetic.\(text(i + 2))")
                end = t[i + 3].kind == .string ? i + 4 : skipBrackets(from: i + 3)
            } else if isName(i), text(i + 1) == ":", ["item", "addItem"].contains(text(i + 2)),
                      ["(", "{"].contains(text(i + 3)) || t.indices.contains(i + 3) && t[i + 3].kind == .string {
                type = "Item"
                end = t[i + 3].kind == .string ? i + 4 : skipBrackets(from: i + 3)
            } else {
                return nil
            }
            if end < t.count, Self.continuing.contains(t[end].text) || t[end].kind == .string { return nil }
            if text(i) != "nil", type == nil { return nil }
            return .some(type)
        }

        /// Reads a parameter list whose `(` is at `open`; returns the index past `)` and the names.
        func parameters(from open: Int) -> (Int, [String]) {
            var names: [String] = []
            var j = open + 1
            while j < t.count, t[j].text != ")" {
                if t[j].kind == .name { names.append(t[j].text) }
                j += 1
            }
            return (j + 1, names)
        }

        func run() -> [Finding] {
            var i = 0
            while i < t.count {
                let token = t[i]
                let previous = i > 0 ? t[i - 1].text : ""
                if token.kind == .symbol {
                    if ["(", "{", "["].contains(token.text) { scopes[scopes.count - 1].brackets += 1 }
                    if [")", "}", "]"].contains(token.text) { scopes[scopes.count - 1].brackets -= 1 }
                    i += 1
                    continue
                }
                guard token.kind == .name else { i += 1; continue }
                switch token.text {
                case "function":
                    i = function(at: i)
                    continue
                case "do", "then", "repeat":
                    scopes.append(Scope())
                case "else":
                    popBlock(); scopes.append(Scope())
                case "elseif", "end", "until":
                    popBlock()
                case "for":
                    // The loop's names are unknown values, declared in the block its `do` opens.
                    var j = i + 1, names: [String] = []
                    while j < t.count, t[j].text != "do" { if isName(j), [",", "=", "in"].contains(text(j + 1)) { names.append(t[j].text) }; j += 1 }
                    scopes.append(Scope())
                    for name in names { declare(name, type: nil) }
                    i = j + 1
                    continue
                case "local":
                    if text(i + 1) == "function", isName(i + 2) {
                        declare(t[i + 2].text, type: nil)
                        i = function(at: i + 1)
                        continue
                    }
                    var j = i + 1, names: [String] = []
                    while isName(j) {
                        names.append(t[j].text)
                        j += 1
                        if text(j) == "<" { j += 3 }  // <const>, <close>
                        if text(j) == "," { j += 1 } else { break }
                    }
                    for name in names { declare(name, type: nil) }
                    if text(j) != "=" {
                        // `local ball, paddle`: every name starts as nil, so the values given later type it.
                        for name in names { if let d = resolve(name) { declarations[d].types = [] } }
                    } else if names.count == 1, let d = resolve(names[0]) {
                        declarations[d].types = []
                        assign(d, type(at: j + 1))
                    }
                    i = j
                    continue
                default:
                    guard isName(i), previous != ".", previous != ":" else { break }
                    let name = token.text
                    let member = text(i + 1) == "." || text(i + 1) == ":" ? i + 2 : nil
                    if let d = resolve(name) {
                        if let member, isName(member) {
                            uses.append((member, d))
                            if text(member + 1) == ".", isName(member + 2), text(member + 3) == "=" {
                                copyWrites.append((member, member + 2, d))
                            } else if text(member + 1) == "[", text(skipBrackets(from: member + 1)) == "=" {
                                copyWrites.append((member, nil, d))
                            }
                        }
                        let next = member.map { $0 + 1 } ?? i + 1
                        if ["==", "~="].contains(text(next)), next + 1 < t.count, t[next + 1].kind == .string {
                            literals.append((next + 1, d, member.map(text)))
                        } else if let member, text(member - 1) == ":" {
                            let argument = text(next) == "(" ? next + 1 : next
                            if argument < t.count, t[argument].kind == .string { literals.append((argument, d, text(member))) }
                        }
                        // The last target of `a, b = x, y` is given y, not x: unknown.
                        if text(i + 1) == "=", scopes.last!.brackets == 0 { assign(d, previous == "," ? nil : type(at: i + 2)) }
                        if text(i + 1) == ",", scopes.last!.brackets == 0 { assign(d, nil) }  // maybe a multiple assignment
                    } else if name == "kinetic", let member, isName(member) {
                        check(member, "kinetic", known: surface.module.filter { !$0.contains(".") })
                    } else if name == "love", let member, isName(member) {
                        var message = "'love' is LÖVE's module, which levels do not have"
                        if let instead = MemberChecker.loveModules[text(member)] { message += ": love.\(text(member))'s \(instead)" }
                        findings.append(Finding(line: token.line, column: token.column, message: message))
                    }
                }
                i += 1
            }
            for (member, d) in uses {
                guard let types = declarations[d].types, types.count == 1, let type = types.first,
                      let known = typeMembers[type] else { continue }
                check(member, "kinetic.\(type)", known: known)
            }
            for (member, field, d) in copyWrites {
                guard let types = declarations[d].types, types.count == 1, let type = types.first,
                      MemberChecker.returnsACopy(type: type, member: text(member)) else { continue }
                let name = "\(text(member - 2)).\(text(member))"
                let writable = surface.types.first { $0.name == type }?.writable.contains(text(member)) ?? false
                let at = t[field ?? member + 2]
                findings.append(Finding(line: at.line, column: at.column, message:
                    "'\(text(member))' of kinetic.\(type) is a copy: writing \(field.map { "its '\(text($0))'" } ?? "into it") changes nothing; "
                    + (writable ? "write the whole value (\(name) = {...})" : "it is read-only")))
            }
            for (string, d, member) in literals {
                guard let types = declarations[d].types, types.count == 1, let type = types.first,
                      let message = MemberChecker.literalProblem(type: type, member: member, literal: t[string].text) else { continue }
                findings.append(Finding(line: t[string].line, column: t[string].column, message: message))
            }
            return findings.sorted { ($0.line, $0.column) < ($1.line, $1.column) }
        }

        func check(_ member: Int, _ owner: String, known: [String]) {
            let name = t[member].text
            guard !known.contains(name) else { return }
            var message = "unknown member '\(name)' of \(owner)"
            if let hint = peerHint(for: name) { message += ": \(hint)" }
            else if let near = nearestName(to: name, in: known) { message += "; did you mean '\(near)'?" }
            findings.append(Finding(line: t[member].line, column: t[member].column, message: message))
        }

        /// Closes the innermost block, and the function scopes' own block with it.
        func popBlock() {
            guard scopes.count > 1 else { return }
            scopes.removeLast()
        }

        /// `function [a.b:c](params)`: opens the function's scope with its parameters declared, typing
        /// the level callbacks' world and canvas. Returns the index after the parameter list.
        func function(at i: Int) -> Int {
            var j = i + 1
            var path: [String] = []
            var isMethod = false
            while j < t.count, t[j].text != "(" {
                if t[j].kind == .name { path.append(t[j].text) }
                if t[j].text == ":" { isMethod = true }
                j += 1
            }
            let (after, names) = parameters(from: j)
            scopes.append(Scope(isFunction: true))
            if isMethod { declare("self", type: nil) }
            var types: [String?] = names.map { _ in nil }
            if let levelName, path.count == 2, path[0] == levelName, surface.levelFunctions.contains(path[1]), !names.isEmpty {
                types[0] = "World"
                if names.count > 1 { types[1] = ["draw": "Canvas", "pointer": "PointerEvent", "key": "KeyName"][path[1]] }
            }
            for (name, type) in zip(names, types) { declare(name, type: type) }
            return after
        }
    }
}
