// Lua's `Canvas`: HUD drawing inside `level.draw(world, canvas)`, recorded as Render HUD commands.
import CLua
import LuaBridge
import SceneDescription

enum CanvasBinding {
    /// The most drawing commands one frame may record: the host keeps them outside the level's
    /// memory cap until the frame is drawn (sandbox.md, "Host limits").
    static let maxCommands = 100_000

    static func register(_ rt: Runtime) -> LuaHandleType<CanvasHandle> {
        LuaHandleType(in: rt.state, name: "Canvas", members: members(rt), describe: { _ in "Canvas" })
    }

    static func members(_ rt: Runtime) -> [LuaMember<CanvasHandle>] {
        unowned(unsafe) let rt = rt  // the member tables live and die with the runtime: no cycle, no per-call retain
        func record(_ function: String, _ command: HUDCommand) throws {
            guard rt.hud != nil else { throw LuaBindingError("\(function) draws only inside level.draw(world, canvas)") }
            guard rt.hud!.count < maxCommands else {
                throw LuaBindingError("\(function): a frame may have at most \(maxCommands) drawing commands")
            }
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
        return [
            .method("text") { lua, _ in
                let text = try lua.text(2, "text", numbers: true)
                let x = try lua.number(3, "x"), y = try lua.number(4, "y")
                let o = try options(lua, 5, ["size", "color", "align"])
                let size = try o?.number("size", default: 16) ?? 16
                let align = TextAlign(rawValue: try o?.choice("align", in: ["left", "center", "right"], default: "left") ?? "left")!
                try record("canvas:text", .text(text, x: x, y: y, size: size, color: try color(o, "color") ?? .black, align: align))
                return 0
            },
            .method("rect") { lua, _ in
                let x = try lua.number(2, "x"), y = try lua.number(3, "y")
                let w = try lua.number(4, "width"), h = try lua.number(5, "height")
                let o = try options(lua, 6, ["fill", "stroke"])
                let fill = try color(o, "fill"), stroke = try color(o, "stroke")
                try record("canvas:rect", .rect(x: x, y: y, width: w, height: h, fill: fill ?? (stroke == nil ? .black : nil), stroke: stroke))
                return 0
            },
            .method("circle") { lua, _ in
                let x = try lua.number(2, "x"), y = try lua.number(3, "y"), r = try lua.number(4, "radius")
                let o = try options(lua, 5, ["fill", "stroke"])
                let fill = try color(o, "fill"), stroke = try color(o, "stroke")
                try record("canvas:circle", .circle(x: x, y: y, radius: r, fill: fill ?? (stroke == nil ? .black : nil), stroke: stroke))
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
        ]
    }
}
