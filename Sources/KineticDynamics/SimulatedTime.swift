// Simulated seconds as a whole number of fixed steps: the one conversion every duration goes through
// (a level's `duration`, `--seconds`, `--at`, `world:run`, `expectTrace`, a recording's times).

/// The longest stretch of simulated time one command or call runs, and the conversion of seconds
/// to steps under it.
public enum SimulatedTime {
    /// One hour. A step costs host time whatever its length, so without a bound `--at 1e6` runs
    /// for hours, and beyond about 10¹⁵ seconds the step count no longer fits an `Int` (a trap).
    public static let maximumSeconds = 3600.0

    /// What a duration must be, for messages: "`subject` must be <rule>, got …".
    public static let rule = "a number of seconds from 0 to \(Int(maximumSeconds)) (one hour of simulated time)"

    /// `seconds` at `fps` steps per second, rounded to the nearest step; nil when `seconds` is NaN,
    /// negative or longer than `maximumSeconds`, or `fps` is not a valid step rate.
    public static func steps(_ seconds: Double, fps: Double) -> Int? {
        guard seconds >= 0, seconds <= maximumSeconds, fps > 0, fps <= DynamicAnimator.maximumFPS else { return nil }
        return Int((seconds * fps).rounded())
    }

    /// The most steps one command or call runs at `fps`: `maximumSeconds` of them.
    public static func maximumSteps(fps: Double) -> Int {
        steps(maximumSeconds, fps: fps) ?? 0
    }
}
