// `kinetic check`'s logic on fixture levels: each planted mistake reported once, at its file:line.
import Foundation
import Testing
@testable import KineticLua

@Suite struct LevelCheckerTests {
    func check(_ name: String) -> [String] {
        LevelChecker.check(level: fixtures + "/" + name).map { p in
            // Report paths relative to the fixtures folder, as a user standing there would see them.
            p.description.replacingOccurrences(of: fixtures + "/", with: "")
        }
    }

    @Test func aCleanLevelHasNoProblem() {
        #expect(check("good") == [])
    }

    @Test func aSyntaxErrorIsReportedAtItsLine() {
        // `local x = 1 +` on line 4 is completed by `end` on line 5: Lua reports the `end`.
        #expect(check("syntax_error.lua") == ["syntax_error.lua:5:1: unexpected symbol near 'end'"])
    }

    @Test func everyUnknownFieldIsReportedEvenInCallbacks() {
        // Line 6 runs in load; line 10 is in level.key, which no load runs: only the static pass sees it.
        // The load's own error for line 6 is the same mistake and is not repeated.
        #expect(check("unknown_field") == [
            "unknown_field/main.lua:6:5: kinetic.itemBehavior: unknown field 'elastcity'; did you mean 'elasticity'?",
            "unknown_field/main.lua:10:38: kinetic.gravity: unknown field 'magnitud'; did you mean 'magnitude'?",
        ])
    }

    @Test func theShapeTableOfItemsOverlappingIsCheckedLikeADefinition() {
        // level.update never runs in a check: only the static pass sees its shape table.
        #expect(check("bad_query.lua") == [
            "bad_query.lua:6:5: world:itemsOverlapping: 'bounds' must be one of \"rectangle\", \"ellipse\", \"path\", got \"circle\"; did you mean \"ellipse\"?",
            "bad_query.lua:6:24: world:itemsOverlapping: unknown field 'angel'; did you mean 'angle'?",
        ])
    }

    @Test func theOptionsOfSoundPlayAreCheckedWhateverTheSoundIsCalled() {
        #expect(check("bad_play") == ["bad_play/main.lua:6:13: Sound:play: unknown field 'volum'; did you mean 'volume'?"])
    }

    @Test func anUnknownFieldKindIsReportedAtTheKindLine() {
        let problems = check("unknown_kind")
        #expect(problems.count == 1)
        #expect(problems.first?.hasPrefix("unknown_kind/main.lua:7:5: kinetic.field: 'kind' must be one of \"linearGravity\"") == true)
        #expect(problems.first?.hasSuffix("got \"vortx\"; did you mean \"vortex\"?") == true)
    }

    @Test func missingImagesAreReportedLiteralAndComputed() {
        // A literal path is found statically at its line; a computed one after the load, by item name.
        // (The folder in the message is as the level was named: here the fixtures path, stripped.)
        #expect(check("missing_image") == [
            "missing_image/main.lua:6:54: image 'missing.png' not found (paths are relative to the level folder missing_image)",
            "missing_image/main.lua:11:16: canvas:image: image 'sprites/gone.png' not found (paths are relative to the level folder missing_image)",
            "missing_image/main.lua:1:1: item 'b': image 'art/computed.png' not found (paths are relative to the level folder missing_image)",
        ])
    }

    @Test func everyBadLevelFieldIsReported() {
        // A load stops at the first bad field; the check reports all of them, and a likely typo.
        #expect(check("bad_fields.lua") == [
            "bad_fields.lua:2:3: level field 'width' must be a number of points > 0 and at most 10000000, got wide",
            "bad_fields.lua:6:3: level field 'height' must be a number of points > 0 and at most 10000000, got 9.9998886718268e-321",
            "bad_fields.lua:7:3: level field 'view' must be a size {w, h} of points, each > 0 and at most 10000000, got {0, 10}",
            "bad_fields.lua:3:3: level field 'fps' must be a number > 0 and at most 1000 (steps per second), got -1",
            "bad_fields.lua:5:3: level field 'duration' must be a number of seconds > 0 and at most 3600, got 1e+300",
            "bad_fields.lua:4:3: unknown level field 'widht'; did you mean 'width'?",
        ])
    }

    @Test func aLoadErrorIsReportedAtTheCallingLine() {
        #expect(check("load_error.lua") == ["load_error.lua:5:1: kinetic.pin: 'anchor' must be a point {x, y}, got \"here\""])
    }

    @Test func aFolderOfLevelsMeansItsSubfoldersWithMainLua() {
        let (levels, problems) = LevelChecker.levels(in: [fixtures, fixtures + "/bad_fields.lua", fixtures + "/nothing"])
        #expect(levels == ["bad_play", "good", "missing_image", "unknown_field", "unknown_kind"].map { fixtures + "/" + $0 }
                + [fixtures + "/bad_fields.lua"])
        #expect(problems == [LevelProblem(file: fixtures + "/nothing", line: 1, message: "no such file or folder")])
    }

    @Test func everyExampleIsClean() {
        // The shipped examples are the levels users copy: none may have a problem `check` can see.
        let examples = packageRoot + "/examples"
        guard FileManager.default.fileExists(atPath: examples) else { return }
        let (levels, pathProblems) = LevelChecker.levels(in: [examples])
        #expect(pathProblems.isEmpty && !levels.isEmpty)
        for level in levels {
            let problems = LevelChecker.check(level: level)
            #expect(problems.isEmpty, "\(level): \(problems.map(\.description))")
        }
    }

    @Test func theScannerSkipsStringsAndComments() {
        let source = """
            -- kinetic.gravity{ bogus = 1 }
            local s = "kinetic.push{ bogus = 2 }"
            local t = [[
            kinetic.snap{ bogus = 3 }]]
            local g = kinetic.gravity({ magnitude = 2, direction = { x = 0, y = 1 },
              action = function(w) local q = { zz = 1 } end })
            """
        let calls = ConstructorScanner.calls(in: source, constructors: ["kinetic.gravity", "kinetic.push", "kinetic.snap"])
        #expect(calls.count == 1)
        #expect(calls.first?.keys.map(\.key) == ["magnitude", "direction", "action"])
        #expect(calls.first?.line == 5 && calls.first?.endLine == 6)
    }

    /// A callback written inside the table is code, not fields: `local x, size = ...` there (a
    /// multiple assignment) read as a field `size` of the constructor and was reported as unknown.
    @Test func assignmentsInsideACallbackAreNotFields() {
        let source = """
            local c = kinetic.collision{ items = {}, began = function(a, b)
              local x, size = a.x, 2
              if x then local n, vy = 1, 2 end
              for i = 1, 2 do local p, q = i, i end
              repeat local u, v = 1, 2 until true
            end, mode = "items" }
            """
        let calls = ConstructorScanner.calls(in: source, constructors: ["kinetic.collision"])
        #expect(calls.first?.keys.map(\.key) == ["items", "began", "mode"])
    }

    /// A level written to a fresh folder, checked; problems with the folder stripped.
    func check(source: String) throws -> [String] {
        let folder = temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try source.write(toFile: folder + "/main.lua", atomically: true, encoding: .utf8)
        return LevelChecker.check(level: folder).map { $0.description.replacingOccurrences(of: folder + "/", with: "") }
    }

    @Test func unknownMembersOfResolvedLocalsAndOfKineticAreReportedWithColumns() throws {
        // Lines 13-20 are in callbacks no load runs; `item` (a loop variable) and `state.ball` are not
        // resolved, so their members are not judged; line 16 is silenced the luacheck way.
        let problems = try check(source: """
            local ball
            local pull = kinetic.gravty{}
            local level = { width = 300, height = 300 }

            function level.load(world, state)
              ball = world:addItem{ name = "ball", center = { 50, 50 }, size = { 10, 10 } }
              local g = kinetic.gravity{ items = { ball } }
              g.magnitud = 2
              state.ball = ball
            end

            function level.update(world, dt)
              local b = world:item("ball")
              print(b.velocty, ball.centre, pull)
              for _, item in ipairs(world:items()) do print(item.whatever) end
              ball.spin = 1 -- luacheck: ignore
            end

            function level.draw(world, canvas)
              canvas:txt("hi", 1, 1)
              world:addBehavor()
            end

            return level
            """)
        #expect(problems == [
            "main.lua:2:22: unknown member 'gravty' of kinetic; did you mean 'gravity'?",
            "main.lua:8:5: unknown member 'magnitud' of kinetic.Gravity; did you mean 'magnitude'?",
            "main.lua:14:11: unknown member 'velocty' of kinetic.Item; did you mean 'velocity'?",
            "main.lua:14:25: unknown member 'centre' of kinetic.Item; did you mean 'center'?",
            "main.lua:20:10: unknown member 'txt' of kinetic.Canvas; did you mean 'text'?",
            "main.lua:21:9: unknown member 'addBehavor' of kinetic.World; did you mean 'addBehavior'?",
        ], "\(problems)")
    }

    /// `ball.velocity.x = 50` writes into the copy the read returned, so nothing happens and nothing
    /// says so (LÖVE has no such table, UIKit's struct copy is the same trap). `item.data` is the
    /// level's own table and is written in place; a read of a field is fine.
    @Test func writesIntoACopiedTableAreReported() throws {
        let problems = try check(source: """
            local level = { width = 300, height = 300 }

            function level.load(world, state)
              local ball = world:addItem{ name = "ball", center = { 50, 50 }, size = { 10, 10 } }
              ball.velocity.x = 50
              ball.center["y"] = 30
              ball.data.kind = "ball"
              world.camera.zoom = 2
              ball.size.width = 3
              local vx = ball.velocity.x
              if ball.center.y == 3 then print(vx) end
              ball.velocity = { 50, 0 }
            end

            return level
            """)
        #expect(problems == [
            "main.lua:5:17: 'velocity' of kinetic.Item is a copy: writing its 'x' changes nothing; write the whole value (ball.velocity = {...})",
            "main.lua:6:15: 'center' of kinetic.Item is a copy: writing into it changes nothing; write the whole value (ball.center = {...})",
            "main.lua:8:16: 'camera' of kinetic.World is a copy: writing its 'zoom' changes nothing; write the whole value (world.camera = {...})",
            "main.lua:9:13: 'size' of kinetic.Item is a copy: writing its 'width' changes nothing; it is read-only",
        ], "\(problems)")
    }

    /// A port keeps LÖVE's module calls (`love.keyboard.isDown`) in callbacks a check never runs;
    /// `love` is nil here, so the level fails only when that code first runs. A local of that name
    /// is the level's own and is not judged.
    @Test func lovesModulesAreReportedWithWhereTheirWorkIsDone() throws {
        let problems = try check(source: """
            local level = { width = 300, height = 300 }
            function level.load(world) end
            function level.update(world, dt)
              if love.keyboard.isDown("right") then print(love.timer.getTime()) end
              local x, y = love.mouse.getPosition()
              love.graphics.setColor(1, 0, 0)
            end
            local function helper()
              local love = { physics = {} }
              return love.physics
            end
            return level
            """)
        #expect(problems == [
            "main.lua:4:6: 'love' is LÖVE's module, which levels do not have: love.keyboard's keys are level.key(world, key, down) and world:isDown(key)",
            "main.lua:4:47: 'love' is LÖVE's module, which levels do not have: love.timer's time is world.time (simulated seconds) and level.update's dt",
            "main.lua:5:16: 'love' is LÖVE's module, which levels do not have: love.mouse's pointer is level.pointer(world, e) and world.pointer",
            "main.lua:6:3: 'love' is LÖVE's module, which levels do not have: love.graphics's drawing is the canvas of level.draw(world, canvas)",
        ], "\(problems)")
    }

    /// A level ported from Box2D or LÖVE sets body types on the body; here they are item
    /// behaviour fields, which no edit distance from `setType` or `type` finds.
    @Test func box2DAndLoveBodyTypesNameTheItemBehaviourField() throws {
        let problems = try check(source: """
            local level = { width = 300, height = 300 }
            function level.load(world) end
            function level.update(world, dt)
              local lift = world:addItem{ frame = {0, 0, 50, 10}, type = "kinematic" }
              lift:setType("kinematic")
              world:addBehavior(kinetic.itemBehavior{ items = {lift}, isKinematic = true })
            end
            return level
            """)
        let hint = "an item's body type comes from an item behaviour: kinetic.itemBehavior{ items = {...}, kinematic = true } "
            + "(Box2D's b2_kinematicBody, LÖVE's setType(\"kinematic\")) or anchored = true (static)"
        #expect(problems == [
            "main.lua:4:55: world:addItem: unknown field 'type': \(hint)",
            "main.lua:5:8: unknown member 'setType' of kinetic.Item: \(hint)",
            "main.lua:6:59: kinetic.itemBehavior: unknown field 'isKinematic'; did you mean 'kinematic'?",
        ], "\(problems)")
    }

    @Test func localsDeclaredTogetherWithoutValuesAreTypedByTheirLaterValues() throws {
        // `local ball, paddle` at the top, given items in load: the usual shape of a level.
        let problems = try check(source: """
            local ball, paddle, other
            local level = {}
            function level.load(world)
              ball = world:addItem{ name = "ball", center = { 50, 50 }, size = { 10, 10 } }
              paddle = world:item("ball")
              other = 3
            end
            function level.update(world, dt)
              ball.velocty = { 1, 2 }
              paddle.cneter = { 1, 2 }
              print(other.whatever)
              local item, gravity
              item, gravity = world:item("ball"), kinetic.gravity{}
              print(gravity.magnitude)
            end
            return level
            """)
        #expect(problems == [
            "main.lua:9:8: unknown member 'velocty' of kinetic.Item; did you mean 'velocity'?",
            "main.lua:10:10: unknown member 'cneter' of kinetic.Item; did you mean 'center'?",
        ], "\(problems)")
    }

    @Test func keyNamesThatNoKeySendsAndPointerPhasesThatDoNotExistAreReported() throws {
        // Each literal would make its rule silently never fire; the right spellings pass.
        let problems = try check(source: """
            local level = {}
            function level.load(world) end
            function level.update(world, dt)
              if world:isDown("Left") or world:isDown("right") or world:isDown "esc" then end
            end
            function level.key(world, key, down)
              if key == "enter" or key == "return" or key ~= "Space" then end
            end
            function level.pointer(world, e)
              if e.phase == "begin" or e.phase == "ended" then print(e.xx, e.vx) end
            end
            return level
            """)
        #expect(problems == [
            "main.lua:4:19: key names are lower case: no key sends 'Left'; did you mean 'left'?",
            "main.lua:4:68: 'esc' is not a key name (no key sends it); did you mean 'escape'?",
            "main.lua:7:13: 'enter' is not a key name (no key sends it); did you mean 'return'?",
            "main.lua:7:50: key names are lower case: no key sends 'Space'; did you mean 'space'?",
            "main.lua:10:17: 'begin' is not a pointer phase (\"began\", \"moved\" or \"ended\"); did you mean 'began'?",
            "main.lua:10:60: unknown member 'xx' of kinetic.PointerEvent; did you mean 'x'?",
        ], "\(problems)")
    }

    @Test func lovesInputCallbacksOnTheLevelTableAreReportedWithTheirKineticCallback() throws {
        let problems = try check(source: """
            local level = {}
            function level.load(world) end
            function level.keypressed(world, key) end
            function level.mousepressed(world, x, y) end
            level.myRule = 1
            return level
            """)
        #expect(problems == [
            "main.lua:3:16: unknown level field 'keypressed': LÖVE's callback is never called here; key presses and releases come to level.key(world, key, down)",
            "main.lua:4:16: unknown level field 'mousepressed': LÖVE's callback is never called here; mouse and touch events come to level.pointer(world, e), e.phase \"began\", \"moved\" or \"ended\"",
        ], "\(problems)")
    }

    @Test func anErrorInDrawIsReportedFromTheFirstFrame() throws {
        // No headless run calls draw: a bad option there showed only in the window or a render.
        let problems = try check(source: """
            local level = {}
            function level.load(world) end
            function level.draw(world, canvas)
              canvas:rect(1, 1, 10, 10, { fill = { 1, 0, 0 } })
            end
            return level
            """)
        #expect(problems == [
            "main.lua:4:1: Canvas:rect: 'fill' must be a colour (\"#rrggbb\", \"#rrggbbaa\" or a CSS colour name), got a table",
        ], "\(problems)")
    }

    @Test func problemsOfBothPassesAreListedInSourceOrder() throws {
        // A misspelled definition field (line 4) sits between two unknown members (lines 3 and 5),
        // and two problems share line 5: luacheck's order is line, then column.
        let problems = try check(source: """
            local level = {}
            function level.load(world)
              local s = kinetic.sensr{}
              local b = world:addItem{ center = { 1, 1 }, size = { 1, 1 }, dat = {} }
              world:addBehavior(kinetic.gravity{ itms = { b } }); b:applyImpuls{ 0, 1 }
            end
            return level
            """)
        #expect(problems.map { $0.prefix { $0 != " " } } == [
            "main.lua:3:21:", "main.lua:4:64:", "main.lua:5:38:", "main.lua:5:57:",
        ], "\(problems)")
    }

    @Test func aLocalGivenValuesOfDifferentKindsIsNotJudged() throws {
        let problems = try check(source: """
            local level = {}
            local thing = kinetic.gravity{}
            function level.load(world)
              if not world then thing = world:item("x") end
              local other = kinetic.push{}
              other = {}
              print(thing.magnitude, other.whatever)
              local kinetic = { custom = 1 }
              print(kinetic.custom)
            end
            return level
            """)
        #expect(problems == [], "\(problems)")
    }
}
