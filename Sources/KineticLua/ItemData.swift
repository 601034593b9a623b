// `item.data`: a plain Lua table a level keeps with an item (a peg's kind and points, a brick's hits).
// It stays in Lua, never copied into Swift: the world's anchor (Anchors.swift) holds a table `data`
// of them keyed by the item's handle, so it lives and dies with the world, is dropped when the item
// is removed, and a hot reload hands it to the new item of the same name.
import KineticDynamics
import KineticLuaBridge

extension Runtime {
    /// Pushes the item's data table, made empty on the first read.
    func pushData(of id: ItemID, in world: WorldModel, on lua: Lua) {
        guard let key = handle(of: id)?.luaKey else { lua.pushNil(); return }
        lua.reserve(4)
        pushDataTables(of: world, lua, make: true)
        lua.pushIndex(Int(key), ofTableAt: -1)
        if !lua.isTable(-1) {
            lua.pop()
            lua.pushTable()
            lua.pushValue(at: -1)
            lua.setIndex(Int(key), inTableAt: -3)
        }
        lua.remove(-2)
    }

    /// Makes the table at `index` the item's data; nil forgets it (the next read makes a new one).
    func setData(of id: ItemID, in world: WorldModel, _ lua: Lua, at index: Int32) throws {
        guard lua.isNil(index) || lua.isTable(index) else {
            throw LuaArgumentError(.field("data"), mustBe: "a table (or nil)", got: lua.describe(index))
        }
        guard let key = handle(of: id)?.luaKey else { return }
        let value = lua.absolute(index)
        lua.reserve(4)
        pushDataTables(of: world, lua, make: true)
        lua.pushValue(at: value)
        lua.setIndex(Int(key), inTableAt: -2)
        lua.pop()
    }

    /// Removes an item from its world and lets go of its data, so the table can be collected.
    func removeItem(_ id: ItemID, from world: WorldModel) throws(DynamicsError) {
        let key = handle(of: id)?.luaKey
        try world.removeItem(id)
        guard let key else { return }
        state.withStack { lua in
            guard pushDataTables(of: world, lua, make: false) else { return }
            lua.pushNil()
            lua.setIndex(Int(key), inTableAt: -2)
        }
    }

    /// Hands the data of each named item of `old` to the item of the same name in `fresh` (a hot
    /// reload): the same table, so what the running level kept there survives, replacing the
    /// `data` the new `load` gave. Items whose data was never read or written keep the new one.
    func carryData(from old: WorldModel, to fresh: WorldModel) {
        state.withStack { lua in
            guard pushDataTables(of: old, lua, make: false) else { return }
            let tables = lua.top
            for id in old.animator.items {
                guard let name = (try? old.animator.name(of: id)) ?? nil, let key = handle(of: id)?.luaKey,
                      let newID = fresh.animator.item(named: name), let newKey = handle(of: newID)?.luaKey else { continue }
                lua.pushIndex(Int(key), ofTableAt: tables)
                guard lua.isTable(-1) else { lua.pop(); continue }
                let value = lua.top
                pushDataTables(of: fresh, lua, make: true)
                lua.pushValue(at: value)
                lua.setIndex(Int(newKey), inTableAt: -2)
                lua.pop(2)
            }
        }
    }

    /// Pushes the world's table of item data, made if absent and `make`. Returns false (and pushes
    /// nothing) for an absent one.
    @discardableResult
    func pushDataTables(of world: WorldModel, _ lua: Lua, make: Bool) -> Bool {
        lua.reserve(4)
        guard pushAnchor(lua, in: anchors.worlds, key: world.handle.luaKey, make: make) else { return false }
        return pushAnchorTable(lua, named: "data", make: make)
    }
}
