// The real-time loop a window plays a level with (`kinetic run`, `watch`, `record`, `replay`): input
// in, fixed steps by the host's clock, the built-in keys, errors shown over the scene, frames out.
// A host of the loop has the level it plays (`Level`, `PointerEvent`, the scene values) with it.
@_exported import KineticLua

/// Plays a level in real time. It knows no window: the host hands it input (`handle`) and its clock
/// (`advance(to:)`), and presents the frames it returns; so it runs the same under a test with a
/// fake clock as in the SDL window.
///
///     let loop = GameLoop(level: level)
///     while !loop.isFinished {
///         for event in window.events() { loop.handle(event) }
///         present(loop.advance(to: clock()).scene)
///     }
public final class GameLoop {
    /// Where the level's input comes from, and whether it is written down.
    public enum Mode {
        /// The user's pointer and keys go to the level; r restarts it.
        case play
        /// As `play`, and every input the level receives is recorded with its step. r is disabled:
        /// a recording replays one uninterrupted run.
        case record(Recorder)
        /// The recording's inputs arrive at their steps and the user's are not given to the level
        /// (the built-in keys still work); r is disabled; the loop finishes after the last step.
        case replay(Recording)
    }

    /// Input from the host, already in the level's terms (scene points, key names as in LÖVE).
    public enum Input: Sendable, Equatable {
        /// A pointer began, moved or ended.
        case pointer(PointerEvent)
        /// A key went down or up (auto-repeats are not reported).
        case key(String, down: Bool)
        /// The user closed the window.
        case closeRequested
    }

    /// What the host should tell the user, or do, in the order it happened.
    public enum Notice: Sendable, Equatable {
        /// A script or reload error, for the terminal (the scene shows it too).
        case error(String)
        /// A reload's one-line summary.
        case note(String)
        /// A new version of the level took over (reload or restart by the reloader): images may
        /// have changed on disk.
        case reloaded
    }

    /// One frame for the host to present.
    public struct Frame {
        /// The scene, with the error banner (or the paused hint) filled in.
        public var scene: RenderScene
        /// What happened since the previous frame.
        public var notices: [Notice]
        /// The sounds the level played since the previous frame, for the host to play now.
        public var sounds: [SoundPlay]
        /// False when the scene is the one the previous frame carried and nothing was reloaded
        /// (paused, or every item asleep and the HUD unchanged): the host may keep the picture it
        /// shows instead of drawing the same one again.
        public var changed: Bool
    }

    /// Most host-clock seconds caught up in one `advance`, so a stall (a breakpoint, a slow frame)
    /// does not fast-forward the level.
    public static let maximumCatchUp = 0.25

    /// The level it plays (restarts and reloads keep this object).
    public let level: Level
    /// Playing, recording or replaying.
    public let mode: Mode
    /// Reloads the level when its files change (`kinetic watch`, `run --watch`); r then restarts
    /// through it.
    public var reloader: HotReloader?
    /// Steps after which the loop finishes (`--seconds` of level time).
    public var stepLimit: Int?
    /// Host-clock seconds after which the loop finishes (`watch --seconds`), counted from the first
    /// `advance`.
    public var clockLimit: Double?

    /// True while space has paused the level.
    public private(set) var isPaused = false
    /// True once the loop is over: q, Escape, a closed window, a limit reached, a replay's end.
    public private(set) var isFinished = false
    /// The script error the level stopped on; it waits for a restart or reload.
    public private(set) var scriptError: String?
    /// A reload that was refused; the previous version keeps running.
    public private(set) var reloadError: String?

    private var replayCursor: ReplayCursor?
    private var recorder: Recorder?
    private var startTime: Double?
    private var lastTime = 0.0
    private var accumulator = 0.0
    private var notices: [Notice] = []
    /// How many of `level.soundPlays` earlier frames handed out.
    private var soundsHanded = 0
    /// The scene the previous frame carried, to tell the host whether anything changed.
    private var previousScene: RenderScene?

