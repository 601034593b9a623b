// Lua's `Item`: a dynamic item's state (centre, angle, velocities), geometry and appearance.
import KineticDynamics
import Foundation
import KineticLuaBridge
import KineticPhysics
import KineticScene

enum ItemBinding {
    /// The fields `world:addItem{...}` accepts.
    static let definitionFields = [
        "name", "frame", "center", "size", "angle", "bounds", "path", "parts",
        "fill", "stroke", "strokeWidth", "cornerRadius", "opacity", "image", "label", "labelColor", "labelSize",
        "z", "hidden", "data", "sensor", "oneWay",
    ]
    /// The appearance fields, applied through the property setters after the item exists.
    static let appearanceFields = [
        "fill", "stroke", "strokeWidth", "cornerRadius", "opacity", "image", "label", "labelColor", "labelSize",
        "z", "hidden",
    ]

    static func register(_ rt: Runtime) -> LuaHandleType<ItemHandle> {
        LuaHandleType(in: rt.state, name: "Item", members: rt.itemMembers, describe: { [unowned rt] handle in
            let world = rt.worlds[Int(handle.world)]
            let id = ItemID(index: handle.index, generation: handle.generation, animator: world.animator.serial)
            let name = ((try? world.animator.name(of: id)) ?? nil) ?? world.removedNames[id]
            return "Item#\(handle.index)" + (name.map { " \"\($0)\"" } ?? "")
        }, fast: ItemFastPath.members(rt))
    }

    // MARK: - Members

