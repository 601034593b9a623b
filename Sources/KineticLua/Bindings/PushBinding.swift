// Lua's `Push`: `kinetic.push{ items=, mode=, direction= | angle=, magnitude=, active=true, offset= }`.
import KineticDynamics
import KineticLuaBridge
import KineticPhysics

enum PushBinding {
    static let fields = ["items", "mode", "direction", "angle", "magnitude", "active", "offset", "action"]

    static func construct(_ rt: Runtime, _ lua: Lua) throws -> Int32 {
        let def = try lua.table(1, "definition")
        try def.checkFields(fields)
        let mode = try def.choice("mode", in: ["continuous", "instantaneous"], default: "continuous")
        let push = PushBehavior(mode: mode == "continuous" ? .continuous : .instantaneous)
        return try BehaviorBinding.finish(rt, lua, def, push, .push, fields: fields)
    }

    static func members(_ rt: Runtime) -> [LuaMember<BehaviorHandle>] {
        unowned(unsafe) let rt = rt  // the member tables live and die with the runtime: no cycle, no per-call retain
        func p(_ h: BehaviorHandle) -> PushBehavior { rt.entry(h).behavior as! PushBehavior }
        return [
            .readOnly("mode") { lua, h in lua.push(p(h).mode == .continuous ? "continuous" : "instantaneous") },
            BehaviorBinding.checkedPoint(rt, "Push", "direction", \PushBehavior.pushDirection),
            .property("angle", get: { lua, h in lua.push(p(h).angle) }, set: { lua, h, v in
                let a = try lua.number(v, "angle")
                // A zero vector has no direction to keep: give it unit length so the angle sticks
                // until a magnitude is written (UIKit's magnitude defaults to 1 with an angle).
                if p(h).pushDirection == .zero {
                    try rt.checked(p(h), "Push.angle") { p(h).setAngle(a, magnitude: 1) }
                } else {
                    try rt.checked(p(h), "Push.angle") { p(h).angle = a }
                }
            }),
            BehaviorBinding.checkedNumber(rt, "Push", "magnitude", \PushBehavior.magnitude),
            .property("active", get: { lua, h in lua.push(p(h).active) },
                      set: { lua, h, v in p(h).active = try lua.boolean(v, "active") }),
            BehaviorBinding.checkedPoint(rt, "Push", "offset", \PushBehavior.offset),
            // UIKit's setTargetOffsetFromCenter(_:for:): one item's own point of application.
            .method("setOffset") { lua, h in
                let (world, id) = try rt.item(lua, at: 2, "item")
                guard p(h).lists(id) else {
                    throw LuaBindingError("Push:setOffset: \(world.label(id)) is not an item of this push")
                }
                let o = try lua.point(3, "offset")
                try rt.dynamics("Push:setOffset") { () throws(DynamicsError) in try p(h).setTargetOffsetFromCenter(o, for: id) }
                return 0
            },
        ]
    }
}
