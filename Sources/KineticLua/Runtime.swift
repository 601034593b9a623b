// The `kinetic` module's side of one Lua state: the worlds, behaviours and regions Lua holds handles
// to, the userdata types, and the helpers every binding shares (argument readers, pushers, callbacks).
import KineticDynamics
import Foundation
import KineticLuaBridge
import KineticPhysics
import KineticScene

// MARK: - Handles (what the userdata hold: small values, never pointers)

/// A handle to a value in a `SlotTable`: its slot and generation, one Lua key. Each kind is its own
/// type, so a behaviour's handle can never be taken for a world's.
protocol SlotHandleRepresentable: LuaHandleRepresentable {
    var slotHandle: SlotHandle { get }
    init(_ handle: SlotHandle)
}

extension SlotHandleRepresentable {
    init(luaKey: Int64) { self.init(SlotHandle(luaKey: luaKey)) }
    var luaKey: Int64 { slotHandle.luaKey }
    var slot: Int32 { slotHandle.slot }
    var generation: UInt32 { slotHandle.generation }
}

/// A world of one state: its slot (below 4096, so item handles fit it in 12 bits) and generation.
struct WorldHandle: SlotHandleRepresentable {
    let slotHandle: SlotHandle
    init(_ handle: SlotHandle) { slotHandle = handle }
}

/// An item: its world's slot (12 bits), the item slot (24 bits) and generation (28 bits). Its
/// userdata keeps the world's userdata alive (user value), so the world slot is not reused while
/// Lua holds the item.
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

/// A behaviour, by its slot and generation in `Runtime.behaviors`.
struct BehaviorHandle: SlotHandleRepresentable {
    let slotHandle: SlotHandle
    init(_ handle: SlotHandle) { slotHandle = handle }
}

/// A region value, by its slot and generation in `Runtime.regions`.
struct RegionHandle: SlotHandleRepresentable {
    let slotHandle: SlotHandle
    init(_ handle: SlotHandle) { slotHandle = handle }
}

extension SlotHandle {
    /// Slot in the low 32 bits, generation in the high 32.
    init(luaKey: Int64) {
        let bits = UInt64(bitPattern: luaKey)
        self.init(slot: Int32(truncatingIfNeeded: bits), generation: UInt32(truncatingIfNeeded: bits >> 32))
    }
    var luaKey: Int64 { Int64(bitPattern: UInt64(generation) << 32 | UInt64(UInt32(bitPattern: slot))) }
}

/// The one canvas of a state (it draws only inside `level.draw`).
struct CanvasHandle: LuaHandleRepresentable {
    init() {}
    init(luaKey: Int64) {}
    var luaKey: Int64 { 0 }
}

/// The behaviour kinds Lua sees, each its own userdata type.
enum BehaviorKind: Int, CaseIterable {
    case behavior, gravity, collision, push, snap, attachment, itemBehavior, field, sensor

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
        case .sensor: return "Sensor"
        }
    }
}

/// A behaviour Lua made, and which Lua functions it calls (they are in its anchor, `Anchors.swift`).
final class BehaviorEntry {
    let behavior: DynamicBehavior
    let kind: BehaviorKind
    var hasAction = false
    var hasBegan = false
    var hasEnded = false
    var hasEvaluate = false
    init(behavior: DynamicBehavior, kind: BehaviorKind) { self.behavior = behavior; self.kind = kind }
}

// MARK: - Runtime

/// Everything the `kinetic` module keeps for one Lua state. The registered Swift functions hold it
/// (so it lives as long as the state); it refers back to the state without owning it.
///
/// Worlds, behaviours and regions live in slots (`Slots.swift`) that are freed and reused: a
/// region when Lua collects its userdata; a world when Lua holds neither it nor any of its items
/// and the host does not hold it (`hold`, the level's current world); a behaviour when Lua holds
/// it no more and no world or parent behaviour does. `__gc` only notes collected handles; `sweep`
/// frees at the next allocation of a slot, where no Swift code is in the middle of using one.
final class Runtime {
    unowned let state: LuaState
    let options: LevelOptions

