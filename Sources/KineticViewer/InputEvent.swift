// What the window reports to the level: pointer drags in scene reference points with a pan-gesture
// velocity, keys named as LÖVE names them, and the request to close.

/// One input event, already in the level's terms.
public enum InputEvent: Sendable, Equatable {
    /// A pointer (mouse button held, or a finger) began, moved or ended.
    case pointer(PointerEvent)
    /// A key went down (`isDown` true) or up; `name` as in LÖVE: "space", "left", "a", "1", "return", ".".
    /// Auto-repeats are not reported.
    case key(name: String, isDown: Bool)
    /// The user closed the window (or pressed Ctrl-C in the terminal running it: SDL turns SIGINT
    /// into this while a window is open).
    case closeRequested
}

/// A pointer event for `level.pointer(world, e)`.
public struct PointerEvent: Sendable, Equatable {
    /// Where the pointer is in a drag's life.
    public enum Phase: String, Sendable, CaseIterable {
        /// The button went down (or the finger touched).
        case began
        /// The pointer moved while down.
        case moved
        /// The button was released (or the finger lifted).
        case ended
    }

    /// began, moved or ended.
    public var phase: Phase
    /// Position in scene reference coordinates, points (letterboxing and scale undone); may lie
    /// outside the scene when the pointer is over a letterbox bar.
    public var x: Double
    /// Position in scene reference coordinates, points; y grows downward.
    public var y: Double
    /// Horizontal velocity, points per second, averaged over the last ~100 ms (as a pan gesture's).
    public var vx: Double
    /// Vertical velocity, points per second.
    public var vy: Double
    /// Which pointer: the mouse button number (1 left, 2 middle, 3 right).
    public var id: Int

    /// A pointer event.
    public init(phase: Phase, x: Double, y: Double, vx: Double = 0, vy: Double = 0, id: Int = 1) {
        self.phase = phase
        self.x = x
        self.y = y
        self.vx = vx
        self.vy = vy
        self.id = id
    }
}

/// Estimates a pointer's velocity the way a pan gesture does: displacement over the samples of the
/// last `window` seconds, so jitter between two close samples does not spike it, and a pointer held
/// still before release reads as (nearly) zero.
public struct VelocityTracker: Sendable {
    /// Seconds of history that count.
    public let window: Double
    private var samples: [(time: Double, x: Double, y: Double)] = []

    /// A tracker averaging over `window` seconds (default 0.1 s).
    public init(window: Double = 0.1) {
        self.window = window
    }

    /// Forgets all samples (at the start of a drag).
    public mutating func reset() {
        samples.removeAll(keepingCapacity: true)
    }

    /// Records the pointer at (`x`, `y`) points at `time` seconds (any monotonic clock).
    public mutating func add(x: Double, y: Double, time: Double) {
        samples.append((time, x, y))
        // Keep one sample older than the window, so a slow drag still spans the whole window.
        while samples.count > 2, samples[1].time <= time - window { samples.removeFirst() }
    }

    /// Velocity in points per second at the latest sample: the displacement from the oldest sample
    /// within the window (or just before it, interpolated to the window's start) to the newest.
    public var velocity: (vx: Double, vy: Double) {
        guard let last = samples.last, samples.count >= 2 else { return (0, 0) }
        var first = samples[0]
        let start = last.time - window
        if first.time < start {
            // Interpolate between the sample before the window and the next one, so a long pause
            // before the last sample gives a small velocity rather than the pause-spanning average.
            let next = samples[1]
            let t = next.time > first.time ? (start - first.time) / (next.time - first.time) : 1
            first = (start, first.x + (next.x - first.x) * t, first.y + (next.y - first.y) * t)
        }
        let dt = last.time - first.time
        guard dt > 1e-6 else { return (0, 0) }
        return ((last.x - first.x) / dt, (last.y - first.y) / dt)
    }
}
