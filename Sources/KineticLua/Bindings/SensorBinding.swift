// Lua's `Sensor`: `kinetic.sensor{ name=, frame= | center= + size=, bounds=, path=, parts=, angle=,
// item=, offset=, items=, began=, ended= }`. Its events are pulled from the animator after the step
// and called as `began(sensor, item)`, `ended(sensor, item)`.
import KineticDynamics
import KineticLuaBridge
import KineticPhysics

enum SensorBinding {
    static let fields = ["name", "frame", "center", "size", "angle", "bounds", "path", "parts", "item", "offset", "items",
                         "began", "ended", "action"]

    static func construct(_ rt: Runtime, _ lua: Lua) throws -> Int32 {
        let def = try lua.table(1, "definition")
        try def.checkFields(fields)
        let carrier = def.has("item") ? try def.read("item") { i in try rt.item(lua, at: i, "item").1 } : nil
        var zone = ItemDef()
        let hasZone: Bool
        if carrier != nil {
            hasZone = try ItemBinding.readShape(lua, def, into: &zone, placed: false)
            zone.center = try def.optionalPoint("offset") ?? .zero
        } else {
            if def.has("offset") { throw LuaArgumentError(message: "'offset' places a zone on its 'item'; a sensor without 'item' is placed by 'frame' or 'center'") }
            hasZone = try ItemBinding.readShape(lua, def, into: &zone, placed: true)
        }
        let items = def.has("items") ? try def.read("items") { i in try rt.itemList(lua, at: i, "items") } : nil
        let sensor = try rt.dynamics("kinetic.sensor") { () throws(DynamicsError) in
            try SensorBehavior(zone: hasZone ? zone : nil, carrier: carrier, items: items)
        }
        return try BehaviorBinding.finish(rt, lua, def, sensor, .sensor, fields: fields.filter { $0 != "items" })
    }

    /// Members that are a table and a method at once (`sensor.items`, `sensor:items()`), listed as
    /// methods too by `kinetic api`.
    static let callableProperties = ["items"]

    /// The metatable of `sensor.items` lists: `__call(list, sensor)` returns the watched items inside
    /// the zone after the last step, in the world's item order. Locked, like `world.pointer`'s.
    static func makeItemsMetatable(_ rt: Runtime) -> LuaReference {
        unowned(unsafe) let rt = rt
        return rt.callableMetatable("Sensor:items") { lua in  // self is the sensor
            let h = try rt.behaviorTypes[BehaviorKind.sensor.rawValue].handle(lua, at: 1, "self")
            let sensor = rt.entry(h).behavior as! SensorBehavior
            rt.pushItems(sensor.itemsInside.filter { sensor.animator?.isValid($0) ?? false }, on: lua)
            return 1
        }
    }

    static func members(_ rt: Runtime) -> [LuaMember<BehaviorHandle>] {
        unowned(unsafe) let rt = rt  // the member tables live and die with the runtime: no cycle, no per-call retain
        func s(_ h: BehaviorHandle) -> SensorBehavior { rt.entry(h).behavior as! SensorBehavior }
        /// Where the zone is now, nil while the sensor is not in a world.
        func zone(_ h: BehaviorHandle) -> (center: Vec2, angle: Double, size: Size, frame: Rect)? {
            s(h).animator?.zone(of: s(h))
        }
        return [
            .property("name", get: { lua, h in lua.push(optional: s(h).name) }, set: { lua, h, v in
                s(h).name = lua.isNil(v) ? nil : try lua.text(v, "name")
            }),
            .readOnly("center") { lua, h in zone(h).map { lua.push($0.center) } ?? lua.pushNil() },
            .readOnly("angle") { lua, h in zone(h).map { lua.push($0.angle) } ?? lua.pushNil() },
            .readOnly("size") { lua, h in zone(h).map { lua.push($0.size) } ?? lua.pushNil() },
            .readOnly("frame") { lua, h in
                zone(h).map { lua.push(Rect(x: $0.frame.x, y: $0.frame.y, width: $0.frame.width, height: $0.frame.height)) } ?? lua.pushNil()
            },
            .readOnly("bounds") { lua, h in
                let sensor = s(h)
                let bounds = sensor.zone?.bounds ?? sensor.carrier.flatMap { try? sensor.animator?.bounds(of: $0) }
                switch bounds {
                case .rectangle?: lua.push("rectangle")
                case .ellipse?: lua.push("ellipse")
                case .path?: lua.push("path")
                case .parts?: lua.push("parts")
                case nil: lua.pushNil()
                }
            },
            .readOnly("offset") { lua, h in
                if s(h).carrier != nil { lua.push(s(h).zone?.center ?? .zero) } else { lua.pushNil() }
            },
            .readOnly("item") { lua, h in
                if let carrier = s(h).carrier { rt.pushItem(carrier, on: lua) } else { lua.pushNil() }
            },
            // The contract's `b.items` (the watch list), callable as `sensor:items()` (inside now).
            .readOnly("items") { lua, h in
                let sensor = s(h)
                rt.pushItems(sensor.watchesEveryItem ? [] : sensor.items, on: lua)
                lua.push(rt.sensorItemsMetatable)
                lua.setMetatable(ofValueAt: -2)
            },
        ] + BehaviorBinding.contactCallbacks(rt)
    }
}