    @exclusivity(unchecked) var worlds = SlotTable<WorldModel>()  // unchecked: read on every fast item property read
    var worldBySerial: [UInt32: Int32] = [:]  // lookups only
    @exclusivity(unchecked) var behaviors = SlotTable<BehaviorEntry>()  // unchecked: read on every behaviour call
    var behaviorIndex: [ObjectIdentifier: Int32] = [:]  // lookups only
    var regions = SlotTable<Region>()
    /// Checkpoints Lua holds (`world:checkpoint()`), freed when Lua collects them.
    var checkpoints = SlotTable<LevelCheckpoint>()
    var collectedCheckpoints: [SlotHandle] = []
    var checkpointType: LuaHandleType<CheckpointHandle>!
    /// The Lua side of the checkpoint being pushed (set only around that push).
    var checkpointTable: Int32 = 0
    /// The table copier (Checkpoints.swift) and `math.random`, whose generator a checkpoint saves.
    var saveTables: LuaReference?
    var restoreTables: LuaReference?
    var randomFunction: LuaReference?
    /// Handles whose userdata Lua collected, noted by `__gc` for the next `sweep`.
    var collectedWorlds: [SlotHandle] = []
    var collectedBehaviors: [SlotHandle] = []
    var collectedRegions: [SlotHandle] = []
    /// Behaviours made since the last sweep (freed there if Lua never got them).
    var newBehaviors: [SlotHandle] = []
    /// Behaviours Lua no longer holds that are still in a world or a parent; checked again when a
    /// world is freed and when their number doubles.
    var orphans: [SlotHandle] = []
    var orphansChecked = 0
    /// The registry tables of the anchors that keep the Lua functions the host calls back.
    var anchors = AnchorTables()
    /// Behaviour anchors linked from their owner's; checked again when their number doubles.
    var links: [AnchorLink] = []
    var linksChecked = 0
    /// Level folder → the name its saved data is kept under, and each name's store (SavedData.swift).
    var savedDataNames: [String: String] = [:]  // lookups only
    var savedStores: [String: SavedStore] = [:]  // lookups only
    /// HUD commands being recorded; non-nil only while `level.draw` runs.
    var hud: [HUDCommand]?
    /// `canvas:push` calls not yet popped in the frame being recorded.
    var hudDepth = 0
    /// The world whose `level.draw` is recording (`canvas:image` paths start at its folder).
    var drawingWorld: WorldModel?

