// Lua's `Canvas`: drawing inside `level.draw(world, canvas)`, recorded as HUD commands: shapes, text,
// images and sprite-sheet frames, and LÖVE's transform stack (push, pop, translate, rotate, scale).
import KineticLuaBridge
import KineticPhysics
import KineticScene

enum CanvasBinding {
    /// The most drawing commands one frame may record (a polygon counts one per point): the host
    /// keeps them outside the level's memory cap until the frame is drawn (sandbox.md, "Host limits").
    static let maxCommands = 100_000
    /// How deep `canvas:push` may nest (LÖVE's limit): a push never popped is a mistake, and the
    /// renderer keeps one saved state per level.
    static let maxPushDepth = 64
    /// The arc types `canvas:arc` takes.
    static let arcTypes = ArcType.allCases.map(\.rawValue)

    static func register(_ rt: Runtime) -> LuaHandleType<CanvasHandle> {
        LuaHandleType(in: rt.state, name: "Canvas", members: members(rt), describe: { _ in "Canvas" })
    }

    static func members(_ rt: Runtime) -> [LuaMember<CanvasHandle>] {
        unowned(unsafe) let rt = rt  // the member tables live and die with the runtime: no cycle, no per-call retain
        /// Checks that `function` draws inside `level.draw` and that `cost` more commands fit in the frame.
        func reserve(_ function: String, _ cost: Int = 1) throws {
            guard let hud = rt.hud else { throw LuaBindingError("\(function) draws only inside level.draw(world, canvas)") }
            guard hud.count + cost <= maxCommands else {
                throw LuaBindingError("\(function): a frame may have at most \(maxCommands) drawing commands")
            }
        }
        func record(_ function: String, _ command: HUDCommand) throws {
            try reserve(function)
            rt.hud!.append(command)
        }
        /// The options table at `index` (nil allowed), checked against `known`.
        func options(_ lua: Lua, _ index: Int32, _ known: [String]) throws -> LuaTable? {
            guard !lua.isNil(index) else { return nil }
            let t = try lua.table(index, "options")
            try t.checkFields(known)
            return t
        }
        func color(_ t: LuaTable?, _ name: String) throws -> Color? {
            try t?.optionalColor(name)
        }
        /// A shape's style: `fill` and `stroke` (filled black when neither is given) and `strokeWidth`.
        func style(_ t: LuaTable?) throws -> (fill: Color?, stroke: Color?, width: Double) {
            let fill = try color(t, "fill"), stroke = try color(t, "stroke")
            let width = try t?.number("strokeWidth", default: 1) ?? 1
            guard width >= 0, width.isFinite else {
                throw LuaArgumentError(.field("strokeWidth"), mustBe: "a width of 0 points or more", got: String(width))
            }
            return (fill ?? (stroke == nil ? .black : nil), stroke, width)
        }
        let shapeOptions = ["fill", "stroke", "strokeWidth"]
        return [
            .method("text") { lua, _ in
                let text = try lua.text(2, "text", numbers: true)
                let x = try lua.number(3, "x"), y = try lua.number(4, "y")
                let o = try options(lua, 5, ["size", "color", "align", "width"])
                let size = try o?.number("size", default: 16) ?? 16
                let align = TextAlign(rawValue: try o?.choice("align", in: ["left", "center", "right"], default: "left") ?? "left")!
                let width = try o?.optionalNumber("width")
                if let width, !(width > 0 && width.isFinite) {
                    throw LuaArgumentError(.field("width"), mustBe: "a width of points above 0", got: String(width))
                }
                try record("canvas:text", .text(text, x: x, y: y, size: size, color: try color(o, "color") ?? .black,
                                                align: align, width: width))
                return 0
            },
            .method("rect") { lua, _ in
                let x = try lua.number(2, "x"), y = try lua.number(3, "y")
                let w = try lua.number(4, "width"), h = try lua.number(5, "height")
                let o = try options(lua, 6, shapeOptions + ["cornerRadius"])
                let s = try style(o)
                let radius = try o?.number("cornerRadius", default: 0) ?? 0
                guard radius >= 0, radius.isFinite else {
                    throw LuaArgumentError(.field("cornerRadius"), mustBe: "a radius of 0 points or more", got: String(radius))
                }
                try record("canvas:rect", .rect(x: x, y: y, width: w, height: h, fill: s.fill, stroke: s.stroke,
                                                strokeWidth: s.width, cornerRadius: radius))
                return 0
            },
            .method("circle") { lua, _ in
                let x = try lua.number(2, "x"), y = try lua.number(3, "y"), r = try lua.number(4, "radius")
                let s = try style(try options(lua, 5, shapeOptions))
                try record("canvas:circle", .circle(x: x, y: y, radius: r, fill: s.fill, stroke: s.stroke, strokeWidth: s.width))
                return 0
            },
            .method("line") { lua, _ in
                let x1 = try lua.number(2, "x1"), y1 = try lua.number(3, "y1")
                let x2 = try lua.number(4, "x2"), y2 = try lua.number(5, "y2")
                let o = try options(lua, 6, ["color", "width"])
                try record("canvas:line", .line(x1: x1, y1: y1, x2: x2, y2: y2, color: try color(o, "color") ?? .black,
                                                width: try o?.number("width", default: 1) ?? 1))
                return 0
            },
            .method("polygon") { lua, _ in
                guard lua.isTable(2) else {
                    throw LuaArgumentError(.named("points", at: 2), mustBe: "a list of points {{x, y}, ...}", got: lua.describe(2))
                }
                // Counted before reading, so a list of millions of points is refused, not copied.
                let count = lua.rawLength(2)
                guard count >= 3 else {
                    throw LuaArgumentError(.named("points", at: 2), mustBe: "a list of at least 3 points {{x, y}, ...}", got: "\(count) points")
                }
                try reserve("canvas:polygon", count)
                let points = try lua.points(2, "points")
                let s = try style(try options(lua, 3, shapeOptions))
                try record("canvas:polygon", .polygon(points, fill: s.fill, stroke: s.stroke, strokeWidth: s.width))
                return 0
            },
            .method("arc") { lua, _ in
                let x = try lua.number(2, "x"), y = try lua.number(3, "y"), r = try lua.number(4, "radius")
                let from = try lua.number(5, "from"), to = try lua.number(6, "to")
                let o = try options(lua, 7, shapeOptions + ["type"])
                let type = ArcType(rawValue: try o?.choice("type", in: arcTypes, default: "pie") ?? "pie")!
                let s = try style(o)
                try record("canvas:arc", .arc(x: x, y: y, radius: r, from: from, to: to, type: type,
                                              fill: s.fill, stroke: s.stroke, strokeWidth: s.width))
                return 0
            },
            .method("image") { lua, _ in
                try reserve("canvas:image")
                let path = try lua.text(2, "path")
                let x = try lua.number(3, "x"), y = try lua.number(4, "y")
                let o = try options(lua, 5, ["width", "height", "angle", "opacity", "source"])
                func side(_ name: String) throws -> Double? {
                    guard let v = try o?.optionalNumber(name) else { return nil }
                    guard v > 0, v.isFinite else { throw LuaArgumentError(.field(name), mustBe: "a number of points above 0", got: String(v)) }
                    return v
                }
                let width = try side("width"), height = try side("height")
                let opacity = try o?.number("opacity", default: 1) ?? 1
                guard (0...1).contains(opacity) else {
                    throw LuaArgumentError(.field("opacity"), mustBe: "a number from 0 to 1", got: String(opacity))
                }
                var source: Rect?
                if let f = try o?.optionalFrame("source") {
                    guard f.width > 0, f.height > 0, [f.x, f.y, f.width, f.height].allSatisfy(\.isFinite) else {
                        throw LuaArgumentError(.field("source"), mustBe: "a rectangle {x, y, width, height} of image pixels, width and height above 0",
                                               got: "{\(f.x), \(f.y), \(f.width), \(f.height)}")
                    }
                    source = Rect(x: f.x, y: f.y, width: f.width, height: f.height)
                }
                let angle = try o?.number("angle", default: 0) ?? 0
                // The world whose level is drawing: its folder is where the image's path starts.
                guard let world = rt.drawingWorld else { throw LuaBindingError("canvas:image draws only inside level.draw(world, canvas)") }
                let file: String
                switch rt.imagePath(path, world) {
                case .success(let f): file = f
                case .failure(let error):
                    let hint = error.isOutside ? " (run with --trust to lift the sandbox)" : ""
                    throw LuaBindingError("canvas:image: \(error.message)\(hint)")
                }
                try record("canvas:image", .image(path: file, x: x, y: y, width: width, height: height, angle: angle,
                                                  opacity: opacity, source: source))
                return 0
            },

            // MARK: Transforms
            .method("push") { lua, _ in
                let o = try options(lua, 2, ["world"])
                let world = try o?.boolean("world", default: false) ?? false
                try reserve("canvas:push")
                guard rt.hudDepth < maxPushDepth else {
                    throw LuaBindingError("canvas:push: pushes may nest at most \(maxPushDepth) deep; pop what you push")
                }
                rt.hudDepth += 1
                try record("canvas:push", .push(world: world))
                return 0
            },
            .method("pop") { _, _ in
                try reserve("canvas:pop")
                guard rt.hudDepth > 0 else { throw LuaBindingError("canvas:pop: there is no canvas:push to undo") }
                rt.hudDepth -= 1
                try record("canvas:pop", .pop)
                return 0
            },
            .method("translate") { lua, _ in
                let x = try lua.number(2, "x"), y = try lua.number(3, "y")
                try record("canvas:translate", .translate(x: x, y: y))
                return 0
            },
            .method("rotate") { lua, _ in
                try record("canvas:rotate", .rotate(try lua.number(2, "angle")))
                return 0
            },
            .method("scale") { lua, _ in
                let x = try lua.number(2, "x")
                let y = try lua.optionalNumber(3, "y") ?? x
                for (v, name) in [(x, "x"), (y, "y")] where !(v.isNormal) {
                    throw LuaArgumentError(.named(name, at: name == "x" ? 2 : 3), mustBe: "a non-zero factor", got: String(v))
                }
                try record("canvas:scale", .scale(x: x, y: y))
                return 0
            },
        ]
    }
}
