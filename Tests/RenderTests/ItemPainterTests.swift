// Items: every shape kind, fill/stroke/opacity, z order, images and labels, against golden images
// plus pixel probes whose expected colours follow from the scene's geometry.

import Foundation
import KineticRender
import Testing

private let red = Color(red: 1, green: 0, blue: 0)
private let blue = Color(red: 0, green: 0, blue: 1)
private let white = Color.white

private func scene(_ items: [SceneItem], width: Double = 100, height: Double = 100) -> RenderScene {
    RenderScene(size: Size(width, height), background: white, items: items)
}

@Suite struct ItemPainterTests {
    @Test func rectangleFillsExactlyItsFrame() throws {
        // A 40 × 20 rectangle centred at (50, 50) covers x 30...70, y 40...60.
        let s = scene([SceneItem(id: 1, shape: .rectangle(size: Size(40, 20)), center: Vec2(50, 50), fill: red)])
        let frame = try Renderer().frame(s)
        #expect(frame.color(31, 41) == [255, 0, 0, 255])
        #expect(frame.color(68, 58) == [255, 0, 0, 255])
        #expect(frame.color(29, 50) == [255, 255, 255, 255])
        #expect(frame.color(50, 61) == [255, 255, 255, 255])
        try Snapshot.check(s, named: "shape-rectangle")
    }

    @Test func rotatedRectangleTurnsClockwise() throws {
        // A 60 × 10 bar turned +45° (clockwise on screen, y down) runs from top-left to bottom-right.
        let s = scene([SceneItem(id: 1, shape: .rectangle(size: Size(60, 10)), center: Vec2(50, 50),
                                 angle: .pi / 4, fill: red)])
        let frame = try Renderer().frame(s)
        #expect(frame.color(35, 35) == [255, 0, 0, 255]) // on the down-right diagonal
        #expect(frame.color(65, 35) == [255, 255, 255, 255]) // the other diagonal stays empty
        try Snapshot.check(s, named: "shape-rectangle-rotated")
    }

    @Test func roundedRectangleCutsItsCorners() throws {
        // Corner radius 15 on a 60 × 40 rectangle at (50, 50): its corner pixel (21, 31) lies
        // 15·(1 − 1/√2) ≈ 4.4 points outside the arc diagonal, so it stays background.
        let s = scene([SceneItem(id: 1, shape: .rectangle(size: Size(60, 40), cornerRadius: 15),
                                 center: Vec2(50, 50), fill: blue, stroke: .black, strokeWidth: 2)])
        let frame = try Renderer().frame(s)
        #expect(frame.color(21, 31) == [255, 255, 255, 255])
        #expect(frame.color(50, 50) == [0, 0, 255, 255])
        try Snapshot.check(s, named: "shape-rounded-rectangle")
    }

    @Test func ellipseIsInscribedInItsSize() throws {
        // Ellipse 80 × 40 at (50, 50): (50, 32) is inside (y within 20), (14, 34) is outside
        // ((36/40)² + (16/20)² = 1.45 > 1) though inside the bounding box.
        let s = scene([SceneItem(id: 1, shape: .ellipse(size: Size(80, 40)), center: Vec2(50, 50),
                                 fill: red, stroke: blue, strokeWidth: 3)])
        let frame = try Renderer().frame(s)
        #expect(frame.color(50, 40) == [255, 0, 0, 255])
        #expect(frame.color(14, 34) == [255, 255, 255, 255])
        try Snapshot.check(s, named: "shape-ellipse")
    }

    @Test func polygonPointsAreRelativeToTheCentre() throws {
        // A triangle with its apex 30 points above the centre (50, 60) and base 30 points below.
        let triangle: [Vec2] = [Vec2(0, -30), Vec2(30, 30), Vec2(-30, 30)]
        let s = scene([SceneItem(id: 1, shape: .polygon(triangle), center: Vec2(50, 60),
                                 fill: Color(red: 0, green: 0.5, blue: 0), stroke: .black, strokeWidth: 1)])
        let frame = try Renderer().frame(s)
        #expect(frame.color(50, 80) == [0, 128, 0, 255])
        #expect(frame.color(25, 40) == [255, 255, 255, 255]) // left of the apex's sloping side
        try Snapshot.check(s, named: "shape-polygon")
    }

