// How the CLI reports problems: to standard error, `error: ` or `warning: ` first, colour only on a
// terminal and when NO_COLOR is unset.
import Foundation

enum Diagnostics {
    static let useColor: Bool = isatty(2) != 0 && ProcessInfo.processInfo.environment["NO_COLOR"] == nil

    static func error(_ message: String) {
        let prefix = useColor ? "\u{1B}[31merror:\u{1B}[0m " : "error: "
        FileHandle.standardError.write(Data((prefix + message + "\n").utf8))
    }

    static func warning(_ message: String) {
        let prefix = useColor ? "\u{1B}[33mwarning:\u{1B}[0m " : "warning: "
        FileHandle.standardError.write(Data((prefix + message + "\n").utf8))
    }

    static func note(_ message: String) {
        FileHandle.standardError.write(Data((message + "\n").utf8))
    }
}

/// Formats seconds for summaries: "0.412 s".
func formatSeconds(_ s: Double) -> String { String(format: "%.3f s", s) }
