// kinetic.sensor and sensor items in Lua: the zone fields, callbacks with the sensor and the item
// (its data reachable), sensor:items(), the watch list, errors naming the field; and the impact
// speed that collision began now receives.
import Foundation
import KineticLuaBridge
import Testing
@testable import KineticLua

@Suite struct SensorBindingTests {
    @Test func aBallFallingThroughACupIsReportedOnceEachWayWithItsData() throws {
        let values = try Harness().run("""
            local w = kinetic.world{ width = 300, height = 600 }
            local ball = w:addItem{ name = "ball", center = {150, 100}, size = {20, 20}, bounds = "ellipse", data = { points = 5 } }
            w:addBehavior(kinetic.gravity{ items = {ball} })
            local log, score, seenInside = {}, 0, 0
            local cup = kinetic.sensor{ name = "cup", frame = {100, 300, 100, 60},
              began = function(s, item) score = score + item.data.points; log[#log + 1] = "began " .. s.name .. " " .. item.name end,
              ended = function(s, item) log[#log + 1] = "ended " .. item.name end }
            w:addBehavior(cup)
            for _ = 1, 90 do
              w:step()
              if #cup:items() == 1 and cup:items()[1] == ball then seenInside = seenInside + 1 end
            end
            return score, table.concat(log, ", "), seenInside > 0, cup.kind, #cup.items, cup.item
            """)
        #expect(values == [.integer(5), .string("began cup ball, ended ball"), .boolean(true), .string("sensor"), .integer(0), .nil])
    }

    @Test func aCarriedZoneWithAWatchListAndAnEllipse() throws {
        // A 40 pt disc 50 pt ahead of a box sliding right finds the watched coin and not the other.
        let values = try Harness().run("""
            local w = kinetic.world{ width = 600, height = 300 }
            local box = w:addItem{ name = "box", center = {50, 150}, size = {30, 30} }
            local coin = w:addItem{ name = "coin", center = {300, 150}, size = {10, 10} }
            local rock = w:addItem{ name = "rock", center = {300, 150}, size = {10, 10} }
            w:addBehavior(kinetic.itemBehavior{ items = {box} })
            box.velocity = {300, 0}
            local log = {}
            local radar = kinetic.sensor{ item = box, offset = {50, 0}, size = {40, 40}, bounds = "ellipse", items = {coin},
              began = function(_, item) log[#log + 1] = item.name end }
            w:addBehavior(radar)
            w:run(1.5)
            return table.concat(log, ","), radar.item == box, #radar.items, radar.items[1] == coin, #radar:items()
            """)
        #expect(values == [.string("coin"), .boolean(true), .integer(1), .boolean(true), .integer(0)])
    }

    @Test func aSensorItemNeverCollidesAndItsOwnZoneHearsOverlaps() throws {
        let values = try Harness().run("""
            local w = kinetic.world{ width = 300, height = 600 }
            local ghost = w:addItem{ name = "ghost", center = {150, 100}, size = {20, 20}, bounds = "ellipse", sensor = true }
            local floor = w:addItem{ name = "floor", center = {150, 400}, size = {300, 20} }
            w:addBehavior(kinetic.itemBehavior{ items = {floor}, anchored = true })
            w:addBehavior(kinetic.gravity{ items = {ghost} })
            local hits, crossed = 0, {}
            w:addBehavior(kinetic.collision{ items = {ghost, floor}, began = function() hits = hits + 1 end })
            w:addBehavior(kinetic.sensor{ item = ghost, began = function(_, item) crossed[#crossed + 1] = item.name end })
            w:run(1.5)
            return hits, table.concat(crossed, ","), ghost.y > 420, ghost.sensor, floor.sensor
            """)
        #expect(values == [.integer(0), .string("floor"), .boolean(true), .boolean(true), .boolean(false)])
    }

