// Every Lua name Kinetic binds, as data: read off the same member tables the bindings register, so
// `kinetic api` prints exactly what scripts get and a test can diff it against LUA-API.md.
import Foundation
import KineticLuaBridge

/// The Lua surface of Kinetic.
public struct APISurface: Codable, Sendable, Equatable {
    /// One userdata type (`World`, `Item`, `Gravity`, …).
    public struct TypeSurface: Codable, Sendable, Equatable {
        /// Type name as `tostring` and messages show it.
        public var name: String
        /// Readable properties, in declaration order.
        public var properties: [String]
        /// The properties that can also be written.
        public var writable: [String]
        /// Methods (`object:name(...)`).
        public var methods: [String]
    }

    /// One constructor and the fields its definition table accepts.
    public struct Constructor: Codable, Sendable, Equatable {
        public var name: String
        public var fields: [String]
    }

    /// `kinetic.<name>` functions and tables.
    public var module: [String]
    /// Constructors (`kinetic.gravity{...}`, `world:addItem{...}`, …) and their fields.
    public var constructors: [Constructor]
    /// Userdata types and their members.
    public var types: [TypeSurface]
    /// Fields a level table may hold, and the functions the host calls on it.
    public var levelFields: [String]
    public var levelFunctions: [String]

    /// The fields of a level table.
    static let levelFieldNames = ["title", "width", "height", "view", "background", "fps", "substeps", "seed", "duration"]
    /// The functions of a level table the host calls, by name at each call.
    static let levelFunctionNames = ["load", "update", "pointer", "key", "draw", "reloaded"]

    /// The surface as registered in a fresh state.
    public static func current() -> APISurface {
        var options = LuaOptions()
        options.output = { _ in }
        options.warnings = { _ in }
        guard let state = try? LuaState(options: options) else {
            return APISurface(module: [], constructors: [], types: [], levelFields: [], levelFunctions: [])
        }
        let rt = Runtime.install(in: state, options: LevelOptions())
        func surface<H>(_ name: String, _ members: [LuaMember<H>]) -> TypeSurface {
            TypeSurface(name: name,
                        properties: members.filter { !$0.isMethod }.map(\.luaName),
                        writable: members.filter { $0.setter != nil }.map(\.luaName),
                        methods: members.filter(\.isMethod).map(\.luaName))
        }
        var world = surface("World", WorldBinding.members(rt) + CheckpointBinding.worldMembers(rt))
        world.methods += WorldBinding.callableProperties
        var types = [world, surface("Item", rt.itemMembers)]
        for kind in BehaviorKind.allCases {
            var t = surface(kind.typeName, rt.behaviorMembers[kind.rawValue])
            if kind == .sensor { t.methods += SensorBinding.callableProperties }
            types.append(t)
        }
        types.append(surface("Region", RegionBinding.members(rt)))
        types.append(surface("Canvas", CanvasBinding.members(rt)))
        types.append(surface("Sound", SoundBinding.members(rt)))
        types.append(surface("Checkpoint", CheckpointBinding.members(rt)))

        var constructors = [
            Constructor(name: "kinetic.behavior", fields: BehaviorBinding.compositeFields),
            Constructor(name: "kinetic.gravity", fields: GravityBinding.fields),
            Constructor(name: "kinetic.collision", fields: CollisionBinding.fields),
            Constructor(name: "kinetic.push", fields: PushBinding.fields),
            Constructor(name: "kinetic.snap", fields: SnapBinding.fields),
        ]
        constructors += AttachmentBinding.fields.map { Constructor(name: "kinetic.\($0.constructor)", fields: $0.fields) }
        constructors += [
            Constructor(name: "kinetic.itemBehavior", fields: ItemBehaviorBinding.fields),
            Constructor(name: "kinetic.field", fields: FieldBinding.fields),
            Constructor(name: "kinetic.sensor", fields: SensorBinding.fields),
            Constructor(name: "kinetic.region", fields: RegionBinding.fields),
            Constructor(name: "kinetic.world", fields: KineticModule.worldFields),
            Constructor(name: "kinetic.load", fields: KineticModule.loadFields),
            Constructor(name: "world:addItem", fields: ItemBinding.definitionFields),
            Constructor(name: "Sound:play", fields: SoundBinding.playFields),
        ]
        return APISurface(module: KineticModule.functions(rt).map(\.0) + KineticModule.tables,
                          constructors: constructors, types: types,
                          levelFields: levelFieldNames, levelFunctions: levelFunctionNames)
    }

    /// Pretty-printed JSON with sorted keys (the same bytes on every run, so it can be diffed); lists
    /// keep declaration order. What `kinetic api` prints.
    public func json() -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        guard let data = try? encoder.encode(self) else { return "{}" }
        return String(decoding: data, as: UTF8.self)
    }

    /// Every dotted name: `kinetic.gravity`, `Item.center`, `World:addItem`, `kinetic.pin{anchor}`.
    public var allNames: [String] {
        var names = module.map { "kinetic.\($0)" }
        for c in constructors { names += c.fields.map { "\(c.name){\($0)}" } }
        for t in types {
            names += t.properties.map { "\(t.name).\($0)" }
            names += t.methods.map { "\(t.name):\($0)" }
        }
        return names
    }
}
