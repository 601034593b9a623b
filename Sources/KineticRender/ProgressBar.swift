// Progress of long command-line jobs (rendering video, running scenarios): one redrawn line on a
// terminal, fitted to its width, a plain line every tenth of the way when standard error is a file or a pipe.

import Foundation

/// A progress line for `total` steps with an estimate of the time left, written to standard error by default.
public final class ProgressBar {
    /// Steps in the whole job.
    public let total: Int
    /// Text before the bar, e.g. "Rendering out.mp4".
    public let label: String
    /// Redraw one line in place (terminal) or print a line per 10 % (log files, CI).
    public let isTerminal: Bool

    /// The bar never grows wider than this, characters between the brackets.
    public static let maximumBarWidth = 40
    /// Below this the bar is left out rather than drawn, characters between the brackets.
    public static let minimumBarWidth = 10
    /// A label cut shorter than this is left out instead, characters.
    public static let minimumLabelWidth = 8

    private let columns: () -> Int
    private let clock: () -> Double
    private let output: (String) -> Void
    private let started: Double
    private var lastDrawn: String?
    private var lastTenth = -1
    private var isFinished = false

    /// A progress line; `isTerminal` defaults to whether standard error is a TTY, `columns` to the
    /// terminal's width (read on every redraw, so a resized window is followed), `clock` to a
    /// monotonic clock in seconds, and `output` to writing standard error.
    public init(total: Int, label: String, isTerminal: Bool = isatty(STDERR_FILENO) != 0,
                columns: @escaping () -> Int = ProgressBar.terminalColumns,
                clock: @escaping () -> Double = ProgressBar.monotonicSeconds,
                output: @escaping (String) -> Void = { FileHandle.standardError.write(Data($0.utf8)) }) {
        self.total = max(total, 1)
        self.label = label
        self.isTerminal = isTerminal
        self.columns = columns
        self.clock = clock
        self.output = output
        started = clock()
    }

    /// Shows `completed` of `total` steps done (clamped to 0...total).
    public func update(_ completed: Int) {
        guard !isFinished else { return }
        let done = min(max(completed, 0), total)
        let eta = ProgressBar.secondsLeft(completed: done, total: total, elapsed: clock() - started)
        if isTerminal {
            let line = ProgressBar.line(label: label, completed: done, total: total, secondsLeft: eta, columns: columns())
            // Redraw only on a visible change; carriage return and erase-to-end keep it one line.
            if line != lastDrawn {
                output("\r\u{1B}[K" + line)
                lastDrawn = line
            }
        } else {
            let tenth = done * 10 / total
            if tenth != lastTenth {
                let left = eta.map { ", ETA " + ProgressBar.duration($0) } ?? ""
                output("\(label): \(done * 100 / total)% (\(done)/\(total)\(left))\n")
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

    // MARK: - The line

    /// The terminal line for `completed` of `total` steps: `label [####----] 50% 2/4 ETA 0:12`, at most
    /// `columns - 1` characters (a character in the last column makes some terminals wrap, and a
    /// wrapped line is no longer redrawn in place). When it does not fit, the bar shrinks to its
    /// minimum, then the label is cut (ending in "…"), then the bar goes, then the label, then the
    /// status is cut. Characters are counted as one column each.
    public static func line(label: String, completed done: Int, total: Int, secondsLeft: Double?, columns: Int) -> String {
        let total = max(total, 1), done = min(max(done, 0), total)
        let budget = max(columns - 1, 1)
        var status = "\(done * 100 / total)% \(done)/\(total)"
        if let secondsLeft { status += " ETA " + duration(secondsLeft) }
        func bar(_ width: Int) -> String {
            let filled = done * width / total
            return "[" + String(repeating: "#", count: filled) + String(repeating: "-", count: width - filled) + "]"
        }
        // Room for the label and the bar together, after the status, two spaces and the brackets.
        let room = budget - status.count - 4
        if label.isEmpty, room >= minimumBarWidth {
            return bar(min(maximumBarWidth, room + 1)) + " " + status
        }
        if room - label.count >= minimumBarWidth {
            return label + " " + bar(min(maximumBarWidth, room - label.count)) + " " + status
        }
        if room - minimumBarWidth >= minimumLabelWidth {
            return cut(label, to: room - minimumBarWidth) + " " + bar(minimumBarWidth) + " " + status
        }
        let labelRoom = budget - status.count - 1
        if !label.isEmpty, labelRoom >= minimumLabelWidth {
            return cut(label, to: labelRoom) + " " + status
        }
        return cut(status, to: budget)
    }

    /// `text` if it fits in `width` characters, else its start and "…" in exactly `width`.
    static func cut(_ text: String, to width: Int) -> String {
        guard text.count > width else { return text }
        guard width > 1 else { return String(text.prefix(max(width, 0))) }
        return text.prefix(width - 1) + "…"
    }

    /// Seconds left if the remaining steps go as fast as the done ones did; nil before the first step,
    /// once finished, or when the clock has not moved.
    static func secondsLeft(completed done: Int, total: Int, elapsed: Double) -> Double? {
        guard done > 0, done < total, elapsed > 0, elapsed.isFinite else { return nil }
        return elapsed / Double(done) * Double(total - done)
    }

    /// `m:ss`, or `h:mm:ss` from an hour on, rounded up to the second.
    static func duration(_ seconds: Double) -> String {
        let whole = Int(min(seconds.rounded(.up), 359_999))
        let (h, m, s) = (whole / 3600, whole / 60 % 60, whole % 60)
        let ss = s < 10 ? "0\(s)" : "\(s)"
        if h == 0 { return "\(m):\(ss)" }
        return "\(h):" + (m < 10 ? "0\(m)" : "\(m)") + ":" + ss
    }

    // MARK: - The terminal

    /// Columns of the terminal on standard error (TIOCGWINSZ), else `COLUMNS`, else 80.
    public static func terminalColumns() -> Int {
        var size = winsize()
        let status = withUnsafeMutablePointer(to: &size) { ioctl(STDERR_FILENO, UInt(TIOCGWINSZ), $0) }
        if status == 0, size.ws_col > 0 { return Int(size.ws_col) }
        if let text = ProcessInfo.processInfo.environment["COLUMNS"], let columns = Int(text), columns > 0 {
            return columns
        }
        return 80
    }

    /// Seconds on a clock that never jumps (unlike the wall clock).
    public static func monotonicSeconds() -> Double {
        Double(DispatchTime.now().uptimeNanoseconds) / 1e9
    }
}
