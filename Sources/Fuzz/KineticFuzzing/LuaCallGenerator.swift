// Random Lua statements over the whole `kinetic` surface, read from `APISurface.current()` so that a
// binding added later is fuzzed without touching this file. Arguments are plausible most of the
// time and hostile the rest: wrong types, nil, NaN, ±inf, huge and negative numbers, removed items
// and behaviours, callbacks that re-enter the world (remove the item whose callback runs, add
// behaviours during a collision callback, step the world from inside a step), string patterns
// that backtrack for minutes inside one library call, and shapes that load the host rather than
// Lua's allocator (self-unioned and deep regions, deep behaviour trees, behaviours added every
// step, long text, HUD floods).
import KineticLua

/// Builds Lua source text for one fuzz sequence. Objects live in the Lua globals `W` (the level's
/// world), `I` (items), `B` (behaviours), `R` (regions) and `WORLDS` (every world made).
struct LuaCallGenerator {
    var rng: SeededRandom
    let surface: APISurface
    /// Behaviour type names as `tostring` shows them (`Gravity`, `Collision`, …).
    let behaviorTypes: [APISurface.TypeSurface]
    let itemType: APISurface.TypeSurface?
    let worldType: APISurface.TypeSurface?
    let regionType: APISurface.TypeSurface?

    init(seed: UInt64, surface: APISurface) {
        rng = SeededRandom(seed: seed)
        self.surface = surface
        let special = ["World", "Item", "Region", "Canvas"]
        behaviorTypes = surface.types.filter { !special.contains($0.name) }
        itemType = surface.types.first { $0.name == "Item" }
        worldType = surface.types.first { $0.name == "World" }
        regionType = surface.types.first { $0.name == "Region" }
    }

    // MARK: - Values

    /// Numbers at the edges of every range a host converts them to: NaN, ±inf, huge and tiny,
    /// subnormal (1e-320, the smallest 5e-324), negative zero, 2⁵³ + 1 (the first integer a double
    /// cannot hold), integers past Int64 (Lua reads them as floats), and seconds of days and eons.
    static let hostileNumbers = ["0/0", "-(0/0)", "1/0", "-1/0", "1e308", "-1e308", "1e300", "-1e300", "math.maxinteger",
                                 "math.mininteger", "-1", "0", "2^53", "9007199254740993", "2^53 + 1", "9223372036854775808",
                                 "-9223372036854775809", "1e19", "1e-300", "1e-320", "-1e-320", "5e-324", "-0.0", "-5000",
                                 "1e15", "1e6", "3601"]

    mutating func hostileNumber() -> String { rng.pick(Self.hostileNumbers) }

    mutating func number(_ range: ClosedRange<Double> = -500...1_000) -> String {
        if rng.chance(0.15) { return hostileNumber() }
        return rng.chance(0.3) ? String(rng.int(Int(range.lowerBound)...Int(range.upperBound))) : String(rng.uniform(range))
    }

    mutating func point() -> String {
        switch rng.int(0...9) {
        case 0: return rng.pick(["{}", "{1}", "{'a', 'b'}", "{x = 'a'}", "{0/0, 1}", "{1/0, 2}", "'1,2'"])
        case 1, 2: return "{x = \(number()), y = \(number())}"
        default: return "{\(number()), \(number())}"
        }
    }

    mutating func size() -> String {
        rng.chance(0.15) ? rng.pick(["{0, 0}", "{-10, 10}", "{0/0, 5}", "{1e308, 1e308}", "{}", "{5000, 0.5}",
                                     "{1e-320, 10}", "{10, 5e-324}", "{1e-160, 10}", "{1e-300, 1e-300}", "{1e300, 1}", "{-0.0, 1}",
                                     "{\(hostileNumber()), \(hostileNumber())}"])
            : "{\(String(rng.logUniform(0.5...5_000))), \(String(rng.logUniform(0.5...5_000)))}"
    }