    static func members(_ rt: Runtime) -> [LuaMember<ItemHandle>] {
        unowned(unsafe) let rt = rt  // the member tables live and die with the runtime: no cycle, no per-call retain
        /// A state member: reads and writes through the live item.
        func live(_ h: ItemHandle) throws -> (WorldModel, ItemID) { try rt.live(h) }
        func appearance(_ name: String, get: @escaping (Lua, Appearance) -> Void,
                        set: @escaping (Lua, inout Appearance, Int32) throws -> Void) -> LuaMember<ItemHandle> {
            .property(name, get: { lua, h in
                let (w, id) = try live(h)
                get(lua, w.appearance[id] ?? Appearance())
            }, set: { lua, h, v in
                let (w, id) = try live(h)
                var a = w.appearance[id] ?? Appearance()
                try set(lua, &a, v)
                w.appearance[id] = a
            })
        }
        func optionalColor(_ lua: Lua, _ v: Int32, _ name: String) throws -> Color? {
            lua.isNil(v) || (lua.isBoolean(v) && !lua.isTruthy(v)) ? nil : try lua.color(v, name)
        }
        /// The world point where a force or impulse acts (argument `index`), nil for the centre.
        func optionalPoint(_ lua: Lua, _ index: Int32) throws -> Vec2? {
            lua.isNil(index) ? nil : try lua.point(index, "point")
        }
        func nonNegative(_ lua: Lua, _ v: Int32, _ name: String) throws -> Double {
            let x = try lua.number(v, name)
            guard x >= 0 else { throw LuaArgumentError(.field(name), mustBe: "a number >= 0", got: lua.describe(v)) }
            return x
        }

        return [
            .readOnly("name") { lua, h in
                let w = rt.worlds[Int(h.world)]
                let id = ItemID(index: h.index, generation: h.generation, animator: w.animator.serial)
                lua.push(optional: ((try? w.animator.name(of: id)) ?? nil) ?? w.removedNames[id])
            },
            .property("center", get: { lua, h in
                let (w, id) = try live(h)
                lua.push(try rt.dynamics("Item.center") { () throws(DynamicsError) in try w.animator.center(of: id) })
            }, set: { lua, h, v in
                let (w, id) = try live(h)
                try w.requireUnlocked("Item.center")
                let p = try lua.point(v, "center")
                try rt.dynamics("Item.center") { () throws(DynamicsError) in try w.animator.setCenter(p, of: id) }
            }),
            .property("x", get: { lua, h in
                let (w, id) = try live(h)
                lua.push(try rt.dynamics("Item.x") { () throws(DynamicsError) in try w.animator.center(of: id).x })
            }, set: { lua, h, v in
                let (w, id) = try live(h)
                try w.requireUnlocked("Item.x")
                let x = try lua.number(v, "x")
                try rt.dynamics("Item.x") { () throws(DynamicsError) in
                    try w.animator.setCenter(Vec2(x, try w.animator.center(of: id).y), of: id)
                }
            }),
            .property("y", get: { lua, h in
                let (w, id) = try live(h)
                lua.push(try rt.dynamics("Item.y") { () throws(DynamicsError) in try w.animator.center(of: id).y })
            }, set: { lua, h, v in
                let (w, id) = try live(h)
                try w.requireUnlocked("Item.y")
                let y = try lua.number(v, "y")
                try rt.dynamics("Item.y") { () throws(DynamicsError) in
                    try w.animator.setCenter(Vec2(try w.animator.center(of: id).x, y), of: id)
                }
            }),
            .property("angle", get: { lua, h in
                let (w, id) = try live(h)
                lua.push(try rt.dynamics("Item.angle") { () throws(DynamicsError) in try w.animator.angle(of: id) })
            }, set: { lua, h, v in
                let (w, id) = try live(h)
                try w.requireUnlocked("Item.angle")
                let a = try lua.number(v, "angle")
                try rt.dynamics("Item.angle") { () throws(DynamicsError) in try w.animator.setAngle(a, of: id) }
            }),
            .property("velocity", get: { lua, h in
                let (w, id) = try live(h)
                lua.push(try rt.dynamics("Item.velocity") { () throws(DynamicsError) in try w.animator.velocity(of: id) })
            }, set: { lua, h, v in
                let (w, id) = try live(h)
                try w.requireUnlocked("Item.velocity")
                let p = try lua.point(v, "velocity")
                try rt.dynamics("Item.velocity") { () throws(DynamicsError) in try w.animator.setVelocity(p, of: id) }
            }),
            .property("angularVelocity", get: { lua, h in
                let (w, id) = try live(h)
                lua.push(try rt.dynamics("Item.angularVelocity") { () throws(DynamicsError) in try w.animator.angularVelocity(of: id) })
            }, set: { lua, h, v in
                let (w, id) = try live(h)
                try w.requireUnlocked("Item.angularVelocity")
                let a = try lua.number(v, "angularVelocity")
                try rt.dynamics("Item.angularVelocity") { () throws(DynamicsError) in try w.animator.setAngularVelocity(a, of: id) }
            }),
            .readOnly("size") { lua, h in
                let (w, id) = try live(h)
                let s = try rt.dynamics("Item.size") { () throws(DynamicsError) in try w.animator.size(of: id) }
                lua.push(s)
            },
            .readOnly("frame") { lua, h in
                let (w, id) = try live(h)
                let f = try rt.dynamics("Item.frame") { () throws(DynamicsError) in try w.animator.frame(of: id) }
                lua.push(Rect(x: f.x, y: f.y, width: f.width, height: f.height))
            },
            .readOnly("mass") { lua, h in
                let (w, id) = try live(h)
                lua.push(try rt.dynamics("Item.mass") { () throws(DynamicsError) in try w.animator.mass(of: id) })
            },
            .readOnly("bounds") { lua, h in
                let (w, id) = try live(h)
                switch try rt.dynamics("Item.bounds", { () throws(DynamicsError) in try w.animator.bounds(of: id) }) {
                case .rectangle: lua.push("rectangle")
                case .ellipse: lua.push("ellipse")
                case .path: lua.push("path")
                case .parts: lua.push("parts")
                }
            },
            .readOnly("sensor") { lua, h in
                let (w, id) = try live(h)
                lua.push(try rt.dynamics("Item.sensor") { () throws(DynamicsError) in try w.animator.isSensor(id) })
            },
            .property("oneWay", get: { lua, h in
                let (w, id) = try live(h)
                if let d = try rt.dynamics("Item.oneWay", { () throws(DynamicsError) in try w.animator.oneWay(of: id) }) {
                    lua.push(d)
                } else {
                    lua.push(false)
                }
            }, set: { lua, h, v in
                let (w, id) = try live(h)
                try w.requireUnlocked("Item.oneWay")
                let d = try oneWayDirection(lua, v, "oneWay")
                try rt.dynamics("Item.oneWay") { () throws(DynamicsError) in try w.animator.setOneWay(d, of: id) }
            }),
            appearance("fill", get: { lua, a in if let c = a.drawnFill { lua.push(c) } else { lua.pushNil() } },
                       set: { lua, a, v in a.fill = try optionalColor(lua, v, "fill") }),
            appearance("stroke", get: { lua, a in if let c = a.stroke { lua.push(c) } else { lua.pushNil() } },
                       set: { lua, a, v in a.stroke = try optionalColor(lua, v, "stroke") }),
            appearance("strokeWidth", get: { lua, a in lua.push(a.strokeWidth) },
                       set: { lua, a, v in a.strokeWidth = try nonNegative(lua, v, "strokeWidth") }),
            appearance("cornerRadius", get: { lua, a in lua.push(a.cornerRadius) },
                       set: { lua, a, v in a.cornerRadius = try nonNegative(lua, v, "cornerRadius") }),
            appearance("opacity", get: { lua, a in lua.push(a.opacity) }, set: { lua, a, v in
                let x = try lua.number(v, "opacity")
                guard x >= 0, x <= 1 else { throw LuaArgumentError(.field("opacity"), mustBe: "a number in 0...1", got: lua.describe(v)) }
                a.opacity = x
            }),
            appearance("image", get: { lua, a in lua.push(optional: a.image) },
                       set: { lua, a, v in a.image = try lua.optionalString(v, "image") }),
            appearance("label", get: { lua, a in lua.push(optional: a.label) }, set: { lua, a, v in
                a.label = lua.isNil(v) ? nil : try lua.text(v, "label", numbers: true)
            }),
            appearance("labelColor", get: { lua, a in lua.push(a.labelColor) },
                       set: { lua, a, v in a.labelColor = try lua.color(v, "labelColor") }),
            appearance("labelSize", get: { lua, a in lua.push(a.labelSize) }, set: { lua, a, v in
                let x = try lua.number(v, "labelSize")
                guard x > 0 else { throw LuaArgumentError(.field("labelSize"), mustBe: "a number > 0", got: lua.describe(v)) }
                a.labelSize = x
            }),
            appearance("z", get: { lua, a in lua.push(a.z) }, set: { lua, a, v in a.z = try lua.number(v, "z") }),
            appearance("hidden", get: { lua, a in lua.push(a.hidden) },
                       set: { lua, a, v in a.hidden = try lua.optionalBoolean(v, "hidden") ?? false }),
            // The fast forms of the `center` and `velocity` reads: two numbers, no table to make.
            .method("position") { lua, h in
                let (w, id) = try live(h)
                let c = try rt.dynamics("Item:position") { () throws(DynamicsError) in try w.animator.center(of: id) }
                lua.push(c.x)
                lua.push(c.y)
                return 2
            },
            .method("linearVelocity") { lua, h in
                let (w, id) = try live(h)
                let v = try rt.dynamics("Item:linearVelocity") { () throws(DynamicsError) in try w.animator.velocity(of: id) }
                lua.push(v.x)
                lua.push(v.y)
                return 2
            },
            .method("moveTo") { lua, h in
                let (w, id) = try live(h)
                try w.requireUnlocked("Item:moveTo")
                let x = try lua.number(2, "x"), y = try lua.number(3, "y")
                let angle = try lua.optionalNumber(4, "angle")
                try rt.dynamics("Item:moveTo") { () throws(DynamicsError) in
                    var a = 0.0
                    if let angle { a = angle } else { a = try w.animator.angle(of: id) }
                    try w.animator.moveItem(id, to: Vec2(x, y), angle: a)
                }
                return 0
            },
            .readOnly("removed") { lua, h in
                let w = rt.worlds[Int(h.world)]
                lua.push(!w.animator.isValid(ItemID(index: h.index, generation: h.generation, animator: w.animator.serial)))
            },
            .readOnly("world") { lua, h in rt.pushWorld(rt.worlds[Int(h.world)], on: lua) },
            .property("data", get: { lua, h in
                let (w, id) = try live(h)
                rt.pushData(of: id, in: w, on: lua)
            }, set: { lua, h, v in
                let (w, id) = try live(h)
                try rt.setData(of: id, in: w, lua, at: v)
            }),

            // MARK: Forces and impulses (UIKit units, as a push's)
            .method("applyImpulse") { lua, h in
                let (w, id) = try live(h)
                try w.requireUnlocked("Item:applyImpulse")
                let impulse = try lua.point(2, "impulse"), point = try optionalPoint(lua, 3)
                try rt.dynamics("Item:applyImpulse") { () throws(DynamicsError) in try w.animator.applyImpulse(impulse, at: point, to: id) }
                return 0
            },
            .method("applyForce") { lua, h in
                let (w, id) = try live(h)
                try w.requireUnlocked("Item:applyForce")
                let force = try lua.point(2, "force"), point = try optionalPoint(lua, 3)
                try rt.dynamics("Item:applyForce") { () throws(DynamicsError) in try w.animator.applyForce(force, at: point, to: id) }
                return 0
            },
            .method("applyTorque") { lua, h in
                let (w, id) = try live(h)
                try w.requireUnlocked("Item:applyTorque")
                let torque = try lua.number(2, "torque")
                try rt.dynamics("Item:applyTorque") { () throws(DynamicsError) in try w.animator.applyTorque(torque, to: id) }
                return 0
            },
            .method("applyAngularImpulse") { lua, h in
                let (w, id) = try live(h)
                try w.requireUnlocked("Item:applyAngularImpulse")
                let impulse = try lua.number(2, "impulse")
                try rt.dynamics("Item:applyAngularImpulse") { () throws(DynamicsError) in try w.animator.applyAngularImpulse(impulse, to: id) }
                return 0
            },
        ]
    }

