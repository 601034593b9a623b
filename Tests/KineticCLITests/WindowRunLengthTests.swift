// How long a window run lasts: `--steps` ends it as it ends a headless run (it used to be ignored
// there, and the window stayed open).
import Foundation
import Testing

@Suite(.serialized)
struct WindowRunLengthTests {
    @Test("kinetic run --steps closes the window after that many steps",
          .enabled(if: WindowTools.xvfb != nil, "needs Xvfb (scripts/install-deps.sh --test)"),
          .timeLimit(.minutes(1)))
    func stepsEndAWindowRun() throws {
        let xserver = try VirtualDisplay(xvfb: WindowTools.xvfb!)
        defer { xserver.stop() }
        // 30 steps are half a second of level time in real time; 20 s leaves room for a busy machine.
        let app = try Child(try CLI.kinetic(), ["run", CLI.fixture("drag_box.lua"), "--steps", "30"],
                            environment: xserver.environment)
        defer { app.terminate() }
        #expect(app.waitForExit(timeout: 20), "the window was still open 20 s into a 30-step run")
        #expect(app.status == 0)
    }
}