    @Test func groupDrawsItsPartsAsOneOutline() throws {
        // An L made of two overlapping rectangles; the stroke goes round the union only, so the
        // point (40, 60), inside both parts where their seams cross, is pure fill colour.
        let parts = [
            ShapePart(shape: .rectangle(size: Size(20, 60)), offset: Vec2(-10, 0)),
            ShapePart(shape: .rectangle(size: Size(50, 20)), offset: Vec2(5, 20)),
            ShapePart(shape: .ellipse(size: Size(16, 16)), offset: Vec2(30, 20), angle: 0.3),
        ]
        let s = scene([SceneItem(id: 1, shape: .group(parts), center: Vec2(45, 45), fill: red,
                                 stroke: .black, strokeWidth: 2)])
        let frame = try Renderer().frame(s)
        #expect(frame.color(35, 55) == [255, 0, 0, 255])
        #expect(frame.color(44, 65) == [255, 0, 0, 255]) // on the inner seam x = 45 (part 1's right edge)
        #expect(frame.color(24, 45).prefix(3) == [0, 0, 0]) // pixel 24...25 is just outside the left edge x = 25: stroke
        try Snapshot.check(s, named: "shape-group")
    }

    @Test func opacityFadesFillAndStrokeTogether() throws {
        // A red square at opacity 0.5 over white: 0.5·red + 0.5·white = (255, 128, 128) ± rounding.
        // The stroke overlapping the fill is not darker than the stroke alone (one group, one alpha).
        let s = scene([SceneItem(id: 1, shape: .rectangle(size: Size(60, 60)), center: Vec2(50, 50),
                                 fill: red, stroke: blue, strokeWidth: 6, opacity: 0.5)])
        let frame = try Renderer().frame(s)
        #expect(near(frame.color(50, 50), [255, 128, 128, 255], tolerance: 1))
        #expect(near(frame.color(21, 50), [128, 128, 255, 255], tolerance: 1)) // inner half of the stroke
        #expect(near(frame.color(18, 50), [128, 128, 255, 255], tolerance: 1)) // outer half
        try Snapshot.check(s, named: "item-opacity")
    }

    @Test func higherZDrawsOnTopAndTiesKeepArrayOrder() throws {
        // Three overlapping squares: blue has z 1 so it wins over red (z 0) though listed first;
        // red and green share z 0, so green (later in the array) covers red.
        let s = scene([
            SceneItem(id: 1, shape: .rectangle(size: Size(40, 40)), center: Vec2(40, 40), fill: blue, z: 1),
            SceneItem(id: 2, shape: .rectangle(size: Size(40, 40)), center: Vec2(55, 55), fill: red),
            SceneItem(id: 3, shape: .rectangle(size: Size(40, 40)), center: Vec2(65, 65),
                      fill: Color(red: 0, green: 1, blue: 0)),
            SceneItem(id: 4, shape: .rectangle(size: Size(90, 90)), center: Vec2(50, 50), fill: .black,
                      hidden: true),
        ])
        let frame = try Renderer().frame(s)
        #expect(frame.color(50, 50) == [0, 0, 255, 255])   // blue over red
        #expect(frame.color(60, 60) == [0, 255, 0, 255])   // green over red
        #expect(frame.color(5, 5) == [255, 255, 255, 255]) // the hidden black square is not drawn
        try Snapshot.check(s, named: "item-z-order")
    }

    @Test func imageIsStretchedOverTheBoundsAndTurnsWithTheItem() throws {
        // The 8 × 8 fixture (red top-left quadrant, transparent centre) over a 40 × 40 item turned
        // 90° clockwise: the red quadrant moves to the top-right.
        let path = Snapshot.fixtures.appendingPathComponent("quadrants.png").path
        let s = scene([
            SceneItem(id: 1, shape: .rectangle(size: Size(40, 40)), center: Vec2(30, 50), fill: nil, image: path),
            SceneItem(id: 2, shape: .ellipse(size: Size(40, 40)), center: Vec2(75, 50), angle: .pi / 2,
                      fill: nil, stroke: .black, image: path),
        ])
        let frame = try Renderer().frame(s)
        #expect(near(frame.color(14, 34), [255, 0, 0, 255], tolerance: 4))
        #expect(near(frame.color(91, 34), [255, 0, 0, 255], tolerance: 4))
        #expect(frame.color(30, 50) == [255, 255, 255, 255]) // transparent centre shows the background
        try Snapshot.check(s, named: "item-image")
    }