    mutating func frame() -> String {
        rng.chance(0.15) ? rng.pick(["{0, 0, -10, 10}", "{0/0, 0, 10, 10}", "{}", "{x = 1, y = 2}", "{0, 0, 1e308, 1}",
                                     "{0, 0, 1e-320, 10}", "{1e300, 0, 10, 10}", "{\(hostileNumber()), \(hostileNumber()), \(hostileNumber()), \(hostileNumber())}"])
            : "{\(number(0...375)), \(number(0...667)), \(String(rng.logUniform(0.5...500))), \(String(rng.logUniform(0.5...500)))}"
    }

    mutating func item() -> String {
        rng.chance(0.9) ? "I[\(rng.int(1...12))]" : rng.pick(["W", "B[1]", "{}", "nil", "'ball'", "R[1]"])
    }

    mutating func behavior() -> String {
        rng.chance(0.9) ? "B[\(rng.int(1...12))]" : rng.pick(["I[1]", "W", "{}", "nil", "kinetic", "R[1]"])
    }

    mutating func region() -> String {
        rng.chance(0.8) ? "R[\(rng.int(1...6))]" : rng.pick(["kinetic.region.infinite", "kinetic.region.empty", "I[1]", "{}", "nil"])
    }

    mutating func someName() -> String {
        rng.chance(0.1) ? longText()
            : rng.pick(["'ball'", "'box'", "'floor'", "'a'", "''", "'bounds'", "string.rep('n', 300)", "'ball'", "'w\\0x'"])
    }

    /// Text at, just over and far over the host's text limit (1024 bytes).
    mutating func longText() -> String {
        rng.pick(["string.rep('x', 1024)", "string.rep('x', 1025)", "string.rep('x', 20 * 1024 * 1024)"])
    }

    mutating func colour() -> String {
        rng.pick(["'#ff0000'", "'#00ff0080'", "'red'", "'rebeccapurple'", "'#zzz'", "''", "'#12345'", "'transparent'"])
    }

    /// A pattern of random items (classes, sets, %b, %f, captures, back references, anchors,
    /// quantifiers), malformed now and then.
    mutating func pattern() -> String {
        let items = ["a", ".", "%a", "%d", "%s", "%w", "%W", "[ab]", "[^a]", "[a-c]", "[%d_]", "%b()", "%f[%w]",
                     "(", ")", "()", "%1", "^", "$", "%", "[", "%g"]
        let quantifiers = ["", "", "*", "+", "-", "?"]
        let text = (0..<rng.int(0...8)).map { _ in rng.pick(items) + rng.pick(quantifiers) }.joined()
        return "'" + text + "'"
    }

    /// A string function call on a pattern: mostly shapes whose backtracking takes exponential or
    /// polynomial time (the budgets must stop them), sometimes a random pattern on a random subject.
    mutating func patternCall() -> String {
        let n = rng.pick([20, 60, 300, 5_000])
        let k = rng.pick([10, 40, 200])
        switch rng.int(0...7) {
        case 0: return "local _ = ('a'):rep(\(n)):find(('a-'):rep(\(k)) .. 'b')"
        case 1: return "local _ = ('a'):rep(\(n)):match(('a*'):rep(\(k)) .. 'b')"
        case 2: return "local _ = string.gsub(('a'):rep(\(n)), ('(a?)'):rep(\(k)) .. ('a'):rep(\(k)), '%1')"
        case 3: return "for _ in ('ab'):rep(\(n)):gmatch(('%w-'):rep(\(k)) .. 'x') do end"
        case 4: return "local _ = ('x'):rep(\(n * 100)):find(('x'):rep(\(n * 10)) .. 'y', 1, true)"
        case 5: return "local _ = ('('):rep(\(n)):gsub('%b()', \(rng.pick(["'x'", "{}", "print"])))"
        default:
            let subject = rng.pick(["'hello (world) 42'", "('ab'):rep(\(n))", "''", "'a\\0b'"])
            let start = rng.chance(0.5) ? ", \(number(-5...20))" : ""
            switch rng.int(0...3) {
            case 0: return "local _ = string.find(\(subject), \(pattern())\(start))"
            case 1: return "local _ = string.match(\(subject), \(pattern())\(start))"
            case 2: return "for _ in string.gmatch(\(subject), \(pattern())\(start)) do end"
            default: return "local _ = string.gsub(\(subject), \(pattern()), \(rng.pick(["'%0'", "'%9'", "{}", "print", "1"])))"
            }
        }
    }