    // MARK: - world:addItem

    /// `world:addItem{...}` for `world`: the definition table is at stack index 2.
    static func addItem(_ rt: Runtime, _ world: WorldModel, _ lua: Lua) throws -> Int32 {
        let def = try lua.table(2, "definition")
        try def.checkFields(definitionFields)
        var item = ItemDef()
        item.name = try def.readOptional("name") { i, name throws(LuaArgumentError) in try lua.text(i, name) }
        try readShape(lua, def, into: &item, placed: true)
        item.isSensor = try def.boolean("sensor", default: false)
        item.oneWay = try def.readOptional("oneWay") { i, name throws(LuaArgumentError) in try oneWayDirection(lua, i, name) } ?? nil
        let id = try rt.dynamics("World:addItem") { () throws(DynamicsError) in try world.animator.addItem(item) }
        guard let handle = rt.handle(of: id) else { return 0 }
        world.appearance[id] = Appearance()
        do {
            try applyFields(def, appearanceFields + ["data"], members: rt.itemMembers, to: handle)
        } catch {
            try? rt.removeItem(id, from: world)
            throw error
        }
        rt.itemType.push(handle, on: lua)
        return 1
    }

    /// `oneWay`, in a definition or a write: `true` is screen up `{0, -1}` (the top of an unturned
    /// item), `false` or nil two-way, a table a direction `{x, y}` in the item's frame, not zero.
    static func oneWayDirection(_ lua: Lua, _ index: Int32, _ name: String?) throws(LuaArgumentError) -> Vec2? {
        if lua.isNil(index) { return nil }
        if lua.isBoolean(index) { return lua.isTruthy(index) ? Vec2(0, -1) : nil }
        guard lua.isTable(index) else {
            throw LuaArgumentError(.named(name, at: index), mustBe: "true, false or a direction {x, y}", got: lua.describe(index))
        }
        let direction = try lua.point(index, name)
        guard direction != .zero else {
            throw LuaArgumentError(.named(name, at: index), mustBe: "true, false or a direction {x, y} that is not zero", got: "{0, 0}")
        }
        return direction
    }

