// Collision behaviours: began/ended callbacks (items, boundary ids, "bounds"), modes, boundaries.
import Foundation
import KineticLuaBridge
import Testing
@testable import KineticLua

@Suite struct CollisionBindingTests {
    /// A 300 × 300 world with a ball above a floor boundary; `extra` is Lua run before stepping.
    func drop(_ extra: String, seconds: Double = 2) throws -> [LuaValue] {
        try Harness().run("""
            local w = kinetic.world{ width = 300, height = 300 }
            local ball = w:addItem{ name = "ball", center = {150, 100}, size = {20, 20}, bounds = "ellipse" }
            local log, score = {}, 0
            local c = kinetic.collision{ items = {ball},
              boundaries = { { id = "floor", from = {0, 250}, to = {300, 250} } },
              began = function(a, b, p) score = score + 1 log[#log + 1] = "began " .. a.name .. " " .. tostring(b) end,
              ended = function(a, b) log[#log + 1] = "ended " .. tostring(b) end }
            w:addBehavior(c)
            w:addBehavior(kinetic.gravity{ items = {ball} })
            \(extra)
            w:run(\(seconds))
            return score, table.concat(log, ", ")
            """)
    }

    @Test func beganCountsOnePerLandingAndNamesTheBoundary() throws {
        // Elasticity 0: the ball lands on the floor once and stays.
        #expect(try drop("") == [.integer(1), .string("began ball floor")])
    }

