// item.data: a Lua table the level keeps with an item; read and written, handed to collision
// callbacks with the item, dropped (collectable) when the item is removed.
import Foundation
import KineticLuaBridge
import Testing
@testable import KineticLua

@Suite struct ItemDataTests {
    @Test func dataIsTheTableGivenAtCreationAndAFreshOneOtherwise() throws {
        let values = try Harness().run("""
            local w = kinetic.world{}
            local peg = w:addItem{ center = {100, 100}, size = {10, 10}, data = { kind = "peg", points = 10 } }
            local plain = w:addItem{ center = {200, 100}, size = {10, 10} }
            peg.data.points = peg.data.points + 5
            local first = plain.data
            first.hits = 1
            local again = w:items()[2].data      -- another handle to the same item: the same table
            return peg.data.kind, peg.data.points, next(w:addItem{ center = {1, 1}, size = {1, 1} }.data),
                   rawequal(first, again), again.hits
            """)
        #expect(values == [.string("peg"), .integer(15), .nil, .boolean(true), .integer(1)])
    }

    @Test func writingReplacesTheTableAndNilForgetsIt() throws {
        let values = try Harness().run("""
            local w = kinetic.world{}
            local a = w:addItem{ center = {100, 100}, size = {10, 10} }
            local t = { score = 3 }
            a.data = t
            local same = rawequal(a.data, t)
            a.data = nil
            return same, a.data.score, type(a.data)
            """)
        #expect(values == [.boolean(true), .nil, .string("table")])
    }

    @Test func aValueThatIsNotATableIsRefusedNamingTheLine() throws {
        let h = try Harness()
        let message = h.error("""
            local w = kinetic.world{}
            local a = w:addItem{ center = {100, 100}, size = {10, 10} }
            a.data = 5
            """)?.message ?? ""
        #expect(message.hasPrefix("test.lua:3:") && message.contains("'data' must be a table (or nil), got 5"), "\(message)")
        let creation = h.error("kinetic.world{}:addItem{ center = {1, 1}, size = {1, 1}, data = \"peg\" }")?.message ?? ""
        #expect(creation.hasPrefix("test.lua:1:") && creation.contains("'data' must be a table"), "\(creation)")
        let removed = h.error("""
            local w = kinetic.world{}
            local a = w:addItem{ name = "gone", center = {100, 100}, size = {10, 10} }
            w:removeItem(a)
            return a.data
            """)?.message ?? ""
        #expect(removed.contains("item 'gone' was removed"), "\(removed)")
    }

    @Test func collisionCallbacksSeeTheDataOfBothItems() throws {
        let values = try Harness().run("""
            local w = kinetic.world{ width = 400, height = 400 }
            local ball = w:addItem{ center = {200, 100}, size = {20, 20}, bounds = "ellipse", data = { kind = "ball" } }
            local peg = w:addItem{ center = {200, 300}, size = {40, 40}, data = { kind = "peg", points = 10 } }
            w:addBehavior(kinetic.itemBehavior{ items = { peg }, anchored = true })
            w:addBehavior(kinetic.gravity{ items = { ball } })
            local seen
            w:addBehavior(kinetic.collision{ items = { ball, peg }, began = function(a, b)
              if not seen then
                local kinds = { a.data.kind, b.data.kind }
                table.sort(kinds)
                seen = table.concat(kinds, "+")
                local hit = a.data.kind == "peg" and a or b
                hit.data.hits = (hit.data.hits or 0) + 1
              end
            end })
            w:run(2)
            return seen, peg.data.hits, peg.data.points
            """)
        #expect(values == [.string("ball+peg"), .integer(1), .integer(10)])
    }

    @Test func kineticCheckKnowsTheDataField() throws {
        let folder = try makeFolder(["main.lua": """
            local level = {}
            function level.load(world)
              world:addItem{ center = { 100, 100 }, size = { 20, 20 }, dta = { kind = "peg" } }
            end
            return level
            """])
        let problems = LevelChecker.check(level: folder).map(\.description)
        #expect(problems.contains { $0.hasSuffix("main.lua:3:60: world:addItem: unknown field 'dta'; did you mean 'data'?") }, "\(problems)")
        let bad = try makeFolder(["main.lua": "return { load = function(w) w:addItem{ center = {1, 1}, size = {1, 1}, data = 5 } end }"])
        let found = LevelChecker.check(level: bad).map(\.description)
        #expect(found.contains { $0.hasSuffix("main.lua:1:1: World:addItem: 'data' must be a table (or nil), got 5") }, "\(found)")
    }

    @Test func removingAnItemLetsItsDataBeCollected() throws {
        let values = try Harness().run("""
            local w = kinetic.world{}
            local kept = w:addItem{ center = {100, 100}, size = {10, 10}, data = {} }
            local gone = w:addItem{ center = {200, 100}, size = {10, 10}, data = {} }
            local weak = setmetatable({ kept = kept.data, gone = gone.data }, { __mode = "v" })
            w:removeItem(gone)
            gone = nil
            collectgarbage(); collectgarbage()
            return weak.kept ~= nil, weak.gone == nil
            """)
        #expect(values == [.boolean(true), .boolean(true)])
    }
}
