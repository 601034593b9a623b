// `.kinetic` games (LevelArchive): what unpacks, where the level folder ends up, and every refusal
// of a crafted archive (paths leaving it, links, zip bombs) naming the archive and the entry.
import Foundation
import KineticLuaBridge
import Testing
import ZIPFoundation

@Suite struct LevelArchiveTests {
    /// One entry of a crafted archive.
    enum Item {
        case file(String, String)
        case folder(String)
        case link(String, to: String)
    }

    /// Writes a zip holding `items`, in order, as a `.kinetic` file, with ZIPFoundation's writer
    /// (which stores any path it is given, `../x` and `/etc/x` included).
    func craft(_ items: [Item], name: String = "game.kinetic") throws -> String {
        let path = try makeFolder([:]) + "/" + name
        let archive = try Archive(url: URL(fileURLWithPath: path), accessMode: .create)
        for item in items {
            switch item {
            case .file(let name, let text):
                let data = Data(text.utf8)
                try archive.addEntry(with: name, type: .file, uncompressedSize: Int64(data.count), compressionMethod: .deflate) { position, size in
                    data.subdata(in: Int(position)..<Int(position) + size)
                }
            case .folder(let name):
                try archive.addEntry(with: name, type: .directory, uncompressedSize: Int64(0)) { (_: Int64, _: Int) in Data() }
            case .link(let name, let target):
                let data = Data(target.utf8)
                try archive.addEntry(with: name, type: .symlink, uncompressedSize: Int64(data.count)) { position, size in
                    data.subdata(in: Int(position)..<Int(position) + size)
                }
            }
        }
        return path
    }

    func refusal(_ path: String, limits: LevelArchive.Limits = .init()) -> String? {
        do {
            let unpacked = try LevelArchive.unpack(path, limits: limits)
            unpacked.remove()
            return nil
        } catch {
            return error.message
        }
    }

    @Test func mainAtTheTopUnpacksIntoAFolderNamedAfterTheArchive() throws {
        let path = try craft([.file("main.lua", "return {}"), .folder("lib/"), .file("lib/util.lua", "return 1")], name: "pinball.kinetic")
        let game = try LevelArchive.unpack(path)
        defer { game.remove() }
        #expect((game.folder as NSString).lastPathComponent == "pinball")
        #expect(try String(contentsOfFile: game.folder + "/main.lua", encoding: .utf8) == "return {}")
        #expect(try String(contentsOfFile: game.folder + "/lib/util.lua", encoding: .utf8) == "return 1")
        #expect(game.folder.hasPrefix(game.temporaryFolder + "/"))
        // Private to its owner: another user cannot read or swap the files before the level loads.
        let mode = try FileManager.default.attributesOfItem(atPath: game.temporaryFolder)[.posixPermissions] as? Int
        #expect(mode == 0o700)
        game.remove()
        #expect(!FileManager.default.fileExists(atPath: game.temporaryFolder))
    }

    @Test func aSingleTopFolderHoldingMainIsTheLevel() throws {
        // As `zip -r game.kinetic pinball/` makes it; a Mac's __MACOSX folder rides along.
        let path = try craft([.folder("pinball/"), .file("pinball/main.lua", "return {}"),
                              .file("pinball/img/ball.txt", "x"), .file("__MACOSX/pinball/._main.lua", "fork")])
        let game = try LevelArchive.unpack(path)
        defer { game.remove() }
        #expect((game.folder as NSString).lastPathComponent == "game")
        #expect(FileManager.default.fileExists(atPath: game.folder + "/main.lua"))
        #expect(FileManager.default.fileExists(atPath: game.folder + "/img/ball.txt"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: game.temporaryFolder) == ["game"])
    }

    @Test(arguments: [
        ([Item.file("main.lua", "return {}"), .file("../x.lua", "evil")], "'../x.lua': a path outside the archive ('..') is not allowed"),
        ([Item.file("main.lua", "return {}"), .file("lib/../../x.lua", "evil")], "'lib/../../x.lua': a path outside the archive ('..') is not allowed"),
        ([Item.file("main.lua", "return {}"), .file("/tmp/x.lua", "evil")], "'/tmp/x.lua': an absolute path is not allowed"),
        ([Item.file("main.lua", "return {}"), .file("lib\\x.lua", "evil")], "'lib\\x.lua': a backslash in an entry name is not allowed (zip paths use '/')"),
        ([Item.file("main.lua", "return {}"), .link("passwd", to: "/etc/passwd")], "'passwd': a symbolic link is not allowed"),
        ([Item.file("main.lua", "return {}"), .file("main.lua", "return 2")], "'main.lua': the same file appears twice"),
        ([Item.file("level.lua", "return {}")], "no main.lua at the top of the archive or inside its single top folder"),
        ([Item.file("a/main.lua", "return {}"), .file("b/x.lua", "")], "no main.lua at the top of the archive or inside its single top folder"),
    ])
    func craftedArchivesAreRefusedNamingTheEntry(items: [Item], message: String) throws {
        let path = try craft(items)
        #expect(refusal(path) == path + ": " + message)
    }

