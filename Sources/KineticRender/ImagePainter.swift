// Draws a decoded image (or, when it cannot be loaded, a magenta cross) into a rectangle: what an
// item's `image` and the HUD's `canvas:image` share.

import CKineticCairo
import Foundation

struct ImagePainter {
    let canvas: CairoCanvas
    let images: ImageCache

    /// The pixel size of the part of the image at `path` that `source` picks (all of it when nil),
    /// or nil when the image cannot be loaded.
    func sourceSize(_ path: String, source: Rect?) -> Size? {
        guard let image = images.image(at: path) else { return nil }
        guard let source else { return Size(image.width, image.height) }
        return source.size
    }

    /// Stretches the image at `path` (its `source` rectangle in pixels, or all of it) over `rect`
    /// in the current coordinates, at `opacity`; a missing image draws a magenta cross over `rect`.
    func paint(_ path: String, in rect: Rect, source: Rect? = nil, opacity: Double = 1) {
        guard rect.width > 0, rect.height > 0, rect.width.isFinite, rect.height.isFinite,
              rect.x.isFinite, rect.y.isFinite else { return }
        guard let image = images.image(at: path) else {
            paintPlaceholder(rect)
            return
        }
        let cr = canvas.cr
        var surface = image.surface
        var part = Rect(x: 0, y: 0, width: image.width, height: image.height)
        var target = rect
        if let source {
            // Only the part of the source inside the image is drawn, where it falls in `rect`.
            guard source.width > 0, source.height > 0 else { return }
            let left = max(source.x, 0), top = max(source.y, 0)
            let right = min(source.x + source.width, image.width), bottom = min(source.y + source.height, image.height)
            guard right > left, bottom > top else { return }
            let sx = rect.width / source.width, sy = rect.height / source.height
            target = Rect(x: rect.x + (left - source.x) * sx, y: rect.y + (top - source.y) * sy,
                               width: (right - left) * sx, height: (bottom - top) * sy)
            part = Rect(x: 0, y: 0, width: right - left, height: bottom - top)
            // A sub-surface keeps filtering from blending in the neighbouring frames of a sprite sheet.
            surface = cairo_surface_create_for_rectangle(image.surface, left, top, right - left, bottom - top)
        }
        defer { if surface != image.surface { cairo_surface_destroy(surface) } }
        canvas.save()
        canvas.translate(target.x, target.y)
        cairo_scale(cr, target.width / part.width, target.height / part.height)
        cairo_set_source_surface(cr, surface, 0, 0)
        // Pad the edges so a stretched image does not fade out at its border when filtered.
        cairo_pattern_set_extend(cairo_get_source(cr), CAIRO_EXTEND_PAD)
        canvas.newPath()
        canvas.addRectangle(x: 0, y: 0, width: part.width, height: part.height)
        if opacity >= 1 {
            canvas.fill()
        } else {
            canvas.clip()
            cairo_paint_with_alpha(cr, max(opacity, 0))
        }
        canvas.restore()
    }

    private func paintPlaceholder(_ rect: Rect) {
        let magenta = Color(red: 1, green: 0, blue: 1)
        canvas.setColor(magenta)
        canvas.setLineWidth(max(1, min(rect.width, rect.height) / 20))
        canvas.addRectangle(x: rect.x, y: rect.y, width: rect.width, height: rect.height)
        canvas.moveTo(Vec2(rect.x, rect.y))
        canvas.lineTo(Vec2(rect.x + rect.width, rect.y + rect.height))
        canvas.moveTo(Vec2(rect.x + rect.width, rect.y))
        canvas.lineTo(Vec2(rect.x, rect.y + rect.height))
        canvas.stroke()
    }
}
