// `kinetic check`: finds a level's problems without running it. Syntax of every Lua file, constructor
// tables and members read statically (unknown fields, bad enum strings, missing images, unknown
// `kinetic.<name>` and members of locals whose type is plain: MemberChecker; in callbacks too), the
// level table's fields, then the chunk and its `load(world, state)` with no step taken.
import Foundation
import KineticDynamics
import KineticLuaBridge
import KineticPhysics

/// One problem in a level: `file:line:column: message` as luacheck prints one, the file relative to the
/// current directory; the column is 1 where only the line is known (errors raised while loading).
public struct LevelProblem: Codable, Equatable, Sendable, CustomStringConvertible {
    public var file: String
    public var line: Int
    public var column: Int
    public var message: String
    public init(file: String, line: Int, column: Int = 1, message: String) {
        self.file = file; self.line = line; self.column = column; self.message = message
    }
    public var description: String { "\(file):\(line):\(column): \(message)" }
}

public enum LevelChecker {
    /// The levels named by command-line paths: a `.lua` file; a folder holding `main.lua`; any other
    /// folder stands for its subfolders' levels (`*/main.lua`, one level deep, sorted by name).
    /// A path that names no level gives a problem instead.
    public static func levels(in paths: [String]) -> (levels: [String], problems: [LevelProblem]) {
        var levels: [String] = []
        var problems: [LevelProblem] = []
        let fm = FileManager.default
        for path in paths {
            let isFolder: Bool
            do { isFolder = try LevelFiles.isFolder(path) } catch {
                problems.append(LevelProblem(file: path, line: 1, message: error.reason))
                continue
            }
            if !isFolder { levels.append(path); continue }
            do {
                _ = try LevelFiles.resolve(join(path, "main.lua"), from: fm.currentDirectoryPath, inside: nil)
                levels.append(path)
                continue
            } catch where error.reason != LevelFiles.notFound {
                // There, but unreadable (permission, a FIFO): say so rather than "no level here".
                problems.append(LevelProblem(file: join(path, "main.lua"), line: 1, message: error.reason))
                continue
            } catch {}
            let found = ((try? fm.contentsOfDirectory(atPath: path)) ?? []).sorted()
                .filter { !$0.hasPrefix(".") && fm.fileExists(atPath: join(join(path, $0), "main.lua")) }
                .map { join(path, $0) }
            if found.isEmpty {
                problems.append(LevelProblem(file: path, line: 1, message: "no level here: neither main.lua nor */main.lua"))
            }
            levels += found
        }
        return (levels, problems)
    }

    /// Every problem found in one level (a `.lua` file or a folder holding `main.lua`), in file and line
    /// order within each pass. Empty when the level loads cleanly.
    public static func check(level path: String, options: LevelOptions = LevelOptions()) -> [LevelProblem] {
        let found = staticProblems(level: path, options: options)
        var problems = found.problems
        guard let level = found.level, !found.stopsTheLoad else { return problems }

        // 4. The chunk and load(world, state), no step; then draw(world, canvas) once, the first frame
        // the window and `kinetic render` show (a headless run never draws, so nothing else runs it).
        var quiet = options
        quiet.screenshots = .discard  // checking has no side effects: world:screenshot writes nothing
        quiet.dataFolder = .discard  // nor kinetic.save
        quiet.print = { _ in }
        let collected = WarningBox()
        quiet.warn = { collected.append($0) }
        do {
            let loaded = try Level.load(path: path, options: quiet)
            problems += imageProblems(loaded, folder: level.folder, sources: level.sources, reported: problems)
            if let error = loaded.scene().hudError {
                let p = problem(fromMessage: error.message, folder: level.folder, fallbackFile: level.file)
                if !found.reportedCalls.contains(where: { $0.file == p.file && $0.lines.contains(p.line) }) { problems.append(p) }
            }
        } catch {
            let p = problem(fromMessage: error.message, folder: level.folder, fallbackFile: level.file)
            // The static pass has usually named the same mistake in the same constructor call.
            if !found.reportedCalls.contains(where: { $0.file == p.file && $0.lines.contains(p.line) }) { problems.append(p) }
        }
        for w in collected.messages {
            var p = problem(fromMessage: w, folder: level.folder, fallbackFile: level.file)
            p.message = "warning: " + p.message
            if !problems.contains(p) { problems.append(p) }
        }
        return problems
    }