    @Test func missingAndCorruptImagesDrawAPlaceholderAndWarnOnce() throws {
        final class Warnings: @unchecked Sendable { var messages: [String] = [] }
        let warnings = Warnings()
        let renderer = Renderer(warn: { warnings.messages.append($0) })
        let missing = "/nonexistent/ball.png"
        let corrupt = Snapshot.fixtures.appendingPathComponent("corrupt.png").path
        let s = scene([
            SceneItem(id: 1, shape: .rectangle(size: Size(40, 40)), center: Vec2(25, 50), fill: nil, image: missing),
            SceneItem(id: 2, shape: .rectangle(size: Size(40, 40)), center: Vec2(75, 50), fill: nil, image: corrupt),
        ])
        _ = try renderer.frame(s)
        let frame = try renderer.frame(s)
        #expect(warnings.messages.count == 2) // one per path, not one per frame
        #expect(warnings.messages.first?.contains(missing) == true)
        #expect(warnings.messages.last?.contains("corrupt.png") == true)
        #expect(frame.color(25, 50) == [255, 0, 255, 255]) // the magenta cross's centre
        try Snapshot.check(s, named: "item-image-placeholder", renderer: renderer)
    }

    @Test func anImageOverThePixelLimitIsRefusedFromItsHeader() throws {
        // A PNG header is all it takes to declare 16000 × 16000 pixels (1 GB decoded): the size is
        // read before decoding, and the image is drawn as a placeholder with a warning naming it.
        final class Warnings: @unchecked Sendable { var messages: [String] = [] }
        let warnings = Warnings()
        let renderer = Renderer(warn: { warnings.messages.append($0) })
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("kinetic-image-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        func header(_ width: UInt32, _ height: UInt32) -> Data {
            var d = Data([137, 80, 78, 71, 13, 10, 26, 10, 0, 0, 0, 13]) + Data("IHDR".utf8)
            for v in [width, height] { d += Data([UInt8(v >> 24), UInt8(v >> 16 & 255), UInt8(v >> 8 & 255), UInt8(v & 255)]) }
            return d + Data([8, 6, 0, 0, 0])
        }
        let huge = folder.appendingPathComponent("huge.png").path
        try header(16000, 16000).write(to: URL(fileURLWithPath: huge))
        let s = scene([SceneItem(id: 1, shape: .rectangle(size: Size(40, 40)), center: Vec2(25, 50), fill: nil, image: huge)])
        let frame = try renderer.frame(s)
        #expect(warnings.messages == ["warning: image '\(huge)' is not drawn: it is 16000 × 16000 pixels, more than the 16777216 (4096 × 4096) an image may have; drawing a placeholder"])
        #expect(frame.color(25, 50) == [255, 0, 255, 255]) // the placeholder
        #expect(throws: RenderError.cannotRead(path: huge, reason: "it is 16000 × 16000 pixels, more than the 16777216 (4096 × 4096) an image may have")) {
            try FrameBuffer(contentsOfPNG: huge)
        }
        // An image of exactly the limit is decoded and drawn.
        let largest = folder.appendingPathComponent("largest.png").path
        try FrameBuffer(width: 4096, height: 4096).writePNG(to: largest)
        #expect(try FrameBuffer(contentsOfPNG: largest).width == 4096)
        _ = try renderer.frame(scene([SceneItem(id: 1, shape: .rectangle(size: Size(40, 40)), center: Vec2(25, 50), fill: nil, image: largest)]))
        #expect(warnings.messages.count == 1)
    }

    @Test func labelIsCentredOnTheItemAndTurnsWithIt() throws {
        let s = scene([
            SceneItem(id: 1, shape: .rectangle(size: Size(80, 30), cornerRadius: 6), center: Vec2(50, 30),
                      fill: Color(red: 1, green: 0.85, blue: 0.3), label: "Kinetic", labelSize: 16),
            SceneItem(id: 2, shape: .ellipse(size: Size(44, 44)), center: Vec2(50, 75), angle: -.pi / 6,
                      fill: blue, label: "42", labelColor: .white, labelSize: 18),
        ])
        let frame = try Renderer().frame(s)
        // Some pixel in the label's box is dark text; the label's far edges are background colour.
        var darkPixels = 0
        for x in 20..<80 { for y in 22..<38 where frame.color(x, y)[0] < 100 { darkPixels += 1 } }
        #expect(darkPixels > 20)
        #expect(near(frame.color(12, 30), [255, 217, 77, 255], tolerance: 1))
        try Snapshot.check(s, named: "item-label", size: .scale(2))
    }
}