    /// Reads the shape fields of an item's definition into `item`: `angle`, `bounds`, `path`,
    /// `parts`, and the placement, `frame` or `center` + `size` when `placed` (an item, a sensor
    /// fixed in the world), else only `size` (a sensor's zone carried by an item, placed by its
    /// `offset`). Returns false when an unplaced definition gives no shape at all.
    @discardableResult
    static func readShape(_ lua: Lua, _ def: LuaTable, into item: inout ItemDef, placed: Bool) throws -> Bool {
        item.angle = try def.number("angle", default: 0)
        let hasPath = def.has("path"), hasParts = def.has("parts")
        let boundsName = try def.choice("bounds", in: ["rectangle", "ellipse", "path"], default: hasPath ? "path" : "rectangle")
        if placed {
            if let frame = try def.optionalFrame("frame") {
                item.center = frame.center
                item.size = frame.size
            } else if let center = try def.optionalPoint("center") {
                item.center = center
                if let size = try def.optionalSize("size") { item.size = size }
            } else {
                throw LuaArgumentError(message: "give 'frame' = {x, y, width, height}, or 'center' = {x, y} and 'size' = {width, height}")
            }
        } else {
            for field in ["frame", "center"] where def.has(field) {
                throw LuaArgumentError(message: "'\(field)' places a zone in the world; a zone carried by an item is placed by 'offset' (from the item's centre)")
            }
            if let size = try def.optionalSize("size") { item.size = size }
            guard item.size != nil || hasPath || hasParts || def.has("bounds") else { return false }
        }
        if hasParts {
            item.bounds = .parts(try parts(lua, def))
        } else {
            switch boundsName {
            case "ellipse": item.bounds = .ellipse
            case "path":
                guard hasPath else { throw LuaArgumentError(message: "bounds = \"path\" needs 'path' = {{x, y}, ...} (points relative to the centre)") }
                item.bounds = .path(try def.read("path") { i in try lua.points(i, "path") })
            default: item.bounds = .rectangle
            }
        }
        if item.size == nil, !hasParts, boundsName != "path" {
            throw LuaArgumentError(.field("size"), mustBe: "a size {width, height}" + (placed ? " (or give 'frame')" : ""), got: "nil")
        }
        return true
    }

