// The window as a time machine, on a virtual X display driven by xdotool and photographed by ffmpeg:
// pause, go forward a second and back a second, and the scene is the one shown before, pixel for
// pixel (the Newton's cradle, and basketball, whose `key` takes space, paused with the Pause key);
// ghost paths on g; a save with re-run on shows the edited shot's path without a key pressed.
import Foundation
import KineticRender
import Testing

/// `kinetic` running a level in a window on its own Xvfb, with the keys, screenshots and geometry
/// the window tests use. `stop()` ends both.
final class WindowSession {
    let display: VirtualDisplay
    let app: Child
    let windowID: String
    let scratch: String
    private let xdotool = WindowTools.xdotool!, ffmpeg = WindowTools.ffmpeg!

    /// Starts `kinetic arguments…` (line-buffered output) and waits for a window whose title
    /// contains `title`; the pointer then rests inside it, so keys go to it (no window manager).
    init(_ arguments: [String], title: String, scratch: String) throws {
        self.scratch = scratch
        display = try VirtualDisplay(xvfb: WindowTools.xvfb!)
        do {
            app = try Child(WindowTools.stdbuf!, ["-oL", try CLI.kinetic()] + arguments,
                            environment: display.environment, errorPath: scratch + "/stderr.txt")
        } catch { display.stop(); throw error }
        let search = try? CLI.run(xdotool, ["search", "--sync", "--name", title], environment: display.environment, timeout: 20)
        guard let id = search?.out.split(separator: "\n").first.map(String.init) else {
            app.terminate(); display.stop()
            throw WindowSessionError("no window titled \(title); stderr: \(Self.read(scratch + "/stderr.txt"))")
        }
        windowID = id
        try xdo("mousemove", "--window", windowID, "20", "20")
        // The window exists before its first frame: wait until the screen is no longer all black.
        let drawn = try CLI.poll(timeout: 15) { try screenshot()?.pixels.contains { $0 != 0 && $0 != 255 } ?? false }
        if !drawn { stop(); throw WindowSessionError("the window never drew a frame; stderr: \(stderr)") }
    }

    func stop() { app.terminate(); display.stop() }

    var stderr: String { Self.read(scratch + "/stderr.txt") }
    private static func read(_ path: String) -> String { (try? String(contentsOfFile: path, encoding: .utf8)) ?? "" }

    func xdo(_ arguments: String...) throws { try CLI.run(xdotool, arguments, environment: display.environment) }

    /// The whole virtual screen (800 × 800, RGBA), without the pointer.
    func screenshot() throws -> FrameBuffer? {
        let shot = scratch + "/shot.png"
        try? FileManager.default.removeItem(atPath: shot)
        try CLI.run(ffmpeg, ["-loglevel", "error", "-f", "x11grab", "-draw_mouse", "0", "-video_size", "800x800",
                             "-i", display.name, "-frames:v", "1", "-y", shot], environment: display.environment, timeout: 20)
        return try? FrameBuffer(contentsOfPNG: shot)
    }

    /// The screen once two screenshots in a row agree (a paused window has drawn its frame), and
    /// differ from `other` when given.
    func steadyScreen(differentFrom other: FrameBuffer? = nil) throws -> FrameBuffer? {
        var previous: FrameBuffer?, steady: FrameBuffer?
        _ = try CLI.poll(timeout: 15) {
            let now = try screenshot()
            if let now, now.pixels == previous?.pixels, now.pixels != other?.pixels { steady = now }
            previous = now
            return steady != nil
        }
        return steady
    }

    /// `steadyScreen`, or an error saying `what` did not happen (a failed `#require` would print
    /// the whole screenshot it compared with).
    func steady(differentFrom other: FrameBuffer? = nil, _ what: String) throws -> FrameBuffer {
        guard let frame = try steadyScreen(differentFrom: other) else { throw WindowSessionError("\(what); stderr: \(stderr)") }
        return frame
    }

    /// The bytes of a screenshot above the timeline bar (the bottom tenth of the window), where
    /// the scene is drawn: a scrub moves the bar's handle, so only this part can match.
    func sceneBytes() throws -> Int {
        let (top, height) = try rows()
        return (top + height * 9 / 10) * 800 * 4
    }

    /// The bytes of a screenshot below the top quarter of the window (the banner and a level's
    /// HUD text) and above the timeline bar: where only the scene's items are drawn.
    func itemBytes() throws -> Range<Int> {
        let (top, height) = try rows()
        return (top + height / 4) * 800 * 4 ..< (top + height * 9 / 10) * 800 * 4
    }

