// Draws a RenderScene with Cairo into a frame buffer, a PNG, an SVG or a PDF. The same scene and
// output size always give the same pixels: fixed fonts and font options, no clocks, no randomness.

import CKineticCairo
import Foundation
// A Render user sees the scene it draws without a second import.
@_exported import KineticScene

/// How large the output is.
public enum OutputSize: Sendable, Equatable {
    /// The scene's reference size × this factor (2 gives 750 × 1334 pixels for a 375 × 667 level).
    case scale(Double)
    /// Exactly this many pixels; the scene is scaled to fit keeping its aspect ratio and centred,
    /// with black bars filling the rest (letterboxing).
    case pixels(width: Int, height: Int)
}

/// Where the scene lands in an output: `pixel = offset + point × scale`.
public struct Viewport: Sendable, Equatable {
    /// Pixels per point.
    public var scale: Double
    /// Left edge of the scene in the output, pixels (whole, so the scene's edges stay crisp).
    public var offsetX: Double
    /// Top edge of the scene in the output, pixels.
    public var offsetY: Double
    /// Output width, pixels.
    public var width: Int
    /// Output height, pixels.
    public var height: Int

    /// The viewport for drawing `scene` (points) at `size`.
    /// - Throws: `RenderError.invalidSize` for a zero, negative or non-finite size or scale.
    public init(scene: Size, size: OutputSize) throws {
        guard scene.width > 0, scene.height > 0, scene.width.isFinite, scene.height.isFinite else {
            throw RenderError.invalidSize("scene size \(scene.width) × \(scene.height) points must be positive")
        }
        switch size {
        case let .scale(factor):
            guard factor > 0, factor.isFinite else {
                throw RenderError.invalidSize("scale \(factor) must be a positive number")
            }
            // Checked before converting: `Int(_:)` traps on a width of 10³⁰⁰ pixels.
            let width = (scene.width * factor).rounded(), height = (scene.height * factor).rounded()
            guard width >= 1, height >= 1, width <= 32767, height <= 32767 else {
                throw RenderError.invalidSize("\(width) × \(height) pixels is outside 1...32767")
            }
            self.init(scale: factor, offsetX: 0, offsetY: 0, width: Int(width), height: Int(height))
        case let .pixels(width, height):
            guard width >= 1, height >= 1, width <= 32767, height <= 32767 else {
                throw RenderError.invalidSize("\(width) × \(height) pixels is outside 1...32767")
            }
            let factor = min(Double(width) / scene.width, Double(height) / scene.height)
            self.init(scale: factor,
                      offsetX: ((Double(width) - scene.width * factor) / 2).rounded(.down),
                      offsetY: ((Double(height) - scene.height * factor) / 2).rounded(.down),
                      width: width, height: height)
        }
    }

    /// A viewport from its parts.
    public init(scale: Double, offsetX: Double, offsetY: Double, width: Int, height: Int) {
        self.scale = scale
        self.offsetX = offsetX
        self.offsetY = offsetY
        self.width = width
        self.height = height
    }

    /// The scene point under output pixel position (`x`, `y`) (undoes the letterbox and scale).
    public func scenePoint(x: Double, y: Double) -> Vec2 {
        Vec2((x - offsetX) / scale, (y - offsetY) / scale)
    }
}

/// Draws `RenderScene`s. Holds the image cache, so keep one per window or output run; use it from
/// one thread at a time (separate renderers may run on separate threads).
public final class Renderer {
    private let images: ImageCache
    private let fonts = Typefaces.shared

    /// A renderer that reports problems (a missing image) once each through `warn`;
    /// by default they are written to standard error.
    public init(warn: @escaping (String) -> Void = Renderer.printWarning) {
        images = ImageCache(warn: warn)
    }

    /// Writes `message` and a newline to standard error.
    public static func printWarning(_ message: String) {
        FileHandle.standardError.write(Data((message + "\n").utf8))
    }

