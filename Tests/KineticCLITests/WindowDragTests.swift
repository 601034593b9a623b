// `kinetic run` in a real window: on a virtual X display (Xvfb), xdotool drags the fixture's box
// with the mouse, ffmpeg photographs the screen, and the test checks both what the level printed and
// the pixels of the window.
import Foundation
import KineticRender
import Testing

/// The desktop tools the window test drives, when all are installed.
enum WindowTools {
    static let xvfb = CLI.which("Xvfb")
    static let xdotool = CLI.which("xdotool")
    static let ffmpeg = CLI.which("ffmpeg")
    static let stdbuf = CLI.which("stdbuf")
    static var available: Bool { xvfb != nil && xdotool != nil && ffmpeg != nil && stdbuf != nil }
}

/// The fixture level's size and its box: 400 × 400 points, white, an 80 × 80 magenta box at (100, 100).
private enum DragBox {
    static let title = "KineticDragBoxFixture"
    static let size = 400.0
    static let start = (x: 100.0, y: 100.0)
    static let end = (x: 300.0, y: 300.0)
    static let boxColor = (red: 255, green: 0, blue: 255)
    static let background = (red: 255, green: 255, blue: 255)
}

@Suite(.serialized)
struct WindowDragTests {
    @Test("kinetic run: a mouse drag moves the box, in what the level prints and on screen",
          .enabled(if: WindowTools.available, "needs Xvfb, xdotool, ffmpeg and stdbuf (scripts/install-deps.sh --test)"),
          .timeLimit(.minutes(1)))
    func dragMovesTheBox() throws {
        let kinetic = try CLI.kinetic()
        let xdotool = WindowTools.xdotool!, ffmpeg = WindowTools.ffmpeg!
        let scratch = try CLI.scratchFolder()
        defer { try? FileManager.default.removeItem(atPath: scratch) }

        let xserver = try VirtualDisplay(xvfb: WindowTools.xvfb!)
        defer { xserver.stop() }
        let display = xserver.name
        let env = xserver.environment

        // Thirty seconds of level time is far more than the drag needs; the test quits it with q.
        let errorPath = scratch + "/stderr.txt"
        // Standard output to a pipe is block-buffered, so the level's lines would only arrive when the
        // app exits; `stdbuf -oL` makes each line arrive as it is printed.
        let app = try Child(WindowTools.stdbuf!, ["-oL", kinetic, "run", CLI.fixture("drag_box.lua"), "--seconds", "30"],
                            environment: env, errorPath: errorPath)
        defer { app.terminate() }
        func stderr() -> String { (try? String(contentsOfFile: errorPath, encoding: .utf8)) ?? "" }

        let search = try CLI.run(xdotool, ["search", "--sync", "--name", DragBox.title], environment: env, timeout: 20)
        let windowID = try #require(search.out.split(separator: "\n").first.map(String.init),
                                    "no window titled \(DragBox.title); stderr: \(stderr())")
        let geometry = try Geometry(shell: CLI.run(xdotool, ["getwindowgeometry", "--shell", windowID], environment: env).out)

        func xdo(_ arguments: String...) throws { try CLI.run(xdotool, arguments, environment: env) }
        func moveTo(_ p: (x: Double, y: Double)) throws {
            let s = geometry.screenPoint(p)
            try xdo("mousemove", "\(s.x)", "\(s.y)")
        }
        func wait(for prefix: String, what: String) throws -> (x: Double, y: Double) {
            var point: (x: Double, y: Double)?
            _ = CLI.poll(timeout: 10) {
                point = app.lines(startingWith: prefix).last.flatMap(Self.point)
                return point != nil || !app.process.isRunning
            }
            let mouse = (try? CLI.run(xdotool, ["getmouselocation"], environment: env).out) ?? "?"
            return try #require(point, "the level never printed \(what); stdout: \(app.output) stderr: \(stderr()) running: \(app.process.isRunning) status: \(app.status) mouse: \(mouse) geometry: \(geometry)")
        }
        func near(_ p: (x: Double, y: Double), _ q: (x: Double, y: Double), within tolerance: Double) -> Bool {
            abs(p.x - q.x) <= tolerance && abs(p.y - q.y) <= tolerance
        }

        // Screenshots of the whole virtual screen, without the pointer, decoded.
        let shot = scratch + "/shot.png"
        func screenshot() throws -> FrameBuffer? {
            try? FileManager.default.removeItem(atPath: shot)
            try CLI.run(ffmpeg, ["-loglevel", "error", "-f", "x11grab", "-draw_mouse", "0", "-video_size", "800x800",
                                 "-i", display, "-frames:v", "1", "-y", shot], environment: env, timeout: 20)
            return try? FrameBuffer(contentsOfPNG: shot)
        }
        func shows(_ f: FrameBuffer, boxAt box: (x: Double, y: Double), backgroundAt empty: (x: Double, y: Double)) -> Bool {
            Self.matches(f.rgba(at: geometry.screenPoint(box)), DragBox.boxColor)
                && Self.matches(f.rgba(at: geometry.screenPoint(empty)), DragBox.background)
        }

