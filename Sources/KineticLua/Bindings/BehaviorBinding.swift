// What every behaviour has in Lua (items, action, children, world, kind), the composite
// `kinetic.behavior{children=, action=}`, and the constructor steps every kind shares.
import KineticDynamics
import KineticLuaBridge
import KineticPhysics

enum BehaviorBinding {
    /// Registers the userdata type of one behaviour kind.
    static func register(_ kind: BehaviorKind, members: [LuaMember<BehaviorHandle>], _ rt: Runtime) -> LuaHandleType<BehaviorHandle> {
        LuaHandleType(in: rt.state, name: kind.typeName, members: members, describe: { [unowned rt] h in
            guard let entry = rt.liveEntry(h) else { return "\(kind.typeName)#\(h.slot) (dropped)" }
            return "\(kind.typeName)#\(h.slot) (\(kindName(entry)))"
        }, validate: { [unowned(unsafe) rt] h in  // runs on every call: no retain (the runtime outlives its types)
            rt.behaviors.isLive(h.slotHandle) ? nil : "\(kind.typeName)#\(h.slot) was dropped"
        }, fast: kind == .itemBehavior ? ItemFastPath.itemBehaviorMethods(rt) : nil)
    }

    /// A number property of a behaviour type: read as it is, written through `Runtime.checked` so
    /// the behaviour's own rules apply (`Gravity.magnitude: 'magnitude' must be …`).
    static func checkedNumber<B: DynamicBehavior>(_ rt: Runtime, _ type: String, _ name: String,
                                                  _ key: ReferenceWritableKeyPath<B, Double>) -> LuaMember<BehaviorHandle> {
        unowned(unsafe) let rt = rt  // the member tables live and die with the runtime: no cycle, no per-call retain
        func b(_ h: BehaviorHandle) -> B { rt.entry(h).behavior as! B }
        return .property(name, get: { lua, h in lua.push(b(h)[keyPath: key]) }, set: { lua, h, v in
            let x = try lua.number(v, name)
            try rt.checked(b(h), "\(type).\(name)") { b(h)[keyPath: key] = x }
        })
    }

    /// A point property `{x, y}` of a behaviour type, like `checkedNumber`.
    static func checkedPoint<B: DynamicBehavior>(_ rt: Runtime, _ type: String, _ name: String,
                                                 _ key: ReferenceWritableKeyPath<B, Vec2>) -> LuaMember<BehaviorHandle> {
        unowned(unsafe) let rt = rt
        func b(_ h: BehaviorHandle) -> B { rt.entry(h).behavior as! B }
        return .property(name, get: { lua, h in lua.push(b(h)[keyPath: key]) }, set: { lua, h, v in
            let p = try lua.point(v, name)
            try rt.checked(b(h), "\(type).\(name)") { b(h)[keyPath: key] = p }
        })
    }

    /// The members of a kind: the shared ones first, then the kind's own.
    static func members(of kind: BehaviorKind, _ rt: Runtime) -> [LuaMember<BehaviorHandle>] {
        let own: [LuaMember<BehaviorHandle>]
        switch kind {
        case .behavior: own = []
        case .gravity: own = GravityBinding.members(rt)
        case .collision: own = CollisionBinding.members(rt)
        case .push: own = PushBinding.members(rt)
        case .snap: own = SnapBinding.members(rt)
        case .attachment: own = AttachmentBinding.members(rt)
        case .itemBehavior: own = ItemBehaviorBinding.members(rt)
        case .field: own = FieldBinding.members(rt)
        case .sensor: own = SensorBinding.members(rt)
        }
        // A sensor's `items` is a method (what is inside now); the others' a list of their items.
        let ownNames = Set(own.map(\.luaName))
        return shared(rt).filter { !ownNames.contains($0.luaName) } + own
    }

    /// `b.kind`: the constructor's name, or the attachment or field kind.
    static func kindName(_ entry: BehaviorEntry) -> String {
        switch entry.behavior {
        case let a as AttachmentBehavior: return a.kind.rawValue
        case let f as FieldBehavior: return f.kind.rawValue
        default:
            switch entry.kind {
            case .behavior: return "behavior"
            case .gravity: return "gravity"
            case .collision: return "collision"
            case .push: return "push"
            case .snap: return "snap"
            case .attachment: return "attachment"
            case .itemBehavior: return "itemBehavior"
            case .field: return "field"
            case .sensor: return "sensor"
            }
        }
    }

    // MARK: - Shared members

