// Lua's exact world queries: `world:itemsAt`, `world:raycast`, `world:raycastAll` and
// `world:itemsOverlapping`, answered by the items' collision shapes (`itemsIn` uses frames).
import KineticDynamics
import KineticLuaBridge
import KineticPhysics

extension WorldBinding {
    /// The fields of the shape `itemsOverlapping` takes, and its bounds, spelled as in an item's
    /// definition and read by the same `ItemBinding.readShape`.
    static let queryShapeFields = ["frame", "center", "size", "angle", "bounds", "path", "parts"]
    static let queryBounds = ["rectangle", "ellipse", "path"]

    static func queryMembers(_ rt: Runtime) -> [LuaMember<WorldHandle>] {
        unowned(unsafe) let rt = rt  // the member tables live and die with the runtime: no cycle, no per-call retain
        func hits(_ lua: Lua, _ h: WorldHandle, _ function: String) throws -> [RaycastHit] {
            let world = rt.world(h)
            let from = try lua.point(2, "from"), to = try lua.point(3, "to")
            return topmostFirst(try rt.dynamics(function) { () throws(DynamicsError) in try world.animator.raycast(from: from, to: to) }, world)
        }
        return [
            .method("itemsAt") { lua, h in
                let world = rt.world(h)
                let point = try lua.point(2, "point")
                let items = try rt.dynamics("World:itemsAt") { () throws(DynamicsError) in try world.animator.items(at: point) }
                rt.pushItems(topmostFirst(items, world), on: lua)
                return 1
            },
            .method("raycast") { lua, h in
                if let first = try hits(lua, h, "World:raycast").first { push(first, rt, on: lua) } else { lua.pushNil() }
                return 1
            },
            .method("raycastAll") { lua, h in
                let list = try hits(lua, h, "World:raycastAll")
                lua.reserve(4)
                lua.pushTable(array: Int32(list.count))
                for (i, hit) in list.enumerated() {
                    push(hit, rt, on: lua)
                    lua.setIndex(i + 1, inTableAt: -2)
                }
                return 1
            },
            .method("itemsOverlapping") { lua, h in
                let world = rt.world(h)
                let shape = try lua.table(2, "shape")
                try shape.checkFields(queryShapeFields)
                var def = ItemDef()
                try ItemBinding.readShape(lua, shape, into: &def, placed: true)
                let found = try rt.dynamics("World:itemsOverlapping") { () throws(DynamicsError) in
                    try world.animator.itemsAndBoundaries(overlapping: def)
                }
                var items: [ItemID] = [], boundaries: [CollisionPartner] = []
                for partner in found {
                    if case .item(let id) = partner { items.append(id) } else { boundaries.append(partner) }
                }
                rt.pushItems(topmostFirst(items, world), on: lua)
                lua.reserve(4)
                lua.pushTable(array: Int32(boundaries.count))
                for (i, boundary) in boundaries.enumerated() {
                    rt.push(boundary, on: lua)
                    lua.setIndex(i + 1, inTableAt: -2)
                }
                return 2
            },
        ]
    }

    /// Items as they are stacked on screen, the topmost first: larger `z` first, and for equal `z`
    /// the later-added first (the renderer draws ascending `z`, equal `z` in the order of creation).
    static func topmostFirst(_ items: [ItemID], _ world: WorldModel) -> [ItemID] {
        items.enumerated().sorted { a, b in
            let za = world.appearance[a.element]?.z ?? 0, zb = world.appearance[b.element]?.z ?? 0
            return za != zb ? za > zb : a.offset > b.offset
        }.map(\.element)
    }

    /// Ray hits nearest first; at equal fractions the item drawn on top first, boundaries after the
    /// items (Dynamics already gives them later-added first, then boundaries).
    static func topmostFirst(_ hits: [RaycastHit], _ world: WorldModel) -> [RaycastHit] {
        func z(_ hit: RaycastHit) -> Double {
            guard case .item(let id) = hit.target else { return -.infinity }
            return world.appearance[id]?.z ?? 0
        }
        return hits.enumerated().sorted { a, b in
            if a.element.fraction != b.element.fraction { return a.element.fraction < b.element.fraction }
            let za = z(a.element), zb = z(b.element)
            return za != zb ? za > zb : a.offset < b.offset
        }.map(\.element)
    }

    /// `{item = .., point = .., normal = .., fraction = ..}`, with `boundary = "id"` (`"bounds"` for
    /// the reference bounds) in place of `item` when the ray met a boundary.
    static func push(_ hit: RaycastHit, _ rt: Runtime, on lua: Lua) {
        lua.reserve(4)
        lua.pushTable(fields: 4)
        rt.push(hit.target, on: lua)
        if case .item = hit.target { lua.setField("item", inTableAt: -2) } else { lua.setField("boundary", inTableAt: -2) }
        lua.push(hit.point); lua.setField("point", inTableAt: -2)
        lua.push(hit.normal); lua.setField("normal", inTableAt: -2)
        lua.push(hit.fraction); lua.setField("fraction", inTableAt: -2)
    }
}