        // Press only once the window shows the level (box at its start, background where it will go):
        // then the app is in its loop and sees every input.
        var before: FrameBuffer?
        _ = try CLI.poll(timeout: 15) {
            before = try screenshot()
            return before.map { shows($0, boxAt: DragBox.start, backgroundAt: DragBox.end) } ?? false
        }
        let first = try #require(before, "ffmpeg took no screenshot of \(display)")
        try #require(shows(first, boxAt: DragBox.start, backgroundAt: DragBox.end),
                     "the window never showed the box at \(DragBox.start): \(first.rgba(at: geometry.screenPoint(DragBox.start)))")

        // Press on the box's centre, then drag in ten moves to the end point.
        try moveTo(DragBox.start)
        try xdo("mousedown", "1")
        let began = try wait(for: "began ", what: "the press")
        // One window pixel is one point here (400 × 400 at scale 1); allow a pixel of rounding.
        #expect(near(began, DragBox.start, within: 1), "pressed at \(began)")
        // Each move waits for the box to catch up (the level reports it after a step), so no move
        // is lost or merged with the release on a busy machine.
        for i in 1...10 {
            let t = Double(i) / 10
            let p = (x: DragBox.start.x + (DragBox.end.x - DragBox.start.x) * t,
                     y: DragBox.start.y + (DragBox.end.y - DragBox.start.y) * t)
            try moveTo(p)
            let caughtUp = CLI.poll(timeout: 10) {
                app.lines(startingWith: "at ").last.flatMap(Self.point).map { near($0, p, within: 1) } ?? false
            }
            try #require(caughtUp, "the box did not follow the pointer to \(p); stdout: \(app.output) stderr: \(stderr())")
        }
        try xdo("mouseup", "1")

        // (a) The rod is rigid and of length 0, so the released box sits on the last pointer
        // position: within a pixel of rounding plus the solver's sub-point slack.
        let ended = try wait(for: "ended ", what: "the release")
        #expect(near(ended, DragBox.end, within: 2), "the box ended at \(ended), dragged to \(DragBox.end)")

        // (b) The screen shows it: box colour at the new centre, background at the old one. The
        // window presents a frame after each step, so a few screenshots may be needed on a busy machine.
        var frame: FrameBuffer?
        _ = try CLI.poll(timeout: 10) {
            frame = try screenshot()
            return frame.map { shows($0, boxAt: DragBox.end, backgroundAt: DragBox.start) } ?? false
        }
        let screen = try #require(frame, "ffmpeg took no screenshot of \(display)")
        let atEnd = screen.rgba(at: geometry.screenPoint(DragBox.end))
        let atStart = screen.rgba(at: geometry.screenPoint(DragBox.start))
        #expect(Self.matches(atEnd, DragBox.boxColor), "pixel at the drag's end is \(atEnd), not the box's magenta")
        #expect(Self.matches(atStart, DragBox.background), "pixel at the drag's start is \(atStart), not the white background")

        // q quits the window; the run then ends cleanly.
        try xdo("key", "q")
        #expect(app.waitForExit(timeout: 10), "kinetic run did not quit on q")
        #expect(app.status == 0, "kinetic run exited with \(app.status); stderr: \(stderr())")
    }

    @Test("kinetic record: a drag made in the window is saved, and replays headless and rendered to the same state",
          .enabled(if: WindowTools.available, "needs Xvfb, xdotool, ffmpeg and stdbuf (scripts/install-deps.sh --test)"),
          .timeLimit(.minutes(1)))
    func aWindowSessionIsRecordedAndReplays() throws {
        let kinetic = try CLI.kinetic()
        let xdotool = WindowTools.xdotool!
        let scratch = try CLI.scratchFolder()
        defer { try? FileManager.default.removeItem(atPath: scratch) }
        let xserver = try VirtualDisplay(xvfb: WindowTools.xvfb!)
        defer { xserver.stop() }
        let env = xserver.environment
        let errorPath = scratch + "/stderr.txt"
        let session = scratch + "/session.json"
        let app = try Child(WindowTools.stdbuf!, ["-oL", kinetic, "record", CLI.fixture("drag_box.lua"), "-o", session, "--seconds", "30"],
                            environment: env, errorPath: errorPath)
        defer { app.terminate() }
        func stderr() -> String { (try? String(contentsOfFile: errorPath, encoding: .utf8)) ?? "" }

        let search = try CLI.run(xdotool, ["search", "--sync", "--name", DragBox.title], environment: env, timeout: 20)
        let windowID = try #require(search.out.split(separator: "\n").first.map(String.init), "no window; stderr: \(stderr())")
        let geometry = try Geometry(shell: CLI.run(xdotool, ["getwindowgeometry", "--shell", windowID], environment: env).out)
        func xdo(_ arguments: String...) throws { try CLI.run(xdotool, arguments, environment: env) }
        func moveTo(_ p: (x: Double, y: Double)) throws {
            let s = geometry.screenPoint(p)
            try xdo("mousemove", "\(s.x)", "\(s.y)")
        }
        func printed(_ prefix: String) -> Bool { CLI.poll(timeout: 10) { !app.lines(startingWith: prefix).isEmpty } }

        // Press on the box (retrying the press until the loop has taken the window's first events),
        // drag it in five moves, each waited for, release, quit.
        try moveTo(DragBox.start)
        let pressed = CLI.poll(timeout: 15) {
            try? xdo("mousedown", "1")
            if CLI.poll(timeout: 1, { !app.lines(startingWith: "began ").isEmpty }) { return true }
            try? xdo("mouseup", "1")
            return false
        }
        try #require(pressed, "the level never saw the press; stderr: \(stderr())")
        for i in 1...5 {
            let t = Double(i) / 5
            let p = (x: DragBox.start.x + (DragBox.end.x - DragBox.start.x) * t, y: DragBox.start.y + (DragBox.end.y - DragBox.start.y) * t)
            try moveTo(p)
            #expect(CLI.poll(timeout: 10) { app.lines(startingWith: "at ").count >= i }, "the box did not follow to \(p)")
        }
        try xdo("mouseup", "1")
        #expect(printed("ended "), "the level never saw the release")
        try xdo("key", "q")
        #expect(app.waitForExit(timeout: 10), "kinetic record did not quit on q")
        #expect(app.status == 0, "kinetic record exited with \(app.status); stderr: \(stderr())")
        let wrote = try #require(app.lines(startingWith: "wrote ").last, "no summary; stdout: \(app.output)")
        let hash = try #require(wrote.split(separator: " ").last.map(String.init))

        // The session holds the press, the moves and the release, each at its step.
        let text = try String(contentsOfFile: session, encoding: .utf8)
        #expect(text.contains("\"phase\": \"began\"") && text.contains("\"phase\": \"ended\""))
        #expect(text.components(separatedBy: "\"phase\": \"moved\"").count - 1 >= 5)
        let replay = try CLI.run(kinetic, ["replay", session, "--headless"])
        #expect(replay.out.contains("match: \(session)") && replay.out.contains("final state \(hash)"), "\(replay.out) status \(replay.status)")
        let render = try CLI.run(kinetic, ["render", CLI.fixture("drag_box.lua"), "--replay", session, "-o", scratch + "/final.png"])
        #expect(render.out.contains("final state \(hash) (match)"), "\(render.out) status \(render.status)")
    }

    /// The point in a line such as `ended 300.0 300.0`.
    static func point(_ line: String) -> (x: Double, y: Double)? {
        let fields = line.split(separator: " ")
        guard fields.count == 3, let x = Double(fields[1]), let y = Double(fields[2]) else { return nil }
        return (x, y)
    }

    /// Whether a pixel has the colour, within 8 of 255 per channel (screen capture is exact here, but
    /// a filtered scale of the frame would blend edges; the sampled points are 40 pixels from any edge).
    static func matches(_ pixel: (red: UInt8, green: UInt8, blue: UInt8, alpha: UInt8),
                        _ color: (red: Int, green: Int, blue: Int)) -> Bool {
        abs(Int(pixel.red) - color.red) <= 8 && abs(Int(pixel.green) - color.green) <= 8
            && abs(Int(pixel.blue) - color.blue) <= 8
    }
}

