// The canvas's shapes, images and transforms as the HUD painter draws them: pixel probes whose
// expected colours follow from each command's geometry.

import Foundation
import KineticRender
import Testing

private let red = Color(red: 1, green: 0, blue: 0)
private let blue = Color(red: 0, green: 0, blue: 1)
private let white = [255, 255, 255, 255]

private func frame(_ hud: [HUDCommand], camera: SceneCamera? = nil, items: [SceneItem] = []) throws -> FrameBuffer {
    try Renderer(warn: { _ in }).frame(RenderScene(size: Size(100, 100), camera: camera, background: .white,
                                                   items: items, hud: hud))
}

/// A 16 × 8 sprite sheet of two 8 × 8 frames: red on the left, blue on the right.
func twoFrameSheet() throws -> String {
    var sheet = FrameBuffer(width: 16, height: 8)
    for y in 0..<8 {
        for x in 0..<16 {
            let i = (y * 16 + x) * 4
            sheet.pixels[i..<i + 4] = x < 8 ? [0, 0, 255, 255] : [255, 0, 0, 255]  // B, G, R, A
        }
    }
    let path = FileManager.default.temporaryDirectory.appendingPathComponent("kinetic-sheet-\(UUID().uuidString).png").path
    try sheet.writePNG(to: path)
    return path
}

@Suite struct HUDCanvasTests {
    @Test func polygonFillsItsOutline() throws {
        // The triangle (10, 10), (90, 10), (10, 90) covers the top-left half of the square.
        let f = try frame([.polygon([Vec2(10, 10), Vec2(90, 10), Vec2(10, 90)], fill: red, stroke: nil)])
        #expect(f.color(20, 20) == [255, 0, 0, 255])
        #expect(f.color(80, 80) == white)
    }

    @Test func pieArcRunsClockwiseFromItsFirstAngle() throws {
        // From 0 (pointing right) to π/2 (pointing down, y grows downward): the bottom-right quarter.
        let f = try frame([.arc(x: 50, y: 50, radius: 40, from: 0, to: .pi / 2, type: .pie, fill: blue, stroke: nil)])
        #expect(f.color(65, 65) == [0, 0, 255, 255])
        #expect(f.color(35, 65) == white)
        #expect(f.color(65, 35) == white)
        // A turn of 10¹² radians is drawn as one full turn, promptly.
        let full = try frame([.arc(x: 50, y: 50, radius: 40, from: 0, to: 1e12, type: .pie, fill: blue, stroke: nil)])
        #expect(full.color(35, 35) == [0, 0, 255, 255])
    }

    @Test func roundedRectangleCutsItsCorners() throws {
        let f = try frame([.rect(x: 10, y: 10, width: 80, height: 80, fill: red, stroke: nil, cornerRadius: 20)])
        #expect(f.color(12, 12) == white)
        #expect(f.color(50, 12) == [255, 0, 0, 255])
        #expect(f.color(50, 50) == [255, 0, 0, 255])
    }

    @Test func translateAndRotateMoveWhatFollowsUntilPop() throws {
        // Turned a quarter clockwise about (50, 50), the 30 × 10 bar along +x runs down along +y:
        // it covers x 40…50, y 50…80. After pop, a square at the origin is drawn unmoved.
        let f = try frame([
            .push(), .translate(x: 50, y: 50), .rotate(.pi / 2),
            .rect(x: 0, y: 0, width: 30, height: 10, fill: red, stroke: nil),
            .pop,
            .rect(x: 0, y: 0, width: 10, height: 10, fill: blue, stroke: nil),
        ])
        #expect(f.color(45, 70) == [255, 0, 0, 255])
        #expect(f.color(65, 55) == white)  // where the bar would be unturned
        #expect(f.color(5, 5) == [0, 0, 255, 255])
    }

    @Test func scaleStretchesCoordinatesAndSizes() throws {
        // Scaled by 2, the 10 × 10 square at (10, 10) covers 20…40.
        let f = try frame([.push(), .scale(x: 2, y: 2), .rect(x: 10, y: 10, width: 10, height: 10, fill: red, stroke: nil), .pop])
        #expect(f.color(35, 35) == [255, 0, 0, 255])
        #expect(f.color(15, 15) == white)
        // A singular scale is skipped rather than blanking the rest of the frame.
        let g = try frame([.scale(x: 0, y: 1), .rect(x: 10, y: 10, width: 10, height: 10, fill: red, stroke: nil)])
        #expect(g.color(15, 15) == [255, 0, 0, 255])
    }

