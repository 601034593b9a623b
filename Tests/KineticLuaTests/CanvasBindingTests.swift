// The HUD canvas: its commands become Render HUD commands; it draws only inside level.draw.
import Foundation
import LuaBridge
import Render
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
}
