// How the CLI reports problems: to standard error, `error: ` or `warning: ` first, coloured as
// `colorWanted` decides (NO_COLOR, FORCE_COLOR, TERM=dumb); and the one way a command fails.
import ArgumentParser
import Foundation

enum Diagnostics {
    static let useColor = colorWanted(on: 2)

    /// Whether output on `descriptor` is coloured: `NO_COLOR` set to anything but "" turns colour off
    /// (no-color.org); otherwise `FORCE_COLOR` set to anything but "", "0" or "false" turns it on, pipe
    /// or not (as Node and the tools built on it read it); otherwise a terminal gets colour unless
    /// `TERM` is `dumb`.
    static func colorWanted(on descriptor: Int32, environment: [String: String] = ProcessInfo.processInfo.environment) -> Bool {
        if let no = environment["NO_COLOR"], !no.isEmpty { return false }
        if let force = environment["FORCE_COLOR"], !["", "0", "false"].contains(force) { return true }
        return isatty(descriptor) != 0 && environment["TERM"] != "dumb"
    }

    /// The folder of the level as the user named it (`levels/drop` for `kinetic run levels/drop/main.lua`),
    /// set once the command line is parsed. Lua names a level's files relative to the level's folder
    /// (`main.lua:3:`, the same wherever the level is run from, as golden traces and reload messages
    /// need); errors and warnings name them from where the command ran, so a terminal or an editor
    /// can open them.
    nonisolated(unsafe) static var levelFolder = ""

    static func error(_ message: String) {
        let prefix = useColor ? "\u{1B}[31merror:\u{1B}[0m " : "error: "
        FileHandle.standardError.write(Data((prefix + fromHere(message) + "\n").utf8))
    }

    /// The one way a command ends on a failure: prints `message` as an error and gives the exit code
    /// to throw, `throw Diagnostics.failure("…")` (exit status 1).
    static func failure(_ message: String) -> ExitCode {
        error(message)
        return .failure
    }

    /// `failure` for an error a command caught, `catch { throw Diagnostics.failure(error) }`: prints
    /// its description. An `ExitCode` is given back as it is: its failure was reported where it was thrown.
    static func failure(_ error: any Error) -> any Error {
        if let exit = error as? ExitCode { return exit }
        return failure("\(error)")
    }

    static func warning(_ message: String) {
        let prefix = useColor ? "\u{1B}[33mwarning:\u{1B}[0m " : "warning: "
        FileHandle.standardError.write(Data((prefix + fromHere(message) + "\n").utf8))
    }

    /// `message` with each `file.lua:LINE` that names a file of the level's folder written from where
    /// the command ran (`main.lua:3:` → `levels/drop/main.lua:3:`). Other text is left as it is.
    static func fromHere(_ message: String, folder: String = levelFolder) -> String {
        guard !folder.isEmpty, folder != "." else { return message }
        let prefix = folder.hasSuffix("/") ? folder : folder + "/"
        var result = ""
        var rest = Substring(message)
        while let match = rest.firstMatch(of: /([A-Za-z0-9_.\-\/]+\.lua):[0-9]+/) {
            let file = String(match.output.1)
            let before = rest[..<match.range.lowerBound]
            let startsToken = before.last.map { " \t\n<'\"(".contains($0) } ?? true
            let known = startsToken && !file.hasPrefix("/") && !file.hasPrefix(prefix)
                && FileManager.default.fileExists(atPath: prefix + file)
            result += before + (known ? prefix : "") + rest[match.range]
            rest = rest[match.range.upperBound...]
        }
        return result + rest
    }

    static func note(_ message: String) {
        FileHandle.standardError.write(Data((message + "\n").utf8))
    }
}

/// Formats seconds for summaries: "0.412 s".
func formatSeconds(_ s: Double) -> String { String(format: "%.3f s", s) }
