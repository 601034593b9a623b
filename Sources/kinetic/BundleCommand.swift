// `kinetic bundle`: a folder a player runs with no build: this binary, the game as one `.kinetic`
// file, a launcher script and a README; with --tar also a tarball of it.
import ArgumentParser
import Foundation
import KineticLua
import KineticLuaBridge
import KineticPhysics

struct BundleGame: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "bundle",
        abstract: "Make a folder a player runs with no build: this kinetic, the game (.kinetic), a launcher and a README.",
        discussion: """
        DIR gets bin/kinetic (a copy of this binary), NAME.kinetic (the level folder packed as a zip, hidden files left out; a .kinetic given as LEVEL is copied), `play` (the launcher: `./play` opens a window, `./play --headless --seconds 10` runs without one, `./play render -o shot.png` draws a picture, `./play test` runs the game's scenarios) and README.txt for the player. The level must load before anything is written.

        The copy of kinetic runs without the Swift toolchain when it is a release build linked with --static-swift-stdlib (`make`, scripts/install.sh, the .deb); a debug build is copied with a warning, and so is the AVX2 build (KINETIC_AVX2), which runs only on CPUs with AVX2. The player's machine needs the runtime libraries README.txt lists.

        Examples:
          kinetic bundle examples/pachinko -o pachinko
          kinetic bundle game.kinetic -o dist/game --tar
        """
    )

    @Argument(help: "The level: a folder holding main.lua, or a .kinetic game.")
    var level: String

    @Option(name: .shortAndLong, help: ArgumentHelp("The folder to make (it must not exist, or be empty; outside the level's folder).", valueName: "dir"))
    var output: String

    @Flag(help: "Also write DIR.tar.gz.")
    var tar = false

    func validate() throws {
        if output.hasSuffix("/") && output.count > 1 { throw ValidationError("-o: give the folder without a trailing '/', got '\(output)'") }
    }

    func run() throws {
        let isArchive = LevelArchive.isArchive(level)
        guard isArchive || (try? LevelFiles.isFolder(level)) == true else {
            throw Diagnostics.failure("\(level): give a level folder (holding main.lua) or a .kinetic game")
        }
        let standardized = { (path: String) in URL(fileURLWithPath: path).standardizedFileURL.path }
        if !isArchive, (standardized(output) + "/").hasPrefix(standardized(level) + "/") {
            throw Diagnostics.failure("\(output): inside the level's folder, so the game would pack itself: put the bundle elsewhere")
        }
        let name = LevelArchive.stem(level)
        try makeEmptyFolder(output)
        let game = output + "/" + name + "." + LevelArchive.fileExtension
        do {
            if !isArchive { try LevelArchive.pack(folder: level, to: game) }
            // The game as the player gets it must load: unpack it the way `play` will.
            let unpacked = try LevelArchive.unpack(isArchive ? level : game)
            defer { unpacked.remove() }
            _ = try Level.load(path: unpacked.folder)
            if isArchive { try FileManager.default.copyItem(atPath: level, toPath: game) }
        } catch {
            try? FileManager.default.removeItem(atPath: output)
            throw Diagnostics.failure(error)
        }
        do {
            try FileManager.default.createDirectory(atPath: output + "/bin", withIntermediateDirectories: true)
            try FileManager.default.copyItem(atPath: TestScenarios.ownExecutable(), toPath: output + "/bin/kinetic")
            try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: output + "/bin/kinetic")
            try write(Self.launcher(game: name), to: output + "/play", executable: true)
            try write(Self.readme(game: name), to: output + "/README.txt", executable: false)
        } catch {
            throw Diagnostics.failure("\(output): \(error.localizedDescription)")
        }
        if Self.linksSwiftRuntime() {
            Diagnostics.warning("this kinetic loads the Swift runtime from the toolchain (a debug build): the bundle runs only where the toolchain is; bundle with a release build (make, or scripts/install.sh)")
        }
        if let variant = EngineBuild.variant {
            Diagnostics.warning("this kinetic is the \(variant) build (KINETIC_AVX2): the bundle runs only on CPUs with AVX2; bundle with the portable build (make, or scripts/install.sh) to reach every x86-64 machine")
        }
        print("wrote \(output): bin/kinetic, \(name).kinetic, play, README.txt")
        if tar { try writeTarball() }
    }

    private func makeEmptyFolder(_ path: String) throws {
        var isFolder: ObjCBool = false
        if FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) {
            let contents = isFolder.boolValue ? (try? FileManager.default.contentsOfDirectory(atPath: path)) ?? [""] : [""]
            guard contents.isEmpty else { throw Diagnostics.failure("\(path): already exists and is not an empty folder") }
            return
        }
        do { try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true) } catch {
            throw Diagnostics.failure("\(path): \(error.localizedDescription)")
        }
    }

    private func write(_ text: String, to path: String, executable: Bool) throws {
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        try FileManager.default.setAttributes([.posixPermissions: executable ? 0o755 : 0o644], ofItemAtPath: path)
    }

    private func writeTarball() throws {
        let folder = URL(fileURLWithPath: output).standardizedFileURL
        let tarball = folder.path + ".tar.gz"
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/tar")
        process.arguments = ["-czf", tarball, "-C", folder.deletingLastPathComponent().path, folder.lastPathComponent]
        do { try process.run() } catch { throw Diagnostics.failure("\(tarball): tar could not run (\(error.localizedDescription))") }
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { throw Diagnostics.failure("\(tarball): tar failed (exit \(process.terminationStatus))") }
        print("wrote \(output).tar.gz")
    }

    /// True when this process loaded the Swift runtime as a shared library (not a static release build).
    static func linksSwiftRuntime() -> Bool {
        (try? String(contentsOfFile: "/proc/self/maps", encoding: .utf8))?.contains("libswiftCore.so") ?? false
    }

    static func launcher(game: String) -> String {
        """
        #!/bin/sh
        # Plays \(game): ./play opens a window (or runs headless without a display);
        # ./play --headless --seconds 10 runs without one; ./play render -o shot.png draws a
        # picture; ./play test runs the game's scenarios. Other options go to `kinetic run`.
        here=$(CDPATH= cd -- "$(dirname -- "$0")" && pwd)
        game="$here/\(game).kinetic"
        case "${1:-}" in
          render|test) command=$1; shift; exec "$here/bin/kinetic" "$command" "$game" "$@" ;;
          *) exec "$here/bin/kinetic" run "$game" "$@" ;;
        esac

        """
    }

    static func readme(game: String) -> String {
        """
        \(game)
        \(String(repeating: "=", count: game.count))

        A game made with Kinetic, a 2D physics runtime. Nothing to build or install:

          ./play                              play it in a window
          ./play --headless --seconds 10      run it without a window, printing what it prints
          ./play render -o shot.png --at 3    a picture of the game 3 seconds in (.gif/.mp4: a video)
          ./play test                         run the game's own tests, if it ships any

        In the window: space pauses, . steps one frame while paused, r restarts, d shows the
        physics, q or Escape quits. The game may use other keys and the mouse.

        The game is \(game).kinetic, a zip of its level folder: unzip it to read or change it, then
        `bin/kinetic run FOLDER`. It runs in a sandbox: it reads only its own files, writes only
        screenshots, and keeps its saved data in ~/.local/share/kinetic/\(game)/.

        It needs Linux on x86-64 with these libraries (Debian 12 package names):

          sudo apt-get install liblua5.4-0 libcairo2 libjpeg62-turbo libsdl2-2.0-0 \\
            libsdl2-mixer-2.0-0 fonts-dejavu-core
          (ffmpeg too, for videos with ./play render -o x.mp4)

        bin/kinetic is the whole runtime: `bin/kinetic --help` lists what else it does.

        """
    }
}