    /// `began` and `ended` of collision and sensor behaviours: the functions their events call after
    /// the step (`Runtime.deliver`), last in their member tables.
    static func contactCallbacks(_ rt: Runtime) -> [LuaMember<BehaviorHandle>] {
        unowned(unsafe) let rt = rt  // the member tables live and die with the runtime: no cycle, no per-call retain
        return [
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

    static func shared(_ rt: Runtime) -> [LuaMember<BehaviorHandle>] {
        unowned(unsafe) let rt = rt  // the member tables live and die with the runtime: no cycle, no per-call retain
        func b(_ h: BehaviorHandle) -> DynamicBehavior { rt.entry(h).behavior }
        /// A behaviour in a world may not change while that world evaluates a field.
        func unlocked(_ h: BehaviorHandle, _ function: String) throws {
            try rt.world(of: b(h).animator)?.requireUnlocked(function)
        }
        return [
            .readOnly("kind") { lua, h in lua.push(kindName(rt.entry(h))) },
            .readOnly("items") { lua, h in rt.pushItems(b(h).items, on: lua) },
            .method("addItem") { lua, h in
                try unlocked(h, "Behavior:addItem")
                let (_, id) = try rt.item(lua, at: 2, "item")
                try rt.dynamics("Behavior:addItem") { () throws(DynamicsError) in try b(h).addItem(id) }
                return 0
            },
            .method("removeItem") { lua, h in
                try unlocked(h, "Behavior:removeItem")
                let (_, id) = try rt.item(lua, at: 2, "item")
                b(h).removeItem(id)
                return 0
            },
            .property("action", get: { lua, h in
                rt.pushCallback(.action, of: h, on: lua)
            }, set: { lua, h, v in
                let entry = rt.entry(h)
                entry.hasAction = try rt.setCallback(.action, of: h, lua, at: v)
                let behavior = entry.behavior
                behavior.action = !entry.hasAction ? nil : { [unowned rt, unowned behavior] in
                    rt.enqueueAction(h, from: behavior.animator)
                }
            }),
            .method("addChild") { lua, h in
                try unlocked(h, "Behavior:addChild")
                let child = try rt.behavior(lua, at: 2, "child")
                try rt.dynamics("Behavior:addChild") { () throws(DynamicsError) in try b(h).addChild(child.behavior) }
                rt.link(child.behavior, to: .behavior(h.slotHandle))
                return 0
            },
            .method("removeChild") { lua, h in
                try unlocked(h, "Behavior:removeChild")
                let child = try rt.behavior(lua, at: 2, "child").behavior
                if child.parent === b(h) { rt.unlinkLeaving(child, world: nil) }
                b(h).removeChild(child)
                return 0
            },
            .readOnly("children") { lua, h in rt.pushBehaviors(b(h).childBehaviors, on: lua) },
            .readOnly("world") { lua, h in
                if let world = rt.world(of: b(h).animator) { rt.pushWorld(world, on: lua) } else { lua.pushNil() }
            },
        ]
    }

    // MARK: - Constructors

    /// The steps every constructor ends with: register the behaviour, add `items`, then write every
    /// other present field through its property setter (so constructor fields and later writes are
    /// the same code). Pushes the new behaviour.
    static func finish(_ rt: Runtime, _ lua: Lua, _ def: LuaTable, _ behavior: DynamicBehavior, _ kind: BehaviorKind,
                       fields: [String]) throws -> Int32 {
        if fields.contains("items"), def.has("items") {
            let ids = try def.read("items") { i in try rt.itemList(lua, at: i, "items") }
            for id in ids {
                try rt.dynamics("kinetic.\(kindName(BehaviorEntry(behavior: behavior, kind: kind)))") { () throws(DynamicsError) in
                    try behavior.addItem(id)
                }
            }
        }
        let handle = rt.add(behavior, kind: kind)
        rt.behaviorTypes[kind.rawValue].push(handle, on: lua)  // first: its anchor keeps the functions the fields set
        rt.linkChildren(of: handle.slotHandle)
        try applyFields(def, fields, members: rt.behaviorMembers[kind.rawValue], to: handle)
        return 1
    }

    /// The start of a constructor whose definition is optional: with no table, `behavior` is
    /// registered and pushed bare and the result is nil (the constructor returns 1); with one,
    /// its field names are checked and it is returned for the constructor to read and `finish`.
    static func optionalDefinition(_ rt: Runtime, _ lua: Lua, _ behavior: DynamicBehavior, _ kind: BehaviorKind,
                                   fields: [String]) throws -> LuaTable? {
        guard !lua.isNil(1) else {
            rt.behaviorTypes[kind.rawValue].push(rt.add(behavior, kind: kind), on: lua)
            return nil
        }
        let def = try lua.table(1, "definition")
        try def.checkFields(fields)
        return def
    }

    static let compositeFields = ["children", "action"]

    /// `kinetic.behavior{ children = {...}, action = fn }`.
    static func construct(_ rt: Runtime, _ lua: Lua) throws -> Int32 {
        let behavior = DynamicBehavior()
        guard let def = try optionalDefinition(rt, lua, behavior, .behavior, fields: compositeFields) else { return 1 }
        if def.has("children") {
            try def.read("children") { index in
                guard lua.isTable(index) else {
                    throw LuaArgumentError(.field("children"), mustBe: "an array of behaviours", got: lua.describe(index))
                }
                try LuaTable(lua: lua, index: index, name: "children").array { element, name in
                    let child = try rt.behavior(lua, at: element, name)
                    try rt.dynamics("kinetic.behavior") { () throws(DynamicsError) in try behavior.addChild(child.behavior) }
                }
            }
        }
        return try finish(rt, lua, def, behavior, .behavior, fields: compositeFields)
    }
}