    /// `parts = { {bounds=, frame= | center=, size= | path=, angle=}, ... }`, relative to the item centre.
    static func parts(_ lua: Lua, _ def: LuaTable) throws -> [ItemPart] {
        try def.read("parts") { (index: Int32) throws -> [ItemPart] in
            guard lua.isTable(index) else {
                throw LuaArgumentError(.field("parts"), mustBe: "a list of parts {{bounds=, frame=}, ...}", got: lua.describe(index))
            }
            return try LuaTable(lua: lua, index: index, name: "parts").array { element, name in
                let part = try lua.table(element, name)
                do throws(LuaArgumentError) {
                    try part.checkFields(["bounds", "frame", "center", "size", "path", "angle"])
                } catch {
                    throw LuaArgumentError(message: "\(name): \(error.message)")
                }
                var p = ItemPart()
                p.angle = try part.number("angle", default: 0)
                let hasPath = part.has("path")
                let bounds = try part.choice("bounds", in: ["rectangle", "ellipse", "path"], default: hasPath ? "path" : "rectangle")
                if let frame = try part.optionalFrame("frame") {
                    p.center = frame.center
                    p.size = frame.size
                } else {
                    p.center = try part.optionalPoint("center") ?? .zero
                    if let size = try part.optionalSize("size") { p.size = size }
                }
                switch bounds {
                case "ellipse": p.bounds = .ellipse
                case "path": p.bounds = .path(try part.read("path") { i in try lua.points(i, "\(name).path") })
                default: p.bounds = .rectangle
                }
                return p
            }
        }
    }
}
