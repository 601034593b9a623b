// Lua's `ItemBehavior`: `kinetic.itemBehavior{ items=, elasticity=, friction=, density=, resistance=,
// angularResistance=, allowsRotation=, charge=, anchored= }` and its velocity methods.
import CKineticLuaShim
import KineticDynamics
import KineticLuaBridge
import KineticPhysics

enum ItemBehaviorBinding {
    static let fields = ["items", "elasticity", "friction", "density", "resistance", "angularResistance",
                         "allowsRotation", "charge", "anchored", "action"]

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

    /// The velocity reads a script calls every frame, as fast methods (`LuaFastMembers`): C hands
    /// over the behaviour's and the item's handles, and the value is read without a Swift call
    /// through the dispatcher and without a retain. Anything unusual (a stale handle, an item the
    /// behaviour does not list, a behaviour outside a world) runs the general body with its messages.
    enum FastMethod: Int32, CaseIterable {
        case linearVelocity, angularVelocity
    }

    static func fastMethods(_ rt: Runtime) -> LuaFastMembers {
        // Unretained: the Runtime lives as long as its state (the registered functions hold it).
        LuaFastMembers(names: [], context: Unmanaged.passUnretained(rt).toOpaque(), get: nil, set: nil,
                       methods: FastMethod.allCases.map { "\($0)" },
                       call: { context, key, method, input, count, out in
                           ItemBehaviorBinding.call(context, key, method, input, count, out)
                       })
    }

    private static func call(_ context: UnsafeMutableRawPointer?, _ key: Int64, _ method: Int32,
                             _ input: UnsafePointer<kl_FastArg>?, _ count: Int32, _ out: UnsafeMutablePointer<Double>?) -> Int32 {
        guard let method = FastMethod(rawValue: method), let input, let out, count == 1 else { return Int32(KL_FAST_SLOW) }
        let handle = BehaviorHandle(SlotHandle(luaKey: key))
        let argument = input[0]
        let behavior = Unmanaged<Runtime>.fromOpaque(context.unsafelyUnwrapped)._withUnsafeGuaranteedRef { rt in
            rt.behaviors.withUnsafeSlots { slots -> Unmanaged<DynamicBehavior>? in
                guard argument.tag == rt.itemTag, rt.behaviors.isLive(handle.slotHandle) else { return nil }
                // A slot is an optional reference: one pointer, null when the slot is free.
                guard let pointer = UnsafeRawPointer(slots.baseAddress.unsafelyUnwrapped)
                    .load(fromByteOffset: Int(handle.slot) * MemoryLayout<BehaviorEntry?>.stride, as: UnsafeRawPointer?.self)
                else { return nil }
                return Unmanaged<BehaviorEntry>.fromOpaque(pointer)._withUnsafeGuaranteedRef { Unmanaged.passUnretained($0.behavior) }
            }
        }
        guard let behavior else { return Int32(KL_FAST_SLOW) }
        let item = ItemHandle(luaKey: argument.key)
        return ItemFastPath.withWorld(context, item.world) { world, animator -> Int32? in
            behavior._withUnsafeGuaranteedRef { behavior -> Int32? in
                let id = ItemID(index: item.index, generation: item.generation, animator: animator.serial)
                guard behavior.animator === animator, behavior.lists(id) else { return nil }
                ItemFastPath.settle(world, for: id)
                switch method {
                case .linearVelocity:
                    guard let v = animator.velocityIfLive(id) else { return nil }
                    out[0] = v.x
                    out[1] = v.y
                    return Int32(KL_FAST_POINT)
                case .angularVelocity:
                    guard let w = animator.angularVelocityIfLive(id) else { return nil }
                    out[0] = w
                    return Int32(KL_FAST_NUMBER)
                }
            }
        } ?? Int32(KL_FAST_SLOW)
    }
}
