// The basketball example (examples/basketball) reloaded while its shot is in the air: the ball keeps
// flying and the shot still scores. The level is copied to a temporary folder and edited there.
import Foundation
import KineticLuaBridge
import Testing
@testable import KineticLua

/// examples/basketball/main.lua in the package.
let basketballSource = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("examples/basketball/main.lua").path

/// The score and step of the first basket, stepping at most `steps`; `each(step)` runs after every step.
func playUntilBasket(_ level: Level, steps: Int, each: (Int) throws -> Void = { _ in }) throws -> Int? {
    for step in 1...steps {
        try level.step()
        try each(step)
        if try evaluate(level, "state.score") == [.integer(1)] { return step }
    }
    return nil
}

@Suite struct BasketballReloadTests {
    func copyOfBasketball() throws -> String {
        try makeFolder(["main.lua": try String(contentsOfFile: basketballSource, encoding: .utf8)])
    }

    @Test func theShotScoresAfterAReloadMidFlight() throws {
        // Without a reload: the seed's shot fires on the first step and scores once (the example's
        // own scenario); its step tells when the ball is mid-flight.
        let plain = try Level.load(path: try copyOfBasketball(), options: quietOptions())
        let basket = try #require(try playUntilBasket(plain, steps: 360))

        let folder = try copyOfBasketball()
        let level = try Level.load(path: folder, options: quietOptions())
        for _ in 0..<(basket / 2) { try level.step() }
        let flying = try #require(item(level, "ball"))
        // Mid-flight: well above its start (y = 567) and moving.
        #expect(flying.y < 500 && hypot(flying.vx, flying.vy) > 100, "\(flying)")

        // Edit the level as a user would: a new background and a narrower flick scale.
        let source = try String(contentsOfFile: folder + "/main.lua", encoding: .utf8)
        let edited = source.replacingOccurrences(of: "background = \"#bde3f7\"", with: "background = \"#f7e3bd\"")
            .replacingOccurrences(of: "local FLICK_SCALE = 100", with: "local FLICK_SCALE = 80")
        #expect(edited != source)
        try write(edited, to: folder + "/main.lua")
        let result = level.hotReload()
        #expect(result.applied && result.error == nil, "\(result.error?.description ?? "")")
        #expect(item(level, "ball") == flying)
        #expect(level.background.red > level.background.blue)  // the new background took effect
        // One shot, kept in `state`: the new version does not fire its automatic shot again.
        #expect(try evaluate(level, "state.shots") == [.integer(1)])

        let scored = try #require(try playUntilBasket(level, steps: 360 - basket / 2))
        // The reload changed neither the ball's motion nor the physics: the basket comes on the same step.
        #expect(basket / 2 + scored == basket)
    }

    @Test func theShotScoresWhenReloadedEveryTenSteps() throws {
        let folder = try copyOfBasketball()
        let level = try Level.load(path: folder, options: quietOptions())
        var reloads = 0
        let scored = try playUntilBasket(level, steps: 360) { step in
            guard step % 10 == 0 else { return }
            #expect(level.hotReload().applied)
            reloads += 1
        }
        #expect(scored != nil, "no basket after \(reloads) reloads")
        #expect(try evaluate(level, "state.shots, state.score") == [.integer(1), .integer(1)])
    }
}
