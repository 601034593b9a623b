// Item members: state writes (updateItemUsingCurrentState), velocities, geometry, appearance,
// moveTo, removal, and the errors bad definitions give.
import Foundation
import KineticLuaBridge
import Testing
@testable import KineticLua

@Suite struct ItemBindingTests {
    @Test func placementByFrameOrCenterAndSize() throws {
        let h = try Harness()
        let values = try h.run("""
            local w = kinetic.world{}
            local a = w:addItem{ frame = {10, 20, 30, 40} }
            local b = w:addItem{ center = {100, 100}, size = {20, 10}, angle = math.pi / 2 }
            local f = b.frame
            return a.x, a.y, a.size.width, a.size.height, f.width, f.height, b.bounds, a.mass
            """)
        // A 30 × 40 rectangle centred at (25, 40). b turned a quarter: its axis-aligned frame is 10 × 20.
        // Mass is area × density / 10 000 = 1200 / 10 000.
        guard case .number(let fw) = values[4], case .number(let fh) = values[5] else { Issue.record("no frame"); return }
        #expect(Array(values[0..<4]) == [.number(25), .number(40), .number(30), .number(40)])
        #expect(abs(fw - 10) < 1e-9 && abs(fh - 20) < 1e-9)
        guard case .number(let mass) = values[7] else { Issue.record("no mass"); return }
        #expect(values[6] == .string("rectangle") && abs(mass - 0.12) < 1e-12)
    }

    @Test func writingCenterKeepsVelocity() throws {
        let h = try Harness()
        let values = try h.run("""
            local w = kinetic.world{ width = 1000, height = 1000 }
            local a = w:addItem{ center = {100, 100}, size = {10, 10} }
            w:addBehavior(kinetic.itemBehavior{ items = {a} })
            a.velocity = {60, 0}
            w:step()
            a.center = {500, 500}
            local v = a.velocity.x
            w:step()
            a.x = 10
            a.y = 20
            a.angle = 0.25
            return v, a.x, a.y, a.angle, a.velocity.x
            """)
        // No forces: the velocity survives the teleport, and the writes land exactly.
        #expect(values == [.number(60), .number(10), .number(20), .number(0.25), .number(60)])
    }

    @Test func angularVelocityTurnsTheItem() throws {
        let h = try Harness()
        let angle = try h.number("""
            local w = kinetic.world{}
            local a = w:addItem{ center = {100, 100}, size = {10, 10} }
            w:addBehavior(kinetic.itemBehavior{ items = {a} })
            a.angularVelocity = 1.5
            w:run(1)
            return a.angle
            """)
        // 1.5 rad/s for 1 s, no resistance; the engine's rotation update is within 1e-4 rad of exact.
        #expect(abs(angle - 1.5) < 1e-4)
    }

    /// The angle reads back in (−π, π], as UIKit's transform and Box2D v3's rotation give it (LÖVE's
    /// getAngle keeps counting turns): a level counting turns or comparing two items' angles must
    /// unwrap the difference. The docs say so; this holds them to it.
    @Test func theAngleReadsBackWithinMinusPiToPi() throws {
        let values = try Harness().run("""
            local w = kinetic.world{}
            local a = w:addItem{ center = {100, 100}, size = {10, 10} }
            w:addBehavior(kinetic.itemBehavior{ items = {a} })
            a.angularVelocity = 10
            local low, high = math.huge, -math.huge
            for _ = 1, 120 do
              w:step()
              low, high = math.min(low, a.angle), math.max(high, a.angle)
            end
            a.angle = 7
            return low, high, a.angle
            """)
        guard case .number(let low) = values[0], case .number(let high) = values[1], case .number(let written) = values[2] else {
            Issue.record("bad values \(values)"); return
        }
        #expect(low > -Double.pi && high <= Double.pi && high - low > 6, "two turns stay within (−π, π]: \(low)…\(high)")
        #expect(abs(written - (7 - 2 * Double.pi)) < 1e-12, "7 reads back as 7 − 2π, got \(written)")
    }

