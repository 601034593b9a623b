// Members every behaviour shares: items, action, children, world; callbacks changing the world.
import Foundation
import KineticLuaBridge
import Testing
@testable import KineticLua

@Suite struct BehaviorBindingTests {
    @Test func itemsChildrenAndWorld() throws {
        let h = try Harness()
        let values = try h.run("""
            local w = kinetic.world{}
            local a = w:addItem{ name = "a", frame = {0, 0, 10, 10} }
            local b = w:addItem{ name = "b", frame = {20, 0, 10, 10} }
            local g = kinetic.gravity{ items = {a} }
            g:addItem(b)
            g:addItem(b)
            local n = #g.items
            g:removeItem(a)
            local c = kinetic.collision{ items = {b} }
            local parent = kinetic.behavior{ children = {g} }
            parent:addChild(c)
            local kids = #parent.children
            w:addBehavior(parent)
            local childWorld = c.world == w
            parent:removeChild(g)
            return n, g.items[1].name, kids, childWorld, #parent.children, parent.children[1] == c, g.world
            """)
        #expect(values == [.integer(2), .string("b"), .integer(2), .boolean(true), .integer(1), .boolean(true), .nil])
    }

    @Test func anActionRunsAfterEveryStepWithWorldAndDt() throws {
        let h = try Harness()
        let values = try h.run("""
            local w = kinetic.world{}
            local a = w:addItem{ frame = {0, 0, 10, 10} }
            local calls, lastDt, lastTime = 0, 0, 0
            local g = kinetic.gravity{ items = {a}, action = function(world, dt) calls = calls + 1 lastDt = dt lastTime = world.time end }
            w:addBehavior(g)
            w:step(10)
            local f = g.action
            g.action = nil
            w:step(5)
            return calls, lastDt, lastTime, type(f)
            """)
        // world.time already counts the step the action follows.
        let expected: [LuaValue] = [.integer(10), .number(1.0 / 60), .number(10.0 / 60), .string("function")]
        #expect(values == expected)
    }

    @Test func anActionResetsABallThatLeavesTheBounds() throws {
        let h = try Harness()
        let values = try h.run("""
            local w = kinetic.world{ width = 200, height = 200 }
            local ball = w:addItem{ name = "ball", center = {100, 100}, size = {20, 20}, bounds = "ellipse" }
            local resets = 0
            local g = kinetic.gravity{ items = {ball} }
            g.action = function(world)
              if ball.y - 10 > world.height then
                ball:moveTo(100, 20)
                resets = resets + 1
              end
            end
            w:addBehavior(g)
            local lowest = 0
            for _ = 1, 60 do
              w:step()
              lowest = math.max(lowest, ball.y)
            end
            return resets, lowest
            """)
        // Falling from y = 100 under 1000 pt/s², the ball passes y = 210 at t ≈ 0.47 s and is put back at
        // y = 20; from there it needs ≈ 0.6 s to leave again, more than the 0.53 s left of the second.
        // The action runs in the step that carries it past 210, so the script never sees it lower; the
        // step before, it was within one step's travel (≈ 8 pt at 470 pt/s) of the line.
        guard case .number(let lowest) = values[1] else { Issue.record("no lowest"); return }
        #expect(values[0] == .integer(1))
        #expect(lowest > 200 && lowest <= 210)
    }

    @Test func callbacksMayAddAndRemoveItemsAndBehaviours() throws {
        let h = try Harness()
        let values = try h.run("""
            local w = kinetic.world{ width = 300, height = 300 }
            local balls = {}
            for i = 1, 5 do
              balls[i] = w:addItem{ name = "ball" .. i, center = {30 + 50 * i, 250}, size = {20, 20}, bounds = "ellipse" }
            end
            local gravity = kinetic.gravity{ items = balls }
            local removed, spawned = 0, 0
            local collision = kinetic.collision{ items = balls, referenceBounds = true,
              began = function(a, b)
                if b == "bounds" and not a.removed then
                  w:removeItem(a)
                  removed = removed + 1
                  local new = w:addItem{ center = {150, 20}, size = {10, 10} }
                  spawned = spawned + 1
                  w:addBehavior(kinetic.itemBehavior{ items = {new}, anchored = true })
                end
              end }
            w:addBehavior(gravity)
            w:addBehavior(collision)
            w:run(1)
            return removed, spawned, #w:items(), #w:behaviors()
            """)
        // All five balls hit the floor in the same step and are replaced by anchored squares.
        #expect(values == [.integer(5), .integer(5), .integer(5), .integer(7)])
    }

    @Test func aChangeTakesEffectOnTheNextStep() throws {
        let h = try Harness()
        let values = try h.run("""
            local w = kinetic.world{ width = 1000, height = 1000 }
            local a = w:addItem{ center = {500, 500}, size = {10, 10} }
            local g = kinetic.gravity{ items = {a} }
            w:addBehavior(g)
            w:step(6)
            local vy = a.velocity.y
            g.direction = {1, 0}
            local unchanged = a.velocity.x
            w:step(6)
            return vy, unchanged, a.velocity.x, a.velocity.y
            """)
        // 6 steps of 1000 pt/s² make 100 pt/s down; then 6 more to the right make 100 pt/s right.
        guard case .number(let vy) = values[0], case .number(let vx) = values[2], case .number(let vy2) = values[3] else {
            Issue.record("bad values"); return
        }
        #expect(abs(vy - 100) < 1e-9)
        #expect(values[1] == .number(0))
        #expect(abs(vx - 100) < 1e-9)
        #expect(abs(vy2 - 100) < 1e-9)
    }

    @Test func behavioursRefuseForeignObjects() throws {
        let h = try Harness()
        #expect(h.error("local w = kinetic.world{} w:addBehavior({})")?.message
                == "test.lua:1: World:addBehavior: 'behavior' must be a behaviour (kinetic.gravity{...}, ...), got a table")
        #expect(h.error("kinetic.gravity{ items = { 1 } }")?.message == "test.lua:1: kinetic.gravity: 'items[1]' must be an Item, got 1")
        let foreign = h.error("""
            local w1, w2 = kinetic.world{}, kinetic.world{}
            local a = w1:addItem{ name = "a", frame = {0, 0, 1, 1} }
            w2:addBehavior(kinetic.gravity{ items = {a} })
            """)
        #expect(foreign?.message.hasPrefix("test.lua:3: World:addBehavior:") == true)
        #expect(foreign?.message.contains("another animator") == true)
    }
}
