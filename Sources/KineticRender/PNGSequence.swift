// A numbered PNG sequence (`frames/f%04d.png`) that appears under its final names only when every
// frame was written: frames go to a hidden folder beside them and are moved into place at the end.

import Foundation

/// Writes the frames of a sequence into a hidden `.PATTERN.partial-PID` folder beside them;
/// `finish()` moves them to their numbered names, `cancel()` removes the folder. A failed or
/// interrupted render therefore leaves no frames of its own behind, and frames of an earlier
/// render with the same names stay as they were.
///
///     let sequence = try PNGSequence(pattern: "frames/f%04d.png")
///     for n in 0..<count { try sequence.writeFrame(n) { try renderer.writePNG(scenes[n], to: $0) } }
///     try sequence.finish()
public final class PNGSequence {
    /// The name pattern: the first `%d` or `%0Nd` is the frame number.
    public let pattern: String
    private let folder: String
    private var frames = 0
    private var isFinished = false

    /// Whether `path` holds a frame-number directive (`%d`, `%04d`).
    public static func isPattern(_ path: String) -> Bool {
        path.range(of: "%0?[0-9]*d", options: .regularExpression) != nil
    }

    /// The path of frame `n`: the first `%d` or `%0Nd` in `pattern` replaced by the number.
    /// (Not `String(format:)`: a user's pattern must never be read as arbitrary format directives.)
    public static func path(_ pattern: String, frame n: Int) -> String {
        guard let range = pattern.range(of: "%0?[0-9]*d", options: .regularExpression) else { return pattern }
        let width = Int(pattern[range].dropFirst().dropLast()) ?? 0
        var digits = String(n)
        if digits.count < width { digits = String(repeating: "0", count: width - digits.count) + digits }
        return pattern.replacingCharacters(in: range, with: digits)
    }

    /// Creates the hidden folder beside the frames (whose folder must exist).
    /// - Throws: `RenderError.cannotWrite` naming the frames' folder.
    public init(pattern: String) throws(RenderError) {
        self.pattern = pattern
        folder = AtomicFile.temporaryPath(for: pattern)
        try? FileManager.default.removeItem(atPath: folder)  // left by a killed process with our pid
        guard mkdir(folder, 0o777) == 0 else {
            isFinished = true
            let frames = (pattern as NSString).deletingLastPathComponent
            throw .cannotWrite(path: PNGSequence.path(pattern, frame: 0),
                               reason: "cannot create a folder in '\(frames.isEmpty ? "." : frames)': \(String(cString: strerror(errno)))")
        }
    }

    deinit { cancel() }

    /// Writes frame `n` (in order 0, 1, 2 …): `write` is called with the hidden path to write it
    /// to. A `RenderError.cannotWrite` names the frame's final path.
    public func writeFrame(_ n: Int, _ write: (String) throws -> Void) throws {
        frames = max(frames, n + 1)
        do {
            try write(temporaryPath(ofFrame: n))
        } catch RenderError.cannotWrite(_, let reason) {
            throw RenderError.cannotWrite(path: PNGSequence.path(pattern, frame: n), reason: reason)
        }
    }

    private func temporaryPath(ofFrame n: Int) -> String {
        folder + "/" + (PNGSequence.path(pattern, frame: n) as NSString).lastPathComponent
    }

    /// Moves every frame to its final name and removes the hidden folder.
    /// - Throws: `RenderError.cannotWrite` when a frame cannot be moved.
    public func finish() throws(RenderError) {
        guard !isFinished else { return }
        for n in 0..<frames {
            try AtomicFile.moveIntoPlace(temporaryPath(ofFrame: n), PNGSequence.path(pattern, frame: n))
        }
        isFinished = true
        rmdir(folder)
    }

    /// Removes the hidden folder and the frames in it; no final name is touched.
    public func cancel() {
        guard !isFinished else { return }
        isFinished = true
        try? FileManager.default.removeItem(atPath: folder)
    }
}
