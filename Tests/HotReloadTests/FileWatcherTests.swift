// FileWatcher: notifications and the polling fallback report changed tracked files once a burst of
// writes settles. Time is passed in (`poll(now:)`), so the debounce is checked without waiting:
// inotify queues an event when the write returns, and polling compares signatures when asked.
import Foundation
import Testing
@testable import KineticLua

@Suite struct FileWatcherTests {
    @Test func notificationsAreInUseOnLinux() throws {
        let folder = try makeFolder(["main.lua": "return {}"])
        let watcher = FileWatcher(files: [folder + "/main.lua"])
        #if os(Linux)
        #expect(watcher.mechanism == .notifications)
        #endif
        #expect(watcher.files == [folder + "/main.lua"])
    }

    @Test func aChangeIsReportedOnceAfterTheDebounce() throws {
        let folder = try makeFolder(["main.lua": "return {}"])
        let main = folder + "/main.lua"
        let watcher = FileWatcher(files: [main], debounce: 0.1)
        #expect(watcher.poll(now: 0) == [])
        try write("return { title = 'a' }", to: main)
        // The event is read at t = 10; nothing is reported until 0.1 s without events have passed.
        #expect(watcher.poll(now: 10) == [])
        #expect(watcher.poll(now: 10.05) == [])
        #expect(watcher.poll(now: 10.11) == [main])
        #expect(watcher.poll(now: 11) == [])
    }

    @Test func anEditorSaveSequenceIsOneChange() throws {
        let folder = try makeFolder(["main.lua": "return {}"])
        let main = folder + "/main.lua"
        let watcher = FileWatcher(files: [main], debounce: 0.1)
        // Vim's sequence: probe file, backup by rename, write a new file, drop the backup.
        try write("", to: folder + "/4913")
        try FileManager.default.removeItem(atPath: folder + "/4913")
        try FileManager.default.moveItem(atPath: main, toPath: folder + "/main.lua~")
        try write("return { title = 'b' }", to: main)
        try FileManager.default.removeItem(atPath: folder + "/main.lua~")
        #expect(watcher.poll(now: 0) == [])
        // A second write inside the debounce window restarts it.
        try write("return { title = 'c' }", to: main)
        #expect(watcher.poll(now: 0.08) == [])
        #expect(watcher.poll(now: 0.17) == [])  // 0.09 s after the second write
        #expect(watcher.poll(now: 0.19) == [main])
        #expect(watcher.poll(now: 5) == [])
    }

    @Test func untrackedFilesAreIgnored() throws {
        let folder = try makeFolder(["main.lua": "return {}", "notes.txt": ""])
        let watcher = FileWatcher(files: [folder + "/main.lua"])
        try write("edited", to: folder + "/notes.txt")
        try write("-- scratch", to: folder + "/.main.lua.swp")
        #expect(watcher.poll(now: 0) == [])
        #expect(watcher.poll(now: 1) == [])
    }

    @Test func filesInSubfoldersAndSeveralAtOnce() throws {
        let folder = try makeFolder(["main.lua": "return {}", "lib/tuning.lua": "return {}"])
        let files = [folder + "/main.lua", folder + "/lib/tuning.lua"]
        let watcher = FileWatcher(files: files)
        try write("return { g = 2 }", to: folder + "/lib/tuning.lua")
        try write("return { x = 1 }", to: folder + "/main.lua")
        #expect(watcher.poll(now: 0) == [])
        #expect(watcher.poll(now: 1) == files.sorted())
    }

    @Test func aFolderThatIsReplacedIsWatchedAgain() throws {
        let folder = try makeFolder(["main.lua": "return {}", "lib/tuning.lua": "return {}"])
        let tuning = folder + "/lib/tuning.lua"
        let watcher = FileWatcher(files: [tuning])
        watcher.pollInterval = 0.25
        try FileManager.default.removeItem(atPath: folder + "/lib")
        #expect(watcher.poll(now: 0) == [])  // the deletion is seen; the folder is gone
        #expect(watcher.poll(now: 1) == [tuning])
        try FileManager.default.createDirectory(atPath: folder + "/lib", withIntermediateDirectories: true)
        try write("return { g = 3 }", to: tuning)
        // The folder is watched again at the next poll round and its files count as changed.
        #expect(watcher.poll(now: 2) == [])
        #expect(watcher.poll(now: 3) == [tuning])
        try write("return { g = 4 }", to: tuning)
        #expect(watcher.poll(now: 4) == [])
        #expect(watcher.poll(now: 5) == [tuning])
    }

