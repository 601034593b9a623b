// The Lua functions the host calls back (behaviour actions, collision and field callbacks, a
// world's pause and resume handlers) live in Lua tables, "anchors", not in the registry. A world's
// anchor is the user value of its userdata, a behaviour's the user value of its own, and a
// behaviour in a world (or under a parent) is linked from that owner's anchor. Only the anchors
// of worlds the host holds are in the registry. A world whose own functions refer back to it is
// then a cycle Lua's collector can free, like any other.
import KineticDynamics
import KineticLuaBridge
import KineticPhysics

/// The registry tables of anchors (made with the runtime, before any use).
struct AnchorTables {
    /// World key → anchor, weak values: an anchor lives as long as a userdata or a hold needs it.
    var worlds: LuaReference!
    /// Behaviour key → anchor, weak values.
    var behaviors: LuaReference!
    /// World key → anchor of the worlds the host holds (strong).
    var held: LuaReference!
}

/// The functions a behaviour's anchor keeps, at these indices.
enum BehaviorCallback: String {
    case action, began, ended, evaluate

    var index: Int {
        switch self {
        case .action: return 1
        case .began: return 2
        case .ended: return 3
        case .evaluate: return 4
        }
    }
}

/// What links a behaviour's anchor into another: the world it was added to, or its parent.
enum AnchorOwner: Hashable {
    case world(SlotHandle)
    case behavior(SlotHandle)
}

/// A behaviour's anchor linked from its owner's (`members[key]`), checked again now and then:
/// a link that no longer matches the tree is removed.
struct AnchorLink: Hashable {
    let member: SlotHandle
    let owner: AnchorOwner
}

extension Runtime {
    func makeAnchorTables() {
        state.withStack { lua in
            lua.reserve(4)
            anchors.worlds = Self.weakValuedTable(lua)
            anchors.behaviors = Self.weakValuedTable(lua)
            lua.pushTable()
            anchors.held = lua.reference(to: -1)
        }
    }

    private static func weakValuedTable(_ lua: Lua) -> LuaReference {
        lua.pushTable()
        lua.pushTable(fields: 1)
        lua.push("v")
        lua.setField("__mode", inTableAt: -2)
        lua.setMetatable(ofValueAt: -2)
        defer { lua.pop() }
        return lua.reference(to: -1)
    }

    /// Pushes the anchor of `key` in the registry table `table`, made if absent and `make`.
    /// Returns false (and pushes nothing) for an absent one.
    @discardableResult
    func pushAnchor(_ lua: Lua, in table: LuaReference, key: Int64, make: Bool) -> Bool {
        lua.reserve(4)
        lua.push(table)
        lua.pushIndex(Int(key), ofTableAt: -1)
        if lua.isTable(-1) {
            lua.remove(-2)
            return true
        }
        lua.pop()
        guard make else { lua.pop(); return false }
        lua.pushTable(fields: 4)
        lua.pushValue(at: -1)
        lua.setIndex(Int(key), inTableAt: -3)
        lua.remove(-2)
        return true
    }

    /// Replaces the anchor on top of the stack with its table field `name`, made if absent and
    /// `make`. Returns false (and pops the anchor, pushing nothing) for an absent one.
    @discardableResult
    func pushAnchorTable(_ lua: Lua, named name: String, make: Bool) -> Bool {
        lua.pushField(name, ofTableAt: -1)
        if !lua.isTable(-1) {
            lua.pop()
            guard make else { lua.pop(); return false }
            lua.pushTable()
            lua.pushValue(at: -1)
            lua.setField(name, inTableAt: -3)
        }
        lua.remove(-2)
        return true
    }

    func pushAnchor(_ lua: Lua, of owner: AnchorOwner, make: Bool) -> Bool {
        switch owner {
        case .world(let h): return pushAnchor(lua, in: anchors.worlds, key: h.luaKey, make: make)
        case .behavior(let h): return pushAnchor(lua, in: anchors.behaviors, key: h.luaKey, make: make)
        }
    }

