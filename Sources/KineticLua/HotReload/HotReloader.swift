// A level and the watcher of its files: `kinetic watch` (and `run --watch`) calls `check()` between
// steps, never inside one, and applies what changed as a hot reload or, on request, a restart.
import Foundation

/// Reloads a running level when one of its files changes (docs/hot-reload.md).
public final class HotReloader {
    /// The level being watched.
    public let level: Level
    /// The watcher of `level.watchedFiles` (refreshed after every reload and restart: a new version
    /// may require other modules or use other images).
    public let watcher: FileWatcher
    /// Restart the level from scratch on a change instead of reloading it (`--restart-on-reload`).
    public var restartOnReload: Bool

    /// Watches `level`'s files; `debounce` in seconds; `polling` forces the polling fallback.
    public init(level: Level, restartOnReload: Bool = false, debounce: Double = 0.1, polling: Bool = false) {
        self.level = level
        self.restartOnReload = restartOnReload
        watcher = FileWatcher(files: level.watchedFiles, debounce: debounce, polling: polling)
    }

    /// Applies a settled change, if any: nil when no watched file changed (or a burst of writes is
    /// still going on). `now` is a monotonic time in seconds (`FileWatcher.now()`).
    public func check(now: Double = FileWatcher.now()) -> ReloadResult? {
        let changed = watcher.poll(now: now)
        guard !changed.isEmpty else { return nil }
        var result = restartOnReload ? restart() : reload()
        result.files = changed
        return result
    }

    /// Reloads now, keeping the world (see `Level.hotReload()`), and watches the new file list.
    public func reload() -> ReloadResult {
        let result = level.hotReload()
        watcher.track(level.watchedFiles)
        return result
    }

    /// Restarts the level from scratch now (the `r` key, `--restart-on-reload`); on an error the old
    /// version keeps running. The debug overlay stays on if it was on. Watches the new file list.
    public func restart() -> ReloadResult {
        let start = FileWatcher.now()
        let debugWasOn = level.debug
        var failure: LevelError?
        do { try level.restart() } catch { failure = error }
        if debugWasOn { level.debug = true }
        watcher.track(level.watchedFiles)
        return ReloadResult(applied: failure == nil, restarted: true, error: failure, seconds: FileWatcher.now() - start)
    }
}

extension ReloadResult {
    /// One line for the terminal: "reloaded main.lua, rules.lua in 2.1 ms" or why it was refused.
    public func summary(relativeTo folder: String) -> String {
        let names = files.map { $0.hasPrefix(folder + "/") ? String($0.dropFirst(folder.count + 1)) : $0 }
        let what = names.isEmpty ? "" : " " + names.joined(separator: ", ")
        let time = String(format: "%.1f ms", seconds * 1000)
        if !applied { return "reload of\(what) failed; the previous version keeps running" }
        if let error { return "\(restarted ? "restarted" : "reloaded")\(what) in \(time), but level.reloaded failed: \(error.message)" }
        return "\(restarted ? "restarted" : "reloaded")\(what) in \(time)"
    }
}
