// Output files that appear under their final name only when complete: written under a hidden
// temporary name in the same folder, every write and the close checked, then renamed into place.

import CKineticCairo
import Foundation

/// A file being written. The bytes go to `.NAME.partial-PID` beside `path`; `commit()` renames
/// that to `path` only when every write and the close succeeded, so a full disk, a size limit or an
/// interrupted run never replaces a good file with a truncated one. `discard()` (or a failed
/// commit) removes the temporary file and leaves `path` as it was.
final class AtomicFile {
    /// The final name.
    let path: String
    /// The hidden name the bytes are written to until `commit()`.
    let temporaryPath: String
    private let descriptor: Int32
    /// The first write error (the system's text); later writes are skipped.
    private var failure: String?
    /// Committed or discarded.
    private var isFinished = false

    /// Creates (or truncates) the temporary file.
    /// - Throws: `RenderError.cannotWrite` when it cannot be created (no such folder, no permission).
    init(path: String) throws(RenderError) {
        self.path = path
        temporaryPath = AtomicFile.temporaryPath(for: path)
        descriptor = open(temporaryPath, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o666)
        guard descriptor >= 0 else {
            isFinished = true
            throw .cannotWrite(path: path, reason: String(cString: strerror(errno)))
        }
    }

    deinit { discard() }

    /// Appends `bytes`; an error is kept for `commit()` to report.
    func write(_ bytes: UnsafeRawBufferPointer) {
        guard failure == nil, !isFinished, let base = bytes.baseAddress else { return }
        var offset = 0
        while offset < bytes.count {
            let written = Foundation.write(descriptor, base + offset, bytes.count - offset)
            if written < 0 {
                if errno == EINTR { continue }
                failure = String(cString: strerror(errno))
                return
            }
            offset += written
        }
    }

    /// Runs `body` with a Cairo write function and its closure argument that append to this file
    /// (for `cairo_*_for_stream` and `cairo_surface_write_to_png_stream`), so every byte Cairo
    /// produces goes through `write(_:)` and its error check.
    func withCairoStream<R>(_ body: (cairo_write_func_t, UnsafeMutableRawPointer) -> R) -> R {
        withExtendedLifetime(self) { body(AtomicFile.cairoWrite, Unmanaged.passUnretained(self).toOpaque()) }
    }

    private static let cairoWrite: cairo_write_func_t = { closure, data, length in
        let file = Unmanaged<AtomicFile>.fromOpaque(closure!).takeUnretainedValue()
        file.write(UnsafeRawBufferPointer(start: data, count: Int(length)))
        return file.failure == nil ? CAIRO_STATUS_SUCCESS : CAIRO_STATUS_WRITE_ERROR
    }

    /// Closes the file and renames it to `path`; `cairoStatus` is the status of the Cairo call that
    /// produced the bytes. A write error is reported first: it says more than Cairo's status.
    /// - Throws: `RenderError.cannotWrite` with the reason; the temporary file is removed.
    func commit(cairoStatus: cairo_status_t = CAIRO_STATUS_SUCCESS) throws(RenderError) {
        guard !isFinished else { return }
        isFinished = true
        if close(descriptor) != 0, failure == nil { failure = String(cString: strerror(errno)) }
        if failure == nil, cairoStatus != CAIRO_STATUS_SUCCESS { failure = String(cString: cairo_status_to_string(cairoStatus)) }
        if let failure {
            unlink(temporaryPath)
            throw .cannotWrite(path: path, reason: failure)
        }
        try AtomicFile.moveIntoPlace(temporaryPath, path)
    }

    /// Closes and removes the temporary file; `path` is untouched.
    func discard() {
        guard !isFinished else { return }
        isFinished = true
        close(descriptor)
        unlink(temporaryPath)
    }

    /// A hidden name in the same folder as `path` (same file system, so the rename is atomic).
    static func temporaryPath(for path: String) -> String {
        let url = URL(fileURLWithPath: path)
        let name = "." + url.lastPathComponent + ".partial-\(ProcessInfo.processInfo.processIdentifier)"
        return url.deletingLastPathComponent().appendingPathComponent(name).path
    }

    /// Renames `temporary` to `path`, replacing any file already there.
    static func moveIntoPlace(_ temporary: String, _ path: String) throws(RenderError) {
        if rename(temporary, path) != 0 {
            let reason = String(cString: strerror(errno))
            unlink(temporary)
            throw .cannotWrite(path: path, reason: reason)
        }
    }
}
