// The shipped examples are what the README's pictures show: their text must be readable there.
// Titles and HUD text stay inside the view, and HUD text over the debug drawing's field arrows sits
// on a panel of its own. Text drawn in world points (`canvas:push{world = true}`) scrolls with the
// camera and is left out.
import Foundation
import KineticRender
import Testing
@testable import KineticLua

@Suite struct ExampleLayoutTests {
    static let examples = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../../examples").standardized.path

    /// A box in scene points.
    struct Box: CustomStringConvertible {
        var minX, minY, maxX, maxY: Double
        func contains(_ p: Vec2) -> Bool { p.x >= minX && p.x <= maxX && p.y >= minY && p.y <= maxY }
        func contains(_ b: Box) -> Bool { b.minX >= minX && b.maxX <= maxX && b.minY >= minY && b.maxY <= maxY }
        var description: String { "(\(minX), \(minY))–(\(maxX), \(maxY))" }
    }

    /// The box each HUD text line covers, as HUDPainter sets it (top at `y`, aligned on `x`).
    static func textBox(_ text: String, x: Double, top: Double, size: Double, align: TextAlign, renderer: Renderer) -> Box {
        let extent = renderer.textSize(text, size: size)
        let left: Double
        switch align {
        case .left: left = x
        case .center: left = x - extent.width / 2
        case .right: left = x - extent.width
        }
        return Box(minX: left, minY: top, maxX: left + extent.width, maxY: top + extent.height)
    }

    /// Every text a frame shows, with what it is: unturned item labels and HUD text. `arrowsMayCross`
    /// is false for HUD text, unless a nearly opaque HUD rectangle drawn before it lies under all of
    /// it; labels travel with their items through the field, so arrows may cross them.
    static func texts(_ scene: RenderScene, renderer: Renderer) -> [(what: String, box: Box, arrowsMayCross: Bool)] {
        var found: [(String, Box, Bool)] = []
        for item in scene.items where !item.hidden && item.angle == 0 {
            guard let label = item.label, !label.isEmpty else { continue }
            let extent = renderer.textSize(label, size: item.labelSize)
            found.append(("label '\(label)'", Box(minX: item.center.x - extent.width / 2, minY: item.center.y - extent.height / 2,
                                                  maxX: item.center.x + extent.width / 2, maxY: item.center.y + extent.height / 2), true))
        }
        var panels: [Box] = []
        // Whether each open push draws in world points: such text scrolls with the world (a
        // bucket's value at the bottom of a tall board) and is off the view most of the time.
        var worldGroups: [Bool] = []
        for command in scene.hud {
            switch command {
            case .push(let world):
                worldGroups.append(world || worldGroups.last == true)
            case .pop:
                _ = worldGroups.popLast()
            case let .rect(x, y, width, height, fill, _, _, _) where (fill?.alpha ?? 0) >= 0.85 && worldGroups.last != true:
                panels.append(Box(minX: x, minY: y, maxX: x + width, maxY: y + height))
            case let .text(text, x, y, size, _, align, _) where worldGroups.last != true:
                let box = textBox(text, x: x, top: y, size: size, align: align, renderer: renderer)
                found.append(("HUD text '\(text)'", box, panels.contains { $0.contains(box) }))
            default:
                break
            }
        }
        return found
    }

    /// The field arrows the overlay draws, as points along each (the longest is `fieldArrowLength`).
    static func arrowPoints(_ overlay: DebugOverlay) -> [Vec2] {
        let longest = overlay.fieldSamples.map { hypot($0.vector.x, $0.vector.y) }.max() ?? 0
        guard longest > 0 else { return [] }
        let scale = overlay.fieldArrowLength / longest
        // As the painter does, arrows shorter than half a point are not drawn.
        return overlay.fieldSamples.filter { hypot($0.vector.x, $0.vector.y) * scale > 0.5 }.flatMap { arrow in
            (0...10).map { i in
                Vec2(arrow.point.x + arrow.vector.x * scale * Double(i) / 10,
                           arrow.point.y + arrow.vector.y * scale * Double(i) / 10)
            }
        }
    }

    /// Every folder of examples/ with a main.lua.
    static let names = ((try? FileManager.default.contentsOfDirectory(atPath: examples)) ?? [])
        .filter { FileManager.default.fileExists(atPath: examples + "/" + $0 + "/main.lua") }.sorted()

    @Test(arguments: names)
    func textIsReadable(example: String) throws {
        let level = try Level.load(path: Self.examples + "/" + example, options: quietOptions())
        level.debug = true
        let renderer = Renderer(warn: { _ in })
        for second in 0...1 {
            if second > 0 { for _ in 0..<Int(level.fps) { try level.step() } }
            let scene = level.scene().scene
            let view = Box(minX: 0, minY: 0, maxX: scene.size.width, maxY: scene.size.height)
            let arrows = Self.arrowPoints(scene.debug)
            for (what, box, arrowsMayCross) in Self.texts(scene, renderer: renderer) {
                #expect(view.contains(box), "\(example) at \(second) s: \(what) at \(box) is cut off by the view's edge")
                if !arrowsMayCross, let p = arrows.first(where: box.contains) {
                    Issue.record("\(example) at \(second) s: a field arrow crosses \(what) at (\(p.x), \(p.y))")
                }
            }
        }
    }
}