    @Test func pushesLeftOpenAreClosedAtTheEnd() throws {
        let f = try frame([.push(), .translate(x: 1000, y: 0), .push()])
        #expect(f.color(50, 50) == white)
        var s = RenderScene(size: Size(100, 100), background: .white, hud: [.push(), .translate(x: 1000, y: 0)])
        s.errorBanner = "boom"
        #expect(try Renderer().frame(s).color(2, 2)[0] > 100)  // the banner is still at the top-left
    }

    @Test func imageDrawsOnePixelPerPointByDefaultAndTurnsAboutItsCentre() throws {
        let sheet = try twoFrameSheet()
        defer { try? FileManager.default.removeItem(atPath: sheet) }
        let f = try frame([.image(path: sheet, x: 10, y: 10, width: nil, height: nil)])
        #expect(f.color(13, 13) == [255, 0, 0, 255])
        #expect(f.color(22, 13) == [0, 0, 255, 255])
        #expect(f.color(30, 13) == white)  // 16 points wide
        // Turned half a turn about its centre, red is on the right.
        let turned = try frame([.image(path: sheet, x: 10, y: 10, width: 40, height: 20, angle: .pi)])
        #expect(near(turned.color(45, 20), [255, 0, 0, 255], tolerance: 4))
        #expect(near(turned.color(15, 20), [0, 0, 255, 255], tolerance: 4))
    }

    @Test func spriteSheetFrameIsCutBySourceRectangle() throws {
        let sheet = try twoFrameSheet()
        defer { try? FileManager.default.removeItem(atPath: sheet) }
        // The right frame stretched over 40 × 40: blue throughout, no red bleeding in from its neighbour.
        let f = try frame([.image(path: sheet, x: 10, y: 10, width: 40, height: 40, source: Rect(x: 8, y: 0, width: 8, height: 8))])
        #expect(f.color(30, 30) == [0, 0, 255, 255])
        #expect(f.color(10, 30) == [0, 0, 255, 255])
        #expect(f.color(60, 30) == white)
        // Without a size, the frame's 8 × 8 pixels.
        let natural = try frame([.image(path: sheet, x: 0, y: 0, width: nil, height: nil, source: Rect(x: 0, y: 0, width: 8, height: 8))])
        #expect(natural.color(4, 4) == [255, 0, 0, 255])
        #expect(natural.color(12, 4) == white)
    }

    @Test func imageOpacityBlendsWithWhatIsBehind() throws {
        let sheet = try twoFrameSheet()
        defer { try? FileManager.default.removeItem(atPath: sheet) }
        let f = try frame([.image(path: sheet, x: 0, y: 0, width: 16, height: 8, opacity: 0.5)])
        #expect(near(f.color(4, 4), [255, 128, 128, 255], tolerance: 2))
    }

    @Test func worldPushDrawsThroughTheCamera() throws {
        // The camera looks at (150, 50): world (150, 50) is at the view's centre. A HUD square
        // pushed into world space at (140, 40) lands on 40…60; outside the push it stays in view points.
        let camera = SceneCamera(center: Vec2(150, 50))
        let f = try frame([
            .push(world: true), .rect(x: 140, y: 40, width: 20, height: 20, fill: red, stroke: nil), .pop,
            .rect(x: 0, y: 0, width: 10, height: 10, fill: blue, stroke: nil),
        ], camera: camera)
        #expect(f.color(50, 50) == [255, 0, 0, 255])
        #expect(f.color(5, 5) == [0, 0, 255, 255])
    }

    @Test func textWithAWidthWrapsAndAlignsInItsBox() throws {
        // "wide words here" at 14 pt is far wider than 40 points: it wraps onto several lines, all
        // between x = 50 and 90, right-aligned so the ink reaches the box's right edge.
        let f = try frame([.text("wide words here", x: 50, y: 10, size: 14, color: .black, align: .right, width: 40)])
        func ink(_ xs: Range<Int>, _ ys: Range<Int>) -> Int {
            var n = 0
            for x in xs { for y in ys where f.color(x, y)[0] < 128 { n += 1 } }
            return n
        }
        #expect(ink(0..<49, 0..<100) == 0)
        #expect(ink(92..<100, 0..<100) == 0)
        #expect(ink(80..<91, 10..<26) > 0)   // first line, against the right edge
        #expect(ink(50..<91, 44..<62) > 0)   // a third line: three lines, one word each
    }
}
