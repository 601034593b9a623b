// The `kinetic` module's side of one Lua state: the worlds, behaviours and regions Lua holds handles
// to, the userdata types, and the helpers every binding shares (argument readers, pushers, callbacks).
import CLua
import CLuaShim
import Dynamics
import Foundation
import LuaBridge
import Physics
import Render

// MARK: - Handles (what the userdata hold: small values, never pointers)

/// A world of one state, by slot.
struct WorldHandle: LuaHandleRepresentable {
    let slot: Int32
    init(slot: Int32) { self.slot = slot }
    init(luaKey: Int64) { slot = Int32(truncatingIfNeeded: luaKey) }
    var luaKey: Int64 { Int64(slot) }
}

/// An item: its world's slot (12 bits), the item slot (24 bits) and generation (28 bits).
struct ItemHandle: LuaHandleRepresentable {
    let world: Int32
    let index: Int32
    let generation: UInt32
    init(world: Int32, index: Int32, generation: UInt32) {
        self.world = world; self.index = index; self.generation = generation
    }
    init(luaKey: Int64) {
        let bits = UInt64(bitPattern: luaKey)
        world = Int32(bits >> 52)
        index = Int32(bits >> 28 & 0xFF_FFFF)
        generation = UInt32(bits & 0x0FFF_FFFF)
    }
    var luaKey: Int64 {
        Int64(bitPattern: UInt64(world) << 52 | UInt64(UInt32(bitPattern: index) & 0xFF_FFFF) << 28
            | UInt64(generation & 0x0FFF_FFFF))
    }
}

/// A behaviour, by its entry in `Runtime.behaviors`.
struct BehaviorHandle: LuaHandleRepresentable {
    let index: Int32
    init(index: Int32) { self.index = index }
    init(luaKey: Int64) { index = Int32(truncatingIfNeeded: luaKey) }
    var luaKey: Int64 { Int64(index) }
}

/// A region value, by its entry in `Runtime.regions`.
struct RegionHandle: LuaHandleRepresentable {
    let index: Int32
    init(index: Int32) { self.index = index }
    init(luaKey: Int64) { index = Int32(truncatingIfNeeded: luaKey) }
    var luaKey: Int64 { Int64(index) }
}

/// The one canvas of a state (it draws only inside `level.draw`).
struct CanvasHandle: LuaHandleRepresentable {
    init() {}
    init(luaKey: Int64) {}
    var luaKey: Int64 { 0 }
}

/// The behaviour kinds Lua sees, each its own userdata type.
enum BehaviorKind: Int, CaseIterable {
    case behavior, gravity, collision, push, snap, attachment, itemBehavior, field

    /// The userdata type name (`Gravity`), used in messages and `tostring`.
    var typeName: String {
        switch self {
        case .behavior: return "Behavior"
        case .gravity: return "Gravity"
        case .collision: return "Collision"
        case .push: return "Push"
        case .snap: return "Snap"
        case .attachment: return "Attachment"
        case .itemBehavior: return "ItemBehavior"
        case .field: return "Field"
        }
    }
}

/// A behaviour Lua made, with the Lua functions it calls.
final class BehaviorEntry {
    let behavior: DynamicBehavior
    let kind: BehaviorKind
    var action: LuaReference?
    var began: LuaReference?
    var ended: LuaReference?
    var evaluate: LuaReference?
    init(behavior: DynamicBehavior, kind: BehaviorKind) { self.behavior = behavior; self.kind = kind }
}

// MARK: - Runtime

/// Everything the `kinetic` module keeps for one Lua state. The registered Swift functions hold it
/// (so it lives as long as the state); it refers back to the state without owning it.
final class Runtime {
    unowned let state: LuaState
    let options: LevelOptions

    @exclusivity(unchecked) var worlds: [WorldModel] = []  // unchecked: read on every fast item property read
    var worldBySerial: [UInt32: Int32] = [:]  // lookups only
    var behaviors: [BehaviorEntry] = []
    var behaviorIndex: [ObjectIdentifier: Int32] = [:]  // lookups only
    var regions: [Region] = []
    /// HUD commands being recorded; non-nil only while `level.draw` runs.
    var hud: [HUDCommand]?

    var worldType: LuaHandleType<WorldHandle>!
    var itemType: LuaHandleType<ItemHandle>!
    var behaviorTypes: [LuaHandleType<BehaviorHandle>] = []  // by BehaviorKind.rawValue
    var behaviorMembers: [[LuaMember<BehaviorHandle>]] = []  // by BehaviorKind.rawValue
    var itemMembers: [LuaMember<ItemHandle>] = []
    var regionType: LuaHandleType<RegionHandle>!
    var canvasType: LuaHandleType<CanvasHandle>!
    var module: LuaReference!
    var reseed: LuaReference!
    var localRequire: LuaReference?