    /// The problems `check` finds in a level that loaded anyway (unknown or misspelled level fields
    /// and callbacks, unknown constructor fields, missing images, modules that do not compile): what
    /// `kinetic run`, `watch` and `render` print as warnings. `path` is the path `loaded` came from.
    public static func warnings(level path: String, loaded: Level, options: LevelOptions = LevelOptions()) -> [LevelProblem] {
        let found = staticProblems(level: path, options: options)
        guard let level = found.level else { return found.problems }
        return found.problems + imageProblems(loaded, folder: level.folder, sources: level.sources, reported: found.problems)
    }

    /// A level's files as the passes read them.
    struct LevelSources {
        var file: String
        var folder: String
        var sources: [String: String]
    }

    /// Passes 1–3: syntax, constructor tables, the level table's fields. `stopsTheLoad` when a
    /// problem means loading would fail or mislead (the level file does not compile, a field is bad).
    static func staticProblems(level path: String, options: LevelOptions)
        -> (problems: [LevelProblem], level: LevelSources?, reportedCalls: [(file: String, lines: ClosedRange<Int>)], stopsTheLoad: Bool) {
        let isFolder: Bool
        do { isFolder = try LevelFiles.isFolder(path) } catch {
            return ([LevelProblem(file: path, line: 1, message: error.reason)], nil, [], true)
        }
        let folder = isFolder ? path : (path as NSString).deletingLastPathComponent
        let levelFile = isFolder ? join(path, "main.lua") : path
        var files = [levelFile]
        if isFolder { files += moduleFiles(in: folder).filter { $0 != levelFile } }

        // 1. Syntax of every file; a level that does not compile is not run.
        var problems: [LevelProblem] = []
        for file in files {
            if let problem = syntaxProblem(file, folder: folder) { problems.append(problem) }
        }
        let broken = Set(problems.map(\.file))
        if broken.contains(levelFile) { return (problems, nil, [], true) }

        // 2. Constructor tables, read statically.
        let surface = APISurface.current()
        var sources: [String: String] = [:]
        var reportedCalls: [(file: String, lines: ClosedRange<Int>)] = []
        for file in files where !broken.contains(file) {
            guard let bytes = try? LevelFiles.read(file) else { continue }
            let source = String(decoding: bytes, as: UTF8.self)
            sources[file] = source
            let found = constructorProblems(source, file: file, folder: folder, surface: surface)
            let members = MemberChecker.problems(in: source, surface: surface, isLevelFile: file == levelFile)
                .map { LevelProblem(file: file, line: $0.line, column: $0.column, message: $0.message) }
            let silenced = silencedLines(source)
            // In source order, as luacheck lists them: the two scans each keep their own order.
            problems += (found.problems + members).filter { !silenced.contains($0.line) }
                .sorted { ($0.line, $0.column) < ($1.line, $1.column) }
            reportedCalls += found.calls.map { (file, $0) } + members.map { (file, $0.line...$0.line) }
        }

        // 3. The level table's fields.
        var quiet = options
        quiet.screenshots = .discard  // checking has no side effects: world:screenshot writes nothing
        quiet.dataFolder = .discard  // nor kinetic.save
        quiet.print = { _ in }
        quiet.warn = { _ in }
        let fieldProblems = levelTableProblems(levelFile, folder: folder, source: sources[levelFile] ?? "", options: quiet, surface: surface)
        problems += fieldProblems
        return (problems, LevelSources(file: levelFile, folder: folder, sources: sources), reportedCalls, !fieldProblems.isEmpty)
    }

