// The window's timeline bar: the kept part of the run as a track, a handle at the step shown, and
// its time, so scrubbing shows where in the run the scene is.

import Foundation

/// Paints `RenderScene.timeline` in view coordinates.
struct TimelinePainter {
    let canvas: CairoCanvas

    func paint(_ bar: TimelineBar, viewSize: Size) {
        let band = TimelineBar.frame(in: viewSize)
        canvas.addRectangle(x: band.x, y: band.y, width: band.width, height: band.height)
        canvas.setColor(Color(red: 0.1, green: 0.1, blue: 0.14, alpha: 0.78))
        canvas.fill()
        let (x0, x1) = TimelineBar.track(in: viewSize)
        let middle = band.y + band.height / 2
        // The kept run, then the part up to the step shown.
        canvas.addRectangle(x: x0, y: middle - 2, width: x1 - x0, height: 4)
        canvas.setColor(Color(red: 0.45, green: 0.45, blue: 0.52))
        canvas.fill()
        let handle = bar.x(of: bar.currentStep, in: viewSize)
        canvas.addRectangle(x: x0, y: middle - 2, width: handle - x0, height: 4)
        canvas.setColor(Color(red: 0.35, green: 0.7, blue: 1))
        canvas.fill()
        canvas.addCircle(center: Vec2(handle, middle), radius: 6)
        canvas.setColor(.white)
        canvas.fill()
        canvas.setFont(canvas.fonts.mono, size: 11)
        let metrics = canvas.fontMetrics()
        canvas.showText(String(format: "%.2f s", Double(bar.currentStep) / bar.fps), x: x1 + 10,
                        baseline: middle + (metrics.ascent - metrics.descent) / 2)
    }
}