    @Test func aZipBombIsRefusedBeforeItFillsTheDisk() throws {
        // 64 KiB of zeros deflate to a few hundred bytes: the limit is on what unpacks, not on the archive.
        let zeros = String(repeating: "\0", count: 64 << 10)
        let path = try craft([.file("main.lua", "return {}"), .file("bomb.bin", zeros)])
        let archiveSize = try #require(FileManager.default.attributesOfItem(atPath: path)[.size] as? Int)
        #expect(archiveSize < 4096)
        #expect(refusal(path, limits: .init(bytes: 32 << 10))
            == path + ": 'bomb.bin': the game unpacks to more than 32768 bytes, more than a game may hold")
        #expect(refusal(path, limits: .init(bytes: 1 << 20)) == nil)
    }

    @Test func aZipBombThatUnderstatesItsSizeIsStoppedByTheBytesItInflates() throws {
        let zeros = String(repeating: "\0", count: 64 << 10)
        let path = try craft([.file("main.lua", "return {}"), .file("bomb.bin", zeros)])
        // Every header now says each file unpacks to 1 byte: the stated sizes pass the limit.
        var bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: path)))
        let signatures: [([UInt8], Int)] = [([0x50, 0x4B, 0x03, 0x04], 22), ([0x50, 0x4B, 0x01, 0x02], 24)]
        var patched = 0
        for i in 0..<(bytes.count - 4) {
            for (signature, sizeOffset) in signatures where Array(bytes[i..<i + 4]) == signature {
                bytes.replaceSubrange(i + sizeOffset..<i + sizeOffset + 4, with: [1, 0, 0, 0])
                patched += 1
            }
        }
        #expect(patched == 4)
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        #expect(refusal(path, limits: .init(bytes: 32 << 10))
            == path + ": 'bomb.bin': the game unpacks to more than 32768 bytes, more than a game may hold")
    }

    @Test func tooManyEntriesAreRefused() throws {
        let path = try craft([.file("main.lua", "return {}")] + (1...5).map { Item.file("f\($0).lua", "") })
        #expect(refusal(path, limits: .init(entries: 5)) == path + ": more than 5 entries, more than a game may hold")
        #expect(refusal(path, limits: .init(entries: 6)) == nil)
    }

    @Test func notAZipAndMissingFilesAreNamed() throws {
        let folder = try makeFolder(["fake.kinetic": "return {}"])
        #expect(refusal(folder + "/fake.kinetic") == folder + "/fake.kinetic: not a zip archive (a .kinetic game is a zip of a level folder)")
        #expect(refusal(folder + "/none.kinetic") == folder + "/none.kinetic: No such file or directory")
    }

    @Test func packWritesWhatUnpacksAndLeavesHiddenFilesOut() throws {
        let folder = try makeFolder(["main.lua": "return {}", "lib/util.lua": "return 1", ".git/HEAD": "ref", "lib/.DS_Store": "x"])
        let archive = folder + ".kinetic"
        try LevelArchive.pack(folder: folder, to: archive)
        let game = try LevelArchive.unpack(archive)
        defer { game.remove() }
        let files = FileManager.default.enumerator(atPath: game.folder)!.compactMap { $0 as? String }.sorted()
        #expect(files == ["lib", "lib/util.lua", "main.lua"])
    }

    @Test func packRefusesALinkAndAFolderWithoutMain() throws {
        let folder = try makeFolder(["main.lua": "return {}"])
        try FileManager.default.createSymbolicLink(atPath: folder + "/secret", withDestinationPath: "/etc/passwd")
        #expect(throws: LevelFileError.self) { try LevelArchive.pack(folder: folder, to: folder + ".kinetic") }
        do { try LevelArchive.pack(folder: folder, to: folder + ".kinetic") } catch {
            #expect(error.message == folder + "/secret: a symbolic link, which a .kinetic game cannot hold")
        }
        let empty = try makeFolder(["level.lua": "return {}"])
        do { try LevelArchive.pack(folder: empty, to: empty + ".kinetic"); Issue.record("packed a folder without main.lua") } catch {
            #expect(error.message == empty + ": no main.lua in this folder")
        }
    }
}