    /// The host holds `world`: its anchor stays in the registry (or leaves it, `held` false).
    func holdAnchor(of world: WorldModel, _ held: Bool) {
        state.withStack { lua in
            lua.reserve(4)
            lua.push(anchors.held)
            if held { pushAnchor(lua, in: anchors.worlds, key: world.handle.luaKey, make: true) } else { lua.pushNil() }
            lua.setIndex(Int(world.handle.luaKey), inTableAt: -2)
        }
    }

    // MARK: - Behaviour callbacks

    /// Sets (or clears, for nil) a function of a behaviour from the value at `index`. Returns
    /// whether it is a function now.
    func setCallback(_ callback: BehaviorCallback, of h: BehaviorHandle, _ lua: Lua, at index: Int32) throws -> Bool {
        let isFunction = try lua.optionalFunction(index, callback.rawValue) != nil
        let value = lua.absolute(index)
        pushAnchor(lua, in: anchors.behaviors, key: h.luaKey, make: true)
        if isFunction { lua.pushValue(at: value) } else { lua.pushNil() }
        lua.setIndex(callback.index, inTableAt: -2)
        lua.pop()
        return isFunction
    }

    /// Pushes a function of a behaviour (nil if it has none).
    func pushCallback(_ callback: BehaviorCallback, of h: BehaviorHandle, on lua: Lua) {
        guard pushAnchor(lua, in: anchors.behaviors, key: h.luaKey, make: false) else { lua.pushNil(); return }
        lua.pushIndex(callback.index, ofTableAt: -1)
        lua.remove(-2)
    }

    // MARK: - World handlers

    /// Appends `handler` (the function at `index`) to the world's `event` handlers.
    func addHandler(_ event: String, to world: WorldModel, _ lua: Lua, at index: Int32) {
        let value = lua.absolute(index)
        pushAnchor(lua, in: anchors.worlds, key: world.handle.luaKey, make: true)
        lua.reserve(4)
        lua.pushField(event, ofTableAt: -1)
        if !lua.isTable(-1) {
            lua.pop()
            lua.pushTable()
            lua.pushValue(at: -1)
            lua.setField(event, inTableAt: -3)
        }
        let count = lua.rawLength(-1)
        lua.pushValue(at: value)
        lua.setIndex(count + 1, inTableAt: -2)
        lua.pop(2)
    }

    /// Pushes the world's `index`-th (from 1) `event` handler (nil if it has none).
    func pushHandler(_ event: String, _ index: Int, of world: WorldModel, on lua: Lua) {
        guard pushAnchor(lua, in: anchors.worlds, key: world.handle.luaKey, make: false) else { lua.pushNil(); return }
        lua.pushField(event, ofTableAt: -1)
        if lua.isTable(-1) {
            lua.pushIndex(index, ofTableAt: -1)
        } else {
            lua.pushNil()
        }
        lua.remove(-2)
        lua.remove(-2)
    }

    // MARK: - Levels

    /// Moves the table and `state` of the level of a world the host hands to Lua into its anchor.
    func moveLevelToAnchor(_ world: WorldModel) {
        guard let level = world.level else { return }
        state.withStack { lua in
            pushAnchor(lua, in: anchors.worlds, key: world.handle.luaKey, make: true)
            lua.push(level.table)
            lua.setField("level", inTableAt: -2)
            lua.push(level.state)
            lua.setField("state", inTableAt: -2)
        }
        world.level = nil
        world.levelInAnchor = true
    }

