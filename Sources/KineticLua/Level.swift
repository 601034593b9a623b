// A loaded level: its Lua state, its world, and the lifecycle calls the host makes.
// CONTRACT: the CLI (`kinetic run/render/watch/check`) is written against these signatures.
import KineticDynamics
import Foundation
import KineticLuaBridge
import KineticPhysics
// A host reads the scene values (`RenderScene`, `Color`, `Vec2`...) without a second import.
@_exported import KineticScene

/// How a level is loaded and limited.
public struct LevelOptions: Sendable {
    /// Overrides the level's `seed` field.
    public var seed: Int? = nil
    /// Overrides the level's reference width, points.
    public var width: Double? = nil
    /// Overrides the level's reference height, points.
    public var height: Double? = nil
    /// Lifts the sandbox (`--trust`): full standard library, files anywhere.
    public var trusted: Bool = false
    /// Wall-clock budget of one callback, seconds; a runaway loop is stopped with a `file:line` error.
    public var callbackTimeBudget: Double = 2
    /// Deterministic instruction budget per callback (scenario runs); nil = use the time budget.
    public var instructionBudget: Int? = nil
    /// Memory cap of the Lua state, bytes.
    public var memoryLimit: Int = 256 << 20
    /// Where `world:screenshot` writes (docs/sandbox.md, "Files a level writes").
    public var screenshots: ScreenshotFolder = .levelFolder
    /// Where `kinetic.save` keeps each level's data (docs/sandbox.md, "Saved data").
    public var dataFolder: DataFolder = .user
    /// The ring of checkpoints the level's world keeps as it runs, for `world:rewind` and the
    /// window's scrubbing (`GameLoop`): how often and how many (docs/time-travel.md).
    public var checkpoints = CheckpointSettings.standard
    /// Draws a frame into a PNG file for `world:screenshot(path)`: the host's drawing layer (the
    /// binding layer describes frames but does not draw them). Defaults to `pngWriter`.
    public var writePNG: PNGWriter? = LevelOptions.pngWriter
    /// `writePNG`'s default, set once by the host before it loads a level (the `kinetic` command sets
    /// Render's writer); nil until then, and a screenshot is then an error naming the reason.
    nonisolated(unsafe) public static var pngWriter: PNGWriter?
    /// Where `print` output goes (default: standard output).
    /// Flushed at once, so a level's lines reach a pipe (`| tee`, a test, an editor) as they happen.
    public var print: @Sendable (String) -> Void = { Swift.print($0); fflush(nil) }
    /// Where warnings go (default: standard error).
    public var warn: @Sendable (String) -> Void = { message in
        FileHandleStderr.write("warning: \(message)\n")
    }
    public init() {}
}

/// Writes `scene` as a PNG file at `path`, sending what it could not draw (a missing image) to `warn`.
public typealias PNGWriter = @Sendable (_ scene: RenderScene, _ path: String, _ warn: @escaping @Sendable (String) -> Void) throws -> Void

/// Where `world:screenshot(path)` writes its PNG files; a path may not leave the folder.
public enum ScreenshotFolder: Sendable, Equatable {
    /// The folder of the world's level (the default).
    case levelFolder
    /// A folder the user chose (`--screenshots DIR`).
    case folder(String)
    /// Nothing is written (`kinetic check`, which has no side effects): the path is still checked
    /// and the frame still drawn, so their errors are still reported.
    case discard
}

/// A script or load error: `file:line: message`, with a traceback for runtime errors.
public struct LevelError: Error, CustomStringConvertible, Sendable {
    /// `file:line: what went wrong`, the level's files named as the host gave them.
    public var message: String
    /// The Lua stack when a script raised (`stack traceback:` and one line a frame); nil otherwise.
    public var traceback: String?
    public init(message: String, traceback: String? = nil) { self.message = message; self.traceback = traceback }
    public var description: String { traceback.map { "\(message)\n\($0)" } ?? message }
}

