// Change detection for hot reload: which of a set of tracked files changed, reported once an
// editor's burst of writes has settled. Linux file-system notifications (inotify on the folders that
// hold the files) when available, else polling each file's modification time, size and inode.
import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Watches a set of files and reports the ones that changed, debounced: a burst of events (an
/// editor's write-to-temporary, rename, write sequence) is reported once, `debounce` seconds after
/// its last event. Non-blocking: the host calls `poll(now:)` between steps.
///
/// Notifications watch the folders that hold the tracked files, not the files themselves, so a file
/// replaced by a rename is still seen; events for other files in those folders (swap files, backups)
/// are ignored. Used from one thread.
public final class FileWatcher {
    /// How changes are detected.
    public enum Mechanism: String, Sendable {
        /// inotify on the folders of the tracked files (Linux).
        case notifications
        /// `stat` of every tracked file every `pollInterval` seconds.
        case polling
    }

    /// The mechanism in use (notifications fall back to polling when inotify is unavailable).
    public private(set) var mechanism: Mechanism
    /// Quiet time after the last event before changes are reported, seconds.
    public var debounce: Double
    /// Seconds between two `stat` rounds when polling.
    public var pollInterval: Double = 0.25
    /// The tracked files, absolute and standardized, sorted.
    public private(set) var files: [String] = []

    private var tracked: Set<String> = []  // membership only
    private var folders: [String] = []  // holding the tracked files, sorted
    private var pending: Set<String> = []  // changed since the last report; reported sorted
    private var lastEvent = -Double.infinity
    private var lastPoll = -Double.infinity
    private var signatures: [String: FileSignature] = [:]  // lookups only (polling only)

    // inotify state.
    private var descriptor: Int32 = -1
    private var folderByWatch: [Int32: String] = [:]  // lookups only
    private var watchByFolder: [String: Int32] = [:]  // lookups only
    private var buffer = [UInt8](repeating: 0, count: 64 * 1024)

    /// Watches `files` (absolute, or relative to the current directory). `polling` forces the
    /// polling fallback.
    public init(files: [String], debounce: Double = 0.1, polling: Bool = false) {
        self.debounce = debounce
        mechanism = .polling
        #if os(Linux)
        if !polling {
            descriptor = inotify_init1(Int32(IN_NONBLOCK | IN_CLOEXEC))
            if descriptor >= 0 { mechanism = .notifications }
        }
        #endif
        track(files)
    }

    deinit {
        if descriptor >= 0 { close(descriptor) }
    }

    /// The current monotonic time, seconds (the clock `poll()` uses by default).
    public static func now() -> Double {
        var t = timespec()
        clock_gettime(CLOCK_MONOTONIC, &t)
        return Double(t.tv_sec) + Double(t.tv_nsec) * 1e-9
    }

    /// Replaces the tracked set (after a reload the level may require new modules or use new images).
    /// Pending changes to files still tracked are kept.
    public func track(_ newFiles: [String]) {
        let standardized = Set(newFiles.map(Self.standardize))
        files = standardized.sorted()
        tracked = standardized
        folders = Set(files.map { ($0 as NSString).deletingLastPathComponent }).sorted()
        removeUnneededWatches()
        pending = pending.intersection(standardized)
        if mechanism == .polling {
            var kept: [String: FileSignature] = [:]
            for file in files { kept[file] = signatures[file] ?? FileSignature(path: file) }
            signatures = kept
        }
        addMissingWatches()
    }

    /// The tracked files that changed, sorted, once no event arrived for `debounce` seconds; empty
    /// while nothing changed or a burst is still going on. `now` is a monotonic time in seconds.
    public func poll(now: Double = FileWatcher.now()) -> [String] {
        switch mechanism {
        case .notifications:
            readEvents(now: now)
            // A watched folder that was removed (or never existed) is watched again once it exists.
            if watchByFolder.count < folders.count, now - lastPoll >= pollInterval {  // watches ⊆ folders
                lastPoll = now
                let back = Set(addMissingWatches())
                for file in files where back.contains((file as NSString).deletingLastPathComponent) {
                    pending.insert(file)
                    lastEvent = now
                }
            }
        case .polling:
            if now - lastPoll >= pollInterval {
                lastPoll = now
                pollSignatures(now: now)
            }
        }
        guard !pending.isEmpty, now - lastEvent >= debounce else { return [] }
        let changed = pending.sorted()
        pending.removeAll()
        return changed
    }

    // MARK: - Notifications

    /// Adds a watch on every folder of a tracked file that has none; returns the folders added.
    @discardableResult
    private func addMissingWatches() -> [String] {
        guard mechanism == .notifications else { return [] }
        var added: [String] = []
        #if os(Linux)
        let mask = UInt32(IN_CLOSE_WRITE | IN_MODIFY | IN_ATTRIB | IN_CREATE | IN_DELETE | IN_MOVED_FROM
            | IN_MOVED_TO | IN_DELETE_SELF | IN_MOVE_SELF | IN_ONLYDIR)
        for folder in folders where watchByFolder[folder] == nil {
            let watch = inotify_add_watch(descriptor, folder, mask)
            guard watch >= 0 else { continue }  // missing folder: tried again by `poll`
            watchByFolder[folder] = watch
            folderByWatch[watch] = folder
            added.append(folder)
        }
        #endif
        return added
    }

    /// Stops watching folders that hold no tracked file any more.
    private func removeUnneededWatches() {
        guard mechanism == .notifications else { return }
        let needed = Set(folders)
        for folder in watchByFolder.keys.sorted() where !needed.contains(folder) {
            guard let watch = watchByFolder.removeValue(forKey: folder) else { continue }
            folderByWatch[watch] = nil
            #if os(Linux)
            inotify_rm_watch(descriptor, watch)
            #endif
        }
    }

    /// Drains the inotify queue (non-blocking) and marks tracked files that events name.
    private func readEvents(now: Double) {
        #if os(Linux)
        let headerSize = MemoryLayout<inotify_event>.size  // wd, mask, cookie, len: 16 bytes
        while true {
            let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            guard count > 0 else { return }  // EAGAIN: queue empty
            var offset = 0
            while offset + headerSize <= count {
                let (watch, mask, length) = buffer.withUnsafeBytes { raw in
                    (raw.loadUnaligned(fromByteOffset: offset, as: Int32.self),
                     raw.loadUnaligned(fromByteOffset: offset + 4, as: UInt32.self),
                     Int(raw.loadUnaligned(fromByteOffset: offset + 12, as: UInt32.self)))
                }
                let nameStart = offset + headerSize
                offset = nameStart + length
                if mask & UInt32(IN_Q_OVERFLOW) != 0 {
                    // Events were lost: assume everything changed.
                    pending.formUnion(files)
                    lastEvent = now
                    continue
                }
                guard let folder = folderByWatch[watch] else { continue }
                if mask & UInt32(IN_IGNORED | IN_DELETE_SELF | IN_MOVE_SELF) != 0 {
                    // The folder itself went away; its files count as changed when it comes back.
                    folderByWatch[watch] = nil
                    watchByFolder[folder] = nil
                    if mask & UInt32(IN_IGNORED) == 0 { inotify_rm_watch(descriptor, watch) }
                    continue
                }
                guard length > 0, nameStart + length <= count else { continue }
                let name = buffer[nameStart..<nameStart + length].prefix(while: { $0 != 0 })
                let path = folder + "/" + String(decoding: name, as: UTF8.self)
                if tracked.contains(path) {
                    pending.insert(path)
                    lastEvent = now
                }
            }
        }
        #endif
    }

    // MARK: - Polling

    /// Compares every tracked file's signature with the last one seen.
    private func pollSignatures(now: Double) {
        for file in files {
            let signature = FileSignature(path: file)
            if signature != signatures[file] {
                signatures[file] = signature
                pending.insert(file)
                lastEvent = now
            }
        }
    }

    static func standardize(_ path: String) -> String {
        let absolute = path.hasPrefix("/") ? path : FileManager.default.currentDirectoryPath + "/" + path
        return (absolute as NSString).standardizingPath
    }
}

/// What polling compares: modification time (ns), size and inode; all zero for a missing file.
struct FileSignature: Equatable {
    var seconds = 0
    var nanoseconds = 0
    var size: Int64 = 0
    var inode: UInt64 = 0

    init(path: String) {
        var info = stat()
        guard stat(path, &info) == 0 else { return }
        seconds = Int(info.st_mtim.tv_sec)
        nanoseconds = Int(info.st_mtim.tv_nsec)
        size = Int64(info.st_size)
        inode = UInt64(info.st_ino)
    }
}
