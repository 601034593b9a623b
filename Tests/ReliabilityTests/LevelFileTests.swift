// Files a level, a recording or a command line can make the host read or write (docs/sandbox.md,
// "Files"): each attack must be refused with a message naming the path, and nothing outside changes.
import Foundation
@testable import KineticLua
import KineticLuaBridge
import Testing

@Suite struct LevelFileTests {
    /// The error a level raises when `load(world)` runs `attempt` (line 2 of main.lua).
    func denial(_ attempt: String, in folder: String) -> String? {
        let main = "local level = {}\nfunction level.load(world) \(attempt) end\nreturn level"
        try? main.write(toFile: folder + "/main.lua", atomically: true, encoding: .utf8)
        return levelError { _ = try Level.load(path: folder, options: testOptions()) }?.message
    }

    // MARK: - world:screenshot

    @Test func aScreenshotNeverReplacesAFileTheLevelShips() throws {
        let folder = try levelFolder(["notes.txt": "notes", "lib/util.lua": "return {}"])
        for (path, reason) in [("notes.txt", "only .png files may be written"), ("main.lua", "only .png files may be written"),
                               ("lib/util.lua", "only .png files may be written"), ("main.lua\\0.png", "may not contain a NUL byte"),
                               ("lib", "only .png files may be written")] {
            let message = denial("world:screenshot('\(path)')", in: folder)
            #expect(message?.hasPrefix("main.lua:2: World:screenshot: ") == true && message?.contains(reason) == true, "\(path): \(String(describing: message))")
        }
        #expect(try String(contentsOfFile: folder + "/notes.txt", encoding: .utf8) == "notes")
        #expect(try String(contentsOfFile: folder + "/lib/util.lua", encoding: .utf8) == "return {}")
        // A file named .png that is not a PNG is not replaced either; a PNG is (a second run's shot).
        try "text".write(toFile: folder + "/fake.png", atomically: true, encoding: .utf8)
        #expect(denial("world:screenshot('fake.png')", in: folder)?.contains("may not overwrite a file that is not a PNG picture") == true)
        #expect(denial("world:screenshot('shot.png') world:screenshot('shot.png')", in: folder) == nil)
        #expect(FileManager.default.contents(atPath: folder + "/shot.png")?.starts(with: [0x89, 0x50, 0x4E, 0x47]) == true)
    }

