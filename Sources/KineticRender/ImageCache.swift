// PNG and JPEG images for items and the HUD, decoded once per path. A file that is missing or unreadable is remembered
// as missing, reported once through the renderer's warning handler, and drawn as a placeholder.

import CKineticCairo
import CKineticJPEG
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
        guard let format = ImageLimit.format(ofFileAt: path) else {
            warn("warning: image '\(path)' is neither a PNG nor a JPEG; drawing a placeholder")
            return .missing
        }
        if let refusal = ImageLimit.refusal(ofImageAt: path, format: format) {
            warn("warning: image '\(path)' is not drawn: \(refusal); drawing a placeholder")
            return .missing
        }
        let decoded: Result<OpaquePointer, ImageError>
        switch format {
        case .png: decoded = decodePNG(path)
        case .jpeg: decoded = decodeJPEG(path)
        }
        let surface: OpaquePointer
        switch decoded {
        case .success(let s): surface = s
        case .failure(let error):
            warn("warning: image '\(path)' could not be read as a \(format == .png ? "PNG" : "JPEG") (\(error.reason)); drawing a placeholder")
            return .missing
        }
        let width = Double(cairo_image_surface_get_width(surface))
        let height = Double(cairo_image_surface_get_height(surface))
        let bytes = Int(cairo_image_surface_get_stride(surface)) * Int(height)
        guard decodedBytes + bytes <= ImageLimit.maxDecodedBytes else {
            cairo_surface_destroy(surface)
            warn("warning: image '\(path)' is not drawn: the level's images would take more than \(ImageLimit.maxDecodedBytes >> 20) MiB decoded; drawing a placeholder")
            return .missing
        }
        decodedBytes += bytes
        return .image(surface, width: width, height: height)
    }

    private struct ImageError: Error {
        var reason: String
    }

    private func decodePNG(_ path: String) -> Result<OpaquePointer, ImageError> {
        guard let surface = cairo_image_surface_create_from_png(path) else { return .failure(ImageError(reason: "out of memory")) }
        let status = cairo_surface_status(surface)
        guard status == CAIRO_STATUS_SUCCESS, cairo_image_surface_get_width(surface) > 0,
              cairo_image_surface_get_height(surface) > 0 else {
            cairo_surface_destroy(surface)
            return .failure(ImageError(reason: String(cString: cairo_status_to_string(status))))
        }
        return .success(surface)
    }

    /// Decodes into a Cairo surface of the size the header declares (already checked against the
    /// pixel limit), reading the file whole: libjpeg decodes from memory.
    private func decodeJPEG(_ path: String) -> Result<OpaquePointer, ImageError> {
        guard let (width, height) = ImageLimit.jpegSize(path), width > 0, height > 0 else {
            return .failure(ImageError(reason: "no frame header"))
        }
        guard let file = FileHandle(forReadingAtPath: path) else { return .failure(ImageError(reason: "cannot open it")) }
        defer { try? file.close() }
        guard let data = try? file.read(upToCount: ImageLimit.maxJPEGFileBytes + 1) else {
            return .failure(ImageError(reason: "cannot read it"))
        }
        guard data.count <= ImageLimit.maxJPEGFileBytes else {
            return .failure(ImageError(reason: "the file is larger than the \(ImageLimit.maxJPEGFileBytes >> 20) MiB a JPEG may be"))
        }
        let surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(width), Int32(height))!
        guard cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS, let pixels = cairo_image_surface_get_data(surface) else {
            cairo_surface_destroy(surface)
            return .failure(ImageError(reason: "out of memory"))
        }
        let stride = cairo_image_surface_get_stride(surface)
        let status = data.withUnsafeBytes { raw in
            kinetic_jpeg_decode(raw.bindMemory(to: UInt8.self).baseAddress, UInt(raw.count), pixels,
                                Int32(width), Int32(height), stride)
        }
        guard status == 0 else {
            cairo_surface_destroy(surface)
            return .failure(ImageError(reason: "libjpeg cannot decode it"))
        }
        cairo_surface_mark_dirty(surface)
        return .success(surface)
    }
}
