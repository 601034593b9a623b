// The live window: shows frames drawn by the renderer and turns SDL's mouse, key and window events
// into InputEvents in the level's reference coordinates. Use it from the main thread only.

import CKineticSDL2
import Foundation

/// Why a window could not be opened.
public struct ViewerError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What failed and SDL's explanation.
    public var description: String

    /// An error with `description`.
    public init(_ description: String) {
        self.description = description
    }

    static func sdl(_ what: String) -> ViewerError {
        ViewerError("\(what): \(String(cString: SDL_GetError()))")
    }
}

/// An SDL2 window showing a level. Frames are BGRA pixel buffers (Render's `FrameBuffer.pixels`),
/// scaled to the window keeping their aspect ratio. Not thread-safe: create, present and poll on
/// the main thread.
public final class Window {
    /// The level's reference size in points, used to turn window positions into scene points.
    public var referenceSize: (width: Double, height: Double)
    /// Presents wait for the display's refresh (when the driver supports it); otherwise `present`
    /// sleeps to keep at most `maximumFramesPerSecond`.
    public let maximumFramesPerSecond: Double

    private var window: OpaquePointer?
    private var renderer: OpaquePointer?
    private var texture: OpaquePointer?
    private var textureSize = (width: 0, height: 0)
    private let hasVSync: Bool
    private var lastPresent: UInt64 = 0
    private var pressedButtons: [UInt8] = []
    /// The picture on screen was lost or resized since the last `present` (see `needsRedraw`).
    private var damaged = true
    private var velocity = VelocityTracker()

    // MARK: - Display

    /// Whether a window can be opened here.
    public enum Display: Equatable, Sendable {
        /// A window can be opened.
        case available
        /// No display is named (on Linux neither DISPLAY nor WAYLAND_DISPLAY nor SDL_VIDEODRIVER
        /// is set): the command line runs headless.
        case none
        /// A display is named but SDL's video cannot start on it (no server, refused connection);
        /// the associated text says which display and SDL's reason.
        case unreachable(String)
    }

    /// The display in reach: `.available` when SDL's video subsystem starts on a real display (not
    /// its invisible "offscreen" or "dummy" drivers, unless SDL_VIDEODRIVER asks for them).
    public static var display: Display {
        let environment = ProcessInfo.processInfo.environment
        #if os(Linux)
        let hasDisplay = !(environment["DISPLAY"] ?? "").isEmpty || !(environment["WAYLAND_DISPLAY"] ?? "").isEmpty
        guard hasDisplay || environment["SDL_VIDEODRIVER"] != nil else { return .none }
        #endif
        guard startVideo() else {
            let named = ["DISPLAY", "WAYLAND_DISPLAY", "SDL_VIDEODRIVER"].compactMap { name in
                environment[name].flatMap { $0.isEmpty ? nil : "\(name)=\($0)" }
            }
            let reason = String(cString: SDL_GetError())
            return .unreachable("no display answers at \(named.joined(separator: ", "))"
                                + (reason.isEmpty ? "" : " (SDL: \(reason))"))
        }
        SDL_QuitSubSystem(SDL_INIT_VIDEO)
        return .available
    }

    /// True when a window can be opened (`display == .available`).
    public static var isDisplayAvailable: Bool { display == .available }

    /// Starts SDL video on a visible display, retrying briefly. An X server with no clients left
    /// resets and refuses connections for a moment (Xvfb does this after `isDisplayAvailable`
    /// disconnects), and SDL would then silently fall back to its invisible offscreen driver.
    private static func startVideo() -> Bool {
        let environment = ProcessInfo.processInfo.environment
        let requested = environment["SDL_VIDEODRIVER"]
        #if os(Linux)
        // With only DISPLAY named, X11 is the display: SDL would otherwise also probe Wayland, whose
        // library prints a complaint to standard error on every attempt.
        if requested == nil, (environment["WAYLAND_DISPLAY"] ?? "").isEmpty, !(environment["DISPLAY"] ?? "").isEmpty {
            SDL_SetHint(SDL_HINT_VIDEODRIVER, "x11")
        } else {
            SDL_ResetHint(SDL_HINT_VIDEODRIVER)
        }
        #endif
        for attempt in 0..<10 {
            if attempt > 0 { SDL_Delay(50) }
            guard SDL_InitSubSystem(SDL_INIT_VIDEO) == 0 else { continue }
            let driver = videoDriver ?? ""
            if !["offscreen", "dummy", "evdev"].contains(driver) || requested == driver { return true }
            SDL_QuitSubSystem(SDL_INIT_VIDEO)
        }
        return false
    }

