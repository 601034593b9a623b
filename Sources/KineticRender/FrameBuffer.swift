// Pixels in memory, in Cairo's ARGB32 layout: what video encoding and the window consume.

import CKineticCairo
import Foundation

/// A picture of `width` × `height` pixels, 4 bytes per pixel in memory order B, G, R, A
/// (Cairo's ARGB32 on little-endian machines; SDL's ARGB8888; ffmpeg's "bgra"), rows packed
/// without padding, colour premultiplied by alpha. Frames drawn by `Renderer` are opaque.
public struct FrameBuffer: Sendable, Equatable {
    /// Width, pixels.
    public let width: Int
    /// Height, pixels.
    public let height: Int
    /// `width * height * 4` bytes, row after row from the top.
    public var pixels: [UInt8]

    /// A frame of transparent black pixels. Sizes below 1 are raised to 1.
    public init(width: Int, height: Int) {
        self.width = max(width, 1)
        self.height = max(height, 1)
        pixels = [UInt8](repeating: 0, count: self.width * self.height * 4)
    }

    /// Reads a PNG file (any PNG colour type; converted to premultiplied BGRA).
    /// - Throws: `RenderError.cannotRead` naming the file and Cairo's reason.
    public init(contentsOfPNG path: String) throws {
        guard FileManager.default.fileExists(atPath: path) else {
            throw RenderError.cannotRead(path: path, reason: "no such file")
        }
        if let refusal = ImageLimit.refusal(ofPNGAt: path) {
            throw RenderError.cannotRead(path: path, reason: refusal)
        }
        guard let surface = cairo_image_surface_create_from_png(path) else {
            throw RenderError.cannotRead(path: path, reason: "out of memory")
        }
        defer { cairo_surface_destroy(surface) }
        let status = cairo_surface_status(surface)
        guard status == CAIRO_STATUS_SUCCESS else {
            throw RenderError.cannotRead(path: path, reason: String(cString: cairo_status_to_string(status)))
        }
        self.init(width: Int(cairo_image_surface_get_width(surface)),
                  height: Int(cairo_image_surface_get_height(surface)))
        // Paint the loaded surface (whatever its format) onto ours, which is ARGB32 by construction.
        withCairoSurface { target in
            let cr = cairo_create(target)
            cairo_set_source_surface(cr, surface, 0, 0)
            cairo_set_operator(cr, CAIRO_OPERATOR_SOURCE)
            cairo_paint(cr)
            cairo_destroy(cr)
        }
    }

    /// The pixel at (`x`, `y`) as straight (un-premultiplied) 8-bit red, green, blue, alpha.
    public func rgba(x: Int, y: Int) -> (red: UInt8, green: UInt8, blue: UInt8, alpha: UInt8) {
        let i = (y * width + x) * 4
        let a = pixels[i + 3]
        func straight(_ v: UInt8) -> UInt8 {
            a == 0 ? 0 : UInt8(min(255, (Int(v) * 255 + Int(a) / 2) / Int(a)))
        }
        return (straight(pixels[i + 2]), straight(pixels[i + 1]), straight(pixels[i]), a)
    }

    /// Writes the frame as a PNG, first to a temporary name beside `path`, then renamed into place
    /// (see `AtomicFile`): a failed write leaves whatever was at `path` untouched.
    /// - Throws: `RenderError.cannotWrite` naming the file and the reason.
    public func writePNG(to path: String) throws {
        var copy = self
        let file = try AtomicFile(path: path)
        let status = copy.withCairoSurface { surface in
            file.withCairoStream { write, closure in cairo_surface_write_to_png_stream(surface, write, closure) }
        }
        try file.commit(cairoStatus: status)
    }

    /// Runs `body` with a Cairo image surface drawing straight into `pixels` (no copy). The surface
    /// is finished and destroyed when `body` returns; do not keep it.
    mutating func withCairoSurface<R>(_ body: (OpaquePointer) -> R) -> R {
        let (width, height) = (self.width, self.height)
        precondition(Int(cairo_format_stride_for_width(CAIRO_FORMAT_ARGB32, Int32(width))) == width * 4)
        return pixels.withUnsafeMutableBytes { bytes in
            let surface = cairo_image_surface_create_for_data(
                bytes.baseAddress!.assumingMemoryBound(to: UInt8.self), CAIRO_FORMAT_ARGB32,
                Int32(width), Int32(height), Int32(width * 4))!
            defer {
                cairo_surface_finish(surface)
                cairo_surface_destroy(surface)
            }
            return body(surface)
        }
    }
}
