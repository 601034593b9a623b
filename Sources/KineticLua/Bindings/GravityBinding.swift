// Lua's `Gravity`: `kinetic.gravity{ items=, direction={0,1}, angle=, magnitude=1 }`.
import Dynamics
import LuaBridge
import Physics

enum GravityBinding {
    /// Constructor fields, in the order they are applied (direction before angle and magnitude).
    static let fields = ["items", "direction", "angle", "magnitude", "action"]

    static func construct(_ rt: Runtime, _ lua: Lua) throws -> Int32 {
        let def = lua.isNil(1) ? nil : try lua.table(1, "definition")
        let gravity = GravityBehavior()
        guard let def else {
            rt.behaviorTypes[BehaviorKind.gravity.rawValue].push(rt.add(gravity, kind: .gravity), on: lua)
            return 1
        }
        try def.checkFields(fields)
        return try BehaviorBinding.finish(rt, lua, def, gravity, .gravity, fields: fields)
    }

    static func members(_ rt: Runtime) -> [LuaMember<BehaviorHandle>] {
        unowned(unsafe) let rt = rt  // the member tables live and die with the runtime: no cycle, no per-call retain
        func g(_ h: BehaviorHandle) -> GravityBehavior { rt.entry(h).behavior as! GravityBehavior }
        return [
            .property("direction", get: { lua, h in lua.push(g(h).gravityDirection) }, set: { lua, h, v in
                let d = try lua.point(v, "direction")
                try rt.checked(g(h), "Gravity.direction") { g(h).gravityDirection = d }
            }),
            .property("angle", get: { lua, h in lua.push(g(h).angle) }, set: { lua, h, v in
                let a = try lua.number(v, "angle")
                try rt.checked(g(h), "Gravity.angle") { g(h).angle = a }
            }),
            .property("magnitude", get: { lua, h in lua.push(g(h).magnitude) }, set: { lua, h, v in
                let m = try lua.number(v, "magnitude")
                try rt.checked(g(h), "Gravity.magnitude") { g(h).magnitude = m }
            }),
        ]
    }
}
