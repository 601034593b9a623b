// The window's timeline while paused: the part of the run its ring of checkpoints keeps, and the step
// shown. Its geometry lives here so the painter and the loop that hit-tests a drag agree on it.

import KineticGeometry

/// A bar across the bottom of the view: from the oldest kept step to the furthest step reached,
/// with a handle at the step shown. Drawn in view points over everything but the banner.
public struct TimelineBar: Sendable, Equatable {
    /// The earliest step a scrub can reach (the ring's oldest checkpoint).
    public var oldestStep: Int
    /// The furthest step the run has reached.
    public var headStep: Int
    /// The step the scene shows.
    public var currentStep: Int
    /// Steps per second, for the time label.
    public var fps: Double

    public init(oldestStep: Int, headStep: Int, currentStep: Int, fps: Double) {
        self.oldestStep = oldestStep
        self.headStep = headStep
        self.currentStep = currentStep
        self.fps = fps
    }

    /// Height of the bar's band, points.
    public static let height = 22.0
    /// Space between the band and the view's sides and bottom, points.
    public static let margin = 8.0

    /// The band the bar is drawn in (and a pointer on it scrubs), in view points.
    public static func frame(in view: Size) -> (x: Double, y: Double, width: Double, height: Double) {
        (margin, view.height - margin - height, max(view.width - 2 * margin, 1), height)
    }

    /// The track inside the band, where steps map to x: leaves room for the time label on the right.
    public static func track(in view: Size) -> (x0: Double, x1: Double) {
        let band = frame(in: view)
        return (band.x + 8, max(band.x + 9, band.x + band.width - 72))
    }

    /// True when the view point `(x, y)` is on the band.
    public static func contains(x: Double, y: Double, in view: Size) -> Bool {
        let band = frame(in: view)
        return x >= band.x && x <= band.x + band.width && y >= band.y && y <= band.y + band.height
    }

    /// The x of `step` on the track.
    public func x(of step: Int, in view: Size) -> Double {
        let (x0, x1) = Self.track(in: view)
        let span = max(headStep - oldestStep, 1)
        return x0 + (x1 - x0) * Double(min(max(step, oldestStep), headStep) - oldestStep) / Double(span)
    }

    /// The step under the view x `x`, clamped to the kept range.
    public func step(atX x: Double, in view: Size) -> Int {
        let (x0, x1) = Self.track(in: view)
        let fraction = min(max((x - x0) / (x1 - x0), 0), 1)
        return oldestStep + Int((fraction * Double(headStep - oldestStep)).rounded())
    }
}