    @Test func pollingComparesTimeSizeAndInode() throws {
        let folder = try makeFolder(["main.lua": "return {}"])
        let main = folder + "/main.lua"
        let watcher = FileWatcher(files: [main], debounce: 0.1, polling: true)
        watcher.pollInterval = 0.25
        #expect(watcher.mechanism == .polling)
        #expect(watcher.poll(now: 0) == [])
        try write("return { title = 'longer than before' }", to: main)  // the size changes
        #expect(watcher.poll(now: 0.1) == [])  // before the next stat round
        #expect(watcher.poll(now: 0.3) == [])  // seen at 0.3, debounce running
        #expect(watcher.poll(now: 0.6) == [main])
        #expect(watcher.poll(now: 2) == [])
        // A replacement by rename changes the inode even with the same size and second.
        try write("return { title = 'longer than befor!' }", to: folder + "/tmp")
        try FileManager.default.removeItem(atPath: main)
        try FileManager.default.moveItem(atPath: folder + "/tmp", toPath: main)
        #expect(watcher.poll(now: 3) == [])
        #expect(watcher.poll(now: 4) == [main])
    }

    @Test func trackingANewListKeepsPendingChangesOfFilesStillTracked() throws {
        let folder = try makeFolder(["main.lua": "return {}", "a.lua": "", "b.lua": ""])
        let watcher = FileWatcher(files: [folder + "/main.lua", folder + "/a.lua"])
        try write("-- a", to: folder + "/a.lua")
        try write("-- main", to: folder + "/main.lua")
        #expect(watcher.poll(now: 0) == [])
        watcher.track([folder + "/main.lua", folder + "/b.lua"])
        try write("-- b", to: folder + "/b.lua")
        #expect(watcher.poll(now: 1) == [])  // b's event, read now, restarts the debounce
        #expect(watcher.poll(now: 2) == [folder + "/b.lua", folder + "/main.lua"])
    }
}

/// Writes `text` in place (open, truncate, write, close), as most editors' plain save does.
func write(_ text: String, to path: String) throws {
    try text.write(toFile: path, atomically: false, encoding: .utf8)
}

/// A fresh folder under the temporary directory holding `files` (relative path → contents), its
/// path with symlinks resolved.
func makeFolder(_ files: [String: String]) throws -> String {
    let root = FileManager.default.temporaryDirectory.appendingPathComponent("hotreload-\(UUID().uuidString)").path
    try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
    for (path, contents) in files {
        let url = URL(fileURLWithPath: root + "/" + path)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try contents.write(to: url, atomically: false, encoding: .utf8)
    }
    return URL(fileURLWithPath: root).resolvingSymlinksInPath().path
}

@Suite struct FileWatcherTrackingTests {
    @Test func aFolderNoLongerNeededIsDroppedAndANewOneWatched() throws {
        let folder = try makeFolder(["main.lua": "return {}", "a/x.lua": "", "b/y.lua": ""])
        let watcher = FileWatcher(files: [folder + "/a/x.lua"])
        watcher.track([folder + "/b/y.lua"])
        try write("-- x", to: folder + "/a/x.lua")
        try write("-- y", to: folder + "/b/y.lua")
        #expect(watcher.poll(now: 0) == [])
        #expect(watcher.poll(now: 1) == [folder + "/b/y.lua"])
    }

    @Test func aFileInAFolderThatDoesNotExistYetIsSeenOnceItIsCreated() throws {
        let folder = try makeFolder(["main.lua": "return {}"])
        let later = folder + "/art/ball.png"
        let watcher = FileWatcher(files: [later])
        watcher.pollInterval = 0.25
        #expect(watcher.poll(now: 0) == [])
        try FileManager.default.createDirectory(atPath: folder + "/art", withIntermediateDirectories: true)
        try write("png", to: later)
        #expect(watcher.poll(now: 1) == [])  // the folder is watched from now on; its files count as changed
        #expect(watcher.poll(now: 2) == [later])
    }
}