/// A pointer (mouse/touch) event, in view points (y down, the origin at the view's top-left corner,
/// as a window or a render shows the level). `Level.pointer` turns it into world points through the
/// level's camera before `level.pointer` receives it, so a recording keeps what the user did.
public struct PointerEvent: Sendable, Equatable {
    /// A press, a move, a release.
    public enum Phase: String, Sendable { case began, moved, ended }
    /// Which part of the gesture this is.
    public var phase: Phase
    /// Where, view points.
    public var x: Double, y: Double
    /// Velocity estimate, points/s (like a pan gesture's).
    public var vx: Double = 0, vy: Double = 0
    /// Which pointer (touch), for multi-touch hosts; 1 for a mouse.
    public var id: Int = 1
    public init(phase: Phase, x: Double, y: Double, vx: Double = 0, vy: Double = 0, id: Int = 1) {
        self.phase = phase; self.x = x; self.y = y; self.vx = vx; self.vy = vy; self.id = id
    }
}

/// A running level: its Lua state, its world, and the lifecycle calls the host makes.
public final class Level {
    /// Loads a level file or a folder holding `main.lua`, runs its `load(world, state)`.
    public static func load(path: String, options: LevelOptions = LevelOptions()) throws(LevelError) -> Level {
        let (state, runtime, world) = try start(path: path, options: options)
        return Level(path: path, options: options, state: state, runtime: runtime, world: world)
    }

    /// The path the level was loaded from.
    public let path: String
    /// The options it was loaded with.
    public let options: LevelOptions
    var state: LuaState
    var runtime: Runtime
    /// The world being run; held in its runtime (`Runtime.hold`) until replaced.
    var world: WorldModel

    init(path: String, options: LevelOptions, state: LuaState, runtime: Runtime, world: WorldModel) {
        self.path = path
        self.options = options
        self.state = state
        self.runtime = runtime
        self.world = world
    }

    /// The level's `title` field ("" when unset).
    public var title: String { world.setup.title }
    /// Reference size, points.
    public var width: Double { world.setup.width }
    /// Reference height, points.
    public var height: Double { world.setup.height }
    /// The view's size (what a window or a render shows), points: the level's `view`, else its size.
    public var viewWidth: Double { world.setup.viewSize.width }
    /// The view's height, points.
    public var viewHeight: Double { world.setup.viewSize.height }
    /// Fixed steps per second.
    public var fps: Double { world.fps }
    /// Seconds a headless run lasts when the command line gives none (level field `duration`).
    public var duration: Double? { world.setup.duration }
    /// The seed in force.
    public var seed: Int { world.setup.seed }
    /// The background colour (level field `background`, default white).
    public var background: Color { world.setup.background }
    /// Simulated seconds so far.
    public var time: Double { world.time }
    /// Fixed steps so far (the step an input arrives before, in a recording).
    public var stepCount: Int { world.stepsTaken }
    /// Items in the world now.
    public var itemCount: Int { world.animator.items.count }
    /// False while the animator is paused because everything is at rest.
    public var isRunning: Bool { world.animator.isRunning }
    /// The debug overlay flag (`world.debug`).
    public var debug: Bool {
        get { world.animator.debugEnabled }
        set { world.animator.debugEnabled = newValue }
    }
    /// The level's folder (images and modules are relative to it).
    public var folder: String { world.setup.folder ?? "." }
    /// The Lua state the level runs in, for this package's own tools (fuzzers, soak, tests). Not
    /// public: its type is KineticLuaBridge's, which no product offers, and a host that ran Lua in it
    /// would bypass the bindings' rules.
    package var luaState: LuaState { state }
    /// Worlds, behaviours and regions in use in the level's Lua state, after freeing those Lua has
    /// collected (for leak checks: flat under churn once Lua collects).
    public var handlesInUse: HandleCounts {
        runtime.sweep()
        return HandleCounts(worlds: runtime.worlds.count, behaviors: runtime.behaviors.count, regions: runtime.regions.count)
    }

    /// One fixed step: `level.update`, behaviours, physics, callbacks, actions.
    public func step() throws(LevelError) {
        do { try runtime.step(world) } catch { throw LevelError(error) }
    }

    /// Delivers a pointer event (view points) to `level.pointer(world, e)`, in world points.
    public func pointer(_ event: PointerEvent) throws(LevelError) {
        do { try runtime.pointer(world, event) } catch { throw LevelError(error) }
    }