    @Test func collisionBeganReceivesTheImpactSpeed() throws {
        // Dropped from rest with its bottom 200 pt above the floor: √(2 · 1000 · 200) = 632.5 pt/s,
        // within one step's gain of speed (1000 / 60).
        let speed = try Harness().number("""
            local w = kinetic.world{ width = 300, height = 600 }
            local ball = w:addItem{ center = {150, 190}, size = {20, 20}, bounds = "ellipse" }
            local floor = w:addItem{ center = {150, 410}, size = {300, 20} }
            w:addBehavior(kinetic.itemBehavior{ items = {floor}, anchored = true })
            w:addBehavior(kinetic.gravity{ items = {ball} })
            local speed
            w:addBehavior(kinetic.collision{ items = {ball, floor}, began = function(a, b, point, s) speed = speed or s end })
            w:run(1)
            return speed
            """)
        #expect(abs(speed - (2.0 * 1000 * 200).squareRoot()) <= 1000.0 / 60, "\(speed)")
    }

    @Test func badDefinitionsNameTheField() throws {
        let h = try Harness()
        try h.run("w = kinetic.world{} ball = w:addItem{ center = {10, 10}, size = {10, 10} }")
        let cases: [(String, String)] = [
            ("kinetic.sensor{ size = {10, 10} }", "give 'frame'"),
            ("kinetic.sensor{ frame = {0, 0, 10, 10}, offset = {1, 1} }", "'offset' places a zone on its 'item'"),
            ("kinetic.sensor{ item = ball, center = {1, 1} }", "placed by 'offset'"),
            ("kinetic.sensor{ frame = {0, 0, 10, 10}, bounds = 'circle' }", "bounds"),
            ("kinetic.sensor{ frame = {0, 0, -10, 10} }", "width"),
            ("kinetic.sensor{ frame = {0, 0, 10, 10}, begun = print }", "unknown field 'begun'"),
            ("kinetic.sensor{ frame = {0, 0, 10, 10}, items = {1} }", "items[1]"),
            ("kinetic.sensor{ frame = {0, 0, 10, 10} }:addItem(ball)", "watches every item"),
            ("w:addItem{ center = {1, 1}, size = {1, 1}, sensor = 'yes' }", "sensor"),
        ]
        for (source, expected) in cases {
            let error = h.error(source)
            #expect(error?.message.contains(expected) == true, "\(source): \(error?.message ?? "no error")")
            #expect(error?.message.hasPrefix("test.lua:1:") == true, "\(error?.message ?? "")")
        }
    }
}

@Suite struct SensorDeterminismTests {
    /// Forty balls rain through two overlapping zones (one carried by a swinging bar) with random
    /// starts from the seed; the event log is the same on every run, and not empty.
    static let scene = """
        local w = kinetic.world{ width = 400, height = 600, seed = 7 }
        local balls = {}
        for i = 1, 40 do
          balls[i] = w:addItem{ name = "b" .. i, center = { math.random(20, 380), math.random(-400, 100) }, size = {16, 16}, bounds = "ellipse" }
        end
        local bar = w:addItem{ name = "bar", center = {200, 300}, size = {200, 10} }
        w:addBehavior(kinetic.gravity{ items = balls })
        w:addBehavior(kinetic.collision{ items = balls, referenceBounds = true })
        w:addBehavior(kinetic.itemBehavior{ items = balls, elasticity = 0.6 })
        w:addBehavior(kinetic.itemBehavior{ items = {bar} })
        bar.angularVelocity = 3
        local log = {}
        local function note(tag) return function(s, item) log[#log + 1] = tag .. s.name .. " " .. item.name .. "@" .. w.steps end end
        w:addBehavior(kinetic.sensor{ name = "band", center = {200, 450}, size = {400, 60}, began = note("+"), ended = note("-") })
        w:addBehavior(kinetic.sensor{ name = "bar", item = bar, size = {200, 40}, began = note("+"), ended = note("-") })
        w:run(4)
        return table.concat(log, ","), #log
        """

    @Test func theSameSceneGivesTheSameSensorEvents() throws {
        let first = try Harness().run(Self.scene), second = try Harness().run(Self.scene)
        #expect(first == second)
        guard case .integer(let count) = first[1] else { Issue.record("no count"); return }
        #expect(count > 40, "\(count) events")
    }
}