    @Test func eachLandingCountsOnce() throws {
        let values = try drop("""
            for _ = 1, 3 do
              w:run(1)
              ball:moveTo(150, 100)
            end
            """)
        // Three drops with a lift between: began, ended (the lift), three times, and one more landing
        // in the final run.
        #expect(values == [.integer(4), .string("began ball floor, ended floor, began ball floor, ended floor, "
                                                   + "began ball floor, ended floor, began ball floor")])
    }

    @Test func theReferenceBoundsAreCalledBounds() throws {
        let values = try drop("c.boundaries = {} c.referenceBounds = {bottom = 20}")
        #expect(values == [.integer(1), .string("began ball bounds")])
        let y = try Harness().number("""
            local w = kinetic.world{ width = 300, height = 300 }
            local ball = w:addItem{ center = {150, 100}, size = {20, 20} }
            w:addBehavior(kinetic.collision{ items = {ball}, referenceBounds = {bottom = 20} })
            w:addBehavior(kinetic.gravity{ items = {ball} })
            w:run(2)
            return ball.y
            """)
        // The bottom edge inset by 20 pt: the 20-pt box rests with its centre at 300 - 20 - 10.
        #expect(abs(y - 270) < 0.5)
    }

    @Test func itemPartnersArePassedAsItems() throws {
        let values = try Harness().run("""
            local w = kinetic.world{ width = 300, height = 300 }
            local ball = w:addItem{ name = "ball", center = {150, 100}, size = {20, 20} }
            local floor = w:addItem{ name = "floor", frame = {0, 250, 300, 20} }
            local seen = {}
            w:addBehavior(kinetic.itemBehavior{ items = {floor}, anchored = true })
            w:addBehavior(kinetic.gravity{ items = {ball} })
            w:addBehavior(kinetic.collision{ items = {ball, floor}, began = function(a, b, p)
              seen[#seen + 1] = a.name .. "+" .. b.name .. string.format(" y=%.0f", p.y) end })
            w:run(1)
            return table.concat(seen, ",")
            """)
        #expect(values.count == 1)
        guard case .string(let text) = values[0] else { Issue.record("no log"); return }
        // One began for the pair, at the floor's top (y = 250), in either order.
        #expect(text == "ball+floor y=250" || text == "floor+ball y=250")
    }

    /// `began`'s fifth argument: the contact's unit normal, pointing from `a` towards `b` (LÖVE's
    /// `Contact:getNormal`, Box2D's manifold normal), so a level tells a landing (`normal.y > 0`) from
    /// a bump into a wall or a ceiling.
    @Test func beganGivesTheNormalFromTheItemTowardsWhatItHit() throws {
        let values = try Harness().run("""
            local w = kinetic.world{ width = 300, height = 300 }
            local ball = w:addItem{ name = "ball", center = {150, 100}, size = {20, 20}, bounds = "ellipse" }
            local floor = w:addItem{ name = "floor", frame = {0, 250, 300, 20} }
            local side = w:addItem{ name = "side", center = {40, 40}, size = {20, 20} }
            local seen = {}
            local function note(a, b, p, speed, n)
              local name = type(b) == "string" and b or b.name
              local function r(v) return math.floor(v * 1000 + 0.5) / 1000 end  -- no "-0.000"
              seen[#seen + 1] = string.format("%s>%s %.3f %.3f", a.name, name, r(n.x), r(n.y))
            end
            w:addBehavior(kinetic.itemBehavior{ items = {floor}, anchored = true })
            w:addBehavior(kinetic.gravity{ items = {ball} })
            w:addBehavior(kinetic.collision{ items = {ball, floor}, began = note })
            w:addBehavior(kinetic.collision{ items = {side}, referenceBounds = true, began = note,
              boundaries = { { id = "ceiling", from = {0, 20}, to = {300, 20} } } })
            side.velocity = {-300, 0}
            w:run(0.2)
            side.velocity = {0, -300}
            w:run(1)
            table.sort(seen)
            return table.concat(seen, ", ")
            """)
        // The floor's began may name either item first; the normal always points from a to b.
        #expect(values == [.string("ball>floor 0.000 1.000, side>bounds -1.000 0.000, side>ceiling 0.000 -1.000")]
                || values == [.string("floor>ball 0.000 -1.000, side>bounds -1.000 0.000, side>ceiling 0.000 -1.000")],
                "\(values)")
    }

    @Test func modesDecideWhatCollides() throws {
        let values = try drop("c.mode = 'items'")
        #expect(values == [.integer(0), .string("")])
        let both = try drop("c.mode = 'boundaries'")
        #expect(both == [.integer(1), .string("began ball floor")])
    }

    @Test func boundariesCanBeListedAddedAndRemoved() throws {
        let values = try Harness().run("""
            local c = kinetic.collision{ boundaries = { { id = "a", from = {0, 0}, to = {10, 0} } } }
            c:addBoundary{ id = "cup", path = { {0, 0}, {0, 10}, {10, 10}, {10, 0} }, closed = false }
            c:addBoundary{ id = "b", from = {0, 5}, to = {5, 5} }
            local ids = table.concat(c:boundaryIds(), ",")
            c:removeBoundary("a")
            local list = c.boundaries
            local before = table.concat(c:boundaryIds(), ",")
            c:removeAllBoundaries()
            return ids, before, list[1].id, #list[1].path, list[1].closed, list[2].to.x, #c:boundaryIds(), #c.boundaries
            """)
        #expect(values == [.string("a,cup,b"), .string("cup,b"), .string("cup"), .integer(4), .boolean(false), .number(5),
                           .integer(0), .integer(0)])
        #expect(try Harness().error("kinetic.collision{}:addBoundary{ id = 'z', from = {1, 1}, to = {1, 1} }")?.message
                == "test.lua:1: Collision:addBoundary: boundary 'z' has zero length: both ends at (1.0, 1.0)")
        #expect(try Harness().error("kinetic.collision{ boundaries = { { id = 'z', form = {1, 1} } } }")?.message
                == "test.lua:1: kinetic.collision: boundaries[1]: unknown field 'form'; did you mean 'from'?")
    }

    @Test func referenceBoundsReadBackAsWritten() throws {
        let values = try Harness().run("""
            local c = kinetic.collision{ referenceBounds = true }
            local a = c.referenceBounds
            c.referenceBounds = { top = 20 }
            local b = c.referenceBounds
            c.referenceBounds = false
            return a, b.top, b.left, c.referenceBounds
            """)
        #expect(values == [.boolean(true), .number(20), .number(0), .boolean(false)])
    }
}
