// Lua's `ItemBehavior`: `kinetic.itemBehavior{ items=, elasticity=, friction=, density=, resistance=,
// angularResistance=, allowsRotation=, charge=, anchored=, kinematic= }` and its velocity methods.
import KineticDynamics
import KineticLuaBridge
import KineticPhysics

enum ItemBehaviorBinding {
    static let fields = ["items", "elasticity", "friction", "density", "resistance", "angularResistance",
                         "allowsRotation", "charge", "anchored", "kinematic", "action"]

    static func construct(_ rt: Runtime, _ lua: Lua) throws -> Int32 {
        let def = try lua.table(1, "definition")
        try def.checkFields(fields)
        return try BehaviorBinding.finish(rt, lua, def, DynamicItemBehavior(), .itemBehavior, fields: fields)
    }

    static func members(_ rt: Runtime) -> [LuaMember<BehaviorHandle>] {
        unowned(unsafe) let rt = rt  // the member tables live and die with the runtime: no cycle, no per-call retain
        func ib(_ h: BehaviorHandle) -> DynamicItemBehavior { rt.entry(h).behavior as! DynamicItemBehavior }
        func number(_ name: String, _ key: ReferenceWritableKeyPath<DynamicItemBehavior, Double>) -> LuaMember<BehaviorHandle> {
            BehaviorBinding.checkedNumber(rt, "ItemBehavior", name, key)
        }
        func flag(_ name: String, _ key: ReferenceWritableKeyPath<DynamicItemBehavior, Bool>) -> LuaMember<BehaviorHandle> {
            .property(name, get: { lua, h in lua.push(ib(h)[keyPath: key]) },
                      set: { lua, h, v in ib(h)[keyPath: key] = try lua.boolean(v, name) })
        }
        /// The behaviour and its item argument, which must be one of the behaviour's items.
        func member(_ lua: Lua, _ h: BehaviorHandle, _ function: String) throws -> (DynamicItemBehavior, ItemID) {
            let (world, id) = try rt.item(lua, at: 2, "item")
            let behavior = ib(h)
            guard behavior.lists(id) else {
                throw LuaBindingError("\(function): \(world.label(id)) is not an item of this behaviour")
            }
            return (behavior, id)
        }
        return [
            number("elasticity", \.elasticity),
            number("friction", \.friction),
            number("density", \.density),
            number("resistance", \.resistance),
            number("angularResistance", \.angularResistance),
            flag("allowsRotation", \.allowsRotation),
            number("charge", \.charge),
            flag("anchored", \.isAnchored),
            flag("kinematic", \.isKinematic),
            .method("addLinearVelocity") { lua, h in
                let (behavior, id) = try member(lua, h, "ItemBehavior:addLinearVelocity")
                // UIKit's addLinearVelocity(_:for:) takes a vector; the two numbers stay accepted.
                let v = lua.isTable(3) ? try lua.point(3, "velocity")
                    : Vec2(try lua.number(3, "vx"), try lua.number(4, "vy"))
                try rt.dynamics("ItemBehavior:addLinearVelocity") { () throws(DynamicsError) in try behavior.addLinearVelocity(v, for: id) }
                return 0
            },
            .method("linearVelocity") { lua, h in
                let (behavior, id) = try member(lua, h, "ItemBehavior:linearVelocity")
                let v = try rt.dynamics("ItemBehavior:linearVelocity") { () throws(DynamicsError) in try behavior.linearVelocity(for: id) }
                lua.push(v.x)
                lua.push(v.y)
                return 2
            },
            .method("addAngularVelocity") { lua, h in
                let (behavior, id) = try member(lua, h, "ItemBehavior:addAngularVelocity")
                let w = try lua.number(3, "w")
                try rt.dynamics("ItemBehavior:addAngularVelocity") { () throws(DynamicsError) in try behavior.addAngularVelocity(w, for: id) }
                return 0
            },
            .method("angularVelocity") { lua, h in
                let (behavior, id) = try member(lua, h, "ItemBehavior:angularVelocity")
                lua.push(try rt.dynamics("ItemBehavior:angularVelocity") { () throws(DynamicsError) in try behavior.angularVelocity(for: id) })
                return 1
            },
        ]
    }
}
