// How far ahead the window's ghost paths look. The preview steps a copy of the whole world, so a
// busy level can cost more than a frame has: the horizon then halves, down to a floor, and grows
// back when predictions are cheap again. Only what the window draws changes; the level's own
// steps never see it, so determinism is untouched.

/// The number of steps the ghost paths predict, adapted to what each prediction cost.
public struct GhostHorizon: Equatable, Sendable {
    /// Seconds ahead while predictions are cheap (key g; docs/time-travel.md).
    public static let fullSeconds = 1.5
    /// Seconds ahead at the least, however slow a prediction is.
    public static let leastSeconds = 0.25
    /// What one prediction may take: half of a 60 fps frame, leaving the rest for the step and
    /// the drawing.
    public static let budget: Duration = .milliseconds(8)

    /// Steps ahead now.
    public private(set) var steps: Int
    /// Steps ahead while predictions are cheap.
    public let fullSteps: Int
    /// Steps ahead at the least.
    public let leastSteps: Int
    /// The level's steps per simulated second the horizon was made for.
    public let fps: Double

    /// A horizon for a level stepping `fps` times a simulated second; it starts full.
    public init(fps: Double) {
        self.fps = fps
        fullSteps = max(1, Int((Self.fullSeconds * fps).rounded()))
        leastSteps = min(fullSteps, max(1, Int((Self.leastSeconds * fps).rounded())))
        steps = fullSteps
    }

    /// Adapts to the last prediction's cost: over the budget halves the horizon (not below the
    /// floor); under a quarter of it doubles it back (not above full). In between it stays, so the
    /// paths do not flicker between two lengths.
    public mutating func record(_ cost: Duration) {
        if cost > Self.budget {
            steps = max(leastSteps, steps / 2)
        } else if cost * 4 < Self.budget {
            steps = min(fullSteps, steps * 2)
        }
    }

    /// True while the horizon is shorter than full (the window says so while it is).
    public var isDegraded: Bool { steps < fullSteps }
}