    private func rows() throws -> (top: Int, height: Int) {
        let shell = try CLI.run(xdotool, ["getwindowgeometry", "--shell", windowID], environment: display.environment).out
        func value(_ key: String) -> Int? {
            shell.split(separator: "\n").first { $0.hasPrefix(key + "=") }.flatMap { Int($0.dropFirst(key.count + 1)) }
        }
        return (try #require(value("Y")), try #require(value("HEIGHT")))
    }
}

struct WindowSessionError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}

/// Pixels of a screenshot by colour (bytes in memory order B, G, R, A).
extension FrameBuffer {
    /// Pixels that are `color` laid over `background` with an opacity from `opacities`, each channel
    /// within `tolerance`: the blends an anti-aliased or translucent dot of `color` leaves.
    func count(blendsOf color: (Double, Double, Double), over background: (Double, Double, Double),
               opacities: ClosedRange<Double>, tolerance: Double = 8, in bytes: Range<Int>) -> Int {
        var found = 0
        for i in stride(from: bytes.lowerBound, to: min(bytes.upperBound, pixels.count) - 3, by: 4) {
            let (r, g, b) = (Double(pixels[i + 2]), Double(pixels[i + 1]), Double(pixels[i]))
            let alpha = (background.0 - r) / (background.0 - color.0)
            guard opacities.contains(alpha) else { continue }
            if abs(g - (background.1 + (color.1 - background.1) * alpha)) <= tolerance,
               abs(b - (background.2 + (color.2 - background.2) * alpha)) <= tolerance { found += 1 }
        }
        return found
    }

    /// The centre of the pixels within `tolerance` of `color` in the first `bytes`, or nil if none.
    func centroid(of color: (Int, Int, Int), tolerance: Int = 6, inFirst bytes: Int) -> (x: Double, y: Double)? {
        var (sx, sy, n) = (0.0, 0.0, 0.0)
        for i in stride(from: 0, to: min(bytes, pixels.count) - 3, by: 4)
        where abs(Int(pixels[i + 2]) - color.0) <= tolerance && abs(Int(pixels[i + 1]) - color.1) <= tolerance
            && abs(Int(pixels[i]) - color.2) <= tolerance {
            sx += Double((i / 4) % 800); sy += Double((i / 4) / 800); n += 1
        }
        return n > 0 ? (sx / n, sy / n) : nil
    }
}

@Suite(.serialized)
struct WindowScrubTests {
    static let enabled = WindowTools.available
    static let why: Comment = "needs Xvfb, xdotool, ffmpeg and stdbuf (scripts/install-deps.sh --test)"
    /// Basketball's colours: its background (#bde3f7) and its ball (#e8762c).
    static let sky = (189.0, 227.0, 247.0)
    static let ballColor = (232, 118, 44)
    /// GhostPainter's colour (0.35, 0.35, 0.45), as 8-bit channels.
    static let ghostColor = (0.35 * 255, 0.35 * 255, 0.45 * 255)

    @Test("kinetic run: shift+→ then shift+← while paused shows the same picture as before, pixel for pixel",
          .enabled(if: enabled, why), .timeLimit(.minutes(1)))
    func scrubbingBackShowsThePictureOfThatTime() throws {
        let scratch = try CLI.scratchFolder()
        defer { try? FileManager.default.removeItem(atPath: scratch) }
        let level = CLI.packageRoot.appendingPathComponent("examples/newtons_cradle").path
        let window = try WindowSession(["run", level, "--seconds", "30"], title: "Newton", scratch: scratch)
        defer { window.stop() }
        Thread.sleep(forTimeInterval: 1)   // the level plays a moment: the balls swing
        try window.xdo("key", "space")
        let paused = try window.steady("the paused window never held still")
        try window.xdo("key", "shift+Right")
        let later = try window.steady(differentFrom: paused, "shift+→ changed nothing on screen")
        try window.xdo("key", "shift+Left")
        let back = try window.steady(differentFrom: later, "shift+← changed nothing on screen")
        // The scene is the one shown then; only the timeline bar at the bottom differs (the run now
        // reaches a second further, so its handle sits elsewhere on the track).
        let scene = try window.sceneBytes()
        let moved = later.pixels.prefix(scene) != paused.pixels.prefix(scene)
        let same = back.pixels.prefix(scene) == paused.pixels.prefix(scene)
        #expect(moved, "the cradle did not move in a second")
        #expect(same, "the picture a second back differs from the one shown then")
        try window.xdo("key", "q")
        #expect(window.app.waitForExit(timeout: 10), "kinetic run did not quit on q")
    }

