// Push: magnitude 1 on a 100 × 100 item of density 1 is 100 pt/s²; instantaneous pushes fire once.
import Foundation
import KineticLuaBridge
import Testing
@testable import KineticLua

@Suite struct PushBindingTests {
    @Test func aContinuousPushAccelerates() throws {
        let v = try Harness().number("""
            local w = kinetic.world{ width = 4000, height = 4000 }
            local box = w:addItem{ center = {200, 200}, size = {100, 100} }
            w:addBehavior(kinetic.push{ items = {box}, direction = {1, 0} })
            w:run(1)
            return box.velocity.x
            """)
        // 100 pt/s² for 1 s.
        #expect(abs(v - 100) < 1e-6)
    }

    @Test func anInstantaneousPushFiresOnceAndTurnsItselfOff() throws {
        let values = try Harness().run("""
            local w = kinetic.world{ width = 4000, height = 4000 }
            local box = w:addItem{ center = {200, 200}, size = {100, 100} }
            local p = kinetic.push{ items = {box}, mode = "instantaneous", angle = math.pi / 2, magnitude = 2 }
            w:addBehavior(p)
            w:step(10)
            local v1, active = box.velocity.y, p.active
            p.active = true
            w:step(1)
            return v1, active, box.velocity.y, p.mode
            """)
        // Δv = 100 · 2 N / mass 1 = 200 pt/s, once; re-arming adds another 200.
        guard case .number(let v1) = values[0], case .number(let v2) = values[2] else { Issue.record("bad"); return }
        #expect(abs(v1 - 200) < 1e-6 && values[1] == .boolean(false))
        #expect(abs(v2 - 400) < 1e-6 && values[3] == .string("instantaneous"))
    }

    @Test func angleAloneGivesAUnitPushAndOffsetsRead() throws {
        let values = try Harness().run("""
            local w = kinetic.world{}
            local a = w:addItem{ frame = {0, 0, 10, 10} }
            local p = kinetic.push{ items = {a}, angle = 0, offset = {1, 2} }
            return p.magnitude, p.direction.x, p.offset.y
            """)
        #expect(values == [.number(1), .number(1), .number(2)])
        #expect(try Harness().error("kinetic.push{ mode = 'once' }")?.message.contains("'mode' must be one of \"continuous\", \"instantaneous\"") == true)
    }

    @Test func setOffsetGivesOneItemItsOwnPointOfApplication() throws {
        let values = try Harness().run("""
            local w = kinetic.world{ width = 4000, height = 4000 }
            local a = w:addItem{ center = {200, 200}, size = {100, 100} }
            local b = w:addItem{ center = {600, 200}, size = {100, 100} }
            local c = w:addItem{ center = {1000, 200}, size = {100, 100} }
            w:addBehavior(kinetic.push{ items = {a}, mode = "instantaneous", direction = {1, 0}, offset = {0, 50} })
            local one = kinetic.push{ items = {b, c}, mode = "instantaneous", direction = {1, 0} }
            one:setOffset(b, {0, 50})
            w:addBehavior(one)
            w:step(1)
            return a.angularVelocity, b.angularVelocity, c.angularVelocity
            """)
        // b is pushed exactly as a (the same offset, given per item); c, at its centre, does not turn.
        guard case .number(let spin) = values[0] else { Issue.record("\(values)"); return }
        #expect(spin != 0)
        #expect(values[1] == values[0])
        #expect(values[2] == .number(0) || values[2] == .integer(0))
        #expect(try Harness().error("""
            local w = kinetic.world{}
            local a = w:addItem{ name = "a", frame = {0, 0, 10, 10} }
            kinetic.push{}:setOffset(a, {1, 1})
            """)?.message == "test.lua:3: Push:setOffset: item 'a' is not an item of this push")
    }
}
