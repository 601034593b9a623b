// `kinetic run` in a real window on a virtual X display: pause the Newton's cradle level, go forward a
// second and back a second with the keys, and the scene is the one shown before, pixel for pixel.
import Foundation
import KineticRender
import Testing

@Suite(.serialized)
struct WindowScrubTests {
    @Test("kinetic run: shift+→ then shift+← while paused shows the same picture as before, pixel for pixel",
          .enabled(if: WindowTools.available, "needs Xvfb, xdotool, ffmpeg and stdbuf (scripts/install-deps.sh --test)"),
          .timeLimit(.minutes(1)))
    func scrubbingBackShowsThePictureOfThatTime() throws {
        let kinetic = try CLI.kinetic()
        let xdotool = WindowTools.xdotool!, ffmpeg = WindowTools.ffmpeg!
        let scratch = try CLI.scratchFolder()
        defer { try? FileManager.default.removeItem(atPath: scratch) }
        let xserver = try VirtualDisplay(xvfb: WindowTools.xvfb!)
        defer { xserver.stop() }
        let env = xserver.environment
        let level = CLI.packageRoot.appendingPathComponent("examples/newtons_cradle").path
        let app = try Child(WindowTools.stdbuf!, ["-oL", kinetic, "run", level, "--seconds", "30"],
                            environment: env, errorPath: scratch + "/stderr.txt")
        defer { app.terminate() }
        let search = try CLI.run(xdotool, ["search", "--sync", "--name", "Newton"], environment: env, timeout: 20)
        try #require(search.out.split(separator: "\n").first != nil, "no cradle window")
        func xdo(_ arguments: String...) throws { try CLI.run(xdotool, arguments, environment: env) }

        let shot = scratch + "/shot.png"
        func screenshot() throws -> [UInt8]? {
            try? FileManager.default.removeItem(atPath: shot)
            try CLI.run(ffmpeg, ["-loglevel", "error", "-f", "x11grab", "-draw_mouse", "0", "-video_size", "800x800",
                                 "-i", xserver.name, "-frames:v", "1", "-y", shot], environment: env, timeout: 20)
            return (try? FrameBuffer(contentsOfPNG: shot))?.pixels
        }
        /// The screen once two screenshots in a row agree (the paused window has drawn its frame).
        func steadyScreen(differentFrom other: [UInt8]? = nil) throws -> [UInt8]? {
            var previous: [UInt8]?, steady: [UInt8]?
            _ = try CLI.poll(timeout: 15) {
                let now = try screenshot()
                if let now, now == previous, now != other { steady = now }
                previous = now
                return steady != nil
            }
            return steady
        }

        // Keys go to the window under the pointer (no window manager on the virtual display).
        let windowID = String(search.out.split(separator: "\n").first!)
        try xdo("mousemove", "--window", windowID, "20", "20")
        Thread.sleep(forTimeInterval: 1)   // the level plays a moment: the balls swing
        try xdo("key", "space")
        let paused = try #require(try steadyScreen(), "the paused window never held still")
        try xdo("key", "shift+Right")
        let later = try #require(try steadyScreen(differentFrom: paused), "shift+→ changed nothing on screen")
        #expect(later != paused)
        try xdo("key", "shift+Left")
        let back = try #require(try steadyScreen(differentFrom: later), "shift+← changed nothing on screen")
        // The scene is the one shown then; only the timeline bar at the bottom differs (the run now
        // reaches a second further, so its handle sits elsewhere on the track).
        let shell = try CLI.run(xdotool, ["getwindowgeometry", "--shell", windowID], environment: env).out
        func value(_ key: String) -> Int? {
            shell.split(separator: "\n").first { $0.hasPrefix(key + "=") }.flatMap { Int($0.dropFirst(key.count + 1)) }
        }
        let top = try #require(value("Y")), height = try #require(value("HEIGHT"))
        let sceneBytes = (top + height * 9 / 10) * 800 * 4
        #expect(later.prefix(sceneBytes) != paused.prefix(sceneBytes), "the cradle did not move in a second")
        #expect(back.prefix(sceneBytes) == paused.prefix(sceneBytes), "the picture a second back differs from the one shown then")
        try xdo("key", "q")
        #expect(app.waitForExit(timeout: 10), "kinetic run did not quit on q")
    }
}
