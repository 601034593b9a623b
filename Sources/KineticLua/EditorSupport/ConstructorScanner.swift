// A static pass over Lua source: finds constructor tables written in place (`kinetic.gravity{...}`,
// `world:addItem({...})`) and their top-level keys, with line numbers. It sees code that the load does
// not run (callbacks), and reports every bad field of a file, where a run stops at the first.

/// One `key = value` at the top level of a constructor's table literal.
struct ConstructorKey: Equatable {
    var key: String
    var line: Int
    var column: Int
    /// The value when it is a plain string literal (`kind = "vortex"`), else nil.
    var stringValue: String?
}

/// A constructor call with a table literal: `kinetic.field` or `world:addItem` (or `world:itemsOverlapping`,
/// which takes a shape table the same way), and its keys.
struct ConstructorCall: Equatable {
    /// `kinetic.<name>` or `world:addItem`, as `APISurface` names constructors.
    var constructor: String
    var line: Int
    /// The line of the table's closing brace.
    var endLine: Int
    var keys: [ConstructorKey]
}

/// A small Lua tokenizer: enough to skip strings and comments and to match braces.
struct LuaTokens {
    enum Kind: Equatable { case name, string, symbol, number }
    /// `column`: 1-based, in Unicode scalars from the start of the line.
    struct Token: Equatable { var kind: Kind; var text: String; var line: Int; var column: Int }
    var tokens: [Token] = []

    init(_ source: String) {
        let s = Array(source.unicodeScalars)
        var i = 0
        var line = 1
        var lineStart = 0  // index of the current line's first scalar
        func peek(_ k: Int) -> Unicode.Scalar? { i + k < s.count ? s[i + k] : nil }
        // `[[`, `[==[`: the level of a long bracket starting at i, or nil.
        func longBracket(at j: Int) -> Int? {
            guard j < s.count, s[j] == "[" else { return nil }
            var k = j + 1, level = 0
            while k < s.count, s[k] == "=" { level += 1; k += 1 }
            return k < s.count && s[k] == "[" ? level : nil
        }
        func skipLong(_ level: Int) -> String {
            // i is at the opening bracket; returns the content.
            i += level + 2
            var content = ""
            while i < s.count {
                if s[i] == "]" {
                    var k = i + 1, l = 0
                    while k < s.count, s[k] == "=" { l += 1; k += 1 }
                    if l == level, k < s.count, s[k] == "]" { i = k + 1; return content }
                }
                if s[i] == "\n" { line += 1; lineStart = i + 1 }
                content.unicodeScalars.append(s[i])
                i += 1
            }
            return content
        }
        while i < s.count {
            let c = s[i]
            if c == "\n" { line += 1; i += 1; lineStart = i; continue }
            if c == " " || c == "\t" || c == "\r" { i += 1; continue }
            if c == "-", peek(1) == "-" {
                i += 2
                if let level = longBracket(at: i) { _ = skipLong(level); continue }
                while i < s.count, s[i] != "\n" { i += 1 }
                continue
            }
            let column = i - lineStart + 1
            if c == "\"" || c == "'" {
                let start = line
                var text = ""
                i += 1
                while i < s.count, s[i] != c, s[i] != "\n" {
                    if s[i] == "\\", i + 1 < s.count {
                        if s[i + 1] == "\n" { line += 1; lineStart = i + 2 }
                        text.unicodeScalars.append(s[i + 1]); i += 2; continue
                    }
                    text.unicodeScalars.append(s[i]); i += 1
                }
                i += 1
                tokens.append(Token(kind: .string, text: text, line: start, column: column))
                continue
            }
            if let level = longBracket(at: i) {
                let start = line
                tokens.append(Token(kind: .string, text: skipLong(level), line: start, column: column))
                continue
            }
            if c.properties.isAlphabetic || c == "_" {
                var text = ""
                while i < s.count, s[i].properties.isAlphabetic || s[i] == "_" || ("0"..."9").contains(s[i]) {
                    text.unicodeScalars.append(s[i]); i += 1
                }
                tokens.append(Token(kind: .name, text: text, line: line, column: column))
                continue
            }
            if ("0"..."9").contains(c) {
                var text = ""
                while i < s.count, s[i].properties.isAlphabetic || ("0"..."9").contains(s[i]) || s[i] == "." {
                    text.unicodeScalars.append(s[i]); i += 1
                }
                tokens.append(Token(kind: .number, text: text, line: line, column: column))
                continue
            }
            // `==`, `~=`, `<=`, `>=`, `..` must not read as `=` or `.`.
            let two = peek(1).map { String(c) + String($0) } ?? ""
            if ["==", "~=", "<=", ">=", "..", "::", "//", "<<", ">>"].contains(two) {
                tokens.append(Token(kind: .symbol, text: two, line: line, column: column)); i += 2; continue
            }
            tokens.append(Token(kind: .symbol, text: String(c), line: line, column: column))
            i += 1
        }
    }
}

