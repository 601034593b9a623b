// The SDL window around a `GameLoop` (`kinetic run`, `watch`, `record`, `replay`): it feeds the loop
// the window's events and the monotonic clock, prints what the loop reports, and presents its frames.
import ArgumentParser
import Foundation
import KineticLua
import KineticPlayer
import KineticRender
import KineticViewer

struct WindowRunner {
    let loop: GameLoop
    /// Runs after a reload or restart took over (`kinetic watch` prints check's warnings there).
    var afterReload: ((Level) -> Void)? = nil

    init(_ loop: GameLoop) {
        self.loop = loop
    }

    /// True when a window can be opened; false without a display (the command runs headless). A
    /// display that is named but cannot be reached is an error: a CI job that set DISPLAY and got a
    /// silent headless run instead would never know.
    static func isDisplayAvailable() throws -> Bool {
        switch Window.display {
        case .available: return true
        case .none: return false
        case .unreachable(let reason):
            throw Diagnostics.failure("cannot open a window: \(reason); start the display server, unset DISPLAY, or pass --headless")
        }
    }

    /// Runs until the loop finishes (the window closes, q/Escape, a limit, a replay's end).
    func run() throws {
        let level = loop.level
        let window = try Window(title: level.title.isEmpty ? "kinetic" : level.title,
                                referenceWidth: level.viewWidth, referenceHeight: level.viewHeight,
                                maximumFramesPerSecond: max(level.fps, 30))
        defer { window.close() }
        let renderer = Renderer()
        let audio = AudioPlayer()
        defer { audio.close() }
        // While the picture stays the same (paused, everything asleep) the loop sleeps in the
        // window's event wait until the next step is due, instead of drawing the same frame again.
        var idle = false
        var shownSize = (width: 0, height: 0)
        while !loop.isFinished {
            let events = idle ? window.waitForEvents(timeout: 1 / level.fps) : window.pollEvents()
            for event in events { loop.handle(Self.input(event)) }
            if loop.isFinished { break }
            let frame = loop.advance(to: FileWatcher.now())
            for notice in frame.notices {
                switch notice {
                case .error(let message): Diagnostics.error(message)
                case .note(let message): Diagnostics.note(message)
                case .reloaded:
                    renderer.reloadImages()
                    afterReload?(level)
                }
            }
            for play in frame.sounds {
                let gains = play.gains
                do { try audio.play(file: play.file, pitch: play.pitch, left: gains.left, right: gains.right) } catch {
                    Diagnostics.warning(error.description)
                }
            }
            let size = window.pixelSize
            idle = !frame.changed && !window.needsRedraw && size == shownSize
            if idle { continue }
            let buffer = try renderer.frame(frame.scene, size: .pixels(width: max(size.width, 1), height: max(size.height, 1)))
            window.present(bgra: buffer.pixels, width: buffer.width, height: buffer.height)
            shownSize = size
        }
    }

    /// A window event in the loop's terms.
    static func input(_ event: InputEvent) -> GameLoop.Input {
        switch event {
        case .closeRequested:
            return .closeRequested
        case .pointer(let p):
            let phase = KineticLua.PointerEvent.Phase(rawValue: p.phase.rawValue) ?? .moved
            return .pointer(KineticLua.PointerEvent(phase: phase, x: p.x, y: p.y, vx: p.vx, vy: p.vy, id: p.id))
        case .key(let name, let isDown):
            return .key(name, down: isDown)
        }
    }
}
