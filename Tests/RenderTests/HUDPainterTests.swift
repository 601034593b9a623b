// HUD commands from level.draw and the error banner, against golden images and pixel probes.

import KineticRender
import Testing

private func hudScene(_ hud: [HUDCommand], banner: String? = nil) -> RenderScene {
    RenderScene(size: Size(160, 100), background: Color(red8: 0xbd, green8: 0xe3, blue8: 0xf7), hud: hud,
                errorBanner: banner)
}

@Suite struct HUDPainterTests {
    @Test func textAlignsOnItsXWithYAtTheTop() throws {
        let s = hudScene([
            .line(x1: 80, y1: 0, x2: 80, y2: 100, color: .white, width: 1),
            .text("left", x: 80, y: 10, size: 14, color: .black, align: .left),
            .text("center", x: 80, y: 40, size: 14, color: Color(red: 0.8, green: 0, blue: 0), align: .center),
            .text("right", x: 80, y: 70, size: 14, color: .black, align: .right),
        ])
        let frame = try Renderer().frame(s)
        // Left-aligned text has ink right of x = 80 only; right-aligned text left of it only.
        func ink(_ xs: Range<Int>, _ ys: Range<Int>) -> Int {
            var n = 0
            for x in xs { for y in ys where frame.color(x, y)[2] < 100 { n += 1 } }
            return n
        }
        #expect(ink(82..<160, 10..<28) > 10)
        #expect(ink(0..<79, 10..<28) == 0)
        #expect(ink(0..<79, 70..<88) > 10)
        #expect(ink(82..<160, 70..<88) == 0)
        #expect(ink(0..<160, 0..<9) == 0) // nothing above the first text's top
        try Snapshot.check(s, named: "hud-text", size: .scale(2))
    }

    @Test func rectCircleAndLine() throws {
        let red = Color(red: 1, green: 0, blue: 0)
        let s = hudScene([
            .rect(x: 10, y: 10, width: 50, height: 30, fill: red, stroke: .black),
            .rect(x: 70, y: 10, width: 30, height: 30, fill: nil, stroke: .black),
            .circle(x: 130, y: 25, radius: 15, fill: Color(red: 0, green: 0, blue: 1), stroke: nil),
            .line(x1: 10, y1: 80, x2: 150, y2: 60, color: .black, width: 3),
        ])
        let frame = try Renderer().frame(s)
        #expect(frame.color(35, 25) == [255, 0, 0, 255])
        #expect(frame.color(85, 25) == [0xbd, 0xe3, 0xf7, 255]) // stroke-only rect is hollow
        #expect(frame.color(130, 25) == [0, 0, 255, 255])
        #expect(frame.color(80, 70)[0] < 30) // on the line: y = 80 − 20·(70/140) = 70
        try Snapshot.check(s, named: "hud-shapes")
    }

    @Test func errorBannerWrapsOverTheScene() throws {
        var s = hudScene([.circle(x: 80, y: 70, radius: 20, fill: .black, stroke: nil)],
                         banner: "main.lua:12: attempt to index a nil value (global 'ball')\nstack traceback:\n\tmain.lua:12: in function 'load'")
        s.size = Size(240, 140)
        let frame = try Renderer().frame(s)
        #expect(frame.color(2, 2)[0] > frame.color(2, 2)[1] + 80) // dark red panel at the top
        #expect(frame.color(80, 130) == [0xbd, 0xe3, 0xf7, 255])    // scene still visible below
        try Snapshot.check(s, named: "error-banner", size: .scale(2))
    }

    @Test func invalidCommandsAreSkipped() throws {
        let s = hudScene([
            .circle(x: .nan, y: 10, radius: 5, fill: .black, stroke: nil),
            .line(x1: 0, y1: 0, x2: .infinity, y2: 0, color: .black, width: 1),
            .text("x", x: 10, y: 10, size: -3, color: .black, align: .left),
            .rect(x: 0, y: 0, width: .nan, height: 10, fill: .black, stroke: nil),
        ])
        let frame = try Renderer().frame(s)
        #expect(Set(stride(from: 0, to: frame.pixels.count, by: 4).map { frame.pixels[$0] }) == [0xf7])
    }
}
