// world:rerun(edit) in scenarios: the edited level re-runs with the recorded input, and a bad edit is
// an error naming the file and line that leaves the first world running (docs/time-travel.md).
import Foundation
import Testing
@testable import KineticLua

@Suite struct RerunTests {
    /// A level that counts the keys it is given and whose `update` fails once `state.fail` is set
    /// and half a second has passed; the scenario edits it.
    static let level = """
        local S
        local level = {}
        function level.load(world, state)
          S = state
          state.keys, state.speed = 0, 1
          state.ball = world:addItem{ name = "ball", center = { 100, 100 }, size = { 20, 20 } }
          world:addBehavior(kinetic.gravity{ items = { state.ball } })
        end
        function level.key(world, name, down)
          if down then S.keys = S.keys + 1 end
        end
        function level.update(world, dt)
          if S.fail and world.time >= 0.5 then error("update failed on purpose") end
        end
        return level
        """

    static let scenario = """
        local function played()
          local world, level, state = kinetic.load("main.lua")
          world:run(0.25)
          world:key("a")
          world:run(0.75)
          world:key("b")
          return world, level, state
        end

        scenario("an edit that does not compile", function()
          local world = played()
          world:rerun(function(src) return (src:gsub("local S\\n", "local S =\\n")) end)
        end)

        scenario("an edit that fails while re-running", function()
          local world = played()
          world:rerun(function(src) return (src:gsub("state.keys, state.speed = 0, 1", "%0; state.fail = true")) end)
        end)

        scenario("an edit function that returns no text", function()
          local world = played()
          world:rerun(function(src) end)
        end)

        scenario("an edit that is not text", function()
          local world = played()
          world:rerun(42)
        end)

        scenario("a world without a level file", function()
          kinetic.world{}:rerun("return {}")
        end)

        scenario("after a bad edit the world runs on, and a good one re-runs", function()
          local world, _, state = played()
          local ok, message = pcall(world.rerun, world, "return {")
          expect(not ok, "the bad edit is an error")
          print(message)
          world:run(1)
          expectEqual(world.time, 2, "the first world ran on")
          expectEqual(state.keys, 2, "and kept its state")
          local edited, _, editedState = world:rerun(function(src) return (src:gsub("speed = 0, 1", "speed = 0, 2")) end)
          expectEqual(editedState.speed, 2, "the edit is in the re-run")
          expectEqual(editedState.keys, 2, "both recorded keys came again")
          expectEqual(edited.time, world.time, "to the first world's time")
          expectEqual(state.speed, 1, "the first world is as it was")
        end)
        """

    func results() throws -> [String: CaseResult] {
        let folder = try makeFolder(["main.lua": Self.level, "rerun_test.lua": Self.scenario, ".luarc.json": "{}"])
        let file = folder + "/rerun_test.lua"
        let names = ScenarioCaseRunner.listCases(file: file).cases.map(\.name)
        return Dictionary(uniqueKeysWithValues: names.map { ($0, ScenarioCaseRunner.run(file: file, case: $0)) })
    }

    @Test func badEditsAreErrorsNamingTheFileAndLine() throws {
        let results = try results()
        func error(_ name: String) -> (String?, String?) {
            let result = results[name]
            #expect(result?.status == .error, "\(name): \(String(describing: result))")
            return (result?.location.map { ($0 as NSString).lastPathComponent }, result?.message)
        }
        let compile = error("an edit that does not compile")
        #expect(compile.0 == "rerun_test.lua:12")
        #expect(compile.1 == "World:rerun: the edited level does not load: main.lua:2: unexpected symbol near 'local'", "\(compile.1 ?? "")")
        let failing = error("an edit that fails while re-running")
        #expect(failing.0 == "rerun_test.lua:17")
        #expect(failing.1 == "World:rerun: the edited level failed at 0.5 s: main.lua:13: update failed on purpose", "\(failing.1 ?? "")")
        let empty = error("an edit function that returns no text")
        #expect(empty.1 == "World:rerun: the edit function (rerun_test.lua:22) must return the level's edited text, a string", "\(empty.1 ?? "")")
        let number = error("an edit that is not text")
        #expect(number.1?.contains("must be the level's edited text (a string) or a function") == true, "\(number.1 ?? "")")
        #expect(number.1?.contains("got 42") == true, "\(number.1 ?? "")")
        let noLevel = error("a world without a level file")
        #expect(noLevel.1 == "World:rerun: only a world that kinetic.load made can re-run (this one has no level file)", "\(noLevel.1 ?? "")")
    }

    @Test func theScenarioGoesOnAfterABadEdit() throws {
        let result = try results()["after a bad edit the world runs on, and a good one re-runs"]
        #expect(result?.status == .passed, "\(String(describing: result))")
        let message = result?.output.first ?? ""
        #expect(message == "World:rerun: the edited level does not load: main.lua:1: unexpected symbol near <eof>", "\(message)")
    }
}
