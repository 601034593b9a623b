// Hosts a Kinetic level from Swift: loads examples/basketball, plays it for 10 simulated seconds
// (pressing space half-way, as a player would), reports the ball and the score, and draws the last
// frame to a PNG.
//
//     swift run basketball-host [LEVEL] [PNG]
import Foundation
import KineticKit

let arguments = CommandLine.arguments.dropFirst()
// The level in this repository, found from this file so the program runs from any folder.
let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../../..").standardized
let levelPath = arguments.first ?? repository.appendingPathComponent("examples/basketball").path
let pngPath = arguments.dropFirst().first ?? "basketball.png"

// The level's `print` goes to the host: here its lines are echoed and kept, to count the baskets.
final class Transcript: @unchecked Sendable {
    private let lock = NSLock()
    private var kept: [String] = []
    func append(_ line: String) { lock.withLock { kept.append(line) } }
    var lines: [String] { lock.withLock { kept } }
}
let transcript = Transcript()
var options = LevelOptions()
options.print = { [transcript] line in
    transcript.append(line)
    print("level: \(line)")
}

do {
    let level = try Level.load(path: levelPath, options: options)
    let seconds = 10.0
    let steps = Int((seconds * level.fps).rounded())
    for step in 0..<steps {
        if step == steps / 2 {
            // Input arrives between steps; the same inputs at the same steps give the same game.
            try level.key("space", down: true)
            try level.key("space", down: false)
        }
        try level.step()
    }

    let ball = level.snapshot().first { $0.name == "ball" }!
    let baskets = transcript.lines.filter { $0.hasPrefix("basket!") }.count
    print(String(format: "after %.2f s (%d steps): the ball is at (%.1f, %.1f) pt, moving at (%.1f, %.1f) pt/s",
                 level.time, level.stepCount, ball.x, ball.y, ball.vx, ball.vy))
    print("scored: \(baskets > 0 ? "yes" : "no") (\(baskets) basket\(baskets == 1 ? "" : "s"))")

    // The frame the level shows now: items and the HUD its `draw` records. A `draw` error leaves the
    // rest of the scene complete.
    let (scene, hudError) = level.scene()
    if let hudError { print("draw error: \(hudError)") }
    try Renderer().writePNG(scene, to: pngPath, size: .scale(1))
    print("drew \(pngPath) (\(Int(scene.size.width)) × \(Int(scene.size.height)) pt)")
} catch let error as LevelError {
    // `file:line: message` and the Lua traceback.
    FileHandle.standardError.write(Data("error: \(error)\n".utf8))
    exit(1)
} catch {
    FileHandle.standardError.write(Data("error: \(error)\n".utf8))
    exit(1)
}