    @Test func moveToTeleportsAndStops() throws {
        let h = try Harness()
        let values = try h.run("""
            local w = kinetic.world{}
            local a = w:addItem{ center = {100, 100}, size = {10, 10} }
            w:addBehavior(kinetic.gravity{ items = {a} })
            w:run(0.5)
            a:moveTo(50, 60, 1)
            return a.x, a.y, a.angle, a.velocity.x, a.velocity.y
            """)
        #expect(values == [.number(50), .number(60), .number(1), .number(0), .number(0)])
    }

    /// The fast forms give the numbers the table reads give, for a moving item, an item no
    /// behaviour lists, and after a teleport; a removed item is named as for any other member.
    @Test func positionAndLinearVelocityAreTheCenterAndVelocityAsTwoNumbers() throws {
        let h = try Harness()
        let values = try h.run("""
            local w = kinetic.world{}
            local a = w:addItem{ center = {100, 100}, size = {10, 10} }
            local still = w:addItem{ center = {7, 8}, size = {10, 10} }
            w:addBehavior(kinetic.gravity{ items = {a} })
            w:run(0.5)
            local x, y = a:position()
            local vx, vy = a:linearVelocity()
            local sx, sy = still:position()
            local same = x == a.center.x and y == a.center.y and vx == a.velocity.x and vy == a.velocity.y
            a:moveTo(50, 60)
            local mx, my = a:position()
            return same, vy > 0, sx, sy, mx, my, select("#", a:position()) == 2 and select("#", a:linearVelocity()) == 2
            """)
        #expect(values == [.boolean(true), .boolean(true), .number(7), .number(8), .number(50), .number(60), .boolean(true)])
        let removed = h.error("local w = kinetic.world{} local a = w:addItem{ name = 'ball', frame = {0, 0, 1, 1} } w:removeItem(a) local x, y = a:position()")
        #expect(removed?.message == "test.lua:1: item 'ball' was removed")
        let velocity = h.error("local w = kinetic.world{} local a = w:addItem{ name = 'ball', frame = {0, 0, 1, 1} } w:removeItem(a) a:linearVelocity()")
        #expect(velocity?.message == "test.lua:1: item 'ball' was removed")
        let notSelf = h.error("local w = kinetic.world{} local a = w:addItem{ frame = {0, 0, 1, 1} } a.position(5)")
        #expect(notSelf?.message.contains("'self' must be an Item, got 5 (call it as item:position(...))") == true, "\(notSelf?.message ?? "")")
    }

    /// moveTo's fast form (numbers only) and its general form agree, and bad arguments still get
    /// the general form's messages.
    @Test func moveToGivesTheSameResultAndMessagesOnEitherPath() throws {
        let h = try Harness()
        let values = try h.run("""
            local w = kinetic.world{}
            local a = w:addItem{ center = {100, 100}, size = {10, 10} }
            local b = w:addItem{ center = {100, 100}, size = {10, 10} }
            w:addBehavior(kinetic.gravity{ items = {a, b} })
            w:run(0.5)
            a:moveTo(50, 60, 0.5)
            b:moveTo(50, 60, 0.5, "extra")   -- a fourth argument: the general path, which ignores it
            return a.x == b.x and a.y == b.y and a.angle == b.angle, a.velocity.y, b.velocity.y, a.angularVelocity
            """)
        #expect(values == [.boolean(true), .number(0), .number(0), .number(0)])
        let nan = h.error("local w = kinetic.world{} local a = w:addItem{ frame = {0, 0, 1, 1} } a:moveTo(0/0, 1)")
        #expect(nan?.message.hasPrefix("test.lua:1: Item:moveTo:") == true, "\(nan?.message ?? "")")
        let far = h.error("local w = kinetic.world{} local a = w:addItem{ frame = {0, 0, 1, 1} } w:addBehavior(kinetic.gravity{ items = {a} }) w:step() a:moveTo(1e300, 1)")
        #expect(far?.message.hasPrefix("test.lua:1: Item:moveTo:") == true, "\(far?.message ?? "")")
    }

