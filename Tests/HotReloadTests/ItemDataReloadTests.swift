// item.data across a hot reload: a named item keeps its table (the same one), an unnamed item gets
// the new version's, and the replaced world lets go of the old tables. Held keys stay held.
import Foundation
import KineticLuaBridge
import Testing
@testable import KineticLua

@Suite struct ItemDataReloadTests {
    static func level(points: Int) -> String {
        """
        local level = { width = 400, height = 400 }
        function level.load(world, state)
          world:addItem{ name = "peg", center = { 100, 100 }, size = { 20, 20 }, data = { points = \(points) } }
          world:addItem{ center = { 300, 100 }, size = { 20, 20 }, data = { points = \(points) } }
          world:addItem{ name = "fresh", center = { 200, 100 }, size = { 20, 20 } }
          state.world = world
        end
        function level.reloaded(world, state)
          state.pegPoints = world:item("peg").data.points
        end
        return level
        """
    }

    @Test func aNamedItemKeepsItsDataTableAcrossAReload() throws {
        let folder = try makeFolder(["main.lua": Self.level(points: 10)])
        let level = try Level.load(path: folder, options: quietOptions())
        try level.step()
        _ = try evaluate(level, """
            (function()
              local items = state.world:items()
              items[1].data.hits = 3
              state.oldPeg = items[1].data
              state.weakOld = setmetatable({ unnamed = items[2].data }, { __mode = "v" })
            end)()
            """)
        try level.key("left", down: true)  // held through the save
        try write(Self.level(points: 20), to: folder + "/main.lua")
        let result = level.hotReload()
        #expect(result.applied && result.error == nil)
        // The running table carried over (hits kept, points as it was), and `reloaded` saw it.
        #expect(try evaluate(level, """
            state.world:item("peg").data.hits, state.world:item("peg").data.points, state.pegPoints,
            rawequal(state.world:item("peg").data, state.oldPeg)
            """) == [.integer(3), .integer(10), .integer(10), .boolean(true)])
        // The unnamed item was rebuilt as written; its old table is no longer held by anything.
        #expect(try evaluate(level, "state.world:items()[2].data.points, state.world:item('fresh').data.points")
            == [.integer(20), .nil])
        #expect(try evaluate(level, "state.world:isDown('left'), state.world:isDown('right')") == [.boolean(true), .boolean(false)])
        level.luaState.collectGarbage()
        #expect(try evaluate(level, "state.weakOld.unnamed") == [.nil])
    }
}