    /// The level function `name` of a world (looked up at each call: late binding), wherever
    /// its level table is.
    func levelFunction(_ name: String, of world: WorldModel) -> LuaReference? {
        if let level = world.level { return function(named: name, in: level.table) }
        guard world.levelInAnchor else { return nil }
        return state.withStack { lua in
            guard pushAnchor(lua, in: anchors.worlds, key: world.handle.luaKey, make: false) else { return nil }
            lua.pushField("level", ofTableAt: -1)
            guard lua.isTable(-1) else { return nil }
            lua.pushField(name, ofTableAt: -1)
            guard lua.isCallable(-1) else { return nil }
            return lua.reference(to: -1)
        }
    }

    /// Lets go of the functions a retired world's anchor keeps (Lua may still hold the world).
    func emptyAnchor(of world: WorldModel) {
        state.withStack { lua in
            guard pushAnchor(lua, in: anchors.worlds, key: world.handle.luaKey, make: false) else { return }
            for field in ["pause", "resume", "level", "state", "members", "data", "timeline"] {
                lua.pushNil()
                lua.setField(field, inTableAt: -2)
            }
        }
    }

    // MARK: - Links

    /// Links a behaviour's anchor from its owner's, so its functions live while the owner does.
    func link(_ member: SlotHandle, to owner: AnchorOwner) {
        state.withStack { lua in
            lua.reserve(4)
            _ = pushAnchor(lua, of: owner, make: true)
            pushAnchorTable(lua, named: "members", make: true)
            pushAnchor(lua, in: anchors.behaviors, key: member.luaKey, make: true)
            lua.setIndex(Int(member.luaKey), inTableAt: -2)
        }
        links.append(AnchorLink(member: member, owner: owner))
    }

    /// Links a behaviour Lua made from its owner's anchor.
    func link(_ behavior: DynamicBehavior, to owner: AnchorOwner) {
        guard let slot = behaviorIndex[ObjectIdentifier(behavior)] else { return }
        link(behaviors.handle(slot), to: owner)
    }

    /// Links the children of a behaviour from its anchor.
    func linkChildren(of h: SlotHandle) {
        guard let entry = behaviors.value(h) else { return }
        for child in entry.behavior.childBehaviors { link(child, to: .behavior(h)) }
    }

    /// Removes the links that no longer match the tree (the behaviour left the world or its
    /// parent, or one of them was freed), and repeated ones.
    func pruneLinks() {
        var kept: [AnchorLink] = []
        var seen: Set<AnchorLink> = []  // membership only
        for link in links where seen.insert(link).inserted {
            if isCurrent(link) { kept.append(link) } else { unlink(link) }
        }
        links = kept
        linksChecked = kept.count
    }

    private func isCurrent(_ link: AnchorLink) -> Bool {
        guard let entry = behaviors.value(link.member) else { return false }
        switch link.owner {
        case .world(let h):
            guard let world = worlds.value(h) else { return false }
            return entry.behavior.animator === world.animator
        case .behavior(let h):
            guard let parent = behaviors.value(h) else { return false }
            return entry.behavior.parent === parent.behavior
        }
    }

    /// Unlinks a behaviour about to leave `world` or its parent (`removeBehavior`, `removeChild`),
    /// so its functions need not wait for `pruneLinks` (which finds those that left otherwise).
    func unlinkLeaving(_ behavior: DynamicBehavior, world: WorldModel?) {
        guard let slot = behaviorIndex[ObjectIdentifier(behavior)] else { return }
        let member = behaviors.handle(slot)
        if let world { unlink(AnchorLink(member: member, owner: .world(world.handle))) }
        if let parent = behavior.parent, let p = behaviorIndex[ObjectIdentifier(parent)] {
            unlink(AnchorLink(member: member, owner: .behavior(behaviors.handle(p))))
        }
    }

    private func unlink(_ link: AnchorLink) {
        state.withStack { lua in
            guard pushAnchor(lua, of: link.owner, make: false) else { return }
            lua.pushField("members", ofTableAt: -1)
            if lua.isTable(-1) {
                lua.pushNil()
                lua.setIndex(Int(link.member.luaKey), inTableAt: -2)
            }
        }
    }
}