    /// A loop for `level`, which it steps from the first `advance(to:)`; `reloader` reloads it
    /// when its files change.
    public init(level: Level, mode: Mode = .play, reloader: HotReloader? = nil) {
        self.level = level
        self.mode = mode
        self.reloader = reloader
        ghostHorizon = GhostHorizon(fps: level.fps)
        switch mode {
        case .play: break
        case .record(let recorder): self.recorder = recorder
        case .replay(let recording): replayCursor = ReplayCursor(recording)
        }
    }

    private var isReplay: Bool { replayCursor != nil }

    /// Whether frames show where the moving items will go (key g; docs/time-travel.md).
    public private(set) var showsGhosts = false
    /// How far ahead the ghosts look: 1.5 s, shorter while predicting costs more than a frame has.
    public private(set) var ghostHorizon: GhostHorizon

    /// The furthest step the run has reached: scrubbing shows earlier steps, up to this one.
    public private(set) var headStep = 0
    /// True while the scene shows a step scrubbed to (restored from the level's ring of
    /// checkpoints) and the ring still holds the old future; the next step or input branches.
    public private(set) var isScrubbing = false
    /// Shift keys held, for shift+←/→ (a second instead of a step).
    private var shiftsHeld: Set<String> = []
    /// Whether a saved change re-runs the level from its start with the input given so far, up to
    /// the step shown (key e, `--rerun`; needs a reloader), instead of a hot reload from now on.
    public var rerunsOnEdit = false
    /// True from a press on the timeline bar to its release.
    private var draggingTimeline = false
    private var viewSize: Size { Size(width: level.viewWidth, height: level.viewHeight) }

    // MARK: - Input

    /// Gives the level an input (recording it when recording), then applies the built-in key
    /// bindings the level did not override.
    public func handle(_ input: Input) {
        guard !isFinished else { return }
        let acceptsInput = scriptError == nil && !isReplay
        switch input {
        case .closeRequested:
            isFinished = true
        case .pointer(let event):
            // A press on the timeline bar (shown while paused) and its drag scrub; the level does not see them.
            if draggingTimeline || (event.phase == .began && timelineBar() != nil
                                    && TimelineBar.contains(x: event.x, y: event.y, in: viewSize)) {
                draggingTimeline = event.phase != .ended
                if let bar = timelineBar() { seek(toStep: bar.step(atX: event.x, in: viewSize)) }
                return
            }
            guard acceptsInput else { return }
            branchIfScrubbing()
            recorder?.record(.pointer(event), atStep: level.stepCount)
            do { try level.pointer(event) } catch { report(error) }
        case .key(let name, let down):
            let isShift = name == "lshift" || name == "rshift"
            if isShift {
                if down { shiftsHeld.insert(name) } else { shiftsHeld.remove(name) }
            }
            // The Pause key is the window's alone, so a level that takes space (to shoot, to jump)
            // can still be paused and scrubbed.
            if name == Self.pauseKey {
                if down { togglePause() }
                return
            }
            // While paused the arrows (and shift, their modifier) scrub the run; the level does not
            // see them, so they do not branch it.
            if isPaused, isShift { return }
            if isPaused, name == "left" || name == "right" {
                if down { scrub(forward: name == "right", bySecond: !shiftsHeld.isEmpty) }
                return
            }
            var handled = false
            if acceptsInput {
                branchIfScrubbing()
                recorder?.record(.key(name, down: down), atStep: level.stepCount)
                do { handled = try level.key(name, down: down) } catch { report(error) }
            }
            // A level's `key` that returns true overrides the built-in binding.
            if down, !handled { builtInKey(name) }
        }
    }

    private func builtInKey(_ name: String) {
        switch name {
        case "q", "escape":
            isFinished = true
        case "space":
            togglePause()
        case ".":
            if isPaused, scriptError == nil { stepOnce() }
        case "d":
            level.debug.toggle()
        case "g":
            showsGhosts.toggle()
        case "e" where reloader != nil && canScrub:
            rerunsOnEdit.toggle()
            notices.append(.note(rerunsOnEdit ? "re-run on edit: on (a save re-runs the level from its start with the same input)" : "re-run on edit: off"))
        case "r" where recorder == nil && !isReplay:
            restart()
        default:
            break
        }
    }