    @Test func aScreenshotCannotLeaveTheFolderThroughALink() throws {
        let parent = try levelFolder(["outside/keep.txt": "keep"])
        let folder = parent + "/level"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: folder + "/out", withDestinationPath: parent + "/outside")
        try FileManager.default.createSymbolicLink(atPath: folder + "/dangling.png", withDestinationPath: parent + "/outside/new.png")
        try FileManager.default.createSymbolicLink(atPath: folder + "/keep.png", withDestinationPath: parent + "/outside/keep.txt")
        for path in ["out/escaped.png", "../escaped.png", "\(parent)/escaped.png", "keep.png", "dangling.png"] {
            let message = denial("world:screenshot('\(path)')", in: folder)
            #expect(message?.hasPrefix("main.lua:2: World:screenshot: ") == true, "\(path): \(String(describing: message))")
        }
        let written = try FileManager.default.contentsOfDirectory(atPath: parent + "/outside")
        #expect(written == ["keep.txt"])
        #expect(!FileManager.default.fileExists(atPath: parent + "/escaped.png"))
    }

    @Test func aScreenshotIsRelativeToTheLevelFolderAndNamesAMissingFolder() throws {
        // A scenario-like script at the root loads a level from a subfolder: its shot goes beside the level.
        let root = try levelFolder(["levels/pit/main.lua": "return { load = function() end }"])
        let state = try LuaState(options: { var o = LuaOptions(); o.folder = root; return o }())
        Runtime.install(in: state, options: testOptions())
        try state.run("local w = kinetic.load('levels/pit') w:screenshot('shot.png')", name: "scenario_test.lua")
        #expect(FileManager.default.fileExists(atPath: root + "/levels/pit/shot.png"))
        #expect(!FileManager.default.fileExists(atPath: root + "/shot.png"))
        #expect(denial("world:screenshot('shots/x.png')", in: try levelFolder([:]))
                == "main.lua:2: World:screenshot: shots/x.png: the folder 'shots' does not exist")
    }

    @Test func aChosenScreenshotFolderConfinesTheShots() throws {
        let folder = try levelFolder(["main.lua": "return { load = function(world) world:screenshot('a.png') end }"])
        let shots = try levelFolder([:])
        var options = testOptions()
        options.screenshots = .folder(shots)
        _ = try Level.load(path: folder, options: options)
        #expect(FileManager.default.fileExists(atPath: shots + "/a.png"))
        #expect(!FileManager.default.fileExists(atPath: folder + "/a.png"))
        try "return { load = function(world) world:screenshot('../b.png') end }".write(toFile: folder + "/main.lua", atomically: true, encoding: .utf8)
        let message = levelError { _ = try Level.load(path: folder, options: options) }?.message
        #expect(message?.hasPrefix("main.lua:1: World:screenshot: '../b.png' is outside the screenshot folder") == true, "\(String(describing: message))")
    }

    @Test func checkingALevelWritesNothing() throws {
        let folder = try levelFolder(["main.lua": """
            kinetic.world{}:screenshot('top.png')
            return { load = function(world) world:screenshot('shot.png') end }
            """])
        #expect(LevelChecker.check(level: folder, options: testOptions()).isEmpty)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder) == ["main.lua"])
        // A refused path is still reported.
        try "return { load = function(world) world:screenshot('main.lua') end }".write(toFile: folder + "/main.lua", atomically: true, encoding: .utf8)
        #expect(LevelChecker.check(level: folder, options: testOptions()).first?.message.contains("only .png files may be written") == true)
    }

    // MARK: - Reading: FIFOs, devices, sizes

    @Test func aFIFOInTheFolderIsRefusedWithoutBlocking() throws {
        let folder = try levelFolder([:])
        #expect(mkfifo(folder + "/fifo", 0o600) == 0)
        #expect(mkfifo(folder + "/fifo.lua", 0o600) == 0)
        for attempt in ["error(select(2, io.open('fifo')))", "for l in io.lines('fifo') do end", "dofile('fifo')",
                        "error(select(2, loadfile('fifo.lua')))", "require('fifo')", "kinetic.load('fifo.lua')"] {
            let message = denial(attempt, in: folder)
            #expect(message?.hasPrefix("main.lua:2:") == true && message?.contains("not a regular file (a FIFO)") == true, "\(attempt): \(String(describing: message))")
        }
        let level = levelError { _ = try Level.load(path: folder + "/fifo.lua", options: testOptions()) }
        #expect(level?.message == folder + "/fifo.lua: not a regular file (a FIFO)")
        #expect(LevelChecker.check(level: folder, options: testOptions()).contains { $0.message.contains("not a regular file (a FIFO)") })
    }

    @Test func devicesAndHugeFilesAreRefusedBeforeTheyAreRead() throws {
        #expect(levelError { _ = try Level.load(path: "/dev/zero", options: testOptions()) }?.message
                == "/dev/zero: not a regular file (a device or socket)")
        let folder = try levelFolder([:])
        // Sparse: 3 GB long, no disk used.
        #expect(truncate(folder + "/big.lua", 3 << 30) == 0 || FileManager.default.createFile(atPath: folder + "/big.lua", contents: nil) && truncate(folder + "/big.lua", 3 << 30) == 0)
        for attempt in ["kinetic.load('big.lua')", "require('big')", "dofile('big.lua')"] {
            let message = denial(attempt, in: folder)
            #expect(message?.contains("larger than the 16 MiB a level file may be") == true, "\(attempt): \(String(describing: message))")
        }
        #expect(levelError { _ = try Level.load(path: folder + "/big.lua", options: testOptions()) }?.message.contains("larger than the 16 MiB") == true)
    }

    @Test func itemImagesStayInTheFolder() throws {
        let parent = try levelFolder(["outside.png": "x"])
        let folder = parent + "/level"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: folder + "/link.png", withDestinationPath: parent + "/outside.png")
        #expect(mkfifo(folder + "/fifo.png", 0o600) == 0)
        try "return { load = function(w) for _, p in ipairs{'link.png', '../outside.png', 'fifo.png', '/dev/zero'} do w:addItem{ frame = {0, 0, 10, 10}, image = p } end end }"
            .write(toFile: folder + "/main.lua", atomically: true, encoding: .utf8)
        let warnings = WarningLog()
        var options = testOptions()
        options.warn = { warnings.append($0) }
        let level = try Level.load(path: folder, options: options)
        let (scene, _) = level.scene()
        #expect(scene.items.allSatisfy { $0.image == nil })
        #expect(warnings.messages.count == 4)
        #expect(warnings.messages.first == "image link.png: access outside the level folder is not allowed; the item is drawn without it")
    }

    // MARK: - Recordings

    @Test func aRecordingNamesItsLevelRelativelyAndAsLua() throws {
        let folder = try levelFolder(["levels/a.lua": "return { load = function() end }"])
        func replayError(_ level: String) -> String? {
            let json = #"{"format": "kinetic-recording", "version": 1, "level": "\#(level)", "seed": 0, "fps": 60, "events": [], "steps": 1}"#
            try? json.write(toFile: folder + "/rec.json", atomically: true, encoding: .utf8)
            do {
                _ = try Replayer.replay(try Recording(contentsOf: folder + "/rec.json"), recordingPath: folder + "/rec.json", options: testOptions())
                return nil
            } catch let error as LevelError { return error.message } catch { return "\(error)" }
        }
        #expect(replayError("/etc/passwd") == folder + "/rec.json: \"level\" must be a path relative to the recording, got \"/etc/passwd\"")
        #expect(replayError("../../../../../../../../etc/passwd") == folder + "/rec.json: \"level\" must name a .lua file or a level folder, got \"../../../../../../../../etc/passwd\"")
        #expect(replayError("missing.lua") == folder + "/rec.json: level " + folder + "/missing.lua: no such file or folder")
        #expect(replayError("levels/a.lua") == nil)
    }

    @Test func recordingsThatAreNotFilesAreRefused() throws {
        let folder = try levelFolder([:])
        #expect(mkfifo(folder + "/fifo.json", 0o600) == 0)
        #expect(throws: RecordingError.self) { _ = try Recording(contentsOf: folder + "/fifo.json") }
        #expect(throws: RecordingError.self) { _ = try Recording(contentsOf: "/dev/zero") }
    }

    // MARK: - Messages

    @Test func levelPathsAreNamedAsGivenWithTheReason() throws {
        func message(_ path: String) -> String? { levelError { _ = try Level.load(path: path, options: testOptions()) }?.message }
        #expect(message("") == "'': no level named: give a .lua file or a folder holding main.lua")
        let folder = try levelFolder(["plain.txt": "x"])
        #expect(message(folder + "/plain.txt/main.lua") == folder + "/plain.txt/main.lua: a part of the path is a file, not a folder")
        #expect(message(folder + "/nowhere") == folder + "/nowhere: no such file or folder")
        // A folder without main.lua names the file it looked for.
        #expect(message(folder) == folder + "/main.lua: No such file or directory")
        // Permission: only a non-root user is stopped by mode 000 (root reads anyway), so this part
        // runs only when the tests do not run as root.
        if getuid() != 0 {
            let locked = try levelFolder(["main.lua": "return { load = function() end }"])
            chmod(locked, 0)
            defer { chmod(locked, 0o755) }
            #expect(message(locked + "/main.lua") == locked + "/main.lua: permission denied")
        }
    }
}

/// Warnings collected from a level (its `warn` closure is `@Sendable`).
final class WarningLog: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: [String] = []
    func append(_ message: String) { lock.withLock { stored.append(message) } }
    var messages: [String] { lock.withLock { stored } }
}
