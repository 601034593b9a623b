// The live window loop of `kinetic run`: real time at the level's fixed rate, input to the level,
// built-in keys, and script errors shown over the scene until a restart. With a `reloader`
// (`kinetic watch`), saved changes are applied between steps and a refused reload is shown over the
// scene while the previous version keeps running.
import ArgumentParser
import Foundation
import KineticLua
import Render
import Viewer

struct WindowRunner {
    let level: Level
    /// Reloads the level when its files change (`kinetic watch`, `run --watch`).
    var reloader: HotReloader? = nil
    /// Runs after a reload or restart took over (`kinetic watch` prints check's warnings there).
    var afterReload: ((Level) -> Void)? = nil
    /// Wall-clock seconds after which the loop ends (`watch --seconds`).
    var wallClockSeconds: Double? = nil
    /// Records every input with its step (`kinetic record`); restarting is then disabled, since a
    /// recording replays one uninterrupted run.
    var recorder: Recorder? = nil
    /// Plays these recorded inputs at their steps instead of the user's (`kinetic replay` in a window);
    /// the loop ends when the recording's steps have run. Restarting is disabled.
    var replay: Recording? = nil

    /// True when a window can be opened; false without a display (the command runs headless). A
    /// display that is named but cannot be reached is an error: a CI job that set DISPLAY and got a
    /// silent headless run instead would never know.
    static func isDisplayAvailable() throws -> Bool {
        switch Window.display {
        case .available: return true
        case .none: return false
        case .unreachable(let reason):
            Diagnostics.error("cannot open a window: \(reason); start the display server, unset DISPLAY, or pass --headless")
            throw ExitCode.failure
        }
    }

    /// Built-in keys; the level's `key` callback sees every key first and overrides one by returning true.
    static let keyHelp = "space pause/resume · . step while paused · d debug overlay · r restart · q/Esc quit"

    /// Runs until the window closes, q/Escape, or `seconds` of level time have passed.
    func run(seconds: Double?) throws {
        let window = try Window(title: level.title.isEmpty ? "kinetic" : level.title,
                                referenceWidth: level.viewWidth, referenceHeight: level.viewHeight,
                                maximumFramesPerSecond: max(level.fps, 30))
        defer { window.close() }
        let renderer = Renderer()
        var paused = false
        var scriptError: String?
        var reloadError: String?  // shown while the previous version keeps running
        let started = Date()
        var accumulator = 0.0
        var last = Date()
        var replayNext = 0

        /// Delivers the recorded inputs of the current step (replays only).
        func deliverReplayInputs() {
            guard let replay else { return }
            while replayNext < replay.events.count, replay.events[replayNext].step <= level.stepCount {
                do {
                    switch replay.events[replayNext].input {
                    case .pointer(let e): try level.pointer(e)
                    case .key(let name, let down): try level.key(name, down: down)
                    }
                } catch { report(error) }
                replayNext += 1
            }
        }

        func report(_ error: LevelError) {
            Diagnostics.error(error.description)
            scriptError = error.message
        }

        func apply(_ result: ReloadResult) {
            if result.applied {
                renderer.reloadImages()
                scriptError = nil
                reloadError = nil
                Diagnostics.note(result.summary(relativeTo: level.folder))
                afterReload?(level)
                if let error = result.error { report(error) }
            } else if let error = result.error {
                Diagnostics.error(error.description)
                Diagnostics.note(result.summary(relativeTo: level.folder))
                reloadError = error.description
            }
        }

        while true {
            for event in window.pollEvents() {
                switch event {
                case .closeRequested:
                    return
                case .pointer(let p):
                    guard scriptError == nil, replay == nil else { continue }
                    let phase = KineticLua.PointerEvent.Phase(rawValue: p.phase.rawValue) ?? KineticLua.PointerEvent.Phase.moved
                    let event = KineticLua.PointerEvent(phase: phase, x: p.x, y: p.y, vx: p.vx, vy: p.vy, id: p.id)
                    recorder?.record(.pointer(event), atStep: level.stepCount)
                    do { try level.pointer(event) } catch { report(error) }
                case .key(let name, let isDown):
                    var handled = false
                    if scriptError == nil, replay == nil {
                        recorder?.record(.key(name, down: isDown), atStep: level.stepCount)
                        do { handled = try level.key(name, down: isDown) } catch { report(error) }
                    }
                    // A level's `key` that returns true overrides the built-in binding.
                    guard isDown, !handled else { continue }
                    switch name {
                    case "q", "escape":
                        return
                    case "space":
                        paused.toggle()
                    case ".":
                        if paused && scriptError == nil {
                            do { try level.step() } catch { report(error) }
                        }
                    case "d":
                        level.debug.toggle()
                    case "r" where recorder == nil && replay == nil:
                        if let reloader {
                            apply(reloader.restart())
                        } else {
                            do {
                                try level.restart()
                                scriptError = nil
                            } catch { report(error) }
                        }
                    default:
                        break
                    }
                }
            }

            // Saved changes land between steps, never inside one.
            if let result = reloader?.check() { apply(result) }

            // Fixed steps for the real time that passed; at most a quarter second is caught up
            // so a stall (a breakpoint, a slow frame) doesn't fast-forward the level.
            let now = Date()
            accumulator = min(accumulator + now.timeIntervalSince(last), 0.25)
            last = now
            if paused || scriptError != nil { accumulator = 0 }
            let dt = 1 / level.fps
            while accumulator >= dt {
                accumulator -= dt
                deliverReplayInputs()
                if let replay, level.stepCount >= replay.steps { return }
                do { try level.step() } catch { report(error); break }
            }

            var (scene, hudError) = level.scene()
            if let hudError, scriptError == nil { report(hudError) }
            let fix = reloader == nil ? "fix the level and press r to restart" : "save a fix to reload, or press r to restart"
            scene.errorBanner = scriptError.map { "\($0)\n\n\(fix)" }
                ?? reloadError.map { "\($0)\n\nreload failed: the previous version keeps running; save again to reload" }
                ?? (paused ? "paused — space resumes, . steps" : nil)
            let size = window.pixelSize
            let frame = try renderer.frame(scene, size: .pixels(width: max(size.width, 1), height: max(size.height, 1)))
            window.present(bgra: frame.pixels, width: frame.width, height: frame.height)

            if let seconds, level.time >= seconds { return }
            if let wallClockSeconds, Date().timeIntervalSince(started) >= wallClockSeconds { return }
        }
    }
}