    /// Delivers a key to `level.key(world, name, down)` (names as LÖVE's: "space", "left", "a");
    /// true when the level returned true (it handled the key, so the window's built-in binding for it
    /// is skipped).
    @discardableResult
    public func key(_ name: String, down: Bool) throws(LevelError) -> Bool {
        do { return try runtime.key(world, name, down: down) } catch { throw LevelError(error) }
    }

    /// A checkpoint of the level's world (`world:checkpoint()` from Swift): see docs/time-travel.md.
    public struct Checkpoint {
        let value: LevelCheckpoint
        /// Fixed steps taken when it was made.
        public var stepCount: Int { value.stepsTaken }
        /// Bytes its Swift side holds as if it shared nothing with the world (the Lua copies of the
        /// level's tables are not counted: they are the size of those tables).
        public var byteCount: Int { value.animator.byteCount }
    }

    /// Takes a checkpoint of the running world.
    public func checkpoint() throws(LevelError) -> Checkpoint {
        do { return Checkpoint(value: try runtime.takeCheckpointWithTable(of: world)) } catch { throw LevelError(error) }
    }

    /// Puts the running world back as it was at `checkpoint` (one of this world's).
    public func restore(_ checkpoint: Checkpoint) throws(LevelError) {
        guard checkpoint.value.world == world.handle, let table = checkpoint.value.lua else {
            throw LevelError(message: "restore: the checkpoint was taken of another world")
        }
        do { try runtime.restore(world, to: checkpoint.value) { lua in lua.push(table) } } catch {
            throw LevelError(message: "\(error)")
        }
    }

    /// Goes back `seconds` (`world:rewind`); returns the simulated time reached.
    @discardableResult
    public func rewind(_ seconds: Double) throws(LevelError) -> Double {
        do { return try runtime.rewind(world, seconds: seconds) } catch { throw LevelError(message: "\(error)") }
    }

    /// Shows the world as it was after step `step` (the window's scrubbing): restores the newest
    /// checkpoint the world kept at or before it and steps again with the recorded input. Unlike
    /// `rewind` it keeps the ring's future, so a later seek can go forward again; `branch()` drops
    /// it when the run goes on. Sounds the level plays while re-simulating are in `soundPlays`.
    public func seek(toStep step: Int) throws(LevelError) {
        do { try runtime.seek(world, toStep: step) } catch { throw LevelError(message: "\(error)") }
    }

    /// The run goes on from the step shown after seeks: the ring's old future is dropped.
    public func branch() {
        runtime.branch(world)
    }

    /// Every input the level was given since it started (a restart starts afresh; a hot reload
    /// keeps it), with its step; a restore or a branch drops what came after it.
    public var runInput: [RecordedEvent] { world.runInput }

    /// Steps the level to step `target`, giving it each of `input` at its step (a re-run on edit:
    /// the restarted, edited level plays the input the run was given; docs/time-travel.md).
    public func play(_ input: [RecordedEvent], toStep target: Int) throws(LevelError) {
        do { try runtime.play(input, on: world, to: target) } catch let error as LuaError {
            throw LevelError(error)
        } catch { throw LevelError(message: "\(error)") }
    }

    /// A hash of the physics world's whole state, bit for bit (equal states, equal hashes).
    public var stateHash: UInt64 { world.animator.stateHash() }

    /// The step of the oldest checkpoint the world keeps (the earliest a seek can reach), or nil
    /// before its first step.
    public var oldestKeptStep: Int? { world.timeline.entries.first?.stepsTaken }
    /// How many checkpoints the world's ring holds now.
    public var keptCheckpointCount: Int { world.timeline.entries.count }
    /// Bytes the ring's checkpoints hold, each counted as if it shared nothing with the world
    /// (`Checkpoint.byteCount`; the Lua copies of the level's tables are not counted).
    public var ringByteCount: Int { world.timeline.entries.reduce(0) { $0 + $1.animator.byteCount } }

