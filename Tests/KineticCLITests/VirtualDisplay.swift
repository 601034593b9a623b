// A virtual X display (Xvfb) for window tests, and the close request a window manager sends when
// the user clicks a window's close button.
import Foundation
import Testing

/// Xvfb on a free display number, ended when the value is released by `stop()`.
final class VirtualDisplay {
    let name: String  // ":N", for DISPLAY
    private let server: Child

    /// Starts Xvfb (800 × 800 × 24); Xvfb picks a free display itself and writes its number once it
    /// accepts connections.
    init(xvfb: String) throws {
        let server = try Child(xvfb, ["-displayfd", "1", "-screen", "0", "800x800x24", "-nolisten", "tcp"])
        var number: Int?
        _ = CLI.poll(timeout: 15) {
            number = Int(server.output.trimmingCharacters(in: .whitespacesAndNewlines))
            return number != nil || !server.process.isRunning
        }
        if number == nil { server.terminate() }
        name = ":\(try #require(number, "Xvfb did not start: \(server.output)"))"
        self.server = server
    }

    var environment: [String: String] { ["DISPLAY": name] }

    func stop() { server.terminate() }

    /// Asks the window to close as a window manager does: a WM_PROTOCOLS client message carrying
    /// WM_DELETE_WINDOW (SDL turns it into its quit event). Xlib is loaded at run time, so the test
    /// target links nothing.
    func requestClose(window: UInt) throws {
        typealias OpenDisplay = @convention(c) (UnsafePointer<CChar>) -> OpaquePointer?
        typealias InternAtom = @convention(c) (OpaquePointer, UnsafePointer<CChar>, Int32) -> UInt
        typealias SendEvent = @convention(c) (OpaquePointer, UInt, Int32, Int, UnsafeMutableRawPointer) -> Int32
        typealias Flush = @convention(c) (OpaquePointer) -> Int32
        let xlib = try #require(dlopen("libX11.so.6", RTLD_NOW), "libX11.so.6 not found")
        defer { dlclose(xlib) }
        func symbol<T>(_ name: String, _: T.Type) throws -> T {
            unsafeBitCast(try #require(dlsym(xlib, name), "no \(name) in libX11"), to: T.self)
        }
        let display = try #require(try symbol("XOpenDisplay", OpenDisplay.self)(name), "cannot open \(name)")
        defer { _ = try? symbol("XCloseDisplay", Flush.self)(display) }
        let atom = try symbol("XInternAtom", InternAtom.self)
        // XClientMessageEvent in an XEvent (24 longs on LP64): type, serial, send_event, display,
        // window, message_type, format, data.l[0...4].
        var event = [Int](repeating: 0, count: 24)
        event[0] = 33  // ClientMessage
        event[2] = 1   // send_event
        event[3] = Int(bitPattern: UnsafeRawPointer(display))
        event[4] = Int(window)
        event[5] = Int(atom(display, "WM_PROTOCOLS", 0))
        event[6] = 32  // format: data as longs
        event[7] = Int(atom(display, "WM_DELETE_WINDOW", 0))
        let sent = try event.withUnsafeMutableBytes { bytes in
            try symbol("XSendEvent", SendEvent.self)(display, window, 0, 0, bytes.baseAddress!)
        }
        try #require(sent != 0, "XSendEvent failed")
        _ = try symbol("XFlush", Flush.self)(display)
    }
}
