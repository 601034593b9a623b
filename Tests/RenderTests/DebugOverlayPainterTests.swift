// The debug overlay: collision outlines, boundaries, attachments, contacts and arrows.

import KineticRender
import Testing

@Suite struct DebugOverlayPainterTests {
    static func scene(enabled: Bool) -> RenderScene {
        let items = [
            SceneItem(id: 1, shape: .rectangle(size: Size(40, 30)), center: Vec2(50, 60), angle: 0.2,
                      fill: Color(red: 0.8, green: 0.8, blue: 0.8)),
            SceneItem(id: 2, shape: .ellipse(size: Size(30, 30)), center: Vec2(130, 50), fill: nil,
                      hidden: true),
            SceneItem(id: 3, shape: .group([
                ShapePart(shape: .rectangle(size: Size(10, 30)), offset: Vec2(-10, 0)),
                ShapePart(shape: .polygon([Vec2(0, -10), Vec2(10, 10), Vec2(-10, 10)]),
                          offset: Vec2(10, 5)),
            ]), center: Vec2(130, 110)),
        ]
        let overlay = DebugOverlay(
            enabled: enabled,
            boundaries: [[Vec2(0, 140), Vec2(200, 140)]],
            attachments: [
                DebugAttachment(anchorA: Vec2(50, 10), anchorB: Vec2(50, 45), kind: .distance),
                DebugAttachment(anchorA: Vec2(90, 10), anchorB: Vec2(110, 40), kind: .spring),
                DebugAttachment(anchorA: Vec2(10, 100), anchorB: Vec2(60, 120), kind: .limit),
                DebugAttachment(anchorA: Vec2(150, 10), anchorB: Vec2(180, 30), kind: .pin),
                DebugAttachment(anchorA: Vec2(160, 80), anchorB: Vec2(190, 80), kind: .fixed),
                DebugAttachment(anchorA: Vec2(10, 20), anchorB: Vec2(30, 40), kind: .sliding),
            ],
            contacts: [Vec2(30, 75), Vec2(70, 75)],
            fieldSamples: [DebugArrow(point: Vec2(20, 130), vector: Vec2(0, -2)),
                           DebugArrow(point: Vec2(40, 130), vector: Vec2(1, -1))],
            velocities: [DebugArrow(point: Vec2(50, 60), vector: Vec2(200, 0))])
        return RenderScene(size: Size(200, 150), background: .white, items: items, debug: overlay)
    }

    @Test func overlayDrawsOnlyWhenEnabled() throws {
        let off = try Renderer().frame(Self.scene(enabled: false))
        let on = try Renderer().frame(Self.scene(enabled: true))
        // The hidden ellipse's outline appears only with the overlay: its leftmost point (115, 50).
        #expect(off.color(115, 50) == [255, 255, 255, 255])
        #expect(on.color(115, 50) != [255, 255, 255, 255])
        // The contact dot at (30, 75) is yellow.
        let contact = on.color(30, 75)
        #expect(contact[0] > 200 && contact[1] > 150 && contact[2] < 80)
        // The velocity arrow: 200 pt/s × 0.1 s = 20 points to the right of the centre, (70, 60).
        #expect(on.color(65, 60)[1] > on.color(65, 60)[0])
        try Snapshot.check(Self.scene(enabled: true), named: "debug-overlay", size: .scale(2))
    }

    /// True when the pixel is mostly the overlay's blue (over white, black or grey).
    static func isOutlineBlue(_ p: [Int]) -> Bool { p[2] - p[0] > 60 }

    /// A square drawn round (Newton's cradle's balls): the overlay outlines the square it collides as.
    @Test func outlinesTheCollisionShapeNotTheDrawnOne() throws {
        let ball = SceneItem(id: 1, shape: .rectangle(size: Size(40, 40), cornerRadius: 20),
                             collisionShape: .rectangle(size: Size(40, 40)), center: Vec2(50, 50))
        let scene = RenderScene(size: Size(100, 100), items: [ball], debug: DebugOverlay(enabled: true))
        let frame = try Renderer().frame(scene, size: .scale(2))
        // The square's left edge (x = 30 pt) near its top corner, far outside the drawn circle.
        #expect(Self.isOutlineBlue(frame.color(60, 66)))
        #expect(Self.isOutlineBlue(frame.color(66, 60)))
        // Without a collision shape the overlay outlines the drawn shape: the circle's left point.
        var drawn = scene
        drawn.items[0].collisionShape = nil
        let plain = try Renderer().frame(drawn, size: .scale(2))
        #expect(!Self.isOutlineBlue(plain.color(60, 66)))
        #expect(Self.isOutlineBlue(plain.color(60, 100)))
    }

    /// The rotation line runs from the centre to the right edge, where a label sits: it starts past
    /// the label so the text is not struck through.
    @Test func rotationLineLeavesTheLabelReadable() throws {
        let item = SceneItem(id: 1, shape: .rectangle(size: Size(80, 40)), center: Vec2(50, 50),
                             fill: nil, label: "HHH", labelSize: 14)
        let scene = RenderScene(size: Size(100, 100), items: [item], debug: DebugOverlay(enabled: true))
        let frame = try Renderer().frame(scene, size: .scale(2))
        // The line is 2 pixels thick at scale 2, on rows 99 and 100. "HHH" at 14 pt is over 20 pt
        // wide, so 0...10 pt right of the centre is inside the label: no blue there.
        for x in 100...120 {
            for y in 99...100 {
                #expect(!Self.isOutlineBlue(frame.color(x, y)), "(\(x), \(y)): \(frame.color(x, y))")
            }
        }
        // Past the label the line is drawn, to the right edge at 90 pt.
        #expect(Self.isOutlineBlue(frame.color(160, 99)))
        #expect(Self.isOutlineBlue(frame.color(176, 100)))
        try Snapshot.check(scene, named: "debug-overlay-label", size: .scale(2))
    }
}