    // MARK: - Passes

    /// `.lua` files in a level folder and its subfolders, sorted, without scenarios and hidden folders.
    static func moduleFiles(in folder: String) -> [String] {
        guard let walker = FileManager.default.enumerator(atPath: folder) else { return [] }
        var files: [String] = []
        while let relative = walker.nextObject() as? String {
            let name = (relative as NSString).lastPathComponent
            if name.hasPrefix(".") { walker.skipDescendants(); continue }
            if name.hasSuffix(".lua"), !name.hasSuffix("_test.lua") { files.append(join(folder, relative)) }
        }
        return files.sorted()
    }

    static func syntaxProblem(_ file: String, folder: String) -> LevelProblem? {
        var options = LuaOptions()
        options.output = { _ in }
        options.warnings = { _ in }
        guard let state = try? LuaState(options: options) else { return nil }
        let bytes: [UInt8]
        do { bytes = try LevelFiles.read(file) } catch {
            return LevelProblem(file: file, line: 1, message: "cannot read the file: \(error.reason)")
        }
        do {
            // A short chunk name: Lua cuts long ones to "...tail", which would lose the path.
            _ = try state.load(String(decoding: bytes, as: UTF8.self), name: "source")
            return nil
        } catch {
            var p = problem(fromMessage: error.message, folder: "", fallbackFile: file)
            p.file = file
            return p
        }
    }

