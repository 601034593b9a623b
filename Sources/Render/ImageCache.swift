// PNG images for items, decoded once per path. A file that is missing or unreadable is remembered
// as missing, reported once through the renderer's warning handler, and drawn as a placeholder.

import CCairo
import Foundation

/// Cairo image surfaces by path; one per `Renderer`, used from one thread at a time.
final class ImageCache {
    private enum Entry {
        case image(OpaquePointer, width: Double, height: Double)
        case missing
    }

    private var entries: [String: Entry] = [:]
    /// Bytes the decoded images take (`ImageLimit.maxDecodedBytes` at most).
    private var decodedBytes = 0
    private let warn: (String) -> Void

    init(warn: @escaping (String) -> Void) {
        self.warn = warn
    }

    deinit {
        for case let .image(surface, _, _) in entries.values { cairo_surface_destroy(surface) }
    }

    /// The decoded image and its pixel size, or nil when it cannot be loaded (warned about once).
    func image(at path: String) -> (surface: OpaquePointer, width: Double, height: Double)? {
        if let entry = entries[path] {
            if case let .image(surface, width, height) = entry { return (surface, width, height) }
            return nil
        }
        let entry = load(path)
        entries[path] = entry
        if case let .image(surface, width, height) = entry { return (surface, width, height) }
        return nil
    }

    /// Drops every cached image, so changed files are read again (hot reload).
    func removeAll() {
        for case let .image(surface, _, _) in entries.values { cairo_surface_destroy(surface) }
        entries.removeAll()
        decodedBytes = 0
    }

    private func load(_ path: String) -> Entry {
        guard FileManager.default.fileExists(atPath: path) else {
            warn("warning: image '\(path)' not found; drawing a placeholder")
            return .missing
        }
        if let refusal = ImageLimit.refusal(ofPNGAt: path) {
            warn("warning: image '\(path)' is not drawn: \(refusal); drawing a placeholder")
            return .missing
        }
        guard let surface = cairo_image_surface_create_from_png(path) else { return .missing }
        let status = cairo_surface_status(surface)
        let width = Double(cairo_image_surface_get_width(surface))
        let height = Double(cairo_image_surface_get_height(surface))
        guard status == CAIRO_STATUS_SUCCESS, width > 0, height > 0 else {
            let reason = String(cString: cairo_status_to_string(status))
            cairo_surface_destroy(surface)
            warn("warning: image '\(path)' could not be read as a PNG (\(reason)); drawing a placeholder")
            return .missing
        }
        let bytes = Int(cairo_image_surface_get_stride(surface)) * Int(height)
        guard decodedBytes + bytes <= ImageLimit.maxDecodedBytes else {
            cairo_surface_destroy(surface)
            warn("warning: image '\(path)' is not drawn: the level's images would take more than \(ImageLimit.maxDecodedBytes >> 20) MiB decoded; drawing a placeholder")
            return .missing
        }
        decodedBytes += bytes
        return .image(surface, width: width, height: height)
    }
}
