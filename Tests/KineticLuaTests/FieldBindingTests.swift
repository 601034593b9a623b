// Fields: every kind constructs; linear gravity and custom fields move items; evaluate errors.
import Foundation
import KineticLuaBridge
import Testing
@testable import KineticLua

@Suite struct FieldBindingTests {
    @Test func everyKindConstructsWithItsDefaults() throws {
        let values = try Harness().run("""
            local out = {}
            for _, k in ipairs{ "linearGravity", "radialGravity", "noise", "turbulence", "spring", "electric",
                                "magnetic", "vortex", "drag", "velocity" } do
              local f = kinetic.field{ kind = k }
              out[#out + 1] = f.kind .. "=" .. f.falloff
            end
            local f = kinetic.field{ kind = "custom", evaluate = function() return 0, 0 end }
            return table.concat(out, " "), f.strength, f.minimumRadius, f.region:contains(1e9, 1e9), type(f.evaluate)
            """)
        #expect(values == [.string("linearGravity=0.0 radialGravity=2.0 noise=0.0 turbulence=0.0 spring=-1.0 electric=2.0 "
                                   + "magnetic=0.0 vortex=-1.0 drag=0.0 velocity=0.0"),
                           .number(1), .number(5), .boolean(true), .string("function")])
        #expect(try Harness().error("kinetic.field{ kind = 'custom' }")?.message
                == "test.lua:1: kinetic.field: 'evaluate' must be a function (x, y, vx, vy, mass, charge, time) -> fx, fy for a custom field, got nil")
    }

    @Test func aLinearGravityFieldActsInsideItsRegion() throws {
        let values = try Harness().run("""
            local w = kinetic.world{ width = 1000, height = 1000 }
            local inside = w:addItem{ center = {100, 100}, size = {10, 10} }
            local outside = w:addItem{ center = {800, 100}, size = {10, 10} }
            local f = kinetic.field{ kind = "linearGravity", items = {inside, outside}, direction = {0, 1},
              position = {100, 100}, region = kinetic.region{ radius = 300 }, strength = 2 }
            w:addBehavior(f)
            w:run(0.5)
            return inside.velocity.y, outside.velocity.y, f.position.x
            """)
        // Strength 2 is 200 pt/s² for 0.5 s; the item 700 pt away is outside the 300-pt region.
        guard case .number(let v) = values[0] else { Issue.record("bad"); return }
        #expect(abs(v - 100) < 1e-6 && values[1] == .number(0) && values[2] == .number(100))
    }

    @Test func aCustomFieldCallsEvaluate() throws {
        let values = try Harness().run("""
            local w = kinetic.world{ width = 1000, height = 1000 }
            local a = w:addItem{ center = {100, 100}, size = {100, 100} }
            local seen
            local f = kinetic.field{ kind = "custom", items = {a}, evaluate = function(x, y, vx, vy, mass, charge, time)
              seen = { x, y, mass, charge }
              return 1, 0
            end }
            w:addBehavior(f)
            w:run(1)
            return a.velocity.x, seen[1] > 100, seen[3], seen[4]
            """)
        // 1 UIKit newton on mass 1 is 100 pt/s² for 1 s.
        guard case .number(let v) = values[0] else { Issue.record("bad"); return }
        #expect(abs(v - 100) < 1e-6)
        #expect(Array(values[1...]) == [.boolean(true), .number(1), .number(0)])
    }

    @Test func evaluateErrorsReachTheStep() throws {
        let h = try Harness()
        let setup = """
            local w = kinetic.world{}
            local a = w:addItem{ center = {100, 100}, size = {10, 10} }

            """
        let e = h.error(setup + """
            w:addBehavior(kinetic.field{ kind = "custom", items = {a}, evaluate = function() error("no force today") end })
            w:step()
            """)
        #expect(e?.message == "test.lua:3: no force today")
        let bad = h.error(setup + """
            w:addBehavior(kinetic.field{ kind = "custom", items = {a}, evaluate = function() return "up" end })
            w:step()
            """)
        #expect(bad?.message == "test.lua:3: field evaluate must return two finite numbers fx, fy")
        let locked = h.error(setup + """
            w:addBehavior(kinetic.field{ kind = "custom", items = {a}, evaluate = function()
              w:addItem{ frame = {0, 0, 1, 1} } end })
            w:step()
            """)
        #expect(locked?.message == "test.lua:4: World:addItem cannot change the world while a field is being evaluated")
    }
}
