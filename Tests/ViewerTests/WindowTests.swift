// The window for real: a private Xvfb display, a frame presented, a mouse drag injected with
// xdotool, and the InputEvents checked. Skipped when Xvfb or xdotool is not installed.

import Foundation
import Testing
import KineticViewer

private func executable(_ name: String) -> String? {
    let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
    return path.split(separator: ":").map { $0 + "/" + name }.first { FileManager.default.isExecutableFile(atPath: $0) }
}

/// A virtual X server on a free display number (chosen by Xvfb itself through -displayfd).
private final class VirtualDisplay {
    let process = Process()
    let name: String

    init?(xvfb: String) {
        let pipe = Pipe()
        process.executableURL = URL(fileURLWithPath: xvfb)
        process.arguments = ["-displayfd", "1", "-screen", "0", "800x600x24", "-nolisten", "tcp"]
        process.standardOutput = pipe
        process.standardError = FileHandle.nullDevice
        guard (try? process.run()) != nil else { return nil }
        // Xvfb writes the display number followed by a newline once it accepts connections.
        var number = ""
        while true {
            let byte = pipe.fileHandleForReading.readData(ofLength: 1)
            guard let c = byte.first else { return nil } // Xvfb exited
            if c == UInt8(ascii: "\n") { break }
            number.append(Character(Unicode.Scalar(c)))
        }
        name = ":" + number
    }

    deinit {
        // SIGKILL: a child started from a test thread inherits that thread's blocked SIGTERM.
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
    }
}

/// Starts `tool` on `display` without waiting for it.
private func start(_ tool: String, _ arguments: [String], display: String) throws -> Process {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: tool)
    process.arguments = arguments
    var environment = ProcessInfo.processInfo.environment
    environment["DISPLAY"] = display
    process.environment = environment
    try process.run()
    return process
}

@Suite(.serialized) struct WindowTests {
    @Test func noDisplayVariableMeansNoDisplay() {
        #if os(Linux)
        let saved = ["DISPLAY", "WAYLAND_DISPLAY"].map { ($0, ProcessInfo.processInfo.environment[$0]) }
        unsetenv("DISPLAY")
        unsetenv("WAYLAND_DISPLAY")
        defer { for (name, value) in saved { if let value { setenv(name, value, 1) } } }
        #expect(!Window.isDisplayAvailable)
        #endif
    }

    @Test func dragOnAVirtualDisplayArrivesInSceneCoordinates() throws {
        guard let xvfb = executable("Xvfb"), let xdotool = executable("xdotool") else {
            print("skipping the window test: Xvfb and xdotool are needed (scripts/install-deps.sh --test)")
            return
        }
        guard let display = VirtualDisplay(xvfb: xvfb) else {
            Issue.record("Xvfb did not start")
            return
        }
        defer { withExtendedLifetime(display) {} } // the server must outlive the window
        // SDL reads DISPLAY when video starts; the variable is restored afterwards.
        let previous = ProcessInfo.processInfo.environment["DISPLAY"]
        setenv("DISPLAY", display.name, 1)
        defer { if let previous { setenv("DISPLAY", previous, 1) } else { unsetenv("DISPLAY") } }

        // Xvfb resets when its last client leaves, as after this check; the window must still open
        // on it (not on SDL's invisible offscreen driver).
        #expect(Window.isDisplayAvailable)
        // A 200 × 100 point level at scale 2: a 400 × 200 window, one window unit = half a point.
        let window = try Window(title: "Kinetic window test", referenceWidth: 200, referenceHeight: 100, scale: 2)
        defer { window.close() }
        #expect(Window.videoDriver == "x11")
        #expect(window.title == "Kinetic window test")
        #expect(window.size == (400, 200))
        let frame = [UInt8](repeating: 0x80, count: 400 * 200 * 4)
        window.present(bgra: frame, width: 400, height: 200)
        // Wait until the X server shows the window, or xdotool's events would go to the root window.
        let search = try start(xdotool, ["search", "--sync", "--onlyvisible", "--name", "^Kinetic window test$"],
                               display: display.name)
        for _ in 0..<1000 where search.isRunning { _ = window.waitForEvents(timeout: 0.01) }
        if search.isRunning { kill(search.processIdentifier, SIGKILL) }
        search.waitUntilExit()
        try #require(search.terminationStatus == 0, "the window never became visible on \(display.name)")

        let origin = window.position
        // Drag from window (40, 60) to (340, 100), i.e. scene (20, 30) to (170, 50), rightward.
        let (x0, y0) = (origin.x + 40, origin.y + 60)
        let (x1, y1) = (origin.x + 190, origin.y + 80)
        let (x2, y2) = (origin.x + 340, origin.y + 100)
        // SDL stamps events when it reads them, so events are read while the drag is under way
        // (pauses of 50 ms between steps) for the velocity estimate to see time pass.
        let drag = try start(xdotool, ["mousemove", "\(x0)", "\(y0)", "mousedown", "1", "sleep", "0.05",
                                       "mousemove", "\(x1)", "\(y1)", "sleep", "0.05",
                                       "mousemove", "\(x2)", "\(y2)", "sleep", "0.05", "mouseup", "1"],
                             display: display.name)
        defer { drag.waitUntilExit() }

        var pointers: [PointerEvent] = []
        for _ in 0..<500 where pointers.last?.phase != .ended {
            for case let .pointer(p) in window.waitForEvents(timeout: 0.01) { pointers.append(p) }
        }
        try #require(pointers.count >= 3, "\(pointers)")
        let began = pointers.first!, ended = pointers.last!
        #expect(began.phase == .began && began.id == 1)
        #expect(abs(began.x - 20) < 0.01 && abs(began.y - 30) < 0.01, "\(began)")
        #expect(pointers.dropFirst().dropLast().allSatisfy { $0.phase == .moved })
        #expect(ended.phase == .ended && abs(ended.x - 170) < 0.01 && abs(ended.y - 50) < 0.01, "\(ended)")
        // The drag went 150 points right and 20 down in ~100 ms, so the last velocity points right.
        let lastMove = pointers[pointers.count - 2]
        #expect(lastMove.vx > 0 && lastMove.vx > abs(lastMove.vy), "\(lastMove)")

        // Keys go to the window under the pointer (Xvfb has no window manager to move focus).
        let typing = try start(xdotool, ["key", "--delay", "20", "space", "a", "Left", "period", "Return"],
                               display: display.name)
        defer { typing.waitUntilExit() }
        var keys: [String] = []
        for _ in 0..<500 where keys.count < 10 {
            for case let .key(name, isDown) in window.waitForEvents(timeout: 0.01) {
                keys.append((isDown ? "+" : "-") + name)
            }
        }
        #expect(keys == ["+space", "-space", "+a", "-a", "+left", "-left", "+.", "-.", "+return", "-return"])
    }
}
