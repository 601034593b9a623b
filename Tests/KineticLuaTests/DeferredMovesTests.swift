// Item moves Lua writes (`item.x`, `item.y`, `item.angle`, `item:moveTo`) are noted and teleport
// the item when Lua next reaches the host: every read, query, step and host read sees them, in
// order with every other change, and a bad value still gets the general path's message.
import Testing
import KineticLuaBridge
@testable import KineticLua

@Suite struct DeferredMovesTests {
    let setup = """
        local w = kinetic.world{ width = 1000, height = 1000 }
        local a = w:addItem{ name = "a", center = {100, 200}, size = {10, 10} }
        w:addBehavior(kinetic.gravity{ items = {a} })
        w:step()

        """

    @Test func writesAreReadBackAtOnceEveryWay() throws {
        let h = try Harness()
        let values = try h.run(setup + """
            a.x = 300
            a.y = 400
            local px, py = a:position()
            local c = a.center
            local f = a.frame  -- a general getter: the world has settled
            local hit = w:itemsAt{300, 400}[1]
            return a.x, a.y, px, py, c.x, c.y, f.x + f.width / 2, f.y + f.height / 2, hit == a
            """)
        #expect(values == [.number(300), .number(400), .number(300), .number(400), .number(300), .number(400),
                           .number(300), .number(400), .boolean(true)])
    }

    @Test func manyWritesInOneCallEndWhereTheLastPutTheItem() throws {
        let h = try Harness()
        let values = try h.run(setup + """
            local x0, y0, vy = a.x, a.y, a.velocity.y
            for i = 1, 100 do a.x = a.x + 1 a.y = a.y - 1 end
            return a.x - x0, y0 - a.y, a.velocity.y == vy
            """)
        #expect(values == [.number(100), .number(100), .boolean(true)])
    }

    @Test func theHostSeesWritesWhenTheCallReturns() throws {
        let h = try Harness()
        try h.run(setup + "W = w a.x = 321 a.angle = 0.5")
        let world = try #require(h.runtime.worlds.live.first?.value)
        let id = try #require(world.animator.items.first)
        #expect(world.moves.isEmpty)
        #expect(try world.animator.center(of: id).x == 321)
        #expect(abs(try world.animator.angle(of: id) - 0.5) < 1e-12)
    }

    @Test func moveToStopsTheItemForEveryLaterRead() throws {
        let h = try Harness()
        let values = try h.run(setup + """
            a.angularVelocity = 2
            a:moveTo(50, 60, 0.25)
            local vx, vy = a:linearVelocity()
            return a.x, a.y, vx, vy, a.velocity.y, a.angularVelocity
            """)
        #expect(values == [.number(50), .number(60), .number(0), .number(0), .number(0), .number(0)])
        // Without an angle the item keeps the one it was given.
        let angle = try h.number(setup + "a:moveTo(1, 2, 0.75) a:moveTo(3, 4) a.x = 5 return a.angle")
        #expect(abs(angle - 0.75) < 1e-12)
    }

    @Test func otherChangesKeepTheirOrderWithANotedMove() throws {
        let h = try Harness()
        // A velocity written after a moveTo is kept; one written before is stopped by it.
        let after = try h.run(setup + "a:moveTo(10, 20) a.velocity = {5, 0} a.angularVelocity = 1 return a.velocity.x, a.angularVelocity")
        #expect(after == [.number(5), .number(1)])
        let before = try h.run(setup + "a.velocity = {5, 0} a:moveTo(10, 20) return a.velocity.x")
        #expect(before == [.number(0)])
        // A centre write takes the general setter, which settles the noted move first.
        let center = try h.run(setup + "a.x = 10 a.center = {20, 30} local x1 = a.x a.y = 40 return x1, a.x, a.y")
        #expect(center == [.number(20), .number(20), .number(40)])
        // A position write keeps the velocity, as UIKit's updateItemUsingCurrentState does.
        let kept = try h.run(setup + "a.velocity = {5, 0} a.x = 50 w:step() return a.velocity.x, a.x > 50")
        #expect(kept == [.number(5), .boolean(true)])
    }

    @Test func aStepMovesTheItemFromWhereItWasPut() throws {
        let h = try Harness()
        let values = try h.run(setup + "a.x = 700 a.y = 800 w:step() return a.x, a.y > 800, a.y < 801")
        #expect(values == [.number(700), .boolean(true), .boolean(true)])
    }

    @Test func removingAnItemWithANotedMoveWorks() throws {
        let h = try Harness()
        let e = h.error(setup + "a.x = 5\nw:removeItem(a)\nreturn a.x")
        #expect(e?.message == "test.lua:7: item 'a' was removed")
        let other = h.error(setup + "a:moveTo(5, 6)\nw:removeItem(a)\na:moveTo(1, 2)")
        #expect(other?.message == "test.lua:7: item 'a' was removed")
    }

    @Test func badValuesGetTheGeneralMessages() throws {
        let h = try Harness()
        let far = h.error(setup + "a.x = 1e300")
        #expect(far?.message.hasPrefix("test.lua:5: Item.x: ") == true, "\(far?.message ?? "")")
        #expect(far?.message.contains("1e+300") == true, "\(far?.message ?? "")")
        let angle = h.error(setup + "a.angle = 1e300")
        #expect(angle?.message.hasPrefix("test.lua:5: Item.angle: ") == true, "\(angle?.message ?? "")")
        let moveAngle = h.error(setup + "a:moveTo(1, 2, 1e300)")
        #expect(moveAngle?.message.hasPrefix("test.lua:5: Item:moveTo: ") == true, "\(moveAngle?.message ?? "")")
        let text = h.error(setup + "a:moveTo(1, 'two')")
        #expect(text?.message == "test.lua:5: Item:moveTo: 'y' must be a number, got \"two\"")
        // A refused write changes nothing: the world keeps running from where the item was.
        let values = try h.run(setup + "a.x = 40 pcall(function() a.x = 0/0 end) return a.x")
        #expect(values == [.number(40)])
    }

    @Test func aBadWriteInALevelNamesTheFieldAndTheLevelKeepsRunning() throws {
        // Every other frame writes a value the item cannot take; the frames between move it.
        let folder = try levelFolder("""
            local level = { width = 300, height = 400 }
            local frame = 0
            function level.load(world)
              world:addItem{ name = "ball", center = { 150, 100 }, size = { 20, 20 } }
            end
            function level.update(world)
              local ball = world:item("ball")
              frame = frame + 1
              if frame == 2 then ball.x = 0/0 end
              if frame == 4 then ball.y = "low" end
              if frame == 6 then ball:moveTo(10, 1/0) end
              if frame == 8 then ball.angularVelocity = "fast" end
              ball.x = ball.x + 1
            end
            return level
            """)
        let level = try Level.load(path: folder, options: quietOptions())
        var messages: [String] = []
        for _ in 0..<9 {
            do { try level.step() } catch { messages.append(error.message) }
        }
        #expect(messages.count == 4, "\(messages)")
        #expect(messages.first == "main.lua:9: Item.x: 'x' must be a finite number, got nan")
        #expect(messages.dropFirst().first == "main.lua:10: Item.y: 'y' must be a number, got \"low\"")
        #expect(messages.dropFirst(2).first == "main.lua:11: Item:moveTo: 'y' must be a finite number, got inf")
        #expect(messages.dropFirst(3).first == "main.lua:12: Item.angularVelocity: 'angularVelocity' must be a number, got \"fast\"", "\(messages)")
        // The five frames without a bad write each moved the ball one point; the others left it.
        let ball = try #require(level.snapshot().first { $0.name == "ball" })
        #expect(ball.x == 155 && ball.y == 100, "\(ball.x) \(ball.y) \(messages)")
    }

    @Test func writesFromALevelsCallbacksReachTheStepAndAHotReload() throws {
        let folder = try levelFolder("""
            local level = { width = 300, height = 400 }
            function level.load(world)
              local ball = world:addItem{ name = "ball", center = { 150, 100 }, size = { 20, 20 } }
              world:addBehavior(kinetic.gravity{ items = { ball } })
            end
            function level.update(world)
              local ball = world:item("ball")
              ball.x = ball.x + 1
            end
            function level.reloaded(world)
              world:item("ball"):moveTo(40, 50)
            end
            return level
            """)
        let level = try Level.load(path: folder, options: quietOptions())
        for _ in 0..<10 { try level.step() }
        let ball = try #require(level.snapshot().first { $0.name == "ball" })
        #expect(ball.x == 160 && ball.y > 100)
        // The named ball carries its motion across the reload; `reloaded` then moves and stops it.
        try level.reload()
        let moved = try #require(level.snapshot().first { $0.name == "ball" })
        #expect(moved.x == 40 && moved.y == 50 && moved.vx == 0 && moved.vy == 0)
        try level.step()
        let stepped = try #require(level.snapshot().first { $0.name == "ball" })
        #expect(stepped.x == 41 && stepped.y > 50)
    }
}
