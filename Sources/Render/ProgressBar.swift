// Progress of long command-line jobs (rendering video, running scenarios): one redrawn line on a
// terminal, a plain line every tenth of the way when standard error is a file or a pipe.

import Foundation

/// A progress line for `total` steps, written to standard error by default.
public final class ProgressBar {
    /// Steps in the whole job.
    public let total: Int
    /// Text before the bar, e.g. "Rendering out.mp4".
    public let label: String
    /// Redraw one line in place (terminal) or print a line per 10 % (log files, CI).
    public let isTerminal: Bool
    /// Characters in the bar, between the brackets.
    public let barWidth: Int

    private let output: (String) -> Void
    private var lastDrawn: String?
    private var lastTenth = -1
    private var isFinished = false

    /// A progress line; `isTerminal` defaults to whether standard error is a TTY, `output` to writing
    /// standard error.
    public init(total: Int, label: String, isTerminal: Bool = isatty(STDERR_FILENO) != 0, barWidth: Int = 30,
                output: @escaping (String) -> Void = { FileHandle.standardError.write(Data($0.utf8)) }) {
        self.total = max(total, 1)
        self.label = label
        self.isTerminal = isTerminal
        self.barWidth = max(barWidth, 1)
        self.output = output
    }

    /// Shows `completed` of `total` steps done (clamped to 0...total).
    public func update(_ completed: Int) {
        guard !isFinished else { return }
        let done = min(max(completed, 0), total)
        let percent = done * 100 / total
        if isTerminal {
            let filled = done * barWidth / total
            let bar = String(repeating: "#", count: filled) + String(repeating: "-", count: barWidth - filled)
            let line = "\(label) [\(bar)] \(percent)% \(done)/\(total)"
            // Redraw only on a visible change; carriage return and erase-to-end keep it one line.
            if line != lastDrawn {
                output("\r\u{1B}[K" + line)
                lastDrawn = line
            }
        } else {
            let tenth = done * 10 / total
            if tenth != lastTenth {
                output("\(label): \(percent)% (\(done)/\(total))\n")
                lastTenth = tenth
            }
        }
    }

    /// Shows the job complete and ends the line. Further updates are ignored.
    public func finish() {
        guard !isFinished else { return }
        update(total)
        isFinished = true
        if isTerminal { output("\n") }
    }
}
