// The view and the camera: a level's `view` size, `world.camera`, `world:follow`, and pointer input
// converted from view to world points.
import Foundation
import KineticLuaBridge
import KineticRender
import Testing
@testable import KineticLua

@Suite struct CameraTests {
    /// A 1000 × 400 world seen through a 100 × 100 view, with a hero at (500, 200) and the level's
    /// last pointer event kept in `state.e`.
    static let wide = """
        return { width = 1000, height = 400, view = { 100, 100 },
          load = function(world, state)
            W = world
            state.hero = world:addItem{ name = "hero", center = { 500, 200 }, size = { 10, 10 } }
          end,
          pointer = function(world, e) _G.lastPointer = e end }
        """

    @Test func theViewIsTheRenderSizeAndTheWorldKeepsItsOwn() throws {
        let level = try Level.load(path: try levelFolder(Self.wide), options: quietOptions())
        #expect(level.viewWidth == 100 && level.viewHeight == 100 && level.width == 1000)
        let scene = level.scene().scene
        #expect(scene.size == Size(100, 100))
        // Before anything moves it, the camera shows the world's top-left corner unmoved.
        #expect(scene.camera == SceneCamera(center: Vec2(50, 50)))
        #expect(try level.luaState.run("local w = kinetic.world{ width = 800, view = { 200, 100 } } return w.view.width, w.view.height, w.width")
                .map { if case .number(let n) = $0 { return n }; if case .integer(let i) = $0 { return Double(i) }; return -1 } == [200, 100, 800])
    }

    @Test func followSnapsThenTracksOutsideTheDeadzoneAndStaysInsideTheWorld() throws {
        let level = try Level.load(path: try levelFolder(Self.wide), options: quietOptions())
        let state = level.luaState
        func camera() -> SceneCamera { level.scene().scene.camera! }
        _ = try state.run("local w = W w:follow(w:item('hero'), { lerp = 0.5, deadzone = { 40, 40 } })")
        #expect(camera().center == Vec2(500, 200))  // placed on the item at once
        // Moved 30 points right: 10 past the dead zone's edge (20 from the centre); half of that per step.
        _ = try state.run("local w = W w:item('hero').center = { 530, 200 }")
        try level.step()
        #expect(camera().center == Vec2(505, 200))
        try level.step()
        #expect(camera().center == Vec2(507.5, 200))
        // Near the world's corner the view stays inside: its centre at least half a view from each edge.
        _ = try state.run("local w = W w:item('hero').center = { 5, 5 } w:follow(w:item('hero'))")
        #expect(camera().center == Vec2(50, 50))
        // follow(nil) stops; so does removing the item.
        _ = try state.run("local w = W w:follow(nil) w:item('hero').center = { 500, 200 }")
        try level.step()
        #expect(camera().center == Vec2(50, 50))
        _ = try state.run("local w = W w:follow(w:item('hero')) w:removeItem(w:item('hero'))")
        try level.step()
        #expect(camera().center == Vec2(500, 200))
    }

    @Test func pointerEventsReachTheLevelInWorldPoints() throws {
        let level = try Level.load(path: try levelFolder(Self.wide), options: quietOptions())
        let state = level.luaState
        _ = try state.run("local w = W w.camera = { x = 500, y = 200, zoom = 2 }")
        // The view's top-left corner is 25 world points left of and above the centre at zoom 2.
        try level.pointer(PointerEvent(phase: .began, x: 0, y: 0, vx: 100, vy: 0))
        let seen = try state.run("local w = W return lastPointer.x, lastPointer.y, lastPointer.vx, w.pointer.x, w.pointer.y")
        #expect(seen == [.number(475), .number(175), .number(50), .number(475), .number(175)])
        let converted = try state.run("local w = W local p = w:toWorld{ 50, 50 } local v = w:toView{ 475, 175 } return p.x, p.y, v.x, v.y")
        #expect(converted == [.number(500), .number(200), .number(0), .number(0)])
    }

    @Test func aLevelWithoutAViewOrCameraIsUnchanged() throws {
        let level = try Level.load(path: try levelFolder("return { load = function() end, pointer = function(w, e) _G.x = e.x end }"),
                                   options: quietOptions())
        #expect(level.scene().scene.size == Size(375, 667))
        try level.pointer(PointerEvent(phase: .began, x: 0.1, y: 0.7))
        #expect(try level.luaState.run("return x") == [.number(0.1)])
    }

    @Test func badCameraValuesNameThemselves() throws {
        let level = try Level.load(path: try levelFolder(Self.wide), options: quietOptions())
        func message(_ source: String) -> String? {
            do { _ = try level.luaState.run("local w = W " + source); return nil } catch { return error.message }
        }
        #expect(message("w.camera = { zoom = 0 }")?.hasSuffix("'zoom' must be a number from 0.01 to 100.0, got 0.0") == true)
        #expect(message("w.camera = { x = 1e9 }")?.contains("'x' must be a number of points within ±10000000") == true)
        #expect(message("w.camera = { z = 1 }")?.contains("unknown field 'z'") == true)
        #expect(message("w:follow(w:item('hero'), { lerp = 0 })")?.contains("'lerp' must be a fraction of the way per step, above 0 and at most 1") == true)
        let bad = try levelFolder("return { view = { 0, 10 }, load = function() end }")
        #expect(throws: LevelError.self) { try Level.load(path: bad, options: quietOptions()) }
    }

    @Test func aReloadKeepsAFollowingCameraWhereItWas() throws {
        // The hero moves 5 points a step and the camera trails it; a reload puts the hero back where
        // it was (it is named), and the camera too, rather than where the new load's follow put it.
        let folder = try levelFolder("""
            return { width = 3000, height = 400, view = { 100, 100 },
              load = function(world)
                local hero = world:addItem{ name = "hero", center = { 500, 200 }, size = { 10, 10 } }
                world:follow(hero, { lerp = 0.1 })
              end,
              update = function(world) local h = world:item("hero") h.center = { h.x + 5, h.y } end }
            """)
        let level = try Level.load(path: folder, options: quietOptions())
        for _ in 0..<60 { try level.step() }
        let before = level.scene().scene.camera!
        #expect(before.center.x > 600 && before.center.x < 800)
        try level.reload()
        #expect(level.scene().scene.camera! == before)
    }
}