    /// The key that pauses and resumes whatever the level does with its keys (LÖVE's "pause").
    public static let pauseKey = "pause"

    private func togglePause() {
        isPaused.toggle()
        if !isPaused { branchIfScrubbing() }
    }

    private func restart() {
        if let reloader {
            apply(reloader.restart())
            return
        }
        do {
            try level.restart()
            scriptError = nil
            soundsHanded = 0
            startNewTimeline()
        } catch { report(error) }
    }

    // MARK: - Scrubbing

    /// Whether ←/→ and the timeline scrub: while playing (a recording or a replay is one
    /// uninterrupted run) and the level has no error.
    public var canScrub: Bool { recorder == nil && !isReplay && scriptError == nil && !isFinished }

    private func scrub(forward: Bool, bySecond: Bool) {
        let steps = bySecond ? Int(level.fps.rounded()) : 1
        seek(toStep: level.stepCount + (forward ? steps : -steps))
    }

    /// Shows the run at step `requested`, clamped to what the ring keeps: back to its oldest
    /// checkpoint, forward to `headStep` through the recorded past; past the head the level steps
    /// on live (which branches, like `.`). The scene then shows the exact state of that step.
    public func seek(toStep requested: Int) {
        guard canScrub else { return }
        let target = max(requested, level.oldestKeptStep ?? level.stepCount)
        let shown = min(target, headStep)
        if shown != level.stepCount || (isScrubbing && target > headStep) {
            do {
                try level.seek(toStep: shown)
                isScrubbing = true
            } catch { report(error) }
            // Re-simulated sounds were heard the first time: scrubbing is silent.
            soundsHanded = level.soundPlays.count
        }
        while level.stepCount < target, scriptError == nil, !isFinished {
            if !stepOnce() { break }
        }
    }

    /// The bar the scene shows while paused (nil when the run cannot be scrubbed).
    private func timelineBar() -> TimelineBar? {
        guard isPaused, canScrub, let oldest = level.oldestKeptStep else { return nil }
        return TimelineBar(oldestStep: oldest, headStep: max(headStep, level.stepCount), currentStep: level.stepCount, fps: level.fps)
    }

    /// The run goes on from the step shown: the ring's old future is dropped (docs/time-travel.md).
    private func branchIfScrubbing() {
        guard isScrubbing else { return }
        level.branch()
        isScrubbing = false
        headStep = level.stepCount
    }

    /// A restart or reload made a new world, with a ring of its own.
    private func startNewTimeline() {
        isScrubbing = false
        headStep = level.stepCount
    }

    // MARK: - Re-run on edit

    /// Applies a saved change: a hot reload, or with `rerunsOnEdit` a restart of the edited level
    /// played again with the same input to the step shown, so the scene shows what the edit would
    /// have done to the run. The re-run is silent and its past can be scrubbed.
    private func applySavedChange(_ reloader: HotReloader, now: Double) {
        let target = level.stepCount
        let restarts = reloader.restartOnReload
        if rerunsOnEdit && canScrub { reloader.restartOnReload = true }
        defer { reloader.restartOnReload = restarts }
        // The restart starts a new input log (the level's `runInput`): the re-run plays the old one
        // into it, up to the step shown (input after it is the old future's).
        let input = rerunsOnEdit ? level.runInput : []
        guard let result = reloader.check(now: now) else { return }
        let rerun = rerunsOnEdit && canScrub && result.applied && result.error == nil
        apply(result)
        guard rerun else { return }
        do { try level.play(input.filter { $0.step < target }, toStep: target) } catch { report(error) }
        headStep = level.stepCount
        soundsHanded = level.soundPlays.count
        notices.append(.note(String(format: "re-ran from the start to %.2f s with the same input", Double(level.stepCount) / level.fps)))
    }

    // MARK: - Time

