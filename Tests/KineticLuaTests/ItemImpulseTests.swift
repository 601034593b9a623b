// item:applyImpulse / applyForce / applyTorque / applyAngularImpulse in UIKit units: the same
// conversion as a push, so an impulse and an instantaneous push of one vector agree bit for bit.
import Foundation
import KineticLuaBridge
import Testing
@testable import KineticLua

@Suite struct ItemImpulseTests {
    /// Numbers a snippet returns.
    func numbers(_ source: String) throws -> [Double] {
        try Harness().run(source).map { value -> Double in
            switch value {
            case .number(let d): return d
            case .integer(let i): return Double(i)
            default: return .nan
            }
        }
    }

    @Test func anImpulseChangesVelocityByAHundredTimesJOverMassLikeAnInstantaneousPush() throws {
        let v = try numbers("""
            local w = kinetic.world{ width = 4000, height = 4000 }
            local pushed = w:addItem{ center = {500, 500}, size = {100, 60} }
            local kicked = w:addItem{ center = {1500, 500}, size = {100, 60} }
            local j = { 0.7, -1.3 }
            w:addBehavior(kinetic.push{ items = { pushed }, mode = "instantaneous", direction = j })
            w:addBehavior(kinetic.itemBehavior{ items = { kicked } })   -- gives it a body, no force
            kicked:applyImpulse(j)
            local now = kicked.velocity
            w:step()
            return now.x, now.y, kicked.velocity.x, kicked.velocity.y, pushed.velocity.x, pushed.velocity.y,
                   kicked.angularVelocity, kicked.mass
            """)
        // Mass 100·60/10 000 = 0.6: Δv = 100·J/m, at once.
        #expect(abs(v[0] - 100 * 0.7 / 0.6) < 1e-9 && abs(v[1] + 100 * 1.3 / 0.6) < 1e-9)
        // After a step the impulse and the push give exactly the same velocity.
        #expect(v[2] == v[4] && v[3] == v[5], "\(v)")
        #expect(v[6] == 0 && v[7] == 0.6)
    }

    @Test func anOffCentreImpulseAlsoTurnsTheItemByRCrossJOverI() throws {
        let v = try numbers("""
            local w = kinetic.world{ width = 4000, height = 4000 }
            local box = w:addItem{ center = {500, 500}, size = {100, 100} }
            w:addBehavior(kinetic.itemBehavior{ items = { box } })
            box:applyImpulse({ 1, 0 }, { 500, 450 })   -- 50 pt above the centre, pushing right
            return box.velocity.x, box.angularVelocity
            """)
        // Mass 1, I = m(w² + h²)/12 = 20 000/12 mass·pt²; J = 100 engine units at r = (0, −50):
        // r × J = 0·0 − (−50)·100 = 5000, so ω = 5000 / (20 000/12) = 3 rad/s (clockwise on screen).
        #expect(abs(v[0] - 100) < 1e-9)
        #expect(abs(v[1] - 3) < 1e-9, "\(v)")
    }

    @Test func aForceActsDuringTheNextStepOnly() throws {
        let v = try numbers("""
            local w = kinetic.world{ width = 4000, height = 4000, fps = 60 }
            local box = w:addItem{ center = {500, 500}, size = {100, 100} }
            w:addBehavior(kinetic.itemBehavior{ items = { box } })
            box:applyForce({ 6, 0 })
            local before = box.velocity.x
            w:step()
            local one = box.velocity.x
            w:step()
            return before, one, box.velocity.x
            """)
        // 6 N on mass 1 is 600 pt/s² for one step of 1/60 s: +10 pt/s, then no more.
        #expect(v[0] == 0 && abs(v[1] - 10) < 1e-9 && v[2] == v[1], "\(v)")
    }

    @Test func torqueAndAngularImpulseUseNewtonMetres() throws {
        let v = try numbers("""
            local w = kinetic.world{ width = 4000, height = 4000, fps = 60 }
            local a = w:addItem{ center = {500, 500}, size = {100, 100} }
            local b = w:addItem{ center = {1500, 500}, size = {100, 100} }
            w:addBehavior(kinetic.itemBehavior{ items = { a, b } })
            a:applyAngularImpulse(0.5)
            local wa = a.angularVelocity
            b:applyTorque(0.5)
            w:step()
            local wb = b.angularVelocity
            w:step()
            return wa, wb, b.angularVelocity
            """)
        // 1 N·m = 10 000 mass·pt²/s²; I = 20 000/12: 0.5 N·m·s gives 5000·12/20 000 = 3 rad/s, and
        // 0.5 N·m for one step of 1/60 s gives 3/60 rad/s, then no more.
        #expect(abs(v[0] - 3) < 1e-9 && abs(v[1] - 0.05) < 1e-9 && v[2] == v[1], "\(v)")
    }

    @Test func anItemThatDoesNotMoveIgnoresThemAndARestingWorldWakes() throws {
        let v = try numbers("""
            local w = kinetic.world{ width = 4000, height = 4000 }
            local loose = w:addItem{ center = {500, 500}, size = {100, 100} }      -- in no behaviour
            local post = w:addItem{ center = {1500, 500}, size = {100, 100} }
            local box = w:addItem{ center = {2500, 500}, size = {100, 100} }
            w:addBehavior(kinetic.itemBehavior{ items = { post }, anchored = true })
            w:addBehavior(kinetic.itemBehavior{ items = { box } })
            w:run(2)
            local paused = w.running and 1 or 0
            loose:applyImpulse{ 1, 0 }
            post:applyImpulse{ 1, 0 }
            box:applyImpulse{ 1, 0 }
            w:step(3)
            return paused, loose.velocity.x, post.velocity.x, box.velocity.x, w.running and 1 or 0
            """)
        #expect(v == [0, 0, 0, 100, 1], "\(v)")
    }

    @Test func badInputIsRefusedNamingTheArgument() throws {
        let h = try Harness()
        try h.run("W = kinetic.world{}; B = W:addItem{ name = 'box', center = {100, 100}, size = {10, 10} }; W:addBehavior(kinetic.itemBehavior{ items = { B } })")
        let cases: [(String, String)] = [
            ("B:applyImpulse{ 0/0, 1 }", "'impulse' must be a point {x, y} of finite numbers"),
            ("B:applyImpulse(1)", "'impulse' must be a point"),
            ("B:applyForce({ 1, 0 }, { math.huge, 0 })", "'point' must be a point {x, y} of finite numbers"),
            ("B:applyForce{ 1e300, 0 }", "item 'box' force must be finite with components within ±1e+13"),
            ("B:applyTorque(0/0)", "'torque' must be a finite number"),
            ("B:applyAngularImpulse('x')", "'impulse' must be a number"),
            ("B:applyAngularImpulse(1e300)", "item 'box' angular impulse must be a finite number within ±1e+11"),
        ]
        for (source, expected) in cases {
            let message = h.error(source)?.message ?? ""
            #expect(message.hasPrefix("test.lua:1:") && message.contains(expected), "\(source): \(message)")
        }
    }

    @Test func itemBehaviorTakesAVelocityVectorAsUIKitDoes() throws {
        let v = try numbers("""
            local w = kinetic.world{}
            local a = w:addItem{ center = {100, 100}, size = {10, 10} }
            local ib = kinetic.itemBehavior{ items = { a } }
            w:addBehavior(ib)
            ib:addLinearVelocity(a, { 30, -40 })
            ib:addLinearVelocity(a, 1, 2)
            return a.velocity.x, a.velocity.y
            """)
        #expect(v == [31, -38])
    }
}