    /// Where every moving item (or the items named) goes over the next `steps` steps, if nothing
    /// intervenes (`world:predict`); the world is left as it was.
    public func predictPaths(steps: Int, names: [String]? = nil) -> [(name: String?, points: [Vec2])] {
        let snapshot = world.animator.snapshot().items
        let chosen = snapshot.filter { item in
            if let names { return item.name.map(names.contains) ?? false }
            return item.isSimulated && !item.isAnchored && item.isAwake
        }
        let paths = runtime.predictPaths(world, items: chosen.map(\.id), steps: min(steps, Runtime.predictionStepLimit))
        return zip(chosen, paths).map { ($0.name, $1) }
    }

    /// The frame to draw now, with the HUD from `level.draw`. A `draw` error is returned in `hudError`
    /// (the scene is still drawn).
    public func scene() -> (scene: RenderScene, hudError: LevelError?) {
        let (scene, error) = runtime.scene(world, hud: true)
        return (scene, error.map(LevelError.init))
    }

    /// Every `Sound:play` of the level since it started, in order (the window plays them, a video
    /// mixes them in, a scenario asserts them with `world:sounds()`).
    public var soundPlays: [SoundPlay] { world.soundPlays }

    /// Every item's name, centre, angle and velocities, in creation order (for determinism checks).
    public func snapshot() -> [ItemState] {
        world.animator.snapshot().items.map {
            ItemState(name: $0.name, x: $0.center.x, y: $0.center.y, angle: $0.angle,
                      vx: $0.velocity.x, vy: $0.velocity.y, angularVelocity: $0.angularVelocity)
        }
    }

    /// Rebuilds the level from scratch (same options): a new Lua state, world and `state` table.
    public func restart() throws(LevelError) {
        (state, runtime, world) = try Self.start(path: path, options: options)
    }

    /// Loads the file again into a new world, keeping the `state` table and the centre, angle and
    /// velocities of named items, then calls `level.reloaded(world, state)`; then the old world is
    /// emptied (`retire`). On any error before `reloaded` the old world keeps running.
    public func reload() throws(LevelError) {
        guard let old = world.level else { return }
        let kept = snapshot()
        do {
            // Modules the level required load again too (the host's libraries stay).
            try state.run(Self.forgetModules, name: "=reload")
            let fresh = try runtime.loadLevel(old.chunk, overrides: Self.overrides(options), ownEnvironment: false, keeping: old.state)
            fresh.stepsTaken = world.stepsTaken
            fresh.keysDown = world.keysDown  // a key held through the save is still down
            fresh.pointerState = world.pointerState
            fresh.soundPlays = world.soundPlays  // the window has played them: only later plays are new
            fresh.runInput = world.runInput  // the run goes on: a re-run on edit plays all of it
            for item in kept {
                guard let name = item.name, let id = fresh.animator.item(named: name) else { continue }
                try? fresh.animator.updateItemUsingCurrentState(id, center: Vec2(item.x, item.y), angle: item.angle)
                try? fresh.animator.setVelocity(Vec2(item.vx, item.vy), of: id)
                try? fresh.animator.setAngularVelocity(item.angularVelocity, of: id)
            }
            // A camera following an item goes on from where it was, as the item does, rather
            // than from where the new `load` placed the item.
            if fresh.camera.follow != nil, world.camera.follow != nil, fresh.camera.view == world.camera.view {
                fresh.camera.center = world.camera.center
            }
            runtime.carryData(from: world, to: fresh)
            Self.carrySensorStays(from: world.animator, to: fresh.animator)
            let replaced = world
            world = fresh
            // Once `reloaded` has run, the replaced world lets go of its level's functions,
            // behaviours and items (they would keep it alive through Lua), and is freed once Lua
            // lets go of it too.
            defer {
                retire(replaced)
                runtime.release(replaced)
            }
            if let reloaded = runtime.function(named: "reloaded", in: fresh.level!.table) {
                try runtime.call(reloaded) { lua in
                    runtime.pushWorld(fresh, on: lua)
                    lua.push(old.state)
                    return 2
                }
            }
        } catch {
            throw LevelError(error)
        }
    }

