// The live window loop of `kinetic run`: real time at the level's fixed rate, input to the level,
// built-in keys, script errors shown over the scene.
import Foundation
import KineticLua

struct WindowRunner {
    let level: Level
    let levelArguments: LevelArguments

    static func isDisplayAvailable() -> Bool { false }

    func run(seconds: Double?) throws {}
}
