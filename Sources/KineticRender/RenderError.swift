// Errors from writing pictures and video; each names the file or program involved and what to do.

/// A picture or video could not be produced.
public enum RenderError: Error, Sendable, Equatable, CustomStringConvertible {
    /// A file could not be written; `reason` is Cairo's or the system's explanation.
    case cannotWrite(path: String, reason: String)
    /// A file could not be read; `reason` is Cairo's or the system's explanation.
    case cannotRead(path: String, reason: String)
    /// The requested output size is not a positive, finite number of pixels.
    case invalidSize(String)
    /// The path's extension names no format Render writes.
    case unsupportedFormat(path: String, supported: [String])
    /// `ffmpeg` is not on PATH.
    case ffmpegMissing
    /// `ffmpeg` stopped with an error; `log` is the end of what it printed.
    case ffmpegFailed(status: Int32, log: String)

    public var description: String {
        switch self {
        case let .cannotWrite(path, reason):
            return "cannot write '\(path)': \(reason)"
        case let .cannotRead(path, reason):
            return "cannot read '\(path)': \(reason)"
        case let .invalidSize(message):
            return "invalid output size: \(message)"
        case let .unsupportedFormat(path, supported):
            return "cannot tell the format of '\(path)' from its extension; use one of: "
                + supported.map { "." + $0 }.joined(separator: ", ")
        case .ffmpegMissing:
            return "ffmpeg was not found on PATH; it is needed for .gif and .mp4 output. "
                + "Install it with `sudo apt-get install ffmpeg` (or scripts/install-deps.sh; `brew install ffmpeg` on macOS)"
        case let .ffmpegFailed(status, log):
            return "ffmpeg failed with exit status \(status)" + (log.isEmpty ? " and printed nothing" : ":\n" + log)
        }
    }
}
