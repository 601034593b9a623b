// Attachments: distance (rod/spring), pin, fixed, limit, sliding; `kind`; dragging by `anchor`.
import Foundation
import KineticLuaBridge
import Testing
@testable import KineticLua

@Suite struct AttachmentBindingTests {
    @Test func kindsAndFieldsReadBack() throws {
        let values = try Harness().run("""
            local w = kinetic.world{}
            local a = w:addItem{ frame = {0, 0, 10, 10} }
            local b = w:addItem{ frame = {40, 0, 10, 10} }
            local d = kinetic.attachment{ item = a, anchor = {5, -50}, length = 30, frequency = 2, damping = 0.3 }
            local p = kinetic.pin{ item = a, to = b, anchor = {25, 5}, frictionTorque = 1, range = {-1, 0.5} }
            local s = kinetic.sliding{ item = a, anchor = {5, 5}, axis = {0, 2} }
            return d.kind, d.length, d.frequency, d.damping, d.anchor.y, d.to, p.kind, p.to == b, p.range.min, p.range.max,
                   p.frictionTorque, s.kind, s.axis.y, s.range.max
            """)
        #expect(values == [.string("distance"), .number(30), .number(2), .number(0.3), .number(-50), .nil, .string("pin"),
                           .boolean(true), .number(-1), .number(0.5), .number(1), .string("sliding"), .number(1),
                           .number(.infinity)])
    }

    @Test func writingTheAnchorDragsTheItem() throws {
        let values = try Harness().run("""
            local w = kinetic.world{ width = 1000, height = 1000 }
            local a = w:addItem{ center = {100, 100}, size = {20, 20} }
            local grab = kinetic.attachment{ item = a, anchor = {100, 50} }
            w:addBehavior(grab)
            w:addBehavior(kinetic.itemBehavior{ items = {a}, resistance = 5 })
            for i = 1, 120 do
              grab.anchor = { 100 + 2 * i, 50 }
              w:step()
            end
            w:run(2)
            local dx, dy = a.x - grab.anchor.x, a.y - grab.anchor.y
            return math.sqrt(dx * dx + dy * dy), a.x
            """)
        // A rigid rod keeps its creation length, 50 pt; the item followed the anchor 240 pt right and,
        // with nothing pulling it down, trails it by about the rod's length (x ≈ 340 - 50).
        guard case .number(let length) = values[0], case .number(let x) = values[1] else { Issue.record("bad"); return }
        #expect(abs(length - 50) < 0.5)
        #expect(x > 280)
    }

    @Test func aLimitIsARope() throws {
        let values = try Harness().run("""
            local w = kinetic.world{ width = 1000, height = 1000 }
            local a = w:addItem{ center = {100, 100}, size = {10, 10} }
            w:addBehavior(kinetic.limit{ item = a, anchor = {100, 80}, length = 60 })
            w:addBehavior(kinetic.gravity{ items = {a} })
            w:addBehavior(kinetic.itemBehavior{ items = {a}, resistance = 2 })
            local within = true
            for _ = 1, 180 do
              w:step()
              if a.y - 80 > 60.5 then within = false end
            end
            return within, a.y
            """)
        // Starting 20 pt below the anchor the rope is slack: it falls until the rope is taut at 60 pt.
        guard case .number(let y) = values[1] else { Issue.record("bad"); return }
        #expect(values[0] == .boolean(true))
        #expect(abs(y - 140) < 0.5)
    }

    @Test func aSlidingItemMovesOnlyAlongItsAxis() throws {
        let values = try Harness().run("""
            local w = kinetic.world{ width = 1000, height = 1000 }
            local a = w:addItem{ center = {100, 100}, size = {10, 10} }
            w:addBehavior(kinetic.sliding{ item = a, anchor = {100, 100}, axis = {1, 1}, range = {-1000, 1000} })
            w:addBehavior(kinetic.gravity{ items = {a} })
            w:run(0.5)
            return a.x - 100, a.y - 100, a.angle
            """)
        // On a 45° rail gravity's component along it moves x and y equally; the angle stays 0.
        guard case .number(let dx) = values[0], case .number(let dy) = values[1], case .number(let angle) = values[2] else {
            Issue.record("bad"); return
        }
        #expect(dy > 50 && abs(dx - dy) < 0.5 && abs(angle) < 1e-3)
    }

    /// A range left out (or open at one end, `math.huge`) is the documented default. The engine's
    /// translation limits are coordinates: the stand-in for an open end used to be out of their range,
    /// so the slide was never made (a warning, and the item fell off its rail), and writing such a
    /// range to a pin already in the world was dropped.
    @Test func openRangesHoldTheRail() throws {
        let h = try Harness()
        let values = try h.run("""
            local w = kinetic.world{ width = 1000, height = 1000 }
            local a = w:addItem{ center = {100, 100}, size = {20, 10} }
            local b = w:addItem{ center = {300, 100}, size = {20, 10} }
            w:addBehavior(kinetic.sliding{ item = a, anchor = {100, 100}, axis = {1, 0} })
            w:addBehavior(kinetic.sliding{ item = b, anchor = {300, 100}, axis = {0, 1}, range = {-math.huge, 50} })
            local bar = w:addItem{ center = {540, 100}, size = {80, 10} }
            local pin = kinetic.pin{ item = bar, anchor = {500, 100}, range = {-0.2, 0.2} }
            w:addBehavior(pin)
            w:addBehavior(kinetic.gravity{ items = {a, b, bar} })
            w:step()
            pin.range = {-math.huge, 0.3}
            w:run(1)
            return a.y, b.y - 100, bar.angle
            """)
        guard case .number(let ay) = values[0], case .number(let drop) = values[1], case .number(let angle) = values[2] else {
            Issue.record("bad values \(values)"); return
        }
        #expect(abs(ay - 100) < 0.01, "a level rail holds the item at y 100, got \(ay)")
        #expect(abs(drop - 50) < 0.5, "the vertical slide stops at its range's end, 50 pt down, got \(drop)")
        #expect(abs(angle - 0.3) < 0.02, "the pin's new range stops the bar at 0.3 rad, got \(angle)")
        #expect(h.log.warnings.isEmpty, "no warning: \(h.log.warnings)")
    }

    /// `motorSpeed` makes a pin a motor (Box2D's revolute motor): its frictionTorque drives the item
    /// towards that speed relative to `to`. A pinball flipper is a motor pin with a range.
    @Test func aPinWithAMotorSpeedTurnsItsItem() throws {
        let h = try Harness()
        let values = try h.run("""
            local w = kinetic.world{ width = 1000, height = 1000 }
            local wheel = w:addItem{ center = {100, 100}, size = {40, 40}, bounds = "ellipse" }
            local motor = kinetic.pin{ item = wheel, anchor = {100, 100}, frictionTorque = 5, motorSpeed = 4 }
            w:addBehavior(motor)
            w:run(0.5)
            local first = wheel.angularVelocity
            motor.motorSpeed = -1
            w:run(0.5)
            return first, wheel.angularVelocity, motor.motorSpeed, kinetic.pin{ item = wheel, anchor = {0, 0} }.motorSpeed
            """)
        guard case .number(let first) = values[0], case .number(let second) = values[1] else { Issue.record("bad \(values)"); return }
        #expect(abs(first - 4) < 1e-6 && abs(second + 1) < 1e-6, "\(values)")
        #expect(values[2] == .number(-1) && values[3] == .number(0))
        let setup = "local w = kinetic.world{} local a = w:addItem{ frame = {0, 0, 10, 10} }\n"
        #expect(h.error(setup + "local d = kinetic.attachment{ item = a, anchor = {0, 50} } d.motorSpeed = 1")?.message
                == "test.lua:2: Attachment.motorSpeed: a distance attachment has no motorSpeed; only kinetic.pin and kinetic.sliding attachments have it")
        #expect(h.error(setup + "kinetic.pin{ item = a, anchor = {0, 0}, motorSpeed = 0/0 }")?.message.contains("motorSpeed") == true)
    }

    /// `frictionForce` and `motorSpeed` make a slide a motor (Box2D's prismatic motor): an elevator.
    @Test func aSlideWithAMotorSpeedDrivesItsItem() throws {
        let h = try Harness()
        let values = try h.run("""
            local w = kinetic.world{ width = 1000, height = 1000 }
            local car = w:addItem{ center = {100, 500}, size = {30, 30} }
            local lift = kinetic.sliding{ item = car, anchor = {100, 500}, axis = {0, 1}, frictionForce = 2, motorSpeed = -80 }
            w:addBehavior(lift)
            w:addBehavior(kinetic.gravity{ items = { car } })
            w:run(0.5)
            local up = car.velocity.y
            lift.motorSpeed = 40
            w:run(0.5)
            return up, car.velocity.y, car.x, lift.frictionForce, kinetic.sliding{ item = car, anchor = {0, 0}, axis = {1, 0} }.frictionForce
            """)
        guard case .number(let up) = values[0], case .number(let down) = values[1] else { Issue.record("bad \(values)"); return }
        #expect(abs(up + 80) < 1e-6 && abs(down - 40) < 1e-6, "\(values)")
        guard case .number(let x) = values[2] else { Issue.record("bad \(values)"); return }
        #expect(abs(x - 100) < 1e-9 && values[3] == .number(2) && values[4] == .number(0), "on its rail: \(values)")
        let setup = "local w = kinetic.world{} local a = w:addItem{ frame = {0, 0, 10, 10} }\n"
        #expect(h.error(setup + "local p = kinetic.pin{ item = a, anchor = {0, 0} } p.frictionForce = 1")?.message
                == "test.lua:2: Attachment.frictionForce: a pin attachment has no frictionForce; only kinetic.sliding attachments have it")
        #expect(h.error(setup + "kinetic.sliding{ item = a, anchor = {0, 0}, axis = {1, 0}, frictionForce = -1 }")?.message.contains("frictionForce") == true)
    }

    @Test func pinAndFixedHoldToAnAnchoredItem() throws {
        let values = try Harness().run("""
            local w = kinetic.world{ width = 1000, height = 1000 }
            local wall = w:addItem{ center = {100, 100}, size = {20, 20} }
            local door = w:addItem{ center = {140, 100}, size = {60, 10} }
            local sign = w:addItem{ center = {100, 140}, size = {20, 60} }
            w:addBehavior(kinetic.itemBehavior{ items = {wall}, anchored = true })
            w:addBehavior(kinetic.pin{ item = door, to = wall, anchor = {110, 100} })
            w:addBehavior(kinetic.fixed{ item = sign, to = wall, anchor = {100, 110} })
            w:addBehavior(kinetic.gravity{ items = {door, sign} })
            w:run(1)
            local c, s = math.cos(door.angle), math.sin(door.angle)
            return door.x - 30 * c, door.y - 30 * s, sign.x, sign.y
            """)
        // The door swings about the hinge at (110, 100): its left end stays there. The sign is welded.
        guard case .number(let hx) = values[0], case .number(let hy) = values[1], case .number(let sx) = values[2],
              case .number(let sy) = values[3] else { Issue.record("bad"); return }
        #expect(abs(hx - 110) < 0.5 && abs(hy - 100) < 0.5)
        #expect(abs(sx - 100) < 0.5 && abs(sy - 140) < 0.5)
    }

    @Test func requiredFieldsAreNamed() throws {
        let h = try Harness()
        let setup = "local w = kinetic.world{} local a = w:addItem{ name = 'a', frame = {0, 0, 1, 1} }\n"
        #expect(h.error(setup + "kinetic.fixed{ item = a, anchor = {0, 0} }")?.message
                == "test.lua:2: kinetic.fixed: 'to' must be an Item (a fixed attachment welds two items), got nil")
        #expect(h.error(setup + "kinetic.attachment{ item = a }")?.message
                == "test.lua:2: kinetic.attachment: 'anchor' must be a point {x, y}, got nil")
        #expect(h.error(setup + "kinetic.limit{ item = a, to = a }")?.message.hasPrefix("test.lua:2: kinetic.limit: an attachment cannot attach") == true)
        #expect(h.error(setup + "kinetic.pin{ item = a, anchor = {0, 0}, range = {1, -1} }")?.message
                == "test.lua:2: kinetic.pin: 'range' must be a range {min, max} with min <= max, got {1.0, -1.0}")
        #expect(h.error(setup + "kinetic.pin{ item = a, anchor = {0, 0}, range = {0.5, 1} }")?.message
                == "test.lua:2: Attachment.range: 'range' must be a range containing 0, got [0.5, 1.0]")
        #expect(h.error(setup + "local p = kinetic.pin{ item = a, anchor = {0, 0} } p.item = a")?.message
                == "test.lua:2: Attachment.item is read-only")
    }

    /// UIKit's initialisers measure the length at creation. A ported program halves it before adding
    /// the attachment; reading 0 there made a zero-length rod that pulled the item onto the anchor.
    @Test func lengthIsMeasuredWhenTheAttachmentIsMade() throws {
        let values = try Harness().run("""
            local w = kinetic.world{ width = 1000, height = 1000 }
            local a = w:addItem{ center = {100, 200}, size = {20, 20} }
            local rod = kinetic.attachment{ item = a, anchor = {100, 100} }
            local measured = rod.length
            rod.length = rod.length * 0.5
            w:addBehavior(rod)
            w:addBehavior(kinetic.gravity{ items = {a} })
            w:run(2)
            local rope = kinetic.limit{ item = a, anchor = {100, 0} }
            local ropeLength = rope.length
            rope.anchor = {100, -300}    -- moving the anchor before adding keeps the measured length
            w:addBehavior(rope)
            local dx, dy = a.x - 100, a.y - 100
            return measured, rod.length, math.sqrt(dx * dx + dy * dy), ropeLength, rope.length
            """)
        guard case .number(let measured) = values[0], case .number(let halved) = values[1],
              case .number(let distance) = values[2], case .number(let rope) = values[3],
              case .number(let ropeAfter) = values[4] else { Issue.record("bad values \(values)"); return }
        #expect(measured == 100)
        #expect(halved == 50)
        #expect(abs(distance - 50) < 0.5, "the bob hangs 50 pt below the anchor, got \(distance)")
        #expect(rope > 0 && ropeAfter == rope)
    }

    @Test func writingAMemberOfAnotherKindIsAnError() throws {
        let h = try Harness()
        let setup = "local w = kinetic.world{} local a = w:addItem{ frame = {0, 0, 10, 10} }\n"
        #expect(h.error(setup + "local d = kinetic.attachment{ item = a, anchor = {0, 50} } d.frictionTorque = 1")?.message
                == "test.lua:2: Attachment.frictionTorque: a distance attachment has no frictionTorque; only kinetic.pin attachments have it")
        #expect(h.error(setup + "local d = kinetic.attachment{ item = a, anchor = {0, 50} } d.range = {-1, 1}")?.message
                == "test.lua:2: Attachment.range: a distance attachment has no range; only kinetic.pin and kinetic.sliding attachments have it")
        #expect(h.error(setup + "local p = kinetic.pin{ item = a, anchor = {0, 0} } p.length = 3")?.message
                == "test.lua:2: Attachment.length: a pin attachment has no length; only kinetic.attachment and kinetic.limit attachments have it")
        // The kinds that have them still take them.
        #expect(try h.number(setup + "local l = kinetic.limit{ item = a, anchor = {0, 50} } l.length = 7 return l.length") == 7)
    }
}