    /// The box `text` covers when set at `size` points as an item label or HUD text: the widest
    /// line's advance by the lines' height, points ("\n" breaks lines).
    public func textSize(_ text: String, size: Double) -> Size {
        let surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, 1, 1)
        let cr = cairo_create(surface)!
        defer { cairo_destroy(cr); cairo_surface_destroy(surface) }
        return ItemPainter.labelBox(text, size: size, canvas: CairoCanvas(cr, fonts: fonts))
    }

    /// Forgets every loaded image so changed files are read again (call after a hot reload).
    public func reloadImages() {
        images.removeAll()
    }

    // MARK: - Outputs

    /// Draws `scene` into a new opaque frame of `size`.
    /// - Throws: `RenderError.invalidSize`.
    public func frame(_ scene: RenderScene, size: OutputSize = .scale(1)) throws -> FrameBuffer {
        var frame = FrameBuffer(width: 1, height: 1)
        try render(scene, size: size, into: &frame)
        return frame
    }

    /// Redraws `frame` with `scene` at `size`, as `frame(_:size:)` draws it, reusing the frame's
    /// memory when it already has that size: the call to make once per frame of an animation.
    /// - Throws: `RenderError.invalidSize`.
    public func render(_ scene: RenderScene, size: OutputSize, into frame: inout FrameBuffer) throws {
        let viewport = try Viewport(scene: scene.size, size: size)
        if frame.width != viewport.width || frame.height != viewport.height {
            frame = FrameBuffer(width: viewport.width, height: viewport.height)
        }
        draw(scene, into: &frame, viewport: viewport, opaque: true)
    }

    /// Redraws `frame` with `scene` fitted to the frame's size (letterboxed), reusing its memory:
    /// the call to make once per window refresh, where the window's size makes the frame's.
    /// - Throws: `RenderError.invalidSize` for an empty scene.
    public func render(_ scene: RenderScene, into frame: inout FrameBuffer) throws {
        let viewport = try Viewport(scene: scene.size, size: .pixels(width: frame.width, height: frame.height))
        draw(scene, into: &frame, viewport: viewport, opaque: true)
    }

    /// Writes `scene` as a PNG. A transparent background stays transparent (unlike `frame`).
    /// - Throws: `RenderError.invalidSize` or `.cannotWrite`.
    public func writePNG(_ scene: RenderScene, to path: String, size: OutputSize = .scale(1)) throws {
        let viewport = try Viewport(scene: scene.size, size: size)
        var frame = FrameBuffer(width: viewport.width, height: viewport.height)
        draw(scene, into: &frame, viewport: viewport, opaque: false)
        try frame.writePNG(to: path)
    }

    /// Writes `scene` as an SVG document of (reference size × `scale`) points; shapes stay vectors.
    public func writeSVG(_ scene: RenderScene, to path: String, scale: Double = 1) throws {
        try writeVector(scene, to: path, scale: scale) { write, closure, width, height in
            cairo_svg_surface_create_for_stream(write, closure, width, height)
        }
    }

    /// Writes `scene` as a one-page PDF of (reference size × `scale`) points.
    public func writePDF(_ scene: RenderScene, to path: String, scale: Double = 1) throws {
        try writeVector(scene, to: path, scale: scale) { write, closure, width, height in
            cairo_pdf_surface_create_for_stream(write, closure, width, height)
        }
    }

    /// File extensions `write(_:to:size:)` understands.
    public static let fileExtensions = ["png", "svg", "pdf"]

    /// Writes a PNG, SVG or PDF, chosen by the extension of `path` (case-insensitive). For SVG and PDF
    /// a `.pixels` size is turned into the scale that fits the scene into it.
    public func write(_ scene: RenderScene, to path: String, size: OutputSize = .scale(1)) throws {
        let viewport = try Viewport(scene: scene.size, size: size)
        switch URL(fileURLWithPath: path).pathExtension.lowercased() {
        case "png": try writePNG(scene, to: path, size: size)
        case "svg": try writeSVG(scene, to: path, scale: viewport.scale)
        case "pdf": try writePDF(scene, to: path, scale: viewport.scale)
        default: throw RenderError.unsupportedFormat(path: path, supported: Renderer.fileExtensions)
        }
    }

    // MARK: - Drawing

    private func draw(_ scene: RenderScene, into frame: inout FrameBuffer, viewport: Viewport, opaque: Bool) {
        frame.withCairoSurface { surface in
            let cr = cairo_create(surface)!
            defer { cairo_destroy(cr) }
            // Start from cleared pixels: the frame may be reused from the previous refresh.
            cairo_set_operator(cr, CAIRO_OPERATOR_SOURCE)
            if opaque {
                cairo_set_source_rgb(cr, 0, 0, 0)
            } else {
                cairo_set_source_rgba(cr, 0, 0, 0, 0)
            }
            cairo_paint(cr)
            cairo_set_operator(cr, CAIRO_OPERATOR_OVER)
            cairo_translate(cr, viewport.offsetX, viewport.offsetY)
            cairo_scale(cr, viewport.scale, viewport.scale)
            draw(scene, cr: cr)
        }
    }

    private func writeVector(_ scene: RenderScene, to path: String, scale: Double,
                             makeSurface: (cairo_write_func_t, UnsafeMutableRawPointer, Double, Double) -> OpaquePointer?) throws {
        let viewport = try Viewport(scene: scene.size, size: .scale(scale))
        let file = try AtomicFile(path: path)
        let status = file.withCairoStream { write, closure in
            guard let surface = makeSurface(write, closure, scene.size.width * scale, scene.size.height * scale) else {
                return CAIRO_STATUS_NO_MEMORY
            }
            defer { cairo_surface_destroy(surface) }
            let cr = cairo_create(surface)!
            cairo_scale(cr, viewport.scale, viewport.scale)
            draw(scene, cr: cr)
            cairo_destroy(cr)
            // Finishing writes the document's tail; its write errors surface through `file`.
            cairo_surface_finish(surface)
            return cairo_surface_status(surface)
        }
        try file.commit(cairoStatus: status)
    }

    /// Draws the layers in order: background; items and debug overlay in world coordinates through
    /// the camera; HUD and banner in view coordinates. Everything is clipped to the view's rectangle
    /// so nothing spills into letterbox bars.
    private func draw(_ scene: RenderScene, cr: OpaquePointer) {
        let canvas = CairoCanvas(cr, fonts: fonts)
        canvas.addRectangle(x: 0, y: 0, width: scene.size.width, height: scene.size.height)
        canvas.clip()
        canvas.setColor(scene.background)
        canvas.paint()
        canvas.save()
        if let camera = scene.camera { canvas.applyCamera(camera, viewSize: scene.size) }
        ItemPainter(canvas: canvas, images: images).paint(scene.items)
        DebugOverlayPainter(canvas: canvas).paint(scene.debug, items: scene.items)
        GhostPainter(canvas: canvas).paint(scene.ghosts)
        canvas.restore()
        let hud = HUDPainter(canvas: canvas, images: images, camera: scene.camera, viewSize: scene.size)
        hud.paint(scene.hud)
        if let timeline = scene.timeline { TimelinePainter(canvas: canvas).paint(timeline, viewSize: scene.size) }
        if let banner = scene.errorBanner {
            hud.paintErrorBanner(banner, sceneSize: scene.size)
        }
    }
}
