// Sensors across a hot reload: a named sensor keeps the named items it held, so an item that stays
// inside gets no second `began`; an unnamed sensor starts afresh and reports them again.
import Foundation
import KineticLuaBridge
import Testing
@testable import KineticLua

@Suite struct SensorReloadTests {
    /// A ball resting on an anchored floor inside two zones, one named and one not; `state` counts
    /// each zone's events. `version` only changes the file so the reload has something to read.
    static func level(version: Int) -> String {
        """
        local level = { width = 400, height = 400 }
        -- version \(version)
        function level.load(world, state)
          state.named = state.named or { began = 0, ended = 0 }
          state.unnamed = state.unnamed or { began = 0, ended = 0 }
          local ball = world:addItem{ name = "ball", center = { 200, 330 }, size = { 20, 20 }, bounds = "ellipse" }
          local floor = world:addItem{ name = "floor", center = { 200, 350 }, size = { 400, 20 } }
          world:addBehavior(kinetic.gravity{ items = { ball } })
          world:addBehavior(kinetic.collision{ items = { ball, floor } })
          world:addBehavior(kinetic.itemBehavior{ items = { floor }, anchored = true })
          local function count(t)
            return function(_, item) if item.name == "ball" then t.began = t.began + 1 end end,
                   function(_, item) if item.name == "ball" then t.ended = t.ended + 1 end end
          end
          local b1, e1 = count(state.named)
          world:addBehavior(kinetic.sensor{ name = "cup", center = { 200, 320 }, size = { 100, 30 }, began = b1, ended = e1 })
          local b2, e2 = count(state.unnamed)
          world:addBehavior(kinetic.sensor{ center = { 200, 320 }, size = { 100, 30 }, began = b2, ended = e2 })
          state.world = world
        end
        return level
        """
    }

    @Test func aNamedSensorDoesNotReportAgainWhatStayedInside() throws {
        let folder = try makeFolder(["main.lua": Self.level(version: 1)])
        let level = try Level.load(path: folder, options: quietOptions())
        for _ in 0..<30 { try level.step() }
        #expect(try evaluate(level, "state.named.began, state.unnamed.began, #state.world:behaviors()[4]:items()")
            == [.integer(1), .integer(1), .integer(1)])
        try write(Self.level(version: 2), to: folder + "/main.lua")
        let result = level.hotReload()
        #expect(result.applied && result.error == nil)
        for _ in 0..<30 { try level.step() }
        // The named cup still holds the ball and said nothing; the unnamed one saw it come in again.
        #expect(try evaluate(level, "state.named.began, state.named.ended, state.unnamed.began, state.unnamed.ended")
            == [.integer(1), .integer(0), .integer(2), .integer(0)])
        #expect(try evaluate(level, "state.world:behaviors()[4]:items()[1].name") == [.string("ball")])
    }
}