    mutating func list(_ element: (inout LuaCallGenerator) -> String) -> String {
        let n = rng.int(0...4)
        return "{" + (0..<n).map { _ in element(&self) }.joined(separator: ", ") + "}"
    }

    /// A value of any type.
    mutating func any(depth: Int = 0) -> String {
        switch rng.int(0...12) {
        case 0: return "nil"
        case 1: return rng.pick(["true", "false"])
        case 2: return number()
        case 3: return someName()
        case 4: return point()
        case 5: return item()
        case 6: return behavior()
        case 7: return region()
        case 8: return function(depth: depth + 1, parameters: "...")
        case 9: return "W"
        case 10: return rng.pick(["{}", "setmetatable({}, {__index = function() error('trap') end})", "coroutine.create(function() end)"])
        case 11: return frame()
        default: return hostileNumber()
        }
    }

    /// A function literal whose body is 0–3 random statements (a callback).
    mutating func function(depth: Int, parameters: String) -> String {
        guard depth < 3 else { return rng.pick(["function() end", "function() error('boom') end", "print"]) }
        switch rng.int(0...9) {
        case 0: return "function() error('callback failed') end"
        case 1: return "function() error({code = 1}) end"
        case 2: return "function() while true do end end"
        case 3: return "function() local t = {} for i = 1, 1e9 do t[i] = i end end"
        default:
            let body = (0..<rng.int(0...3)).map { _ in statement(depth: depth) }.joined(separator: "; ")
            return "function(\(parameters)) \(body) end"
        }
    }

    // MARK: - Fields and arguments

    /// A plausible value for a definition field, by its name; a fifth of the time any value.
    mutating func field(_ name: String, depth: Int) -> String {
        if rng.chance(0.2) { return any(depth: depth) }
        switch name {
        case "center", "point", "anchor", "position", "offset", "toOffset", "direction", "axis", "from":
            return point()
        case "to", "item": return item()
        case "items": return list { $0.item() }
        case "children": return list { $0.behavior() }
        case "frame": return frame()
        case "size": return size()
        case "range": return rng.chance(0.8) ? "{\(number(-10...0)), \(number(0...10))}" : "{5, -5}"
        case "path": return rng.chance(0.7) ? "{{-10, -10}, {10, -10}, {10, 10}, {-10, 10}}" : list { $0.point() }
        case "parts":
            return "{ {bounds = 'ellipse', center = \(point()), size = \(size())}, {frame = \(frame())}, {bounds = 'path', path = {{0, 0}, {10, 0}, {0, 10}}} }"
        case "boundaries": return "{ {id = 'wall', from = \(point()), to = \(point())}, {id = \(someName()), path = {{0, 0}, {100, 0}, {100, 100}}} }"
        case "bounds": return rng.pick(["'rectangle'", "'ellipse'", "'path'", "'hexagon'", "3"])
        case "mode": return rng.pick(["'everything'", "'items'", "'boundaries'", "'continuous'", "'instantaneous'", "'sideways'"])
        case "kind":
            return rng.pick(["'linearGravity'", "'radialGravity'", "'noise'", "'turbulence'", "'spring'", "'electric'", "'magnetic'",
                             "'vortex'", "'drag'", "'velocity'", "'custom'", "'antigravity'"])
        case "referenceBounds": return rng.pick(["true", "false", "{top = 0, left = 0, bottom = 10, right = 10}", "{top = 0/0}"])
        case "began", "ended": return function(depth: depth + 1, parameters: "a, b, p")
        case "action": return function(depth: depth + 1, parameters: "w, dt")
        case "evaluate": return rng.chance(0.5) ? "function(x, y, vx, vy, m, q, t) return \(number()), \(number()) end" : function(depth: depth + 1, parameters: "...")
        case "fill", "stroke", "background", "color": return colour()
        case "name", "label", "title", "id": return someName()
        case "image": return rng.pick(["'ball.png'", "'missing.png'", "'corrupt.png'", "'../outside.png'", "'/etc/passwd'"])
        case "active", "anchored", "kinematic", "allowsRotation", "hidden", "release": return rng.pick(["true", "false"])
        case "region": return region()
        case "oneWay": return rng.pick(["true", "false", "{0, -1}", "{0, 1}", "{1, 1}", "{0, 0}", point()])
        case "magnitude", "strength": return number(-5...5)
        case "fps": return rng.pick(["60", "30", "0", "-1", "1e9", "0/0", "120", "1000", "1001", hostileNumber()])
        case "substeps": return rng.pick(["4", "1", "0", "-3", "1000", "1e12", hostileNumber()])
        case "width", "height": return rng.chance(0.8) ? String(rng.logUniform(1...2_000)) : hostileNumber()
        case "seed": return rng.pick(["1", "42", "-1", "1e300", "0/0", hostileNumber()])
        case "duration", "damping", "frequency", "length", "elasticity", "friction", "density", "resistance",
             "angularResistance", "charge", "radius", "falloff", "minimumRadius", "smoothness", "animationSpeed",
             "frictionTorque", "frictionForce", "motorSpeed", "strokeWidth", "cornerRadius", "opacity", "z", "angle":
            return rng.chance(0.85) ? String(rng.uniform(0...(name == "opacity" ? 1 : 3))) : hostileNumber()
        default: return number()
        }
    }