    /// Runs the fixed steps owed for the host-clock time `now` (seconds, any monotonic clock; the
    /// first call starts the clock), applies a saved change between steps, and returns the frame.
    public func advance(to now: Double) -> Frame {
        if startTime == nil { startTime = now; lastTime = now }
        // Saved changes land between steps, never inside one.
        if let reloader { applySavedChange(reloader, now: now) }
        accumulator = min(accumulator + max(now - lastTime, 0), Self.maximumCatchUp)
        lastTime = now
        if isPaused || scriptError != nil || isFinished { accumulator = 0 }
        let dt = 1 / level.fps
        // The tolerance keeps a clock that advanced by exactly n steps from losing one to rounding.
        while accumulator >= dt * (1 - 1e-9), !isFinished {
            accumulator = max(accumulator - dt, 0)
            if !stepOnce() { break }
        }
        if let clockLimit, let startTime, now - startTime >= clockLimit { isFinished = true }
        let scene = scene(), notices = takeNotices()
        // A reload may have changed the images on disk behind an unchanged scene.
        let changed = scene != previousScene || notices.contains(.reloaded)
        previousScene = scene
        return Frame(scene: scene, notices: notices, sounds: takeSounds(), changed: changed)
    }

    /// One fixed step, preceded by the recorded inputs due (when replaying). False when no step ran
    /// (a limit was reached or the level raised an error).
    @discardableResult
    private func stepOnce() -> Bool {
        deliverReplayInputs()
        if isFinished || scriptError != nil { return false }
        if let stepLimit, level.stepCount >= stepLimit { isFinished = true; return false }
        branchIfScrubbing()
        do { try level.step() } catch { report(error); return false }
        headStep = level.stepCount
        deliverReplayInputs()
        if let stepLimit, level.stepCount >= stepLimit { isFinished = true }
        return true
    }

    /// Delivers the recorded inputs of the current step; after the recording's last step (and the
    /// inputs recorded at it), the loop is finished.
    private func deliverReplayInputs() {
        guard replayCursor != nil else { return }
        replayCursor!.deliver(upTo: level.stepCount) { input in
            do throws(LevelError) { try level.deliver(input) } catch { report(error) }
        }
        if replayCursor!.isFinished(atStep: level.stepCount) { isFinished = true }
    }

    // MARK: - Frames and errors

    private func scene() -> RenderScene {
        var (scene, hudError) = level.scene()
        if let hudError, scriptError == nil { report(hudError) }
        // Predicted for every frame, so a drag or a reload shows at once.
        if showsGhosts {
            if ghostHorizon.fps != level.fps { ghostHorizon = GhostHorizon(fps: level.fps) }  // a reload changed the rate
            var paths: [[Vec2]] = []
            let cost = ContinuousClock().measure {
                paths = level.predictPaths(steps: ghostHorizon.steps).map(\.points)
            }
            scene.ghosts = paths
            ghostHorizon.record(cost)
        }
        scene.timeline = timelineBar()
        let fix = reloader == nil ? "fix the level and press r to restart" : "save a fix to reload, or press r to restart"
        scene.errorBanner = scriptError.map { "\($0)\n\n\(fix)" }
            ?? reloadError.map { "\($0)\n\nreload failed: the previous version keeps running; save again to reload" }
            ?? (isPaused ? "paused — space or Pause resumes, . steps, ←/→ scrub (shift: a second)" : nil)
        return scene
    }

    private func report(_ error: LevelError) {
        notices.append(.error(error.description))
        scriptError = error.message
    }

    private func apply(_ result: ReloadResult) {
        if result.applied {
            if result.restarted { soundsHanded = 0 }
            startNewTimeline()
            scriptError = nil
            reloadError = nil
            notices.append(.note(result.summary(relativeTo: level.folder)))
            notices.append(.reloaded)
            if let error = result.error { report(error) }
        } else if let error = result.error {
            notices.append(.error(error.description))
            notices.append(.note(result.summary(relativeTo: level.folder)))
            reloadError = error.description
        }
    }

    /// The plays since the last frame. A restart starts a new list; a hot reload carries it over.
    private func takeSounds() -> [SoundPlay] {
        let plays = level.soundPlays
        if plays.count < soundsHanded { soundsHanded = 0 }
        defer { soundsHanded = plays.count }
        return Array(plays[soundsHanded...])
    }

    private func takeNotices() -> [Notice] {
        defer { notices.removeAll() }
        return notices
    }
}