    init(state: LuaState, options: LevelOptions) {
        self.state = state
        self.options = options
    }

    /// Installs the `kinetic` module (global and `require("kinetic")`) in `state`.
    @discardableResult
    static func install(in state: LuaState, options: LevelOptions) -> Runtime {
        let rt = Runtime(state: state, options: options)
        rt.worldType = WorldBinding.register(rt)
        rt.itemMembers = ItemBinding.members(rt)
        rt.itemType = ItemBinding.register(rt)
        for kind in BehaviorKind.allCases {
            let members = BehaviorBinding.members(of: kind, rt)
            rt.behaviorMembers.append(members)
            rt.behaviorTypes.append(BehaviorBinding.register(kind, members: members, rt))
        }
        rt.regionType = RegionBinding.register(rt)
        rt.canvasType = CanvasBinding.register(rt)
        rt.module = KineticModule.register(rt)
        rt.reseed = try? state.load("local seed = ... math.randomseed(seed)", name: "=kinetic")
        rt.localRequire = try? state.load(localRequireSource, name: "=kinetic")
        return rt
    }

    // MARK: - Worlds

    /// Makes a world and gives it a slot.
    func makeWorld(_ setup: WorldSetup) throws(DynamicsError) -> WorldModel {
        guard worlds.count < 4095 else { throw DynamicsError("too many worlds in one script (4095)") }
        let animator = try DynamicAnimator(referenceBounds: Size(setup.width, setup.height), fps: setup.fps,
                                           substeps: setup.substeps)
        let world = WorldModel(slot: Int32(worlds.count), animator: animator, setup: setup)
        worlds.append(world)
        worldBySerial[animator.serial] = world.slot
        return world
    }

    func world(_ handle: WorldHandle) -> WorldModel { worlds[Int(handle.slot)] }

    /// The world of an animator (nil for a behaviour outside every world).
    func world(of animator: DynamicAnimator?) -> WorldModel? {
        guard let animator, let slot = worldBySerial[animator.serial] else { return nil }
        return worlds[Int(slot)]
    }

    func pushWorld(_ world: WorldModel, on lua: Lua) { worldType.push(WorldHandle(slot: world.slot), on: lua) }

    // MARK: - Items

    /// The world and id of a live item; throws `item 'ball' was removed` for a stale one.
    func live(_ handle: ItemHandle) throws -> (WorldModel, ItemID) {
        let world = worlds[Int(handle.world)]
        let id = ItemID(index: handle.index, generation: handle.generation, animator: world.animator.serial)
        guard world.animator.isValid(id) else { throw LuaBindingError("\(world.label(id)) was removed") }
        return (world, id)
    }

    func handle(of id: ItemID) -> ItemHandle? {
        guard let slot = worldBySerial[id.animator] else { return nil }
        return ItemHandle(world: slot, index: id.index, generation: id.generation)
    }

    func pushItem(_ id: ItemID, on lua: Lua) {
        guard let handle = handle(of: id) else { lua.pushNil(); return }
        itemType.push(handle, on: lua)
    }

    /// The live item at `index` (argument or field `name`).
    func item(_ lua: Lua, at index: Int32, _ name: String? = nil) throws -> (WorldModel, ItemID) {
        try live(itemType.handle(lua, at: index, name))
    }

    /// An array of items `{a, b, …}` at `index`.
    func itemList(_ lua: Lua, at index: Int32, _ name: String) throws -> [ItemID] {
        guard lua.type(at: index) == LUA_TTABLE else {
            throw LuaArgumentError(.field(name), mustBe: "an array of items {a, b, ...}", got: lua.describe(index))
        }
        let table = lua.absolute(index)
        let count = Int(lua_rawlen(lua.L, table))
        var ids: [ItemID] = []
        for i in 0..<count {
            lua_rawgeti(lua.L, table, lua_Integer(i + 1))
            defer { lua.pop() }
            ids.append(try item(lua, at: lua.top, "\(name)[\(i + 1)]").1)
        }
        return ids
    }

    /// Pushes an array of items.
    func pushItems(_ ids: [ItemID], on lua: Lua) {
        lua.reserve(4)
        lua.pushTable(array: Int32(ids.count))
        for (i, id) in ids.enumerated() {
            pushItem(id, on: lua)
            lua.setIndex(i + 1, inTableAt: -2)
        }
    }

    // MARK: - Behaviours

    /// Registers a new behaviour and returns its handle.
    func add(_ behavior: DynamicBehavior, kind: BehaviorKind) -> BehaviorHandle {
        let entry = BehaviorEntry(behavior: behavior, kind: kind)
        behaviors.append(entry)
        let index = Int32(behaviors.count - 1)
        behaviorIndex[ObjectIdentifier(behavior)] = index
        return BehaviorHandle(index: index)
    }