    /// Problems in constructor tables, and the lines of each call that had one.
    static func constructorProblems(_ source: String, file: String, folder: String,
                                    surface: APISurface) -> (problems: [LevelProblem], calls: [ClosedRange<Int>]) {
        // Constructors, and the method that takes a shape table the same way.
        var fields = Dictionary(surface.constructors.map { ($0.name, $0.fields) }, uniquingKeysWith: { a, _ in a })
        fields["world:itemsOverlapping"] = WorldBinding.queryShapeFields
        let enums: [String: (alias: String, values: [String])] = Dictionary(uniqueKeysWithValues: [
            ("kinetic.field{kind}", "kinetic.FieldKind"), ("kinetic.push{mode}", "kinetic.PushMode"),
            ("kinetic.collision{mode}", "kinetic.CollisionMode"), ("world:addItem{bounds}", "kinetic.Bounds"),
            ("kinetic.sensor{bounds}", "kinetic.Bounds"),
            ("world:itemsOverlapping{bounds}", "kinetic.QueryBounds"),
        ].map { key, alias in (key, (alias, luaAliases.first { $0.name == alias }!.values)) })
        var problems: [LevelProblem] = []
        var calls: [ClosedRange<Int>] = []
        for call in ConstructorScanner.calls(in: source, constructors: Set(fields.keys)) {
            let before = problems.count
            defer { if problems.count > before { calls.append(call.line...call.endLine) } }
            let known = fields[call.constructor] ?? []
            for key in call.keys {
                if !known.contains(key.key) {
                    var message = "\(call.constructor): unknown field '\(key.key)'"
                    if let ported = PortedNames.field(key.key, of: call.constructor) { message += ": \(ported)" }
                    else if let near = nearestName(to: key.key, in: known) { message += "; did you mean '\(near)'?" }
                    problems.append(LevelProblem(file: file, line: key.line, column: key.column, message: message))
                    continue
                }
                guard let value = key.stringValue else { continue }
                if let e = enums["\(call.constructor){\(key.key)}"], !e.values.contains(value) {
                    var message = "\(call.constructor): '\(key.key)' must be one of \(e.values.map { "\"\($0)\"" }.joined(separator: ", ")), got \"\(value)\""
                    if let near = nearestName(to: value, in: e.values) { message += "; did you mean \"\(near)\"?" }
                    problems.append(LevelProblem(file: file, line: key.line, column: key.column, message: message))
                }
                if call.constructor == "world:addItem", key.key == "image", !imageExists(value, folder: folder) {
                    problems.append(LevelProblem(file: file, line: key.line, column: key.column, message: missingImage(value, folder: folder)))
                }
            }
        }
        // `canvas:image("path", …)` with a literal path: the check an item's `image` gets.
        let tokens = LuaTokens(source).tokens
        for i in tokens.indices.dropLast(3) where tokens[i].text == ":" && tokens[i + 1].kind == .name
            && tokens[i + 1].text == "image" && tokens[i + 2].text == "(" && tokens[i + 3].kind == .string {
            let path = tokens[i + 3].text
            if !imageExists(path, folder: folder) {
                problems.append(LevelProblem(file: file, line: tokens[i + 3].line, column: tokens[i + 3].column,
                                             message: "canvas:image: " + missingImage(path, folder: folder)))
            }
        }
        return (problems, calls)
    }

    /// Types of the level table's fields, each reported (a load stops at the first).
    static func levelTableProblems(_ file: String, folder: String, source: String, options: LevelOptions,
                                   surface: APISurface) -> [LevelProblem] {
        var lua = LuaOptions()
        lua.trusted = options.trusted
        lua.folder = folder.isEmpty ? "." : folder
        lua.output = { _ in }
        lua.warnings = { _ in }
        lua.timeBudget = options.callbackTimeBudget
        guard let state = try? LuaState(options: lua) else { return [] }
        _ = Runtime.install(in: state, options: options)
        // Running the chunk is the load's first half; its errors are left to the load, which reports them.
        guard let chunk = try? state.load(file: (file as NSString).lastPathComponent),
              let results = try? state.call(chunk), case .reference(let table)? = results.first else { return [] }
        // Field → the Lua test it must pass and what it must be.
        // The same bounds as the loader's (LevelLoader.readFields): sides within the engine's
        // coordinates and normal, at most one hour of simulated time, the step-rate limits.
        let side = "type(v) == 'number' and v >= \(Double.leastNormalMagnitude) and v <= \(World.largestCoordinate)"
        let rules: [(String, String, String)] = [
            ("title", "type(v) == 'string'", "a string"),
            ("width", side, "a number of points > 0 and at most \(Int(World.largestCoordinate))"),
            ("height", side, "a number of points > 0 and at most \(Int(World.largestCoordinate))"),
            ("view", "type(v) == 'table' and (function(w, h) return type(w) == 'number' and type(h) == 'number' and w >= \(Double.leastNormalMagnitude) and w <= \(World.largestCoordinate) and h >= \(Double.leastNormalMagnitude) and h <= \(World.largestCoordinate) end)(v[1] or v.width, v[2] or v.height)",
             "a size {w, h} of points, each > 0 and at most \(Int(World.largestCoordinate))"),
            ("background", "type(v) == 'string'", "a colour string \"#rrggbb\" or a CSS name"),
            ("fps", "type(v) == 'number' and v > 0 and v <= \(DynamicAnimator.maximumFPS)", "a number > 0 and at most \(Int(DynamicAnimator.maximumFPS)) (steps per second)"),
            ("substeps", "math.type(v) == 'integer' and v >= 1 and v <= \(DynamicAnimator.maximumSubsteps)", "an integer from 1 to \(DynamicAnimator.maximumSubsteps)"),
            ("seed", "math.type(v) == 'integer'", "an integer"),
            ("duration", "type(v) == 'number' and v > 0 and v <= \(SimulatedTime.maximumSeconds)", "a number of seconds > 0 and at most \(Int(SimulatedTime.maximumSeconds))"),
            ("load", "type(v) == 'function'", "a function (world, state)"),
            ("update", "type(v) == 'function'", "a function (world, dt)"),
            ("pointer", "type(v) == 'function'", "a function (world, e)"),
            ("key", "type(v) == 'function'", "a function (world, key, down)"),
            ("draw", "type(v) == 'function'", "a function (world, canvas)"),
            ("reloaded", "type(v) == 'function'", "a function (world, state)"),
        ]
        let script = "local t = ...\nlocal bad = {}\n"
            + "local function show(v) if type(v) ~= 'table' then return tostring(v) end return '{' .. tostring(v[1] or v.width) .. ', ' .. tostring(v[2] or v.height) .. '}' end\n"
            + rules.map { name, test, _ in "do local v = rawget(t, '\(name)'); if v ~= nil and not (\(test)) then bad[#bad + 1] = '\(name)=' .. show(v) end end\n" }.joined()
            + "if rawget(t, 'load') == nil then bad[#bad + 1] = 'load=nil' end\n"
            + "local keys = {}\nfor k in pairs(t) do if type(k) == 'string' then keys[#keys + 1] = k end end\ntable.sort(keys)\n"
            + "return table.concat(bad, '\\n'), table.concat(keys, '\\n')"
        guard let checker = try? state.load(script, name: "=check"),
              let out = try? state.call(checker, [.reference(table)]),
              case .string(let badText)? = out.first else { return [] }
        var problems: [LevelProblem] = []
        for entry in badText.split(separator: "\n") {
            let parts = entry.split(separator: "=", maxSplits: 1).map(String.init)
            let name = parts[0], value = parts.count > 1 ? parts[1] : "nil"
            let mustBe = rules.first { $0.0 == name }!.2
            let message = name == "load" && value == "nil"
                ? "the level has no load function: give it level.load = function(world, state) ... end"
                : "level field '\(name)' must be \(mustBe), got \(value)"
            let at = line(ofField: name, in: source)
            problems.append(LevelProblem(file: file, line: at, column: column(of: name, line: at, in: source), message: message))
        }
        // A key close to a known one is most likely a typo (`widht`); LÖVE's input callbacks, a port's.
        if out.count > 1, case .string(let keyText) = out[1] {
            let known = surface.levelFields + surface.levelFunctions
            for key in keyText.split(separator: "\n").map(String.init) where !known.contains(key) {
                let message: String
                if let callback = loveCallbacks[key] {
                    message = "unknown level field '\(key)': LÖVE's callback is never called here; " + callback
                } else if let near = nearestName(to: key, in: known) {
                    message = "unknown level field '\(key)'; did you mean '\(near)'?"
                } else {
                    continue
                }
                let at = line(ofField: key, in: source)
                problems.append(LevelProblem(file: file, line: at, column: column(of: key, line: at, in: source), message: message))
            }
        }
        return problems
    }

    /// LÖVE's input callbacks, which a ported level may keep, and where their events come instead.
    static let loveCallbacks: [String: String] = {
        let key = "key presses and releases come to level.key(world, key, down)"
        let pointer = "mouse and touch events come to level.pointer(world, e), e.phase \"began\", \"moved\" or \"ended\""
        return ["keypressed": key, "keyreleased": key, "mousepressed": pointer, "mousereleased": pointer,
                "mousemoved": pointer, "touchpressed": pointer, "touchmoved": pointer, "touchreleased": pointer]
    }()

    /// Images of the items the load made that the static pass did not already report.
    static func imageProblems(_ level: Level, folder: String, sources: [String: String], reported: [LevelProblem]) -> [LevelProblem] {
        var problems: [LevelProblem] = []
        for id in level.world.animator.items {
            guard let image = level.world.appearance[id]?.image, !imageExists(image, folder: folder) else { continue }
            let base = missingImage(image, folder: folder)
            if (reported + problems).contains(where: { $0.message.hasSuffix(base) }) { continue }
            var message = base
            if let name = try? level.world.animator.name(of: id) { message = "item '\(name)': " + message }
            // The line of the literal if the source spells it, else the level file's first line.
            var file = sources.keys.sorted().first ?? folder, line = 1
            for (f, source) in sources.sorted(by: { $0.key < $1.key }) {
                if let l = Self.line(ofLiteral: image, in: source) { file = f; line = l; break }
            }
            problems.append(LevelProblem(file: file, line: line, message: message))
        }
        return problems
    }

    // MARK: - Helpers

    /// Lines ending in luacheck's inline `-- luacheck: ignore` without warning codes: the static passes
    /// report nothing there (with codes, the comment is luacheck's alone).
    static func silencedLines(_ source: String) -> Set<Int> {
        var lines = Set<Int>()
        for (i, text) in source.split(separator: "\n", omittingEmptySubsequences: false).enumerated()
        where text.range(of: #"--\s*luacheck:\s*ignore\s*$"#, options: .regularExpression) != nil {
            lines.insert(i + 1)
        }
        return lines
    }

    static func imageExists(_ image: String, folder: String) -> Bool {
        let full = image.hasPrefix("/") ? image : join(folder.isEmpty ? "." : folder, image)
        var isFolder: ObjCBool = false
        return FileManager.default.fileExists(atPath: full, isDirectory: &isFolder) && !isFolder.boolValue
    }

    static func missingImage(_ image: String, folder: String) -> String {
        "image '\(image)' not found (paths are relative to the level folder \(folder.isEmpty ? "." : folder))"
    }

    /// A problem from a `chunk:line: message` error; chunk names relative to the level folder are
    /// made relative to the current directory again.
    static func problem(fromMessage message: String, folder: String, fallbackFile: String) -> LevelProblem {
        let firstLine = String(message.split(separator: "\n", omittingEmptySubsequences: false).first ?? "")
        if let m = firstLine.range(of: #"^[^:\s][^:]*:[0-9]+: "#, options: .regularExpression) {
            let head = firstLine[m].dropLast(2)
            let colon = head.lastIndex(of: ":")!
            var file = String(head[..<colon])
            let line = Int(head[head.index(after: colon)...]) ?? 1
            if !folder.isEmpty, !file.hasPrefix("/"), !file.hasPrefix(folder + "/") { file = join(folder, file) }
            return LevelProblem(file: file, line: line, message: String(firstLine[m.upperBound...]))
        }
        return LevelProblem(file: fallbackFile, line: 1, message: firstLine)
    }

    /// The line where a level field is set: `name =` in the table, `level.name =` or `function level.name`.
    static func line(ofField name: String, in source: String) -> Int {
        let pattern = #"(^|[^\w.])(function\s+\w+\.)?"# + NSRegularExpression.escapedPattern(for: name) + #"\s*(=[^=]|\()"#
        for (i, text) in source.split(separator: "\n", omittingEmptySubsequences: false).enumerated()
        where text.range(of: pattern, options: .regularExpression) != nil || text.contains(".\(name) =") || text.contains(".\(name)=") {
            return i + 1
        }
        return 1
    }

    /// The 1-based column of the first `name` on that line, or 1.
    static func column(of name: String, line: Int, in source: String) -> Int {
        let lines = source.split(separator: "\n", omittingEmptySubsequences: false)
        guard line >= 1, line <= lines.count, let r = lines[line - 1].range(of: name) else { return 1 }
        return lines[line - 1].unicodeScalars.distance(from: lines[line - 1].unicodeScalars.startIndex, to: r.lowerBound) + 1
    }

    static func line(ofLiteral literal: String, in source: String) -> Int? {
        for (i, text) in source.split(separator: "\n", omittingEmptySubsequences: false).enumerated()
        where text.contains("\"\(literal)\"") || text.contains("'\(literal)'") {
            return i + 1
        }
        return nil
    }

    static func join(_ folder: String, _ name: String) -> String {
        folder.isEmpty || folder == "." ? name : (folder.hasSuffix("/") ? folder + name : folder + "/" + name)
    }
}

/// Warnings collected during a check (the warn callback must be sendable).
final class WarningBox: @unchecked Sendable {
    private let lock = NSLock()
    private var list: [String] = []
    func append(_ s: String) { lock.lock(); list.append(s); lock.unlock() }
    var messages: [String] { lock.lock(); defer { lock.unlock() }; return list }
}
