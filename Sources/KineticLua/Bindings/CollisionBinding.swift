// Lua's `Collision`: `kinetic.collision{ items=, mode=, referenceBounds=, boundaries=, began=, ended= }`.
// Callbacks are read from the animator's events after the step: `began(a, b, point, speed)`,
// `ended(a, b)`, where `b` is an item, a boundary id, or "bounds" for the reference bounds.
import KineticDynamics
import KineticLuaBridge
import KineticPhysics

enum CollisionBinding {
    static let fields = ["items", "mode", "referenceBounds", "boundaries", "began", "ended", "action"]
    static let modes = ["everything", "items", "boundaries"]

    static func construct(_ rt: Runtime, _ lua: Lua) throws -> Int32 {
        let collision = CollisionBehavior()
        guard let def = try BehaviorBinding.optionalDefinition(rt, lua, collision, .collision, fields: fields) else { return 1 }
        return try BehaviorBinding.finish(rt, lua, def, collision, .collision, fields: fields)
    }

    /// Adds the boundary `{id=, from=, to=}` or `{id=, path=, closed=}` (open unless the path returns to its first point) at `index`.
    static func addBoundary(_ rt: Runtime, _ c: CollisionBehavior, _ lua: Lua, at index: Int32, _ name: String) throws {
        let def = try lua.table(index, name)
        do { try def.checkFields(["id", "from", "to", "path", "closed"]) } catch {
            throw LuaArgumentError(message: "\(name): \(error.message)")
        }
        let id = try def.read("id") { i, name throws(LuaArgumentError) in try lua.text(i, name) }
        if def.has("path") {
            var path = try def.read("path") { i in try lua.points(i, "path") }
            // Like a UIBezierPath, a point list is an open chain unless it comes back to its first
            // point (or says `closed = true`); the repeated point itself is dropped.
            let returnsToStart = path.count >= 4 && distance(path[0], path[path.count - 1]) < 1e-9
            if returnsToStart { path.removeLast() }
            let closed = try def.boolean("closed", default: returnsToStart)
            try rt.dynamics("Collision:addBoundary") { () throws(DynamicsError) in try c.addBoundary(withIdentifier: id, path: path, closed: closed) }
        } else {
            let from = try def.point("from"), to = try def.point("to")
            try rt.dynamics("Collision:addBoundary") { () throws(DynamicsError) in try c.addBoundary(withIdentifier: id, from: from, to: to) }
        }
    }

    static func members(_ rt: Runtime) -> [LuaMember<BehaviorHandle>] {
        unowned(unsafe) let rt = rt  // the member tables live and die with the runtime: no cycle, no per-call retain
        func c(_ h: BehaviorHandle) -> CollisionBehavior { rt.entry(h).behavior as! CollisionBehavior }
        return [
            .property("mode", get: { lua, h in
                let m = c(h).collisionMode
                lua.push(m == .everything ? "everything" : m == .items ? "items" : "boundaries")
            }, set: { lua, h, v in
                switch try lua.choice(v, "mode", in: modes) {
                case "items": c(h).collisionMode = .items
                case "boundaries": c(h).collisionMode = .boundaries
                default: c(h).collisionMode = .everything
                }
            }),
            .property("referenceBounds", get: { lua, h in
                let b = c(h)
                let i = b.referenceBoundsInsets
                if !b.translatesReferenceBoundsIntoBoundary { lua.push(false) } else if i == .zero { lua.push(true) } else {
                    lua.reserve(3)
                    lua.pushTable(fields: 4)
                    lua.push(i.top); lua.setField("top", inTableAt: -2)
                    lua.push(i.left); lua.setField("left", inTableAt: -2)
                    lua.push(i.bottom); lua.setField("bottom", inTableAt: -2)
                    lua.push(i.right); lua.setField("right", inTableAt: -2)
                }
            }, set: { lua, h, v in
                let b = c(h)
                if lua.isBoolean(v) {
                    b.referenceBoundsInsets = .zero
                    b.translatesReferenceBoundsIntoBoundary = lua.isTruthy(v)
                    return
                }
                guard lua.isTable(v) else {
                    throw LuaArgumentError(.field("referenceBounds"), mustBe: "false, true or insets {top=, left=, bottom=, right=}",
                                           got: lua.describe(v))
                }
                let t = try lua.table(v, "referenceBounds")
                try t.checkFields(["top", "left", "bottom", "right"])
                let insets = EdgeInsets(top: try t.number("top", default: 0), left: try t.number("left", default: 0),
                                        bottom: try t.number("bottom", default: 0), right: try t.number("right", default: 0))
                try rt.checked(b, "Collision.referenceBounds") { b.setTranslatesReferenceBoundsIntoBoundary(insets: insets) }
            }),
            .property("boundaries", get: { lua, h in
                let b = c(h)
                let ids = b.boundaryIdentifiers
                lua.reserve(4)
                lua.pushTable(array: Int32(ids.count))
                for (k, id) in ids.enumerated() {
                    guard let boundary = b.boundary(withIdentifier: id) else { continue }
                    lua.pushTable(fields: 3)
                    lua.push(id); lua.setField("id", inTableAt: -2)
                    if boundary.points.count == 2 && !boundary.isClosed {
                        lua.push(boundary.points[0]); lua.setField("from", inTableAt: -2)
                        lua.push(boundary.points[1]); lua.setField("to", inTableAt: -2)
                    } else {
                        lua.push(points: boundary.points); lua.setField("path", inTableAt: -2)
                        lua.push(boundary.isClosed); lua.setField("closed", inTableAt: -2)
                    }
                    lua.setIndex(k + 1, inTableAt: -2)
                }
            }, set: { lua, h, v in
                let b = c(h)
                guard lua.isTable(v) else {
                    throw LuaArgumentError(.field("boundaries"), mustBe: "a list of boundaries {{id=, from=, to=}, ...}", got: lua.describe(v))
                }
                b.removeAllBoundaries()
                try LuaTable(lua: lua, index: lua.absolute(v), name: "boundaries").array { element, name in
                    try addBoundary(rt, b, lua, at: element, name)
                }
            }),
            .method("addBoundary") { lua, h in
                try addBoundary(rt, c(h), lua, at: 2, "boundary")
                return 0
            },
            .method("removeBoundary") { lua, h in
                c(h).removeBoundary(withIdentifier: try lua.string(2, "id"))
                return 0
            },
            .method("removeAllBoundaries") { _, h in
                c(h).removeAllBoundaries()
                return 0
            },
            .method("boundaryIds") { lua, h in
                lua.pushArray(c(h).boundaryIdentifiers) { lua, id in lua.push(id) }
                return 1
            },
        ] + BehaviorBinding.contactCallbacks(rt)
    }
}
