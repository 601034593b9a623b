// The pachinko example (examples/pachinko) reloaded while its demo's first ball is on the board:
// the game goes on. The pegs are named, so they keep their lit state; the ball in flight is made
// again under its name, so it keeps its motion and lands where it would have, on the same step.
import Foundation
import KineticLuaBridge
import Testing
@testable import KineticLua

/// examples/pachinko in the package.
let pachinkoFolder = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("examples/pachinko").path

@Suite struct PachinkoReloadTests {
    /// A copy of the level with its sprites and sounds, in a fresh folder, and options that keep
    /// saved data in memory.
    func copyOfPachinko() throws -> (folder: String, options: LevelOptions) {
        let folder = try makeFolder([:])
        for file in try FileManager.default.contentsOfDirectory(atPath: pachinkoFolder)
        where file.hasSuffix(".lua") || file.hasSuffix(".png") || file.hasSuffix(".wav") {
            try FileManager.default.copyItem(atPath: pachinkoFolder + "/" + file, toPath: folder + "/" + file)
        }
        var options = quietOptions()
        options.dataFolder = .discard
        return (folder, options)
    }

    /// The step the first ball lands in a bucket (within `steps`), and the score then.
    func firstLanding(_ level: Level, steps: Int) throws -> (step: Int, score: LuaValue)? {
        for step in 1...steps {
            try level.step()
            if try evaluate(level, "#state.landings") == [.integer(1)] {
                return (step, try evaluate(level, "state.score")[0])
            }
        }
        return nil
    }

    func litPegs(_ level: Level) throws -> [LuaValue] {
        try evaluate(level, """
            (function() local n, shown = 0, 0
              for _, p in ipairs(state.pegs) do
                if p.data.lit then n = n + 1; if p.image:find("_lit") then shown = shown + 1 end end
              end
              return n, shown end)()
            """)
    }

    @Test func theGameGoesOnAfterAReloadMidFlight() throws {
        let plain = try copyOfPachinko()
        let without = try Level.load(path: plain.folder, options: plain.options)
        let landing = try #require(try firstLanding(without, steps: 900))

        let copy = try copyOfPachinko()
        let level = try Level.load(path: copy.folder, options: copy.options)
        let midFlight = landing.step / 2 + 30          // the demo shoots after 0.8 s
        for _ in 0..<midFlight { try level.step() }
        #expect(try evaluate(level, "state.phase, state.shots") == [.string("flying"), .integer(1)])
        let score = try evaluate(level, "state.score")
        let lit = try litPegs(level)
        guard case .integer(let litCount) = lit[0] else { Issue.record("\(lit)"); return }
        #expect(litCount > 0 && lit[0] == lit[1], "pegs lit before the reload: \(lit)")
        let ball = try #require(item(level, "ball1"))

        // Edit the level as a user would: another background.
        let source = try String(contentsOfFile: copy.folder + "/main.lua", encoding: .utf8)
        let edited = source.replacingOccurrences(of: "background = \"#f1faee\"", with: "background = \"#fff3e0\"")
        #expect(edited != source)
        try write(edited, to: copy.folder + "/main.lua")
        let result = level.hotReload()
        #expect(result.applied && result.error == nil, "\(result.error?.description ?? "")")

        #expect(item(level, "ball1") == ball, "the ball in flight keeps its place and motion")
        #expect(try evaluate(level, "state.phase, state.shots, state.ballsLeft")
                == [.string("flying"), .integer(1), .integer(4)])
        #expect(try evaluate(level, "state.score") == score)
        #expect(try litPegs(level) == lit, "the same pegs are lit, and drawn lit")

        let after = try #require(try firstLanding(level, steps: 900))
        #expect(midFlight + after.step == landing.step, "it lands on the same step as without the reload")
        #expect(after.score == landing.score)
    }
}