    func entry(_ handle: BehaviorHandle) -> BehaviorEntry { behaviors[Int(handle.index)] }

    func pushBehavior(_ behavior: DynamicBehavior, on lua: Lua) {
        guard let index = behaviorIndex[ObjectIdentifier(behavior)] else { lua.pushNil(); return }
        behaviorTypes[behaviors[Int(index)].kind.rawValue].push(BehaviorHandle(index: index), on: lua)
    }

    func pushBehaviors(_ list: [DynamicBehavior], on lua: Lua) {
        lua.reserve(4)
        lua.pushTable(array: Int32(list.count))
        for (i, b) in list.enumerated() {
            pushBehavior(b, on: lua)
            lua.setIndex(i + 1, inTableAt: -2)
        }
    }

    /// The behaviour (of any kind) at `index`.
    func behavior(_ lua: Lua, at index: Int32, _ name: String? = nil) throws -> BehaviorEntry {
        for type in behaviorTypes where type.isHandle(lua, at: index) {
            return entry(try type.handle(lua, at: index, name))
        }
        throw LuaArgumentError(.named(name, at: index), mustBe: "a behaviour (kinetic.gravity{...}, ...)",
                               got: lua.describe(index))
    }

    // MARK: - Regions

    func pushRegion(_ region: Region, on lua: Lua) {
        regions.append(region)
        regionType.push(RegionHandle(index: Int32(regions.count - 1)), on: lua)
    }

    func region(_ lua: Lua, at index: Int32, _ name: String? = nil) throws -> Region {
        regions[Int(try regionType.handle(lua, at: index, name).index)]
    }

    // MARK: - Calling Lua

    /// Calls a Lua function (pcall, traceback, budgets) with the arguments `push` pushes; returns
    /// whether the first result is truthy.
    @discardableResult
    func call(_ function: LuaReference, _ push: (Lua) -> Int32) throws(LuaError) -> Bool {
        try state.call(function, arguments: push) { lua, first, count in
            count > 0 && lua_toboolean(lua.L, first) != 0
        }
    }

    /// A function field of a level table, looked up by name at each call (late binding).
    func function(named name: String, in table: LuaReference) -> LuaReference? {
        state.withStack { lua in
            lua.push(table)
            guard lua.type(at: -1) == LUA_TTABLE else { return nil }
            lua.push(name)
            guard lua_rawget(lua.L, -2) == LUA_TFUNCTION else { return nil }
            return lua.reference(to: -1)
        }
    }

    /// `file:line` where a Lua function is defined, for messages about what it returned.
    func location(of function: LuaReference) -> String {
        state.withStack { lua in
            lua.push(function)
            var ar = lua_Debug()
            guard lua_getinfo(lua.L, ">S", &ar) != 0 else { return "?" }
            let source = withUnsafeBytes(of: ar.short_src) { raw in
                String(decoding: raw.prefix(while: { $0 != 0 }), as: UTF8.self)
            }
            return "\(source):\(ar.linedefined)"
        }
    }

    /// The folder of the Lua chunk that called the current Swift function (relative to the state's
    /// folder, or absolute), "" when unknown.
    func callerFolder(_ lua: Lua) -> String {
        var ar = lua_Debug()
        guard lua_getstack(lua.L, 1, &ar) != 0, lua_getinfo(lua.L, "S", &ar) != 0, let source = ar.source else { return "" }
        let text = String(cString: source)
        guard text.hasPrefix("@") else { return "" }
        let path = String(text.dropFirst())
        guard let slash = path.lastIndex(of: "/") else { return "" }
        return String(path[..<slash])
    }

    /// Runs a Dynamics call and turns its error into a Lua error starting with `function`.
    func dynamics<T>(_ function: String, _ body: () throws(DynamicsError) -> T) throws -> T {
        do { return try body() } catch { throw LuaBindingError("\(function): \(error.message)") }
    }

    /// Runs property writes on a behaviour and reports a refused one, naming the Lua field:
    /// `Attachment.range: 'range' must be a range containing 0, got [0.5, 1.0]`.
    func checked(_ behavior: DynamicBehavior, _ function: String, _ body: () -> Void) throws {
        do { try behavior.checked(body) } catch {
            let field = function.split(separator: ".").last.map(String.init) ?? function
            var message = error.message
            if let rule = message.range(of: " must be ") { message = "'\(field)'" + message[rule.lowerBound...] }
            throw LuaBindingError("\(function): \(message)")
        }
    }
}

/// What a world is made with.
struct WorldSetup {
    var width = 375.0
    var height = 667.0
    var fps = 60.0
    var substeps = 4
    var seed = 0
    var title = ""
    var background = Color.white
    var duration: Double?
    /// Absolute folder of the level (images are relative to it), or nil.
    var folder: String?
}
