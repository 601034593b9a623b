// Lua's `Snap`: `kinetic.snap{ item=, point={x,y}, damping=0.5 }`.
import KineticDynamics
import KineticLuaBridge
import KineticPhysics

enum SnapBinding {
    static let fields = ["item", "point", "damping", "action"]

    static func construct(_ rt: Runtime, _ lua: Lua) throws -> Int32 {
        let def = try lua.table(1, "definition")
        try def.checkFields(fields)
        let (_, item) = try def.read("item") { i in try rt.item(lua, at: i, "item") }
        let point = try def.point("point")
        let snap = try rt.dynamics("kinetic.snap") { () throws(DynamicsError) in try SnapBehavior(item: item, snapTo: point) }
        return try BehaviorBinding.finish(rt, lua, def, snap, .snap, fields: fields)
    }

    static func members(_ rt: Runtime) -> [LuaMember<BehaviorHandle>] {
        unowned(unsafe) let rt = rt  // the member tables live and die with the runtime: no cycle, no per-call retain
        func s(_ h: BehaviorHandle) -> SnapBehavior { rt.entry(h).behavior as! SnapBehavior }
        return [
            .readOnly("item") { lua, h in rt.pushItem(s(h).item, on: lua) },
            BehaviorBinding.checkedPoint(rt, "Snap", "point", \SnapBehavior.snapPoint),
            BehaviorBinding.checkedNumber(rt, "Snap", "damping", \SnapBehavior.damping),
        ]
    }
}
