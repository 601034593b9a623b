// The HUD canvas: its commands become Render HUD commands; it draws only inside level.draw.
import Foundation
import KineticLuaBridge
import KineticRender
import Testing
@testable import KineticLua

@Suite struct CanvasBindingTests {
    @Test func everyCommandIsRecorded() throws {
        let folder = try levelFolder("""
            return { load = function() end, draw = function(world, canvas)
              canvas:text("score 3", 10, 20, { size = 18, color = "#ff0000", align = "center" })
              canvas:text(42, 0, 0)
              canvas:rect(1, 2, 3, 4, { stroke = "blue" })
              canvas:circle(5, 6, 7)
              canvas:line(0, 0, 10, 10, { color = "white", width = 3 })
            end }
            """)
        let level = try Level.load(path: folder, options: quietOptions())
        let (scene, error) = level.scene()
        #expect(error == nil)
        #expect(scene.hud == [
            .text("score 3", x: 10, y: 20, size: 18, color: Color(red8: 255, green8: 0, blue8: 0), align: .center),
            .text("42", x: 0, y: 0, size: 16, color: .black, align: .left),
            .rect(x: 1, y: 2, width: 3, height: 4, fill: nil, stroke: Color(red8: 0, green8: 0, blue8: 255)),
            .circle(x: 5, y: 6, radius: 7, fill: .black, stroke: nil),
            .line(x1: 0, y1: 0, x2: 10, y2: 10, color: .white, width: 3),
        ])
    }

    @Test func theCanvasDrawsOnlyInsideDraw() throws {
        let folder = try levelFolder("""
            local saved
            return { load = function() end,
              draw = function(world, canvas) saved = canvas end,
              update = function() if saved then saved:line(0, 0, 1, 1) end end }
            """)
        let level = try Level.load(path: folder, options: quietOptions())
        _ = level.scene()
        do { try level.step(); Issue.record("drew outside draw") } catch {
            #expect(error.message == "main.lua:4: canvas:line draws only inside level.draw(world, canvas)")
        }
    }

    @Test func textAndCommandsPerFrameAreBounded() throws {
        // The HUD is kept and drawn by the host, outside the level's memory cap: a 20 MB text cost
        // hundreds of MB a frame, and a draw loop could record commands without end.
        let folder = try levelFolder("""
            local n = 0
            return { load = function() end, draw = function(world, canvas)
              n = n + 1
              canvas:text(("x"):rep(1024), 0, 0)
              if n == 1 then canvas:text(("x"):rep(1025), 0, 0) end
              for i = 1, 100000 do canvas:rect(0, 0, 1, 1) end
            end }
            """)
        let level = try Level.load(path: folder, options: quietOptions())
        let first = level.scene()
        #expect(first.hudError?.message == "main.lua:5: Canvas:text: 'text' must be at most 1024 bytes of text, got a string of 1025 bytes")
        let second = level.scene()
        #expect(second.hudError?.message == "main.lua:6: canvas:rect: a frame may have at most 100000 drawing commands")
        #expect(second.scene.hud.count == 100_000)
    }

    @Test func shapesImagesAndTransformsAreRecorded() throws {
        let folder = try levelFolder("""
            return { load = function() end, draw = function(world, canvas)
              canvas:polygon({ {0, 0}, {10, 0}, {0, 10} }, { fill = "red", strokeWidth = 2 })
              canvas:arc(5, 6, 7, 0, math.pi, { type = "open", stroke = "blue" })
              canvas:rect(1, 2, 3, 4, { cornerRadius = 2 })
              canvas:push{ world = true }
              canvas:translate(10, 20)
              canvas:rotate(0.5)
              canvas:scale(2)
              canvas:image("hero.png", 3, 4, { width = 32, angle = 1, opacity = 0.5, source = { 16, 0, 16, 16 } })
              canvas:pop()
            end }
            """)
        let level = try Level.load(path: folder, options: quietOptions())
        let (scene, error) = level.scene()
        #expect(error == nil)
        #expect(scene.hud == [
            .polygon([Vec2(0, 0), Vec2(10, 0), Vec2(0, 10)], fill: Color(red8: 255, green8: 0, blue8: 0), stroke: nil, strokeWidth: 2),
            .arc(x: 5, y: 6, radius: 7, from: 0, to: .pi, type: .open, fill: nil, stroke: Color(red8: 0, green8: 0, blue8: 255)),
            .rect(x: 1, y: 2, width: 3, height: 4, fill: .black, stroke: nil, cornerRadius: 2),
            .push(world: true), .translate(x: 10, y: 20), .rotate(0.5), .scale(x: 2, y: 2),
            .image(path: folder + "/hero.png", x: 3, y: 4, width: 32, height: nil, angle: 1, opacity: 0.5,
                   source: Rect(x: 16, y: 0, width: 16, height: 16)),
            .pop,
        ])
    }

    @Test func badCanvasCallsNameTheirValue() throws {
        func drawError(_ body: String) throws -> String? {
            let folder = try levelFolder("return { load = function() end, draw = function(world, canvas)\n\(body)\nend }")
            return try Level.load(path: folder, options: quietOptions()).scene().hudError?.message
        }
        #expect(try drawError("canvas:pop()") == "main.lua:2: canvas:pop: there is no canvas:push to undo")
        #expect(try drawError("for i = 1, 65 do canvas:push() end")
                == "main.lua:2: canvas:push: pushes may nest at most 64 deep; pop what you push")
        #expect(try drawError("canvas:polygon({ {0, 0}, {1, 1} })")
                == "main.lua:2: Canvas:polygon: 'points' must be a list of at least 3 points {{x, y}, ...}, got 2 points")
        #expect(try drawError("canvas:image('/etc/passwd', 0, 0)")
                == "main.lua:2: canvas:image: /etc/passwd: access outside the level folder is not allowed (run with --trust to lift the sandbox)")
        #expect(try drawError("canvas:image('a.png', 0, 0, { source = { 0, 0, 0, 8 } })")
                == "main.lua:2: Canvas:image: 'source' must be a rectangle {x, y, width, height} of image pixels, width and height above 0, got {0.0, 0.0, 0.0, 8.0}")
        #expect(try drawError("canvas:scale(0)") == "main.lua:2: Canvas:scale: 'x' must be a non-zero factor, got 0.0")
        #expect(try drawError("canvas:arc(0, 0, 5, 0, 1, { type = 'wedge' })")?.contains("'type' must be one of") == true)
        // A polygon's points count against the frame's commands.
        #expect(try drawError("local p = {} for i = 1, 100001 do p[i] = {i, 0} end canvas:polygon(p)")
                == "main.lua:2: canvas:polygon: a frame may have at most 100000 drawing commands")
        // Pushes left open at the end of one frame do not count against the next.
        let folder = try levelFolder("return { load = function() end, draw = function(world, canvas) for i = 1, 40 do canvas:push() end end }")
        let level = try Level.load(path: folder, options: quietOptions())
        #expect(level.scene().hudError == nil)
        #expect(level.scene().hudError == nil)
    }

    @Test func anItemImageHasNoDefaultFillUnderIt() throws {
        // The default grey would show through a sprite's transparent corners; a fill the level
        // gives is still drawn.
        let folder = try levelFolder("""
            return { load = function(world)
              world:addItem{ name = "sprite", center = { 50, 50 }, size = { 20, 20 }, image = "fish.png" }
              world:addItem{ name = "tile", center = { 80, 50 }, size = { 20, 20 }, image = "fish.png", fill = "red" }
              world:addItem{ name = "plain", center = { 20, 50 }, size = { 20, 20 } }
            end }
            """)
        let level = try Level.load(path: folder, options: quietOptions())
        let items = level.scene().scene.items
        #expect(items.map(\.fill) == [nil, Color(red8: 255, green8: 0, blue8: 0), Color(red: 0.6, green: 0.6, blue: 0.6)])
    }
}
