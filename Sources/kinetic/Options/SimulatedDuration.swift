// How long a command simulates: every option that sets it (`--seconds`, `--at`, `--steps`) and the
// level's `duration` go through `SimulatedTime`, so no command can be asked to simulate for days.
import ArgumentParser
import KineticDynamics
import KineticLua

/// Refuses a duration option outside 0…`SimulatedTime.maximumSeconds` (also NaN and infinity).
func validateSimulatedSeconds(_ seconds: Double?, _ option: String) throws {
    guard let seconds, SimulatedTime.steps(seconds, fps: 1) == nil else { return }
    throw ValidationError("\(option) must be \(SimulatedTime.rule), got \(seconds)")
}

extension Level {
    /// The fixed steps `seconds` take at the level's rate (`what` names the value in the error).
    func steps(for seconds: Double, _ what: String) throws(LevelError) -> Int {
        guard let steps = SimulatedTime.steps(seconds, fps: fps) else {
            throw LevelError(message: "\(what) must be \(SimulatedTime.rule), got \(seconds)")
        }
        return steps
    }

    /// Refuses a step count beyond `SimulatedTime.maximumSeconds` at the level's rate.
    func checkStepCount(_ steps: Int, _ what: String) throws(LevelError) {
        let most = SimulatedTime.maximumSteps(fps: fps)
        guard steps >= 0, steps <= most else {
            throw LevelError(message: "\(what) must be from 0 to \(most) (one hour of simulated time at \(fps) steps/s), got \(steps)")
        }
    }
}