    /// The SDL video driver in use ("x11", "wayland", ...), or nil before a window is open.
    public static var videoDriver: String? {
        SDL_GetCurrentVideoDriver().map { String(cString: $0) }
    }

    // MARK: - Lifecycle

    /// Opens a resizable window titled `title`, `scale` × the reference size in points, centred.
    /// - Throws: `ViewerError` with SDL's reason when there is no display or SDL fails.
    public init(title: String, referenceWidth: Double, referenceHeight: Double, scale: Double = 1,
                vsync: Bool = true, maximumFramesPerSecond: Double = 60) throws {
        guard referenceWidth > 0, referenceHeight > 0, scale > 0, referenceWidth.isFinite,
              referenceHeight.isFinite, scale.isFinite else {
            throw ViewerError("invalid window size \(referenceWidth) × \(referenceHeight) points at scale \(scale)")
        }
        referenceSize = (referenceWidth, referenceHeight)
        self.maximumFramesPerSecond = max(maximumFramesPerSecond, 1)
        guard Window.startVideo() else {
            throw ViewerError("no display to open a window on (DISPLAY=\(ProcessInfo.processInfo.environment["DISPLAY"] ?? "")): "
                              + String(cString: SDL_GetError()))
        }
        // Centred on display 0 (SDL_WINDOWPOS_CENTERED is a function-like macro Swift cannot see).
        let centered = Int32(bitPattern: 0x2FFF_0000)
        let flags = SDL_WINDOW_RESIZABLE.rawValue | SDL_WINDOW_ALLOW_HIGHDPI.rawValue | SDL_WINDOW_SHOWN.rawValue
        guard let window = SDL_CreateWindow(title, centered, centered, Int32((referenceWidth * scale).rounded()),
                                            Int32((referenceHeight * scale).rounded()), flags) else {
            let error = ViewerError.sdl("cannot open a window")
            SDL_QuitSubSystem(SDL_INIT_VIDEO)
            throw error
        }
        self.window = window
        let vsyncFlag = vsync ? SDL_RENDERER_PRESENTVSYNC.rawValue : 0
        renderer = SDL_CreateRenderer(window, -1, SDL_RENDERER_ACCELERATED.rawValue | vsyncFlag)
            ?? SDL_CreateRenderer(window, -1, SDL_RENDERER_SOFTWARE.rawValue)
        guard let renderer else {
            let error = ViewerError.sdl("cannot create a renderer for the window")
            SDL_DestroyWindow(window)
            SDL_QuitSubSystem(SDL_INIT_VIDEO)
            throw error
        }
        var info = SDL_RendererInfo()
        SDL_GetRendererInfo(renderer, &info)
        hasVSync = info.flags & SDL_RENDERER_PRESENTVSYNC.rawValue != 0
        // Linear filtering when a frame is scaled to a window of another size.
        SDL_SetHint(SDL_HINT_RENDER_SCALE_QUALITY, "1")
        SDL_SetRenderDrawColor(renderer, 0, 0, 0, 255)
    }

    deinit {
        close()
    }

    /// Closes the window (also done when the window is released).
    public func close() {
        guard let window else { return }
        if let texture { SDL_DestroyTexture(texture) }
        if let renderer { SDL_DestroyRenderer(renderer) }
        SDL_DestroyWindow(window)
        SDL_QuitSubSystem(SDL_INIT_VIDEO)
        texture = nil
        renderer = nil
        self.window = nil
    }

    /// The window title (the level's title).
    public var title: String {
        get { window.map { String(cString: SDL_GetWindowTitle($0)) } ?? "" }
        set { if let window { SDL_SetWindowTitle(window, newValue) } }
    }

    /// The window's drawable size in pixels (larger than its size in window units on HiDPI
    /// screens). Render frames at this size for a sharp picture with no scaling.
    public var pixelSize: (width: Int, height: Int) {
        guard let renderer else { return (0, 0) }
        var w: Int32 = 0, h: Int32 = 0
        SDL_GetRendererOutputSize(renderer, &w, &h)
        return (Int(w), Int(h))
    }

