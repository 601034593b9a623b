// Shipping a game: `run`, `test` and `render` play a `.kinetic` file (a zip of a level folder) as they
// play the folder, a refused archive stops the command with the archive and entry named, and
// `kinetic bundle` makes a folder whose launcher plays the game.
import Foundation
import KineticLuaBridge
import Testing
import ZIPFoundation

@Suite struct GameArchiveTests {
    /// examples/basketball packed as `basketball.kinetic` in a fresh folder.
    func basketball() throws -> (folder: String, game: String) {
        let folder = try CLI.scratchFolder()
        let game = folder + "/basketball.kinetic"
        try LevelArchive.pack(folder: CLI.packageRoot.appendingPathComponent("examples/basketball").path, to: game)
        return (folder, game)
    }

    /// Runs `program` with `arguments`; returns the exit status, standard output and standard error.
    func run(_ program: String, _ arguments: [String], environment: [String: String] = [:]) throws -> (status: Int32, out: String, err: String) {
        let errorPath = try CLI.scratchFolder() + "/stderr.txt"
        let child = try Child(program, arguments, environment: environment, errorPath: errorPath)
        let exited = child.waitForExit(timeout: 120)
        if !exited { child.terminate() }
        try #require(exited, "\(program) \(arguments.joined(separator: " ")) did not finish in 120 s")
        return (child.status, child.output, (try? String(contentsOfFile: errorPath, encoding: .utf8)) ?? "")
    }

    @Test func runPlaysTheGameAndLeavesNoUnpackedFilesBehind() throws {
        let (folder, game) = try basketball()
        let temporary = folder + "/tmp"
        try FileManager.default.createDirectory(atPath: temporary, withIntermediateDirectories: true)
        let result = try run(try CLI.kinetic(), ["run", game, "--headless", "--seconds", "3", "--data-dir", folder + "/data"],
                             environment: ["TMPDIR": temporary])
        #expect(result.status == 0, "\(result.err)")
        #expect(result.out.contains("basket! score 1"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: temporary) == [])
    }

    @Test func testRunsTheScenariosInsideTheGame() throws {
        let (_, game) = try basketball()
        let result = try run(try CLI.kinetic(), ["test", game, "--jobs", "2"])
        #expect(result.status == 0, "\(result.out)\(result.err)")
        let last = result.out.split(separator: "\n").last.map(String.init) ?? ""
        #expect(last.hasSuffix(" passed, 0 failed"), "last line: \(last)")
        #expect(!last.hasPrefix("0 passed"))
    }

    @Test func renderDrawsTheGame() throws {
        let (folder, game) = try basketball()
        let result = try run(try CLI.kinetic(), ["render", game, "-o", folder + "/shot.png", "--at", "1"])
        #expect(result.status == 0, "\(result.err)")
        let header = try #require(FileManager.default.contents(atPath: folder + "/shot.png")).prefix(4)
        #expect(Array(header) == [0x89, 0x50, 0x4E, 0x47])
    }

    @Test func watchRecordAndCheckRefuseAnArchive() throws {
        let (folder, game) = try basketball()
        let watch = try run(try CLI.kinetic(), ["watch", game, "--headless", "--seconds", "1"])
        #expect(watch.status == 1)
        #expect(watch.err.contains("\(game): a .kinetic game cannot be watched for changes: watch the level's folder"))
        let record = try run(try CLI.kinetic(), ["record", game, "--headless", "-o", folder + "/r.json"])
        #expect(record.status == 1)
        #expect(record.err.contains("\(game): record the level's folder"))
        let check = try run(try CLI.kinetic(), ["check", game])
        #expect(check.status == 64)
        #expect(check.err.contains("\(game): check takes level folders and .lua files"))
    }

    @Test func aCraftedArchiveIsRefusedWithItsEntryNamed() throws {
        let folder = try CLI.scratchFolder()
        let path = folder + "/evil.kinetic"
        let archive = try Archive(url: URL(fileURLWithPath: path), accessMode: .create)
        for (name, text) in [("main.lua", "return {}"), ("../escaped.lua", "return 1")] {
            let data = Data(text.utf8)
            try archive.addEntry(with: name, type: .file, uncompressedSize: Int64(data.count)) { position, size in
                data.subdata(in: Int(position)..<Int(position) + size)
            }
        }
        let result = try run(try CLI.kinetic(), ["run", path, "--headless", "--seconds", "1"])
        #expect(result.status == 1)
        #expect(result.err.contains("error: \(path): '../escaped.lua': a path outside the archive ('..') is not allowed"))
        #expect(!FileManager.default.fileExists(atPath: folder + "/../escaped.lua"))
    }

    @Test func bundleMakesAFolderWhoseLauncherPlaysTheGame() throws {
        let folder = try CLI.scratchFolder()
        let output = folder + "/dist/basketball"
        let made = try run(try CLI.kinetic(), ["bundle", CLI.packageRoot.appendingPathComponent("examples/basketball").path, "-o", output, "--tar"])
        #expect(made.status == 0, "\(made.err)")
        let files = try FileManager.default.contentsOfDirectory(atPath: output).sorted()
        #expect(files == ["README.txt", "basketball.kinetic", "bin", "play"])
        #expect(FileManager.default.isExecutableFile(atPath: output + "/bin/kinetic"))
        #expect(FileManager.default.isExecutableFile(atPath: output + "/play"))
        #expect(try String(contentsOfFile: output + "/README.txt", encoding: .utf8).contains("./play --headless --seconds 10"))
        #expect(FileManager.default.fileExists(atPath: folder + "/dist/basketball.tar.gz"))

        // The launcher runs from anywhere: headless play, then the game's own scenarios.
        let played = try run(output + "/play", ["--headless", "--seconds", "3"])
        #expect(played.status == 0, "\(played.err)")
        #expect(played.out.contains("basket! score 1"))
        let tested = try run(output + "/play", ["test", "--jobs", "2"])
        #expect(tested.status == 0, "\(tested.out)\(tested.err)")

        // A second bundle into the same folder is refused rather than mixed in.
        let again = try run(try CLI.kinetic(), ["bundle", CLI.packageRoot.appendingPathComponent("examples/basketball").path, "-o", output])
        #expect(again.status == 1)
        #expect(again.err.contains("\(output): already exists and is not an empty folder"))
    }

    @Test func bundleRefusesALevelThatDoesNotLoad() throws {
        let folder = try CLI.scratchFolder()
        try FileManager.default.createDirectory(atPath: folder + "/broken", withIntermediateDirectories: true)
        try "return {".write(toFile: folder + "/broken/main.lua", atomically: true, encoding: .utf8)
        let result = try run(try CLI.kinetic(), ["bundle", folder + "/broken", "-o", folder + "/out"])
        #expect(result.status == 1)
        #expect(result.err.contains("main.lua:1:"))
        #expect(!FileManager.default.fileExists(atPath: folder + "/out"))
    }
}