enum ConstructorScanner {
    /// Every constructor call with a table literal in `source`, in order of appearance.
    /// `constructors` are the names to look for (`kinetic.gravity`, `world:addItem`, …).
    static func calls(in source: String, constructors: Set<String>) -> [ConstructorCall] {
        let t = LuaTokens(source).tokens
        var calls: [ConstructorCall] = []
        var i = 0
        while i < t.count {
            defer { i += 1 }
            // kinetic . name  or  <expr> : addItem
            var name: String?
            var next = i
            if t[i].kind == .name, t[i].text == "kinetic", i + 2 < t.count, t[i + 1].text == ".", t[i + 2].kind == .name,
               !(i > 0 && (t[i - 1].text == "." || t[i - 1].text == ":")) {
                name = "kinetic.\(t[i + 2].text)"
                next = i + 3
            } else if t[i].text == ":", i + 1 < t.count, t[i + 1].kind == .name {
                // world:addItem, world:itemsOverlapping, Sound:play: a method that takes an options
                // table, whatever the receiver is called.
                let method = ":" + t[i + 1].text
                name = constructors.contains("world" + method) ? "world" + method : constructors.first { $0.hasSuffix(method) }
                next = i + 2
            }
            guard let constructor = name, constructors.contains(constructor), next < t.count else { continue }
            // `{` directly, or `(` then `{`.
            var open = next
            if t[open].text == "(", open + 1 < t.count { open += 1 }
            guard t[open].text == "{" else { continue }
            let (keys, end) = keys(t, from: open)
            calls.append(ConstructorCall(constructor: constructor, line: t[i].line, endLine: end, keys: keys))
        }
        return calls
    }

    /// Top-level `name = value` keys of the table literal whose `{` is at `open`.
    private static func keys(_ t: [LuaTokens.Token], from open: Int) -> (keys: [ConstructorKey], endLine: Int) {
        var keys: [ConstructorKey] = []
        var depth = 0
        // Blocks open inside the table (a callback's body): `, size =` there is a multiple assignment.
        var blocks = 0
        var j = open
        while j < t.count {
            let text = t[j].kind == .symbol ? t[j].text : ""
            if text == "{" || text == "(" || text == "[" { depth += 1 }
            if text == "}" || text == ")" || text == "]" {
                depth -= 1
                if depth == 0 { break }
            }
            if t[j].kind == .name {
                if ["function", "do", "if", "repeat"].contains(t[j].text) { blocks += 1 }
                if ["end", "until"].contains(t[j].text) { blocks -= 1 }
            }
            // A key sits right after the opening brace or a separator at depth 1.
            if depth == 1, blocks == 0, t[j].kind == .name, j + 1 < t.count, t[j + 1].text == "=",
               ["{", ",", ";"].contains(t[j - 1].text), j - 1 >= open {
                let value = j + 2 < t.count && t[j + 2].kind == .string
                    && j + 3 < t.count && [",", ";", "}"].contains(t[j + 3].text) ? t[j + 2].text : nil
                keys.append(ConstructorKey(key: t[j].text, line: t[j].line, column: t[j].column, stringValue: value))
            }
            j += 1
        }
        return (keys, t[min(j, t.count - 1)].line)
    }
}