    /// The window's size in window units (the units of mouse positions).
    public var size: (width: Int, height: Int) {
        guard let window else { return (0, 0) }
        var w: Int32 = 0, h: Int32 = 0
        SDL_GetWindowSize(window, &w, &h)
        return (Int(w), Int(h))
    }

    /// The window's top-left corner on the screen, in window units.
    public var position: (x: Int, y: Int) {
        guard let window else { return (0, 0) }
        var x: Int32 = 0, y: Int32 = 0
        SDL_GetWindowPosition(window, &x, &y)
        return (Int(x), Int(y))
    }

    // MARK: - Frames

    /// Shows a frame of `width` × `height` pixels, 4 bytes per pixel in memory order B, G, R, A
    /// (Render's `FrameBuffer.pixels`), scaled to fit the window keeping its aspect ratio. Waits for
    /// vsync, or sleeps to hold `maximumFramesPerSecond` when vsync is unavailable.
    public func present(bgra pixels: [UInt8], width: Int, height: Int) {
        guard let renderer, width > 0, height > 0, pixels.count >= width * height * 4 else { return }
        if texture == nil || textureSize != (width, height) {
            if let texture { SDL_DestroyTexture(texture) }
            texture = SDL_CreateTexture(renderer, SDL_PIXELFORMAT_ARGB8888.rawValue,
                                        Int32(SDL_TEXTUREACCESS_STREAMING.rawValue), Int32(width), Int32(height))
            textureSize = (width, height)
        }
        guard let texture else { return }
        pixels.withUnsafeBytes { bytes in
            _ = SDL_UpdateTexture(texture, nil, bytes.baseAddress, Int32(width * 4))
        }
        let output = pixelSize
        let fit = Letterbox(content: (Double(width), Double(height)), into: (Double(output.width), Double(output.height)))
        var destination = SDL_Rect(x: Int32(fit.offsetX), y: Int32(fit.offsetY),
                                   w: Int32((Double(width) * fit.scale).rounded()),
                                   h: Int32((Double(height) * fit.scale).rounded()))
        SDL_RenderClear(renderer)
        SDL_RenderCopy(renderer, texture, nil, &destination)
        limitFrameRate()
        SDL_RenderPresent(renderer)
        damaged = false
    }

    /// True until the first `present`, and again when the window system lost or resized the picture
    /// (exposed, resized, restored): a host that skips drawing unchanged frames must then present
    /// one anyway.
    public var needsRedraw: Bool { damaged }

    private func limitFrameRate() {
        guard !hasVSync else { return }
        let frequency = Double(SDL_GetPerformanceFrequency())
        let now = SDL_GetPerformanceCounter()
        let elapsed = Double(now &- lastPresent) / frequency
        let remaining = 1 / maximumFramesPerSecond - elapsed
        if lastPresent != 0, remaining > 0, remaining < 1 {
            SDL_Delay(UInt32(remaining * 1000))
        }
        lastPresent = SDL_GetPerformanceCounter()
    }

    // MARK: - Events

    /// Every event that arrived since the last call, in order, without waiting.
    public func pollEvents() -> [InputEvent] {
        var events: [InputEvent] = []
        var event = SDL_Event()
        while SDL_PollEvent(&event) != 0 {
            if let input = translate(event) { events.append(input) }
        }
        return events
    }

    /// Like `pollEvents`, but waits up to `timeout` seconds for at least one event, or until the
    /// picture needs a redraw (`needsRedraw` turns true while it waits). It sleeps in
    /// SDL_WaitEventTimeout, so an idle window costs no CPU while it waits.
    public func waitForEvents(timeout: Double) -> [InputEvent] {
        let deadline = SDL_GetTicks64() + UInt64(max(timeout, 0) * 1000)
        var events: [InputEvent] = []
        var event = SDL_Event()
        let wasDamaged = damaged
        while events.isEmpty, wasDamaged || !damaged {
            let now = SDL_GetTicks64()
            guard now < deadline, SDL_WaitEventTimeout(&event, Int32(clamping: deadline - now)) != 0 else { break }
            if let input = translate(event) { events.append(input) }
        }
        return events + pollEvents()
    }

