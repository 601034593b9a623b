// Item behaviours: material properties and the velocity methods.
import Foundation
import KineticLuaBridge
import Testing
@testable import KineticLua

@Suite struct ItemBehaviorBindingTests {
    @Test func propertiesReadAndWrite() throws {
        let values = try Harness().run("""
            local w = kinetic.world{}
            local a = w:addItem{ frame = {0, 0, 100, 100} }
            local ib = kinetic.itemBehavior{ items = {a}, elasticity = 0.5, friction = 0.2, density = 3, resistance = 1,
              angularResistance = 2, allowsRotation = false, charge = -1, anchored = true, kinematic = true }
            w:addBehavior(ib)
            local before = a.mass
            ib.density = 0.5
            return ib.elasticity, ib.friction, ib.density, ib.resistance, ib.angularResistance, ib.allowsRotation,
                   ib.charge, ib.anchored, before, a.mass, ib.kinematic, kinetic.itemBehavior{}.kinematic
            """)
        // Mass = 100 · 100 · density / 10 000.
        #expect(values == [.number(0.5), .number(0.2), .number(0.5), .number(1), .number(2), .boolean(false),
                           .number(-1), .boolean(true), .number(3), .number(0.5), .boolean(true), .boolean(false)])
        #expect(try Harness().error("kinetic.itemBehavior{ density = -1 }")?.message
                == "test.lua:1: ItemBehavior.density: 'density' must be a number from 1e-11 to 1e+19, got -1.0")
    }

    @Test func aBox2DFieldNameSuggestsKineticsName() throws {
        let h = try Harness()
        let setup = "local w = kinetic.world{} local a = w:addItem{ frame = {0, 0, 10, 10} }\n"
        #expect(h.error(setup + "kinetic.itemBehavior{ items = {a}, restitution = 0.5 }")?.message
                == "test.lua:2: kinetic.itemBehavior: unknown field 'restitution'; did you mean 'elasticity'?")
        #expect(h.error(setup + "a:setLinearVelocity(1, 2)")?.message.contains("did you mean 'velocity'?") == true)
    }

    /// `kinematic = true`: the field reads and writes; the item moves at x0 + v·N·dt whatever
    /// gravity does, keeps an angular velocity, carries a box standing on it and keeps its velocity
    /// when a ball lands on it; switched off, it falls.
    @Test func kinematicItemsMoveAtTheirVelocityAndCarryOthers() throws {
        let values = try Harness().run("""
            local w = kinetic.world{ width = 2000, height = 1000 }
            local platform = w:addItem{ center = {200, 600}, size = {300, 20} }
            local box = w:addItem{ center = {200, 570.5}, size = {40, 40} }
            local ib = kinetic.itemBehavior{ items = {platform}, kinematic = true, friction = 1 }
            w:addBehavior(ib)
            w:addBehavior(kinetic.itemBehavior{ items = {box}, friction = 1 })
            local gravity = kinetic.gravity{ items = {platform, box} }
            w:addBehavior(gravity)
            w:addBehavior(kinetic.collision{ items = {platform, box} })
            w:run(0.5)
            local settled = platform.y
            platform.velocity = {90, 0}
            platform.angularVelocity = 0
            local x0 = platform.x
            w:step(60)
            local dx = platform.x - x0
            local bvx = box.velocity.x
            ib:addLinearVelocity(platform, 0, -30)
            local y0 = platform.y
            w:step(30)
            local dy = platform.y - y0
            local ball = w:addItem{ center = {platform.x, 300}, size = {30, 30}, bounds = "ellipse" }
            w:addBehavior(kinetic.itemBehavior{ items = {ball}, density = 100 })
            gravity:addItem(ball)
            w:addBehavior(kinetic.collision{ items = {platform, ball} })
            w:run(1)
            local vx, vy = platform:linearVelocity()
            local ballAbove = ball.y < platform.y - 10
            ib.kinematic = false
            local yOff = platform.y
            w:run(0.5)
            return ib.kinematic, settled, dx, bvx, dy, vx, vy, ballAbove, platform.y - yOff
            """)
        guard values.count == 9, case .boolean(let kinematic) = values[0], case .number(let settled) = values[1],
              case .number(let dx) = values[2], case .number(let boxVX) = values[3], case .number(let dy) = values[4],
              case .number(let vx) = values[5], case .number(let vy) = values[6], case .boolean(let ballAbove) = values[7],
              case .number(let fell) = values[8] else { Issue.record("got \(values)"); return }
        #expect(!kinematic)
        #expect(settled == 600, "gravity moved the kinematic platform to \(settled)")
        #expect(abs(dx - 90) < 1e-9, "60 steps at 90 pt/s moved it \(dx)")
        #expect(abs(boxVX - 90) < 1, "the box rides at \(boxVX) pt/s")
        #expect(abs(dy + 15) < 1e-9, "30 steps at -30 pt/s moved it \(dy)")
        #expect(vx == 90 && vy == -30, "the landing ball changed the platform's velocity to \(vx), \(vy)")
        #expect(ballAbove)
        #expect(fell > 50, "switched off, it fell \(fell) pt in half a second")
    }

    @Test func box2DAndLoveBodyTypeCallsNameTheItemBehaviour() throws {
        let h = try Harness()
        let setup = "local w = kinetic.world{} local a = w:addItem{ frame = {0, 0, 10, 10} }\n"
        let message = h.error(setup + "a:setType('kinematic')")?.message ?? ""
        #expect(message.hasPrefix("test.lua:2: Item has no member 'setType': an item's body type comes from an item behaviour: kinetic.itemBehavior{ items = {...}, kinematic = true }"), "\(message)")
        #expect(h.error(setup + "kinetic.itemBehavior{ items = {a}, isKinematic = true }")?.message
                == "test.lua:2: kinetic.itemBehavior: unknown field 'isKinematic'; did you mean 'kinematic'?")
    }

    @Test func velocityMethods() throws {
        let values = try Harness().run("""
            local w = kinetic.world{ width = 1000, height = 1000 }
            local a = w:addItem{ center = {500, 500}, size = {10, 10} }
            local ib = kinetic.itemBehavior{ items = {a} }
            ib:addLinearVelocity(a, 10, -20)
            ib:addAngularVelocity(a, 2)
            w:addBehavior(ib)
            ib:addLinearVelocity(a, 5, 0)
            local vx, vy = ib:linearVelocity(a)
            return vx, vy, ib:angularVelocity(a), a.velocity.x
            """)
        // Additions before joining the world apply when it joins; later ones add at once.
        #expect(values == [.number(15), .number(-20), .number(2), .number(15)])
        let e = try Harness().error("""
            local w = kinetic.world{}
            local a = w:addItem{ name = "a", frame = {0, 0, 1, 1} }
            kinetic.itemBehavior{}:addLinearVelocity(a, 1, 1)
            """)
        #expect(e?.message == "test.lua:3: ItemBehavior:addLinearVelocity: item 'a' is not an item of this behaviour")
    }

    /// The velocity reads are fast methods when given an item (C hands both handles over); every
    /// other call takes the general body, with its messages, and both read the same values.
    @Test func velocityReadsGiveTheSameValuesAndMessagesOnEitherPath() throws {
        let h = try Harness()
        let values = try h.run("""
            local w = kinetic.world{ width = 1000, height = 1000 }
            local a = w:addItem{ center = {500, 500}, size = {10, 10} }
            local ib = kinetic.itemBehavior{ items = {a} }
            w:addBehavior(ib)
            w:addBehavior(kinetic.gravity{ items = {a} })
            a.angularVelocity = 3
            w:step()
            local vx, vy = ib:linearVelocity(a)
            local v = a.velocity
            local w1 = ib:angularVelocity(a)
            local same = w1 == a.angularVelocity
            a:moveTo(10, 10)  -- noted: the read after it sees the item stopped
            return vx == v.x, vy == v.y, vy > 0, same, w1 > 0, ib:angularVelocity(a), ib:linearVelocity(a)
            """)
        #expect(values == [.boolean(true), .boolean(true), .boolean(true), .boolean(true), .boolean(true),
                           .number(0), .number(0), .number(0)])
        let setup = """
            local w = kinetic.world{}
            local a = w:addItem{ name = "a", frame = {0, 0, 1, 1} }
            local b = w:addItem{ name = "b", frame = {0, 0, 1, 1} }
            local ib = kinetic.itemBehavior{ items = {a} }
            w:addBehavior(ib)

            """
        #expect(h.error(setup + "ib:angularVelocity(b)")?.message
                == "test.lua:6: ItemBehavior:angularVelocity: item 'b' is not an item of this behaviour")
        #expect(h.error(setup + "w:removeItem(a) ib:linearVelocity(a)")?.message == "test.lua:6: item 'a' was removed")
        #expect(h.error(setup + "ib:angularVelocity(w)")?.message
                == "test.lua:6: ItemBehavior:angularVelocity: 'item' must be an Item, got a World")
        #expect(h.error(setup + "ib:angularVelocity(1)")?.message
                == "test.lua:6: ItemBehavior:angularVelocity: 'item' must be an Item, got 1")
        // Out of its world, the behaviour answers what it would add when it joins one (nothing yet).
        #expect(try h.run(setup + "w:removeBehavior(ib) a.angularVelocity = 2 return ib:angularVelocity(a)") == [.number(0)])
        // An item of another world is not an item of this behaviour, whatever its slot.
        let other = h.error(setup + "local w2 = kinetic.world{} local c = w2:addItem{ name = 'c', frame = {0, 0, 1, 1} } ib:angularVelocity(c)")
        #expect(other?.message == "test.lua:6: ItemBehavior:angularVelocity: item 'c' is not an item of this behaviour")
    }

    @Test func elasticityMakesABallBounce() throws {
        let bounces = try Harness().number("""
            local w = kinetic.world{ width = 300, height = 300 }
            local ball = w:addItem{ center = {150, 100}, size = {20, 20}, bounds = "ellipse" }
            local n = 0
            w:addBehavior(kinetic.itemBehavior{ items = {ball}, elasticity = 0.8 })
            w:addBehavior(kinetic.gravity{ items = {ball} })
            w:addBehavior(kinetic.collision{ items = {ball}, referenceBounds = true, began = function() n = n + 1 end })
            w:run(4)
            return n
            """)
        // Restitution 0.8 from a 180-pt fall: 600 pt/s at the floor after 0.6 s, then flights of
        // 2v/g = 0.96, 0.77, 0.61 s, so the fourth landing is at 2.94 s, well inside 4 s.
        #expect(bounces >= 4)
    }
}