    mutating func table(fields: [String], depth: Int) -> String {
        let chosen = fields.filter { _ in rng.chance(0.5) }
        var parts = chosen.map { "\($0) = \(field($0, depth: depth))" }
        if rng.chance(0.1) { parts.append("unknownField = 1") }
        if rng.chance(0.05) { parts.append("[1] = 2") }
        return "{" + parts.joined(separator: ", ") + "}"
    }

    /// Arguments for a method, by its name; unknown methods get 0–3 values of any type.
    mutating func arguments(_ method: String, depth: Int) -> String {
        switch method {
        case "addItem" where rng.chance(0.5): return item()
        case "addItem", "removeItem", "linearVelocity", "angularVelocity": return item()
        case "item": return someName()
        case "itemsIn": return frame()
        case "itemsAt": return point()
        case "raycast", "raycastAll": return "\(point()), \(point())"
        case "itemsOverlapping": return table(fields: ["center", "size", "bounds", "angle"], depth: depth)
        case "addBehavior", "removeBehavior", "addChild", "removeChild": return behavior()
        case "on": return "\(rng.pick(["'pause'", "'resume'", "'explode'"])), \(function(depth: depth + 1, parameters: "w"))"
        case "step": return rng.chance(0.85) ? String(rng.int(0...3)) : rng.pick(["-1", "0/0", "1.5", "'2'", "{}", hostileNumber()])
        case "run": return rng.chance(0.85) ? String(rng.uniform(0...0.1)) : rng.pick(["'1'", "1e-9", hostileNumber()])
        case "runUntil": return "\(function(depth: depth + 1, parameters: "")), \(rng.chance(0.85) ? "0.05" : hostileNumber())"
        case "pointer": return "{phase = \(rng.pick(["'began'", "'moved'", "'ended'", "'tapped'"])), x = \(number()), y = \(number()), id = \(rng.int(1...3))}"
        case "drag": return "{from = \(point()), to = \(point()), duration = \(rng.chance(0.8) ? "0.05" : hostileNumber()), release = \(rng.pick(["true", "false"]))}"
        case "key": return "\(rng.pick(["'space'", "'left'", "'a'", "''", "1"])), \(rng.pick(["true", "false", "nil"]))"
        case "screenshot": return rng.pick(["'shot.png'", "'../escape.png'", "'/tmp/kinetic-fuzz-escape.png'", "'missing/dir/x.png'", "''", "1"])
        case "moveTo": return "\(number()), \(number())" + (rng.chance(0.5) ? ", \(number(-7...7))" : "")
        case "addBoundary": return rng.chance(0.8) ? "{id = \(someName()), from = \(point()), to = \(point())}" : "{id = 'p', path = \(field("path", depth: depth))}"
        case "removeBoundary": return someName()
        case "addLinearVelocity": return "\(item()), \(number()), \(number())"
        case "addAngularVelocity": return "\(item()), \(number(-20...20))"
        case "union", "intersection", "difference": return region()
        case "contains": return "\(number()), \(number())"
        default: return (0..<rng.int(0...3)).map { _ in any(depth: depth + 1) }.joined(separator: ", ")
        }
    }