    private func translate(_ event: SDL_Event) -> InputEvent? {
        let seconds = Double(event.common.timestamp) / 1000
        switch SDL_EventType(event.type) {
        case SDL_QUIT:
            // SDL posts this when the (only) window is closed and on Ctrl-C in the terminal; its
            // window-close event that comes first is left alone so a close is reported once.
            return .closeRequested
        case SDL_MOUSEBUTTONDOWN:
            let button = event.button.button
            guard pressedButtons.isEmpty else {
                pressedButtons.append(button) // a second button during a drag is not a new pointer
                return nil
            }
            pressedButtons.append(button)
            let p = scenePoint(windowX: Double(event.button.x), windowY: Double(event.button.y))
            velocity.reset()
            velocity.add(x: p.x, y: p.y, time: seconds)
            return .pointer(PointerEvent(phase: .began, x: p.x, y: p.y, id: Int(button)))
        case SDL_MOUSEMOTION:
            guard let button = pressedButtons.first else { return nil }
            let p = scenePoint(windowX: Double(event.motion.x), windowY: Double(event.motion.y))
            velocity.add(x: p.x, y: p.y, time: seconds)
            let v = velocity.velocity
            return .pointer(PointerEvent(phase: .moved, x: p.x, y: p.y, vx: v.vx, vy: v.vy, id: Int(button)))
        case SDL_MOUSEBUTTONUP:
            let button = event.button.button
            guard let first = pressedButtons.first else { return nil }
            pressedButtons.removeAll { $0 == button }
            guard button == first else { return nil }
            pressedButtons.removeAll()
            let p = scenePoint(windowX: Double(event.button.x), windowY: Double(event.button.y))
            velocity.add(x: p.x, y: p.y, time: seconds)
            let v = velocity.velocity
            return .pointer(PointerEvent(phase: .ended, x: p.x, y: p.y, vx: v.vx, vy: v.vy, id: Int(button)))
        case SDL_WINDOWEVENT:
            switch SDL_WindowEventID(UInt32(event.window.event)) {
            case SDL_WINDOWEVENT_EXPOSED, SDL_WINDOWEVENT_SIZE_CHANGED, SDL_WINDOWEVENT_SHOWN,
                 SDL_WINDOWEVENT_RESTORED, SDL_WINDOWEVENT_MAXIMIZED:
                damaged = true
            default:
                break
            }
            return nil
        case SDL_KEYDOWN, SDL_KEYUP:
            guard event.key.repeat == 0 else { return nil }
            return .key(name: KeyNames.name(forKeycode: event.key.keysym.sym),
                        isDown: event.type == SDL_KEYDOWN.rawValue)
        default:
            return nil
        }
    }

    /// The scene point under a position in window units: window units → pixels (HiDPI), then the
    /// letterbox fit of the reference size into the drawable, undone.
    public func scenePoint(windowX: Double, windowY: Double) -> (x: Double, y: Double) {
        let windowSize = size, output = pixelSize
        return Window.scenePoint(windowX: windowX, windowY: windowY,
                                 windowSize: (Double(windowSize.width), Double(windowSize.height)),
                                 pixelSize: (Double(output.width), Double(output.height)),
                                 referenceSize: referenceSize)
    }

    /// The pure form of `scenePoint(windowX:windowY:)`, for any window, drawable and reference size.
    public static func scenePoint(windowX: Double, windowY: Double, windowSize: (width: Double, height: Double),
                                  pixelSize: (width: Double, height: Double),
                                  referenceSize: (width: Double, height: Double)) -> (x: Double, y: Double) {
        let density = windowSize.width > 0 ? pixelSize.width / windowSize.width : 1
        let fit = Letterbox(content: referenceSize, into: pixelSize)
        return ((windowX * density - fit.offsetX) / fit.scale, (windowY * density - fit.offsetY) / fit.scale)
    }
}

/// Fitting content into an area keeping its aspect ratio, centred, offsets on whole pixels
/// (the same rule as Render's `Viewport` for `.pixels` sizes, so frames and pointers agree).
struct Letterbox {
    var scale: Double
    var offsetX: Double
    var offsetY: Double

    init(content: (width: Double, height: Double), into area: (width: Double, height: Double)) {
        guard content.width > 0, content.height > 0, area.width > 0, area.height > 0 else {
            (scale, offsetX, offsetY) = (1, 0, 0)
            return
        }
        scale = min(area.width / content.width, area.height / content.height)
        offsetX = ((area.width - content.width * scale) / 2).rounded(.down)
        offsetY = ((area.height - content.height * scale) / 2).rounded(.down)
    }
}
