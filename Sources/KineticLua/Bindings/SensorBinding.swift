// Lua's `Sensor`: `kinetic.sensor{ name=, frame= | center= + size=, bounds=, path=, parts=, angle=,
// item=, offset=, items=, began=, ended= }`. Its events are pulled from the animator after the step
// and called as `began(sensor, item)`, `ended(sensor, item)`.
import CLua
import Dynamics
import LuaBridge
import Physics

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
            zone.center = Vec2(try def.optionalPoint("offset") ?? LuaPoint(x: 0, y: 0))
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

    static func members(_ rt: Runtime) -> [LuaMember<BehaviorHandle>] {
        unowned(unsafe) let rt = rt  // the member tables live and die with the runtime: no cycle, no per-call retain
        func s(_ h: BehaviorHandle) -> SensorBehavior { rt.entry(h).behavior as! SensorBehavior }
        return [
            .property("name", get: { lua, h in lua.push(optional: s(h).name) }, set: { lua, h, v in
                s(h).name = lua.isNil(v) ? nil : try lua.text(v, "name")
            }),
            .readOnly("item") { lua, h in
                if let carrier = s(h).carrier { rt.pushItem(carrier, on: lua) } else { lua.pushNil() }
            },
            .readOnly("watched") { lua, h in
                if s(h).watchesEveryItem { lua.pushNil() } else { rt.pushItems(s(h).items, on: lua) }
            },
            .method("items") { lua, h in
                let sensor = s(h)
                rt.pushItems(sensor.itemsInside.filter { sensor.animator?.isValid($0) ?? false }, on: lua)
                return 1
            },
            .property("began", get: { lua, h in
                rt.pushCallback(.began, of: h, on: lua)
            }, set: { lua, h, v in
                rt.entry(h).hasBegan = try rt.setCallback(.began, of: h, lua, at: v)
            }),
            .property("ended", get: { lua, h in
                rt.pushCallback(.ended, of: h, on: lua)
            }, set: { lua, h, v in
                rt.entry(h).hasEnded = try rt.setCallback(.ended, of: h, lua, at: v)
            }),
        ]
    }
}
