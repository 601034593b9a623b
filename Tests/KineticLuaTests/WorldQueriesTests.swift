// world:itemsAt, world:raycast, world:raycastAll and world:itemsOverlapping (Bindings/WorldQueries.swift):
// what they return to Lua, in which order, from where they may be called, and their errors.
import KineticLuaBridge
import Testing
@testable import KineticLua

@Suite struct WorldQueriesTests {
    /// A 400 × 400 world with a ball (r = 20 at (100, 200)), a hidden box at (100, 200) drawn
    /// below it, and a wall boundary at x = 300 besides the reference bounds.
    static let scene = """
        local w = kinetic.world{ width = 400, height = 400 }
        local ball = w:addItem{ name = "ball", center = {100, 200}, size = {40, 40}, bounds = "ellipse", z = 1 }
        local box = w:addItem{ name = "box", center = {100, 200}, size = {10, 10}, hidden = true }
        w:addBehavior(kinetic.collision{ items = {ball}, referenceBounds = true,
          boundaries = { {id = "wall", from = {300, 0}, to = {300, 400}} } })
        """

    @Test func itemsAtReturnsItemHandlesTopmostFirst() throws {
        let h = try Harness()
        let values = try h.run(Self.scene + """
            local under = w:itemsAt{ 100, 200 }
            local edge = w:itemsAt{ 119, 200 }
            box.z = 2
            local raised = w:itemsAt{ 100, 200 }
            w:removeItem(box)
            return #under, under[1] == ball, under[2] == box, #edge, raised[1] == box, #w:itemsAt{ 100, 200 }
            """)
        // The hidden box is found (it still collides); z = 1 puts the ball above it until the box is raised.
        #expect(values == [.integer(2), .boolean(true), .boolean(true), .integer(1), .boolean(true), .integer(1)])
    }

    @Test func rayHitsAreTablesWithItemOrBoundary() throws {
        let h = try Harness()
        let values = try h.run(Self.scene + """
            local all = w:raycastAll({ 20, 200 }, { 420, 200 })
            local first = w:raycast({ 20, 200 }, { 420, 200 })
            local kinds = {}
            for i, hit in ipairs(all) do kinds[i] = hit.item and hit.item.name or hit.boundary end
            return table.concat(kinds, ","), first.item == ball, first.boundary, first.fraction, first.point.x, first.point.y,
              first.normal.x, first.normal.y, all[2].fraction, all[3].fraction, all[4].point.x, w:raycast({ 20, 100 }, { 250, 100 })
            """)
        // The ball enters at x = 80 (fraction 60/400), the box inside it at 95 (hidden items collide,
        // so rays meet them), the wall at 300, the bounds' right edge at 400.
        let expected: [LuaValue] = [.string("ball,box,wall,bounds"), .boolean(true), .nil, .number(60.0 / 400), .number(80),
                                    .number(200), .number(-1), .number(0), .number(75.0 / 400), .number(280.0 / 400), .number(400), .nil]
        #expect(values == expected)
    }

    @Test func itemsOverlappingReturnsItemsAndBoundaryIds() throws {
        let h = try Harness()
        let values = try h.run(Self.scene + """
            local items, walls = w:itemsOverlapping{ center = { 300, 200 }, size = { 420, 10 }, bounds = "ellipse" }
            local names = {}
            for i, item in ipairs(items) do names[i] = item.name end
            return table.concat(names, ","), table.concat(walls, ","), #w:itemsOverlapping{ center = {130, 230}, size = {10, 10}, angle = 0.3 }
            """)
        // The ellipse spans x 90…510 along y = 200: the ball (drawn above), the box, the bounds' right
        // edge and the wall (a behaviour's reference bounds come before its own boundaries).
        #expect(values == [.string("ball,box"), .string("bounds,wall"), .integer(0)])
    }

    @Test func queriesWorkInsideAStep() throws {
        let h = try Harness()
        let values = try h.run(Self.scene + """
            local seen = 0
            w:addBehavior(kinetic.behavior{ action = function(world)
              seen = seen + #world:itemsAt{ 100, 200 } + #world:raycastAll({ 0, 100 }, { 400, 100 })
            end })
            w:step(2)
            return seen
            """)
        // Each step: two items under the point, and the ray along y = 100 meets the bounds (on whose left
        // edge it starts, fraction 0; the right edge is the same boundary, so not listed again) and the wall.
        #expect(values == [.integer(8)])
    }

    @Test func badInputGetsAnErrorNamingFileLineAndValue() throws {
        let h = try Harness()
        let cases: [(String, String)] = [
            ("w:itemsAt{ 0/0, 1 }", "World:itemsAt: 'point' must be a point {x, y} of finite numbers, got {nan, 1}"),
            ("w:raycast({1, 2}, {1, 2})", "World:raycast: a ray needs two different points, got (1.0, 2.0) for both ends"),
            ("w:raycastAll({1, 2})", "World:raycastAll: 'to' must be a point {x, y}, got nil"),
            ("w:raycast({-1e308, 0}, {1e308, 0})", "World:raycast: the ray from (-1e+308, 0.0) to (1e+308, 0.0) is too long to measure"),
            ("w:itemsOverlapping{ center = {1, 2}, size = {-1, 2} }",
             "World:itemsOverlapping: 'size' must be a size {width, height} with no negative side, got {-1.0, 2.0}"),
            ("w:itemsOverlapping{ center = {1, 2}, size = {0, 2} }",
             "World:itemsOverlapping: the shape width must be a number > 0 and at most 10000000 pt, got 0.0"),
            ("w:itemsOverlapping{ center = {1, 2}, size = {1, 2}, bounds = 'circle' }",
             "World:itemsOverlapping: 'bounds' must be one of \"rectangle\", \"ellipse\", \"path\", got \"circle\" (did you mean \"ellipse\"?)"),
            ("w:itemsOverlapping{ center = {1, 2}, size = {1, 2}, angel = 1 }",
             "World:itemsOverlapping: unknown field 'angel'; did you mean 'angle'?"),
        ]
        for (call, message) in cases {
            #expect(h.error("local w = kinetic.world{}\n" + call)?.message == "test.lua:2: " + message)
        }
    }
}
