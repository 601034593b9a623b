// `kinetic watch` in a real window, closed while a reload is running: the reload in progress
// completes (its output is whole), then the close is honoured and the run ends cleanly.
import Foundation
import Testing

@Suite(.serialized)
struct WindowReloadCloseTests {
    static let title = "KineticReloadCloseFixture"

    static func level(version: Int, slowChunk: Bool) -> String {
        // A slow chunk: a busy loop of a few tenths of a second (well inside the 2 s callback budget),
        // announced before and after, so the test can close the window while it runs.
        let slow = slowChunk ? """
            print("reloading v\(version)")
            local n = 0
            for i = 1, 3e7 do n = n + i end
            print("chunk v\(version) done")
            """ : ""
        return """
            \(slow)
            local level = { title = "\(title)", width = 200, height = 200, background = "#ffffff" }
            function level.load(world)
              world:addItem{ name = "box", center = { 100, 100 }, size = { 40, 40 }, fill = "#ff00ff" }
              print("loaded v\(version)")
            end
            function level.reloaded(world)
              print("reloaded v\(version)")
            end
            return level
            """
    }

    @Test("kinetic watch: the window closed during a reload ends the run cleanly after the reload",
          .enabled(if: WindowTools.xvfb != nil && WindowTools.xdotool != nil && WindowTools.stdbuf != nil,
                   "needs Xvfb, xdotool and stdbuf (scripts/install-deps.sh --test)"),
          .timeLimit(.minutes(1)))
    func closeDuringAReload() throws {
        let kinetic = try CLI.kinetic()
        let scratch = try CLI.scratchFolder()
        defer { try? FileManager.default.removeItem(atPath: scratch) }
        let path = scratch + "/level.lua"
        try Self.level(version: 1, slowChunk: false).write(toFile: path, atomically: true, encoding: .utf8)

        let xserver = try VirtualDisplay(xvfb: WindowTools.xvfb!)
        defer { xserver.stop() }
        let errorPath = scratch + "/stderr.txt"
        func stderr() -> String { (try? String(contentsOfFile: errorPath, encoding: .utf8)) ?? "" }
        let app = try Child(WindowTools.stdbuf!, ["-oL", kinetic, "watch", path, "--seconds", "60"],
                            environment: xserver.environment, errorPath: errorPath)
        defer { app.terminate() }

        let search = try CLI.run(WindowTools.xdotool!, ["search", "--sync", "--name", Self.title],
                                 environment: xserver.environment, timeout: 20)
        let window = try #require(search.out.split(separator: "\n").first.flatMap { UInt($0) },
                                  "no window titled \(Self.title); stderr: \(stderr())")
        try #require(CLI.poll(timeout: 10) { !app.lines(startingWith: "loaded v1").isEmpty },
                     "version 1 never loaded; stdout: \(app.output) stderr: \(stderr())")

        // Save version 2 and close the window as soon as its slow chunk has started.
        try Self.level(version: 2, slowChunk: true).write(toFile: path, atomically: true, encoding: .utf8)
        try #require(CLI.poll(timeout: 15) { !app.lines(startingWith: "reloading v2").isEmpty },
                     "the save was not reloaded; stdout: \(app.output) stderr: \(stderr())")
        try xserver.requestClose(window: window)

        #expect(app.waitForExit(timeout: 15), "kinetic watch did not end after the close; stdout: \(app.output)")
        #expect(app.status == 0, "exit status \(app.status); stderr: \(stderr())")
        // The reload that was running when the close came finished whole, then the run ended.
        let out = app.output
        #expect(out.contains("chunk v2 done") && out.contains("loaded v2") && out.contains("reloaded v2"),
                "the reload was cut short: \(out)")
        #expect(!stderr().localizedCaseInsensitiveContains("error"), "stderr: \(stderr())")
    }
}