    /// Starts each named sensor of the new world with the named items that were inside the old
    /// world's first sensor of that name, so an item that stays inside across a reload gets no
    /// second `began` (and one that the new version places outside gets `ended`). Unnamed sensors
    /// and items start afresh: nothing tells which old one a new one is.
    static func carrySensorStays(from old: DynamicAnimator, to fresh: DynamicAnimator) {
        var oldSensors: [String: SensorBehavior] = [:]  // lookups only
        for case let s as SensorBehavior in old.allBehaviors {
            if let name = s.name, oldSensors[name] == nil { oldSensors[name] = s }
        }
        guard !oldSensors.isEmpty else { return }
        for case let s as SensorBehavior in fresh.allBehaviors {
            guard let name = s.name, let before = oldSensors[name] else { continue }
            let names = before.itemsInside.compactMap { (try? old.name(of: $0)) ?? nil }
            s.assumeInside(fresh.items.filter { id in ((try? fresh.name(of: id)) ?? nil).map(names.contains) ?? false })
        }
    }

    /// Drops the level's own modules from `package.loaded` so that `require` reads them again.
    static let forgetModules = """
        local keep = { _G = true, string = true, table = true, math = true, utf8 = true, coroutine = true,
          io = true, os = true, debug = true, package = true, kinetic = true }
        local loaded = package.loaded
        local names = {}
        for name in pairs(loaded) do if not keep[name] then names[#names + 1] = name end end
        for _, name in ipairs(names) do loaded[name] = nil end
        """

    static func overrides(_ options: LevelOptions) -> LevelOverrides {
        LevelOverrides(seed: options.seed, width: options.width, height: options.height)
    }

    /// Makes the state, installs `kinetic` and loads the level.
    static func start(path: String, options: LevelOptions) throws(LevelError) -> (LuaState, Runtime, WorldModel) {
        let isFolder: Bool
        do {
            // Named as given (`levels/pit/main.lua: No such file or directory`) before the state exists.
            isFolder = try LevelFiles.isFolder(path)
            _ = try LevelFiles.resolve(LevelFiles.levelFile(path), from: FileManager.default.currentDirectoryPath, inside: nil)
        } catch {
            throw LevelError(message: error.message)
        }
        let folder = isFolder ? path : (path as NSString).deletingLastPathComponent
        let file = isFolder ? "main.lua" : (path as NSString).lastPathComponent
        var lua = LuaOptions()
        lua.trusted = options.trusted
        lua.folder = folder.isEmpty ? "." : folder
        lua.seed = options.seed ?? 0
        lua.memoryLimit = options.memoryLimit
        lua.timeBudget = options.callbackTimeBudget
        lua.instructionBudget = options.instructionBudget
        lua.output = options.print
        lua.warnings = options.warn
        do {
            let state = try LuaState(options: lua)
            let runtime = Runtime.install(in: state, options: options)
            let world = try runtime.loadLevel(file, overrides: overrides(options), ownEnvironment: false)
            return (state, runtime, world)
        } catch {
            throw LevelError(error)
        }
    }
}

/// How many worlds, behaviours and regions a Lua state holds slots for.
public struct HandleCounts: Sendable, Equatable {
    public var worlds: Int
    public var behaviors: Int
    public var regions: Int
}

/// One item's state in a `Level.snapshot()`: points, radians, pt/s, rad/s.
public struct ItemState: Sendable, Equatable {
    /// The item's `name`, nil for an unnamed item.
    public var name: String?
    /// Centre, world points.
    public var x: Double, y: Double
    /// Rotation, radians, clockwise on screen.
    public var angle: Double
    /// Velocity of the centre, points/s.
    public var vx: Double, vy: Double
    /// Radians/s, clockwise positive.
    public var angularVelocity: Double
}

extension LevelError {
    /// A script error as the host reports it: `file:line: message` and the trimmed traceback.
    init(_ error: LuaError) {
        self.init(message: error.message,
                  traceback: error.traceback.isEmpty ? nil : "stack traceback:\n" + error.traceback.map { "\t" + $0 }.joined(separator: "\n"))
    }
}

enum FileHandleStderr {
    static func write(_ s: String) { FileHandle.standardError.write(Data(s.utf8)) }
}