    @Test("kinetic run basketball: Pause pauses a level that takes space; a second back is the picture of that time; g shows ghost paths",
          .enabled(if: enabled, why), .timeLimit(.minutes(1)))
    func basketballPausesScrubsAndShowsGhosts() throws {
        let scratch = try CLI.scratchFolder()
        defer { try? FileManager.default.removeItem(atPath: scratch) }
        let level = CLI.packageRoot.appendingPathComponent("examples/basketball").path
        let window = try WindowSession(["run", level, "--seconds", "30"], title: "BallSwift", scratch: scratch)
        defer { window.stop() }
        Thread.sleep(forTimeInterval: 0.3)  // the level's shot is in the air
        try window.xdo("key", "Pause")
        let paused = try window.steady("Pause did not pause basketball (its key takes space)")
        try window.xdo("key", "shift+Right")
        let later = try window.steady(differentFrom: paused, "shift+→ changed nothing on screen")
        try window.xdo("key", "shift+Left")
        let back = try window.steady(differentFrom: later, "shift+← changed nothing on screen")
        let scene = try window.sceneBytes(), items = try window.itemBytes()
        let ballThen = paused.centroid(of: Self.ballColor, inFirst: scene), ballLater = later.centroid(of: Self.ballColor, inFirst: scene)
        // In flight a second later, or already out of the view (a slow machine pauses later in the shot).
        let ballMoved = ballThen != nil && (ballLater == nil || ballThen!.y != ballLater!.y)
        #expect(ballMoved, "the ball did not move in a second: \(String(describing: ballThen)), \(String(describing: ballLater))")
        let same = back.pixels.prefix(scene) == paused.pixels.prefix(scene)
        #expect(same, "the picture a second back differs from the one shown then")

        // Ghosts: the ball's path ahead, as dots of the ghost colour over the sky; none without g.
        let dots = { (frame: FrameBuffer) in
            frame.count(blendsOf: Self.ghostColor, over: Self.sky, opacities: 0.3...0.85, in: items)
        }
        let before = dots(back)
        #expect(before == 0, "ghost-coloured pixels before g")
        try window.xdo("key", "g")
        let ghosts = try window.steady(differentFrom: back, "g changed nothing on screen")
        let shown = dots(ghosts)
        #expect(shown > 20, "few ghost-coloured pixels with g")
        try window.xdo("key", "g")
        let plain = try window.steady(differentFrom: ghosts, "a second g changed nothing on screen")
        let after = dots(plain), gone = plain.pixels.prefix(scene) == back.pixels.prefix(scene)
        #expect(after == 0, "ghost-coloured pixels after g turned them off")
        #expect(gone, "the scene without ghosts is the one before g")

        try window.xdo("key", "Pause")      // resumes: the run branches from the step shown
        try window.xdo("key", "q")
        #expect(window.app.waitForExit(timeout: 10), "kinetic run did not quit on q")
    }

    @Test("kinetic watch --rerun basketball: saving a weaker push shows the new shot where the ball goes, with no key pressed",
          .enabled(if: enabled, why), .timeLimit(.minutes(1)))
    func aSaveWithRerunShowsTheEditedShot() throws {
        let scratch = try CLI.scratchFolder()
        defer { try? FileManager.default.removeItem(atPath: scratch) }
        let level = scratch + "/basketball"
        try FileManager.default.copyItem(atPath: CLI.packageRoot.appendingPathComponent("examples/basketball").path, toPath: level)
        let window = try WindowSession(["watch", level, "--rerun", "--seconds", "30"], title: "BallSwift", scratch: scratch)
        defer { window.stop() }
        Thread.sleep(forTimeInterval: 0.3)  // the level's shot is in the air
        try window.xdo("key", "Pause")
        let before = try window.steady("Pause did not pause basketball")
        let scene = try window.sceneBytes()
        let foundBefore = before.centroid(of: Self.ballColor, inFirst: scene)
        let ballBefore = try #require(foundBefore, "no ball on screen")

        let file = level + "/main.lua"
        let source = try String(contentsOfFile: file, encoding: .utf8)
        let edited = source.replacingOccurrences(of: "magnitude = 1.56", with: "magnitude = 1.1")
        try #require(edited != source)
        try edited.write(toFile: file, atomically: true, encoding: .utf8)
        let after = try window.steady(differentFrom: before, "the save changed nothing on screen")
        let foundAfter = after.centroid(of: Self.ballColor, inFirst: scene)
        let ballAfter = try #require(foundAfter, "no ball on screen after the save")
        // The weaker shot from the same start is lower and behind where the ball was.
        #expect(ballAfter.y > ballBefore.y + 10 && ballAfter.x < ballBefore.x, "ball at \(ballBefore) before the save, \(ballAfter) after")
        #expect(window.stderr.contains("re-ran from the start"), "\(window.stderr)")
        try window.xdo("key", "q")
        #expect(window.app.waitForExit(timeout: 10), "kinetic watch did not quit on q")
    }
}