/// A window's place on the screen (`xdotool getwindowgeometry --shell`), and where a level point is
/// shown in it: the level is scaled to fit the window keeping its aspect, centred (letterboxed).
private struct Geometry {
    var x = 0.0, y = 0.0, width = 0.0, height = 0.0

    init(shell: String) throws {
        var values: [String: Double] = [:]
        for line in shell.split(separator: "\n") {
            let parts = line.split(separator: "=", maxSplits: 1)
            if parts.count == 2, let value = Double(parts[1]) { values[String(parts[0])] = value }
        }
        x = try #require(values["X"], "no X in \(shell)")
        y = try #require(values["Y"], "no Y in \(shell)")
        width = try #require(values["WIDTH"], "no WIDTH in \(shell)")
        height = try #require(values["HEIGHT"], "no HEIGHT in \(shell)")
    }

    /// The screen pixel showing level point `p` (the same fit as the Viewer's, which floors the offsets).
    func screenPoint(_ p: (x: Double, y: Double)) -> (x: Int, y: Int) {
        let scale = min(width / DragBox.size, height / DragBox.size)
        let offsetX = ((width - DragBox.size * scale) / 2).rounded(.down)
        let offsetY = ((height - DragBox.size * scale) / 2).rounded(.down)
        return (Int((x + offsetX + p.x * scale).rounded()), Int((y + offsetY + p.y * scale).rounded()))
    }
}

private extension FrameBuffer {
    func rgba(at p: (x: Int, y: Int)) -> (red: UInt8, green: UInt8, blue: UInt8, alpha: UInt8) {
        rgba(x: min(max(p.x, 0), width - 1), y: min(max(p.y, 0), height - 1))
    }
}
