// Item images in rendered frames of the examples: no default fill under a sprite, JPEG tiles, and
// items drawn where the camera puts them.
import Foundation
import KineticLuaBridge
import KineticPhysics
import KineticRender
import Testing
@testable import KineticLua

@Suite struct ItemImageTests {
    static let examples = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../../examples").standardized.path

    private func near(_ p: (red: UInt8, green: UInt8, blue: UInt8, alpha: UInt8), _ rgb: [Int], _ tolerance: Int) -> Bool {
        zip([Int(p.red), Int(p.green), Int(p.blue)], rgb).allSatisfy { abs($0 - $1) <= tolerance }
    }

    @Test func theGoldfishsTransparentCornersShowTheBackground() throws {
        // The picture's frame is (33, 137, 254 × 172) with rounded, transparent corners: its corner
        // pixel is the white background, not the grey default fill; its middle is the picture.
        let level = try Level.load(path: Self.examples + "/toss", options: quietOptions())
        let frame = try Renderer(warn: { _ in }).frame(level.scene().scene)
        #expect(near(frame.rgba(x: 34, y: 138), [255, 255, 255], 0))
        #expect(!near(frame.rgba(x: 160, y: 300), [255, 255, 255], 30))
    }

    @Test func theScrollersCameraPutsTheBallAndTheJPEGGroundWhereItSays() throws {
        let level = try Level.load(path: Self.examples + "/scroller", options: quietOptions())
        for _ in 0..<150 { try level.step() }  // 2.5 s: rolled on, the camera has moved right
        let frame = try Renderer(warn: { _ in }).frame(level.scene().scene)
        #expect(frame.width == 400 && frame.height == 300)
        let camera = level.world.camera
        #expect(camera.center.x > 300)
        // The ball's centre (hero.png's white stripe, whatever its turn) is drawn at its view point.
        let ball = try level.world.animator.center(of: level.world.animator.item(named: "hero")!)
        let view = camera.viewPoint(ball)
        #expect(near(frame.rgba(x: Int(view.x), y: Int(view.y)), [241, 250, 238], 12))
        // The JPEG turf's green top (world y 568…574) at the bottom of the view.
        let turf = camera.viewPoint(Vec2(ball.x, 571))
        #expect(near(frame.rgba(x: Int(turf.x), y: Int(turf.y)), [88, 166, 72], 12))
    }
}