    /// The fields of the fuzz level's table: the usual ones, or a fifth of the time hostile numbers
    /// for those a host turns into a step count or a pixel size.
    static let usualLevelFields = "width = 375, height = 667, seed = 7"

    mutating func levelFields() -> String {
        guard rng.chance(0.2) else { return Self.usualLevelFields }
        let fields = ["width", "height", "duration", "fps", "substeps", "seed"].filter { _ in rng.chance(0.4) }
        return (["seed = 7"] + fields.map { "\($0) = \(hostileNumber())" }).joined(separator: ", ")
    }

    // MARK: - Statements

    /// One statement: a constructor, a method call, a property read or write, a reentrant callback,
    /// or a load on the host.
    mutating func statement(depth: Int = 0) -> String {
        switch rng.int(0...21) {
        case 0, 1:
            let fields = surface.constructors.first { $0.name == "world:addItem" }?.fields ?? ["name", "center", "size"]
            return "I[#I + 1] = W:addItem\(table(fields: fields, depth: depth))"
        case 2, 3:
            let ctors = surface.constructors.filter { $0.name.hasPrefix("kinetic.") && !["kinetic.load", "kinetic.world", "kinetic.region"].contains($0.name) }
            let ctor = rng.pick(ctors)
            return "B[#B + 1] = \(ctor.name)\(table(fields: ctor.fields, depth: depth))"
        case 4:
            return rng.chance(0.7) ? "R[#R + 1] = kinetic.region\(rng.pick(["{radius = \(number(0...300))}", "{size = \(size())}", "{}", "{radius = -1}"]))"
                : "R[#R + 1] = \(region()):\(rng.pick(["inverse()", "union(\(region()))", "intersection(\(region()))", "difference(\(region()))"]))"
        case 5: return "W:addBehavior(\(behavior()))"
        case 6: return rng.pick(["W:removeItem(\(item()))", "W:removeBehavior(\(behavior()))", "W:removeAllBehaviors()"])
        case 7, 8: return call(on: "W", worldType, depth: depth)
        case 9, 10: return call(on: item(), itemType, depth: depth)
        case 11, 12:
            guard let type = behaviorTypes.randomElement(using: &rng) else { return "W:step(1)" }
            return call(on: behavior(), type, depth: depth)
        case 13: return call(on: region(), regionType, depth: depth)
        case 14: return reentrant()
        case 15: return "W:step(\(rng.int(1...3)))"
        case 16: return rng.pick(["collectgarbage()", "collectgarbage('step')", "UPDATE = \(function(depth: depth + 1, parameters: "w, dt"))",
                                  "POINTER = \(function(depth: depth + 1, parameters: "w, e"))", "KEY = \(function(depth: depth + 1, parameters: "w, k, d"))"])
        case 17:
            return rng.chance(0.5) ? "WORLDS[#WORLDS + 1] = kinetic.world\(table(fields: ["width", "height", "fps", "substeps", "seed"], depth: depth))"
                : "do local w = WORLDS[\(rng.int(1...4))]; if w then \(call(on: "w", worldType, depth: depth)) end end"
        case 18: return "local ok = require('kinetic') == kinetic; assert(ok)"
        case 19: return patternCall()
        case 20: return hostLoad()
        default:
            return "\(item()).\(rng.pick(["center", "angle", "velocity", "angularVelocity"])) = \(rng.chance(0.5) ? point() : number())"
        }
    }