    var worldType: LuaHandleType<WorldHandle>!
    var itemType: LuaHandleType<ItemHandle>!
    /// `itemType.tag`, for the fast methods that take an item (no retain of the type to read it).
    @exclusivity(unchecked) var itemTag: UInt64 = 0
    var behaviorTypes: [LuaHandleType<BehaviorHandle>] = []  // by BehaviorKind.rawValue
    var behaviorMembers: [[LuaMember<BehaviorHandle>]] = []  // by BehaviorKind.rawValue
    var itemMembers: [LuaMember<ItemHandle>] = []
    var regionType: LuaHandleType<RegionHandle>!
    var canvasType: LuaHandleType<CanvasHandle>!
    var soundType: LuaHandleType<SoundHandle>!
    /// Sound files loaded by `kinetic.sound`, in load order, and their index by real path (lookups only).
    var sounds: [SoundSample] = []
    var soundIndex: [String: Int32] = [:]
    /// The world whose callback is running: `Sound:play` records into it.
    var soundWorld: WorldModel?
    var module: LuaReference!
    var reseed: LuaReference!
    /// The metatable of `world.pointer` tables (WorldBinding.pushPointerState).
    var pointerStateMetatable: LuaReference!
    /// The metatable of `sensor.items` lists (SensorBinding.makeItemsMetatable).
    var sensorItemsMetatable: LuaReference!
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
        rt.itemTag = rt.itemType.tag
        state.onSettle { [unowned rt] in rt.settle() }
        for kind in BehaviorKind.allCases {
            let members = BehaviorBinding.members(of: kind, rt)
            rt.behaviorMembers.append(members)
            rt.behaviorTypes.append(BehaviorBinding.register(kind, members: members, rt))
        }
        rt.regionType = RegionBinding.register(rt)
        rt.checkpointType = CheckpointBinding.register(rt)
        rt.makeAnchorTables()
        rt.trackUserdata()
        rt.canvasType = CanvasBinding.register(rt)
        rt.soundType = SoundBinding.register(rt)
        rt.installCheckpoints()
        rt.module = KineticModule.register(rt)
        rt.pointerStateMetatable = WorldBinding.makePointerStateMetatable(rt)
        rt.sensorItemsMetatable = SensorBinding.makeItemsMetatable(rt)
        rt.reseed = try? state.load("local seed = ... math.randomseed(seed)", name: "=kinetic")
        rt.localRequire = try? state.load(localRequireSource, name: "=kinetic")
        return rt
    }

    // MARK: - Worlds

    /// Worlds alive at once: item handles hold the world slot in 12 bits.
    static let worldLimit = 4095

    /// Makes a world and gives it a slot. The caller pushes it to Lua or `hold`s it before the
    /// next `sweep`, which frees a world that neither Lua nor the host holds.
    func makeWorld(_ setup: WorldSetup) throws(DynamicsError) -> WorldModel {
        sweep()
        if worlds.count >= Self.worldLimit {
            // Unreachable worlds may be waiting for a collection.
            state.collectGarbage()
            sweep()
        }
        guard worlds.count < Self.worldLimit else {
            throw DynamicsError("too many worlds alive at once (\(Self.worldLimit)); keep fewer references to old worlds")
        }
        let animator = try DynamicAnimator(referenceBounds: Size(setup.width, setup.height), fps: setup.fps,
                                           substeps: setup.substeps)
        animator.noiseSeed = setup.seed
        let world = WorldModel(animator: animator, setup: setup)
        world.handle = worlds.insert(world)
        worldBySerial[animator.serial] = world.slot
        return world
    }

    /// The world of a validated handle.
    func world(_ handle: WorldHandle) -> WorldModel { worlds[Int(handle.slot)] }

    /// The world of an animator (nil for a behaviour outside every world).
    func world(of animator: DynamicAnimator?) -> WorldModel? {
        guard let animator, let slot = worldBySerial[animator.serial] else { return nil }
        return worlds[Int(slot)]
    }

    /// Pushes the world, or nil for one Lua dropped that the next sweep frees (its anchor, and so
    /// its functions, went with its last userdata).
    func pushWorld(_ world: WorldModel, on lua: Lua) {
        guard !isDropped(world) else { lua.pushNil(); return }
        worldType.push(WorldHandle(world.handle), on: lua)
    }

    /// Lua collected every userdata of the world and the host does not hold it.
    func isDropped(_ world: WorldModel) -> Bool {
        world.collectionsPending > 0 && world.holds <= 0 && worlds.userdataCount(world.slot) - world.collectionsPending <= 0
    }

    /// The host keeps `world` (a level's current world): it is not freed until `release`d.
    func hold(_ world: WorldModel) {
        world.holds += 1
        if world.holds == 1 { holdAnchor(of: world, true) }
    }

    /// The host no longer keeps `world`; it is freed once Lua holds neither it nor its items.
    /// Behaviours that left it (a retired world has none) and that Lua dropped are freed now: their
    /// functions may hold its items, and so the world, alive.
    func release(_ world: WorldModel) {
        world.holds -= 1
        if world.holds == 0 { holdAnchor(of: world, false) }
        checkOrphans()
        freeWorldIfUnused(world.handle)
    }

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
        guard let handle = handle(of: id), !isDropped(worlds[Int(handle.world)]) else { lua.pushNil(); return }
        itemType.push(handle, on: lua)
    }

    /// The live item at `index` (argument or field `name`).
    func item(_ lua: Lua, at index: Int32, _ name: String? = nil) throws -> (WorldModel, ItemID) {
        try live(itemType.handle(lua, at: index, name))
    }

    /// An array of items `{a, b, …}` at `index`.
    func itemList(_ lua: Lua, at index: Int32, _ name: String) throws -> [ItemID] {
        guard lua.isTable(index) else {
            throw LuaArgumentError(.field(name), mustBe: "an array of items {a, b, ...}", got: lua.describe(index))
        }
        return try LuaTable(lua: lua, index: lua.absolute(index), name: name).array { element, subject in
            try item(lua, at: element, subject).1
        }
    }

    /// Pushes an array of items.
    func pushItems(_ ids: [ItemID], on lua: Lua) {
        lua.pushArray(ids) { lua, id in pushItem(id, on: lua) }
    }

    // MARK: - Behaviours

    /// Registers a new behaviour and returns its handle. The caller pushes it before the next
    /// `sweep`; if it never does (a constructor field was refused), the sweep frees it.
    func add(_ behavior: DynamicBehavior, kind: BehaviorKind) -> BehaviorHandle {
        sweep()
        let handle = behaviors.insert(BehaviorEntry(behavior: behavior, kind: kind))
        behaviorIndex[ObjectIdentifier(behavior)] = handle.slot
        newBehaviors.append(handle)
        return BehaviorHandle(handle)
    }

    /// The entry of a validated handle.
    func entry(_ handle: BehaviorHandle) -> BehaviorEntry { behaviors[Int(handle.slot)] }

    /// The entry if the handle is current (a queued callback may outlive its behaviour).
    func liveEntry(_ handle: BehaviorHandle) -> BehaviorEntry? { behaviors.value(handle.slotHandle) }

    /// The handle of a behaviour Lua made, nil once its slot was freed.
    func liveHandle(of behavior: DynamicBehavior) -> BehaviorHandle? {
        behaviorIndex[ObjectIdentifier(behavior)].map { BehaviorHandle(behaviors.handle($0)) }
    }

    func pushBehavior(_ behavior: DynamicBehavior, on lua: Lua) {
        guard let slot = behaviorIndex[ObjectIdentifier(behavior)] else { lua.pushNil(); return }
        behaviorTypes[behaviors[Int(slot)].kind.rawValue].push(BehaviorHandle(behaviors.handle(slot)), on: lua)
    }

    func pushBehaviors(_ list: [DynamicBehavior], on lua: Lua) {
        lua.pushArray(list) { lua, b in pushBehavior(b, on: lua) }
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

    /// Pushes a new userdata holding `region` (a value: every push is a new one).
    func pushRegion(_ region: Region, on lua: Lua) {
        sweep()
        regionType.push(RegionHandle(regions.insert(region)), on: lua)
    }

    func region(_ lua: Lua, at index: Int32, _ name: String? = nil) throws -> Region {
        regions[Int(try regionType.handle(lua, at: index, name).slot)]
    }

    // MARK: - Freeing slots

    /// Counts the userdata of worlds, behaviours and regions, and keeps a world alive while Lua
    /// holds one of its items (the item userdata's user value is the world userdata).
    func trackUserdata() {
        worldType.created = { [unowned self] h, lua in
            worlds.userdataMade(h.slotHandle)
            pushAnchor(lua, in: anchors.worlds, key: h.luaKey, make: true)
            lua.setUserValue(ofUserdataAt: -2)
        }
        worldType.onCollect(in: state) { [unowned self] h in
            collectedWorlds.append(h.slotHandle)
            worlds.value(h.slotHandle)?.collectionsPending += 1
        }
        itemType.created = { [unowned self] h, lua in
            pushWorld(worlds[Int(h.world)], on: lua)
            lua.setUserValue(ofUserdataAt: -2)
        }
        for type in behaviorTypes {
            type.created = { [unowned self] h, lua in
                behaviors.userdataMade(h.slotHandle)
                pushAnchor(lua, in: anchors.behaviors, key: h.luaKey, make: true)
                lua.setUserValue(ofUserdataAt: -2)
            }
            type.onCollect(in: state) { [unowned self] h in collectedBehaviors.append(h.slotHandle) }
        }
        regionType.created = { [unowned self] h, _ in regions.userdataMade(h.slotHandle) }
        regionType.onCollect(in: state) { [unowned self] h in collectedRegions.append(h.slotHandle) }
        checkpointType.created = { [unowned self] h, lua in
            checkpoints.userdataMade(h.slotHandle)
            lua.pushValue(at: checkpointTable)
            lua.setUserValue(ofUserdataAt: -2)
        }
        checkpointType.onCollect(in: state) { [unowned self] h in collectedCheckpoints.append(h.slotHandle) }
    }

    /// Teleports the items Lua moved since it last reached the host (`DeferredMoves`).
    func settle() {
        worlds.withUnsafeSlots { slots in
            for world in slots { world?.settleMoves() }
        }
    }

    /// Frees what the collections since the last sweep made unused. Called where a slot is about
    /// to be taken, and after each step: never while Swift code is in the middle of using one.
    func sweep() {
        if !collectedRegions.isEmpty {
            let list = collectedRegions
            collectedRegions.removeAll()
            for h in list where regions.userdataCollected(h) { regions.remove(h.slot) }
        }
        if !collectedCheckpoints.isEmpty {
            let list = collectedCheckpoints
            collectedCheckpoints.removeAll()
            for h in list where checkpoints.userdataCollected(h) { checkpoints.remove(h.slot) }
        }
        if !collectedBehaviors.isEmpty || !newBehaviors.isEmpty {
            let collected = collectedBehaviors, fresh = newBehaviors
            collectedBehaviors.removeAll()
            newBehaviors.removeAll()
            for h in collected where behaviors.userdataCollected(h) { freeBehaviorIfUnused(h) }
            for h in fresh where behaviors.isLive(h) && behaviors.userdataCount(h.slot) == 0 { freeBehaviorIfUnused(h) }
        }
        if !collectedWorlds.isEmpty {
            let list = collectedWorlds
            collectedWorlds.removeAll()
            for h in list {
                worlds.value(h)?.collectionsPending -= 1
                if worlds.userdataCollected(h) { freeWorldIfUnused(h) }
            }
        }
        if orphans.count > 2 * orphansChecked + 64 { checkOrphans() }
        if links.count > 2 * linksChecked + 64 { pruneLinks() }
    }

    /// Frees a world that neither the host nor Lua holds (Lua holding an item holds its world).
    /// Its behaviours leave it, so those Lua no longer holds are freed too.
    func freeWorldIfUnused(_ h: SlotHandle) {
        guard freeWorld(h) else { return }
        checkOrphans()  // after the world is gone: its animator's caches no longer hold parents
    }

    private func freeWorld(_ h: SlotHandle) -> Bool {
        guard let world = worlds.value(h), world.holds <= 0, worlds.userdataCount(h.slot) <= 0 else { return false }
        worldBySerial[world.animator.serial] = nil
        worlds.remove(h.slot)
        world.dispose()
        return true
    }

    /// Frees a behaviour Lua no longer holds, unless a world or a parent behaviour still holds it
    /// (then its Lua functions must still run): it waits among the orphans.
    func freeBehaviorIfUnused(_ h: SlotHandle) {
        guard let entry = behaviors.value(h), behaviors.userdataCount(h.slot) <= 0 else { return }
        // In a world, or a child of a behaviour that is (or that Lua holds): its functions may run.
        if entry.behavior.animator == nil && entry.behavior.parent == nil {
            behaviorIndex[ObjectIdentifier(entry.behavior)] = nil
            behaviors.remove(h.slot)
        } else {
            orphans.append(h)
        }
    }

    /// Checks the orphans again (in the order they came: slot reuse stays deterministic), until
    /// none is freed: freeing a parent lets go of its children.
    func checkOrphans() {
        var remaining = -1
        while !orphans.isEmpty, orphans.count != remaining {
            var seen: Set<SlotHandle> = []  // membership only
            let list = orphans
            orphans.removeAll()
            for h in list where seen.insert(h).inserted { freeBehaviorIfUnused(h) }
            remaining = list.count
        }
        orphansChecked = orphans.count
    }

    // MARK: - Calling Lua

    /// Calls a Lua function (pcall, traceback, budgets) with the arguments `push` pushes; returns
    /// whether the first result is truthy.
    @discardableResult
    func call(_ function: LuaReference, _ push: (Lua) -> Int32) throws(LuaError) -> Bool {
        try state.call(function, arguments: push) { lua, first, count in
            count > 0 && lua.isTruthy(first)
        }
    }

    /// A function field of a level table, looked up by name at each call (late binding).
    func function(named name: String, in table: LuaReference) -> LuaReference? {
        state.withStack { lua in
            lua.push(table)
            guard lua.isTable(-1) else { return nil }
            lua.pushField(name, ofTableAt: -1)
            guard lua.isCallable(-1) else { return nil }
            return lua.reference(to: -1)
        }
    }

    /// A locked metatable (`__metatable = false`) whose `__call(t, ...)` runs `body` with the
    /// arguments after the called table `t`, as a method of the values it is set on.
    func callableMetatable(_ name: String, _ body: @escaping LuaFunction) -> LuaReference {
        state.withStack { lua in
            lua.reserve(4)
            lua.pushTable(fields: 2)
            state.pushFunction(name, on: lua) { lua in
                lua.remove(1)
                return try body(lua)
            }
            lua.setField("__call", inTableAt: -2)
            lua.push(false)
            lua.setField("__metatable", inTableAt: -2)
            return lua.reference(to: -1)
        }
    }

    /// Calls the Lua function `function` pushes, like `call(_:_:)`.
    @discardableResult
    func call(pushing function: (Lua) -> Void, _ push: (Lua) -> Int32) throws(LuaError) -> Bool {
        try state.call(pushing: function, arguments: push) { lua, first, count in
            count > 0 && lua.isTruthy(first)
        }
    }

    /// `file:line` where a Lua function is defined, for messages about what it returned.
    func location(of function: LuaReference) -> String { location(pushing: { lua in lua.push(function) }) }

    /// `file:line` where the Lua function `function` pushes is defined.
    func location(pushing function: (Lua) -> Void) -> String {
        state.withStack { lua in
            function(lua)
            guard lua.isFunction(-1), let definition = lua.popDefinition() else { return "?" }
            return "\(definition.source):\(definition.line)"
        }
    }

    /// The folder of the Lua chunk that called the current Swift function (relative to the state's
    /// folder, or absolute), "" when unknown.
    func callerFolder(_ lua: Lua) -> String {
        guard let text = lua.caller(at: 1)?.source else { return "" }
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
    /// The view's size (the window's and a render's), points; nil: the world's size.
    var view: Size?
    var fps = 60.0
    var substeps = 4
    var seed = 0
    var title = ""
    var background = Color.white
    var duration: Double?
    /// Absolute folder of the level (images are relative to it), or nil.
    var folder: String?

    /// The size the view shows, points.
    var viewSize: Size { view ?? Size(width, height) }
}
