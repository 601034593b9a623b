// Snap: the item springs to the point and settles.
import Foundation
import KineticLuaBridge
import Testing
@testable import KineticLua

@Suite struct SnapBindingTests {
    @Test func theItemSettlesAtThePoint() throws {
        let values = try Harness().run("""
            local w = kinetic.world{}
            local a = w:addItem{ center = {50, 50}, size = {20, 20}, angle = 0.5 }
            local s = kinetic.snap{ item = a, point = {200, 300}, damping = 0.8 }
            w:addBehavior(s)
            w:run(3)
            local x, y, angle = a.x, a.y, a.angle
            s.point = {100, 100}
            w:run(3)
            return x, y, angle, a.x, a.y, s.item == a, s.damping
            """)
        // 3 Hz spring, damping 0.8: settled to well under 1 pt in 3 s; upright.
        guard case .number(let x) = values[0], case .number(let y) = values[1], case .number(let angle) = values[2],
              case .number(let x2) = values[3], case .number(let y2) = values[4] else { Issue.record("bad"); return }
        #expect(abs(x - 200) < 1 && abs(y - 300) < 1 && abs(angle) < 0.01)
        #expect(abs(x2 - 100) < 1 && abs(y2 - 100) < 1)
        #expect(values[5] == .boolean(true) && values[6] == .number(0.8))
        #expect(try Harness().error("kinetic.snap{ point = {0, 0} }")?.message == "test.lua:1: kinetic.snap: 'item' must be an Item, got nil")
    }
}