    /// A method call, property read or property write on `receiver` of `type`.
    mutating func call(on receiver: String, _ type: APISurface.TypeSurface?, depth: Int) -> String {
        guard let type else { return "local _ = tostring(\(receiver))" }
        let kind = rng.int(0...9)
        if kind < 5, let method = type.methods.randomElement(using: &rng) {
            if method == "drag" || method == "addBoundary" { return "\(receiver):\(method)\(arguments(method, depth: depth))" }
            return "\(receiver):\(method)(\(arguments(method, depth: depth)))"
        }
        if kind < 8, let property = type.writable.randomElement(using: &rng) {
            return "\(receiver).\(property) = \(field(property, depth: depth))"
        }
        if let property = type.properties.randomElement(using: &rng) {
            return "local _ = \(receiver).\(property)"
        }
        return "local _ = tostring(\(receiver))"
    }

    /// Work the host does on the level's behalf, outside its memory cap and its time budget: each
    /// shape sits just under, at, or far over a host limit (sandbox.md, "Host limits").
    mutating func hostLoad() -> String {
        switch rng.int(0...5) {
        case 0:
            let r = rng.chance(0.7) ? "kinetic.region{radius = 5}" : region()
            return "do local r = \(r); for _ = 1, \(rng.pick([9, 10, 25, 60])) do r = r:union(r) end; R[#R + 1] = r; local _ = tostring(r), r:contains(1, 1) end"
        case 1:
            let op = rng.pick(["union", "intersection", "difference"])
            return "do local r = kinetic.region{radius = 1}; for i = 1, \(rng.pick([511, 512, 600, 300000])) do r = r:\(op)(kinetic.region{radius = i}) end; R[#R + 1] = r end"
        case 2:
            return "do local b = kinetic.behavior{}; for _ = 2, \(rng.pick([99, 100, 101, 200000])) do local p = kinetic.behavior{}; p:addChild(b); b = p end; B[#B + 1] = b; W:addBehavior(b) end"
        case 3:
            return "UPDATE = function(w, dt) for _ = 1, \(rng.pick([50, 500])) do w:addBehavior(kinetic.\(rng.pick(["behavior", "gravity"])){}) end end"
        case 4:
            return "\(item()).\(rng.pick(["label", "name"])) = \(longText())"
        default:
            return "DRAW = function(w, c) c:text(\(longText()), 0, 0); for _ = 1, \(rng.pick([10, 100001])) do c:rect(0, 0, 1, 1) end end"
        }
    }

    /// The reentrant cases the issue names, on random objects.
    mutating func reentrant() -> String {
        let k = rng.int(1...12)
        switch rng.int(0...7) {
        case 0: return "B[#B + 1] = kinetic.collision{items = {I[\(k)], I[\(k + 1)]}, referenceBounds = true, began = function(a, b, p) W:removeItem(a) end}; W:addBehavior(B[#B])"
        case 1: return "B[#B + 1] = kinetic.collision{items = {I[\(k)]}, referenceBounds = true, began = function(a, b, p) W:addBehavior(kinetic.gravity{items = {a}}) end}; W:addBehavior(B[#B])"
        case 2: return "if B[\(k)] then B[\(k)].action = function(w, dt) w:step(1) end end"
        case 3: return "if B[\(k)] then B[\(k)].action = function(w, dt) w:removeBehavior(B[\(k)]) end end"
        case 4: return "if B[\(k)] then B[\(k)].action = function(w, dt) for _, it in ipairs(w:items()) do w:removeItem(it) end end end"
        case 5: return "UPDATE = function(w, dt) w:run(0.1) end"
        case 6: return "B[#B + 1] = kinetic.collision{items = {I[\(k)]}, referenceBounds = true, ended = function(a, b) W:removeAllBehaviors(); W:step(1) end}; W:addBehavior(B[#B])"
        default: return "W:on('pause', function(w) w:step(1); w:addItem{center = {10, 10}, size = {5, 5}} end)"
        }
    }
}
