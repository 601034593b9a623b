// Output sizes, letterboxing, file formats and determinism.

import Foundation
import KineticRender
import Testing

@Suite struct RendererTests {
    static var scene: RenderScene { RenderScene(
        size: Size(100, 50), background: Color(red: 0, green: 0, blue: 1),
        items: [SceneItem(id: 1, shape: .ellipse(size: Size(30, 30)), center: Vec2(50, 25),
                          fill: Color(red: 1, green: 0, blue: 0), label: "a")]) }

    static func temporaryPath(_ name: String) -> String {
        FileManager.default.temporaryDirectory.appendingPathComponent("kinetic-render-\(getpid())-\(name)").path
    }

    @Test func scaleMultipliesTheReferenceSize() throws {
        let frame = try Renderer().frame(Self.scene, size: .scale(2))
        #expect(frame.width == 200 && frame.height == 100)
        #expect(frame.color(76, 50) == [255, 0, 0, 255]) // inside the ellipse (radius 30 px), clear of the label
        #expect(frame.color(1, 1) == [0, 0, 255, 255])
    }

    @Test func pixelSizeLetterboxesKeepingAspect() throws {
        // 100 × 50 into 200 × 200: scale 2, the scene is 200 × 100 centred, bars of 50 above and below.
        let viewport = try Viewport(scene: Size(100, 50), size: .pixels(width: 200, height: 200))
        #expect(viewport.scale == 2 && viewport.offsetX == 0 && viewport.offsetY == 50)
        #expect(viewport.scenePoint(x: 100, y: 100) == Vec2(50, 25))
        let frame = try Renderer().frame(Self.scene, size: .pixels(width: 200, height: 200))
        #expect(frame.color(5, 10) == [0, 0, 0, 255])    // bar
        #expect(frame.color(5, 60) == [0, 0, 255, 255])  // scene
        #expect(frame.color(5, 195) == [0, 0, 0, 255])   // bar
    }

    @Test func renderingIntoAReusedFrameRedrawsEverything() throws {
        let renderer = Renderer()
        var frame = FrameBuffer(width: 120, height: 60)
        frame.pixels = [UInt8](repeating: 200, count: frame.pixels.count)
        try renderer.render(Self.scene, into: &frame)
        #expect(frame == (try renderer.frame(Self.scene, size: .pixels(width: 120, height: 60))))
    }

    @Test func renderingAtASizeReusesTheFrameOnlyWhenTheSizeFits() throws {
        // An animation's frame loop: one buffer redrawn at the output's size (151 × 76 pixels:
        // 75.5 rounds up) must give what a new frame gives.
        let renderer = Renderer()
        var frame = FrameBuffer(width: 150, height: 75)
        frame.pixels = [UInt8](repeating: 200, count: frame.pixels.count)
        let fresh = try renderer.frame(Self.scene, size: .scale(1.51))
        try renderer.render(Self.scene, size: .scale(1.51), into: &frame)
        #expect(frame == fresh && frame.width == 151 && frame.height == 76)  // resized: 150 × 75 did not fit
        frame.pixels = [UInt8](repeating: 200, count: frame.pixels.count)
        try renderer.render(Self.scene, size: .scale(1.51), into: &frame)
        #expect(frame == fresh)  // redrawn in place: nothing of the old pixels left
    }

    @Test func sameSceneGivesIdenticalPixels() throws {
        let a = try Renderer().frame(DebugOverlayPainterTests.scene(enabled: true))
        let b = try Renderer().frame(DebugOverlayPainterTests.scene(enabled: true))
        #expect(a.pixels == b.pixels)
    }

    @Test func writesPNGSVGAndPDF() throws {
        let renderer = Renderer()
        for ext in ["png", "svg", "pdf"] {
            let path = Self.temporaryPath("out.\(ext)")
            defer { try? FileManager.default.removeItem(atPath: path) }
            try renderer.write(Self.scene, to: path, size: .scale(2))
            let data = try Data(contentsOf: URL(fileURLWithPath: path))
            let head = String(decoding: data.prefix(64), as: UTF8.self)
            switch ext {
            case "png": #expect(data.starts(with: [0x89, 0x50, 0x4E, 0x47]))
            case "svg": #expect(head.contains("<?xml") && String(decoding: data, as: UTF8.self).contains("width=\"200pt\""))
            default: #expect(head.hasPrefix("%PDF-"))
            }
        }
        let path = Self.temporaryPath("check.png")
        defer { try? FileManager.default.removeItem(atPath: path) }
        try renderer.writePNG(Self.scene, to: path, size: .scale(1))
        let png = try FrameBuffer(contentsOfPNG: path)
        #expect(png.width == 100 && png.height == 50)
        #expect(png == (try renderer.frame(Self.scene))) // the file holds exactly the rendered frame
    }

    @Test func transparentBackgroundStaysTransparentInPNG() throws {
        var scene = Self.scene
        scene.background = .transparent
        let path = Self.temporaryPath("transparent.png")
        defer { try? FileManager.default.removeItem(atPath: path) }
        try Renderer().writePNG(scene, to: path)
        let frame = try FrameBuffer(contentsOfPNG: path)
        #expect(frame.color(1, 1)[3] == 0)
        #expect(frame.color(40, 25) == [255, 0, 0, 255])
    }

    @Test func errorsNameTheProblem() {
        #expect(throws: RenderError.unsupportedFormat(path: "/tmp/x.bmp", supported: ["png", "svg", "pdf"])) {
            try Renderer().write(Self.scene, to: "/tmp/x.bmp")
        }
        #expect(throws: RenderError.self) { try Renderer().frame(Self.scene, size: .scale(0)) }
        #expect(throws: RenderError.self) { try Renderer().frame(Self.scene, size: .pixels(width: 0, height: 10)) }
        do {
            try Renderer().writePNG(Self.scene, to: "/nonexistent-folder/out.png")
            Issue.record("wrote into a missing folder")
        } catch {
            #expect("\(error)".contains("/nonexistent-folder/out.png"))
        }
        #expect(!FileManager.default.fileExists(atPath: "/nonexistent-folder"))
    }
}