    @Test func appearanceReadsDefaultsAndWrites() throws {
        let h = try Harness()
        let values = try h.run("""
            local w = kinetic.world{}
            local a = w:addItem{ frame = {0, 0, 10, 10}, stroke = "#ff000080", label = 7, hidden = true }
            local d = { a.fill, a.strokeWidth, a.opacity, a.z, a.image, a.cornerRadius }
            a.fill = "navy"
            a.opacity = 0.5
            a.z = 3
            a.fill = nil
            return d[1], d[2], d[3], d[4], d[5], d[6], a.stroke, a.label, a.hidden, a.fill, a.opacity, a.z
            """)
        #expect(values == [.string("#999999"), .number(1), .number(1), .number(0), .nil, .number(0),
                           .string("#ff000080"), .string("7"), .boolean(true), .nil, .number(0.5), .number(3)])
        #expect(h.error("local w = kinetic.world{} w:addItem{ frame = {0, 0, 1, 1}, opacity = 2 }")?.message
                == "test.lua:1: World:addItem: 'opacity' must be a number in 0...1, got 2")
        #expect(h.error("local w = kinetic.world{} local a = w:addItem{ frame = {0, 0, 1, 1} } a.fill = 'gren'")?.message
                .contains("did you mean \"green\"") == true)
    }

    @Test func aRemovedItemIsAnErrorNamingIt() throws {
        let h = try Harness()
        let e = h.error("""
            local w = kinetic.world{}
            local ball = w:addItem{ name = "ball", frame = {0, 0, 10, 10} }
            w:removeItem(ball)
            local replacement = w:addItem{ name = "other", frame = {0, 0, 10, 10} }
            return ball.x
            """)
        #expect(e?.message == "test.lua:5: item 'ball' was removed")
        let values = try h.run("""
            local w = kinetic.world{}
            local ball = w:addItem{ name = "ball", frame = {0, 0, 10, 10} }
            w:removeItem(ball)
            return ball.removed, ball.name, tostring(ball)
            """)
        #expect(values == [.boolean(true), .string("ball"), .string("Item#0 \"ball\"")])
        let unnamed = h.error("local w = kinetic.world{} local a = w:addItem{ frame = {0, 0, 1, 1} } w:removeItem(a) a:moveTo(1, 2)")
        #expect(unnamed?.message == "test.lua:1: item#0 was removed")
    }

    @Test func removedNamesAreKeptWithinABudget() throws {
        // Host memory the level's allocator cap does not see: adding and removing named items
        // forever must not keep every name. The newest are still named, the oldest forgotten.
        let h = try Harness()
        let values = try h.run("""
            local w = kinetic.world{}
            local big = ("n"):rep(1000)
            local first, last
            for i = 1, 1200 do
              local it = w:addItem{ name = big .. i, frame = {0, 0, 10, 10} }
              w:removeItem(it)
              first = first or it
              last = it
            end
            local _, old = pcall(function() return first.x end)
            local _, new = pcall(function() return last.x end)
            return old, new:sub(-18), first.name, #last.name
            """)
        #expect(values == [.string("test.lua:10: item#0 was removed"), .string("n1200' was removed"), .nil,
                           .integer(1004)])
    }

    @Test func namesAndLabelsAreBoundedText() throws {
        // Names and labels live in host memory (and labels are drawn every frame): 1 KiB each.
        let h = try Harness()
        #expect(h.error("local w = kinetic.world{} w:addItem{ name = ('n'):rep(1025), frame = {0, 0, 1, 1} }")?.message
                == "test.lua:1: World:addItem: 'name' must be at most 1024 bytes of text, got a string of 1025 bytes")
        #expect(h.error("local w = kinetic.world{} local a = w:addItem{ frame = {0, 0, 1, 1} } a.label = ('l'):rep(20 * 1024 * 1024)")?.message
                == "test.lua:1: Item.label: 'label' must be at most 1024 bytes of text, got a string of 20971520 bytes")
        let values = try h.run("""
            local w = kinetic.world{}
            local a = w:addItem{ name = ('n'):rep(1024), label = ('l'):rep(1024), frame = {0, 0, 1, 1} }
            a.label = 7
            return #a.name, a.label
            """)
        #expect(values == [.integer(1024), .string("7")])
    }

    @Test func pathsAndParts() throws {
        let h = try Harness()
        let values = try h.run("""
            local w = kinetic.world{}
            local tri = w:addItem{ center = {50, 50}, path = {{0, -10}, {10, 10}, {-10, 10}} }
            local l = w:addItem{ center = {100, 100}, parts = {
              { frame = {-20, -20, 40, 10} }, { bounds = "ellipse", center = {-15, 0}, size = {10, 30} } } }
            return tri.bounds, tri.size.width, tri.size.height, l.bounds
            """)
        #expect(values == [.string("path"), .number(20), .number(20), .string("parts")])
        let concave = h.error("""
            local w = kinetic.world{}
            w:addItem{ center = {0, 0}, path = {{0, 0}, {10, 0}, {10, 10}, {5, 2}, {0, 10}} }
            """)
        #expect(concave?.message.hasPrefix("test.lua:2: World:addItem:") == true)
        #expect(concave?.message.contains("parts") == true)
        #expect(h.error("local w = kinetic.world{} w:addItem{ center = {0, 0} }")?.message
                == "test.lua:1: World:addItem: 'size' must be a size {width, height} (or give 'frame'), got nil")
        #expect(h.error("local w = kinetic.world{} w:addItem{ frame = {0, 0, -1, 4} }")?.message
                == "test.lua:1: World:addItem: 'frame' must be a frame {x, y, width, height} with no negative side, got {0.0, 0.0, -1.0, 4.0}")
        #expect(h.error("local w = kinetic.world{} w:addItem{ center = {0, 0}, size = {1, 1}, bounds = 'circle' }")?.message
                .contains("'bounds' must be one of \"rectangle\", \"ellipse\", \"path\"") == true)
        #expect(h.error("local w = kinetic.world{} w:addItem{ name = 'n', center = {0/0, 0}, size = {1, 1} }")?.message
                == "test.lua:1: World:addItem: 'center' must be a point {x, y} of finite numbers, got {nan, 0}")
    }

    @Test func writesRefuseBadValues() throws {
        let h = try Harness()
        #expect(h.error("local w = kinetic.world{} local a = w:addItem{ frame = {0, 0, 1, 1} } a.x = 'left'")?.message
                == "test.lua:1: Item.x: 'x' must be a number, got \"left\"")
        #expect(h.error("local w = kinetic.world{} local a = w:addItem{ frame = {0, 0, 1, 1} } a.size = {1, 1}")?.message
                == "test.lua:1: Item.size is read-only")
        #expect(h.error("local w = kinetic.world{} local a = w:addItem{ frame = {0, 0, 1, 1} } a.velocity = {math.huge, 0}")?.message
                == "test.lua:1: Item.velocity: 'velocity' must be a point {x, y} of finite numbers, got {inf, 0}")
    }
    // The hot properties (x, y, angle, angularVelocity, center, velocity) are served by
    // ItemFastPath; anything it does not handle falls back to the general members.

    @Test func fastPropertiesReadTheItemsState() throws {
        let h = try Harness()
        let values = try h.run("""
            local w = kinetic.world{ width = 1000, height = 1000 }
            local a = w:addItem{ center = {100, 200}, size = {10, 20}, angle = 0.5 }
            local still = { a.x, a.y, a.angle, a.angularVelocity, a.center.x, a.center.y, a.velocity.x, a.velocity.y }
            w:addBehavior(kinetic.gravity{ items = {a} })
            w:run(0.5)
            local f = a.frame
            return a.x, a.y, f.x + f.width / 2, f.y + f.height / 2, a.center.x, a.center.y, a.velocity.y, table.unpack(still)
            """)
        #expect(Array(values.dropFirst(7)) == [.number(100), .number(200), .number(0.5), .number(0), .number(100),
                                               .number(200), .number(0), .number(0)])
        guard case .number(let x) = values[0], case .number(let y) = values[1], case .number(let fx) = values[2],
              case .number(let fy) = values[3], case .number(let vy) = values[6] else { Issue.record("not numbers"); return }
        // Falling for half a second: the body moved down and moves down, and every way of reading
        // the centre agrees.
        #expect(y > 300 && vy > 400)
        #expect(values[4] == .number(x) && values[5] == .number(y))
        #expect(abs(fx - x) < 1e-9 && abs(fy - y) < 1e-9)
    }

    @Test func fastPropertiesOfARemovedItemAreErrorsNamingIt() throws {
        let h = try Harness()
        let uses = ["return ball.x", "return ball.y", "return ball.angle", "return ball.angularVelocity",
                    "return ball.center", "return ball.velocity",
                    "ball.x = 1", "ball.y = 1", "ball.angle = 1", "ball.angularVelocity = 1"]
        for use in uses {
            let e = h.error("""
                local w = kinetic.world{}
                local ball = w:addItem{ name = "ball", frame = {0, 0, 10, 10} }
                w:addBehavior(kinetic.gravity{ items = {ball} })
                w:step()
                w:removeItem(ball)
                local replacement = w:addItem{ name = "other", frame = {0, 0, 10, 10} }
                \(use)
                """)
            #expect(e?.message == "test.lua:7: item 'ball' was removed", "\(use)")
        }
    }

    @Test func fastWritesRefuseWhatTheGeneralSettersRefuse() throws {
        let h = try Harness()
        let setup = "local w = kinetic.world{} local a = w:addItem{ frame = {0, 0, 1, 1} } "
        #expect(h.error(setup + "a.x = 0/0")?.message == "test.lua:1: Item.x: 'x' must be a finite number, got nan")
        #expect(h.error(setup + "a.angle = math.huge")?.message
                == "test.lua:1: Item.angle: 'angle' must be a finite number, got inf")
        #expect(h.error(setup + "a.y = '3'")?.message == "test.lua:1: Item.y: 'y' must be a number, got \"3\"")
        let locked = h.error(setup + """
            w:addBehavior(kinetic.field{ kind = "custom", items = {a}, evaluate = function()
              a.x = 5 return 0, 0 end })
            w:step()
            """)
        #expect(locked?.message == "test.lua:2: Item.x cannot change the world while a field is being evaluated")
        // Reading during a field evaluation is allowed.
        let read = try h.number(setup + """
            local seen
            w:addBehavior(kinetic.field{ kind = "custom", items = {a}, evaluate = function() seen = a.x return 0, 0 end })
            w:step()
            return seen
            """)
        #expect(read == 0.5)
    }

    @Test func fastMembersCheckWhatSelfIs() throws {
        let h = try Harness(trusted: true)  // debug.getmetatable reaches the metamethods
        let e = h.error("""
            local w = kinetic.world{}
            local a = w:addItem{ frame = {0, 0, 1, 1} }
            return debug.getmetatable(a).__index(w, "x")
            """)
        #expect(e?.message.hasPrefix("test.lua:3: Item.x: 'self' must be an Item, got a World") == true)
        let set = h.error("""
            local w = kinetic.world{}
            local a = w:addItem{ frame = {0, 0, 1, 1} }
            debug.getmetatable(a).__newindex(w, "x", 1)
            """)
        #expect(set?.message.hasPrefix("test.lua:3: Item.x: 'self' must be an Item, got a World") == true)
    }
}
