// The worked pitfalls of docs/hot-reload.md, run from the page itself: each "before" level shows
// the pitfall across a reload and each "after" level does what the page says the fix does.
import Foundation
import KineticLuaBridge
import Testing
@testable import KineticLua

@Suite struct ReloadPitfallTests {
    static let page = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("docs/hot-reload.md").path

    /// The `-- before` and `-- after` Lua blocks under the page's heading `title`.
    static func versions(_ title: String) throws -> (before: String, after: String) {
        let text = try String(contentsOfFile: page, encoding: .utf8)
        let section = try #require(text.components(separatedBy: "#### " + title).dropFirst().first,
                                   "docs/hot-reload.md has no section '\(title)'")
            .components(separatedBy: "\n#### ")[0].components(separatedBy: "\n## ")[0]
        let blocks = section.components(separatedBy: "```lua\n").dropFirst().map { $0.components(separatedBy: "```")[0] }
        let before = try #require(blocks.first { $0.hasPrefix("-- before") })
        let after = try #require(blocks.first { $0.hasPrefix("-- after") })
        return (before, after)
    }

    /// Loads `source`, steps `steps` times, calls `between`, saves `edited(source)` and reloads.
    static func reloaded(_ source: String, steps: Int = 10, edit: (String) -> String = { $0 },
                         between: (Level) throws -> Void = { _ in }) throws -> (Level, String) {
        let folder = try makeFolder(["main.lua": source])
        let level = try Level.load(path: folder, options: quietOptions())
        for _ in 0..<steps { try level.step() }
        try between(level)
        try write(edit(source), to: folder + "/main.lua")
        let result = level.hotReload()
        #expect(result.applied && result.error == nil, "\(String(describing: result.error))")
        return (level, folder)
    }

    @Test func aModuleLevelLocalIsNilAfterAReload() throws {
        let (before, after) = try Self.versions("A module-level local is nil after a reload")
        let (broken, _) = try Self.reloaded(before)
        do {
            try broken.step()
            Issue.record("the step after the reload should fail on the nil local")
        } catch {
            #expect(error.message.contains("attempt to perform arithmetic on a nil value (upvalue 'frames')"), "\(error.message)")
        }
        let (fixed, _) = try Self.reloaded(after)
        for _ in 0..<5 { try fixed.step() }
        #expect(try evaluate(fixed, "state.frames") == [.integer(15)])
    }

    @Test func aVelocitySetInLoadIsOverwrittenByTheCarriedOne() throws {
        let (before, after) = try Self.versions("A velocity set in `load` is overwritten by the carried-over one")
        let faster: (String) -> String = { $0.replacingOccurrences(of: "local LAUNCH = 300", with: "local LAUNCH = 600") }
        let (kept, _) = try Self.reloaded(before, edit: faster)
        #expect(try #require(item(kept, "ball")).vx == 300)
        let (changed, _) = try Self.reloaded(after, edit: faster)
        #expect(try #require(item(changed, "ball")).vx == 600)
    }

    @Test func itemsAddedToBehavioursAtRunTimeAreLost() throws {
        let (before, after) = try Self.versions("Items added to behaviours at run time are lost")
        let pressG: (Level) throws -> Void = { level in
            _ = try level.key("g", down: true)
            for _ in 0..<10 { try level.step() }
        }
        let (lost, _) = try Self.reloaded(before, between: pressG)
        let stopped = try #require(item(lost, "box")).y
        for _ in 0..<30 { try lost.step() }
        #expect(try #require(item(lost, "box")).y == stopped, "the box is in no behaviour after the reload")

        let (kept, _) = try Self.reloaded(after, between: pressG)
        let falling = try #require(item(kept, "box")).y
        for _ in 0..<30 { try kept.step() }
        #expect(try #require(item(kept, "box")).y > falling + 10, "the new load put the box back under gravity")
    }
}
