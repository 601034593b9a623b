// Lua's `Gravity`: `kinetic.gravity{ items=, direction={0,1}, angle=, magnitude=1 }`.
import KineticDynamics
import KineticLuaBridge
import KineticPhysics

enum GravityBinding {
    /// Constructor fields, in the order they are applied (direction before angle and magnitude).
    static let fields = ["items", "direction", "angle", "magnitude", "action"]

    static func construct(_ rt: Runtime, _ lua: Lua) throws -> Int32 {
        let gravity = GravityBehavior()
        guard let def = try BehaviorBinding.optionalDefinition(rt, lua, gravity, .gravity, fields: fields) else { return 1 }
        return try BehaviorBinding.finish(rt, lua, def, gravity, .gravity, fields: fields)
    }

    static func members(_ rt: Runtime) -> [LuaMember<BehaviorHandle>] {
        [
            BehaviorBinding.checkedPoint(rt, "Gravity", "direction", \GravityBehavior.gravityDirection),
            BehaviorBinding.checkedNumber(rt, "Gravity", "angle", \GravityBehavior.angle),
            BehaviorBinding.checkedNumber(rt, "Gravity", "magnitude", \GravityBehavior.magnitude),
        ]
    }
}
