// The window's timeline bar: drawn in a band at the bottom of the view, with its handle at the step
// shown; nothing else in the picture changes.
import KineticRender
import Testing

@Suite struct TimelinePainterTests {
    @Test func theBarFillsItsBandAndTheHandleMarksTheStepShown() throws {
        let size = Size(300, 200)
        var scene = RenderScene(size: size, background: .white)
        let plain = try Renderer().frame(scene)
        let bar = TimelineBar(oldestStep: 0, headStep: 600, currentStep: 150, fps: 60)
        scene.timeline = bar
        let frame = try Renderer().frame(scene)
        let band = TimelineBar.frame(in: size)
        let middle = Int(band.y + band.height / 2)
        #expect(frame.color(Int(band.x) + 2, Int(band.y) + 2) != plain.color(Int(band.x) + 2, Int(band.y) + 2))
        // Above the band the picture is untouched.
        #expect((0..<300).allSatisfy { frame.color($0, Int(band.y) - 2) == plain.color($0, Int(band.y) - 2) })
        // The handle (white) is at a quarter of the track, not at its end.
        let handle = Int(bar.x(of: 150, in: size))
        #expect(frame.color(handle, middle) == plain.color(handle, middle))  // white on white
        let (_, x1) = TimelineBar.track(in: size)
        #expect(frame.color(Int(x1) - 3, middle) != plain.color(Int(x1) - 3, middle))
        #expect(bar.step(atX: bar.x(of: 150, in: size), in: size) == 150)
    }
}
