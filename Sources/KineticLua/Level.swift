// A loaded level: its Lua state, its world, and the lifecycle calls the host makes.
// CONTRACT: the CLI (`kinetic run/render/watch/check`) is written against these signatures.
import Foundation
import Render

/// How a level is loaded and limited.
public struct LevelOptions: Sendable {
    /// Overrides the level's `seed` field.
    public var seed: Int? = nil
    /// Overrides the level's reference size.
    public var width: Double? = nil
    public var height: Double? = nil
    /// Lifts the sandbox (`--trust`): full standard library, files anywhere.
    public var trusted: Bool = false
    /// Wall-clock budget of one callback, seconds; a runaway loop is stopped with a `file:line` error.
    public var callbackTimeBudget: Double = 2
    /// Deterministic instruction budget per callback (scenario runs); nil = use the time budget.
    public var instructionBudget: Int? = nil
    /// Memory cap of the Lua state, bytes.
    public var memoryLimit: Int = 256 << 20
    /// Where `print` output goes (default: standard output).
    public var print: @Sendable (String) -> Void = { Swift.print($0) }
    /// Where warnings go (default: standard error).
    public var warn: @Sendable (String) -> Void = { message in
        FileHandleStderr.write("warning: \(message)\n")
    }
    public init() {}
}

/// A script or load error: `file:line: message`, with a traceback for runtime errors.
public struct LevelError: Error, CustomStringConvertible, Sendable {
    public var message: String
    public var traceback: String?
    public init(message: String, traceback: String? = nil) { self.message = message; self.traceback = traceback }
    public var description: String { traceback.map { "\(message)\n\($0)" } ?? message }
}

/// A pointer (mouse/touch) event in level coordinates, as `level.pointer` receives it.
public struct PointerEvent: Sendable, Equatable {
    public enum Phase: String, Sendable { case began, moved, ended }
    public var phase: Phase
    public var x: Double, y: Double
    /// Velocity estimate, points/s (like a pan gesture's).
    public var vx: Double = 0, vy: Double = 0
    public var id: Int = 1
    public init(phase: Phase, x: Double, y: Double, vx: Double = 0, vy: Double = 0, id: Int = 1) {
        self.phase = phase; self.x = x; self.y = y; self.vx = vx; self.vy = vy; self.id = id
    }
}

/// A running level.
public final class Level {
    /// Loads a level file or a folder holding `main.lua`, runs its `load(world, state)`.
    public static func load(path: String, options: LevelOptions = LevelOptions()) throws(LevelError) -> Level {
        throw LevelError(message: "\(path): levels are not supported yet")
    }
    public var title: String { "" }
    /// Reference size, points.
    public var width: Double { 375 }
    public var height: Double { 667 }
    /// Fixed steps per second.
    public var fps: Double { 60 }
    /// Seconds a headless run lasts when the command line gives none (level field `duration`).
    public var duration: Double? { nil }
    /// Simulated seconds and fixed steps so far.
    public var time: Double { 0 }
    public var stepCount: Int { 0 }
    public var itemCount: Int { 0 }
    /// False while the animator is paused because everything is at rest.
    public var isRunning: Bool { true }
    /// The debug overlay flag (`world.debug`).
    public var debug: Bool = false
    /// The level's folder (images and modules are relative to it).
    public var folder: String { "." }

    /// One fixed step: `level.update`, behaviours, physics, callbacks, actions.
    public func step() throws(LevelError) {}
    public func pointer(_ event: PointerEvent) throws(LevelError) {}
    public func key(_ name: String, down: Bool) throws(LevelError) {}
    /// The frame to draw now, with the HUD from `level.draw`. A `draw` error is returned in `hudError`
    /// (the scene is still drawn).
    public func scene() -> (scene: RenderScene, hudError: LevelError?) {
        (RenderScene(size: SceneSize(width, height)), nil)
    }
    /// Rebuilds the level from scratch (same options).
    public func restart() throws(LevelError) {}
}

enum FileHandleStderr {
    static func write(_ s: String) { FileHandle.standardError.write(Data(s.utf8)) }
}
