// A thin Swift face over a cairo_t: colours, shape paths and text, so the painters read as drawing
// code rather than C calls. Every cairo call in Render outside the output files goes through here.

import CKineticCairo
import Foundation

/// A Cairo drawing context in scene coordinates (points), valid for one frame.
struct CairoCanvas {
    let cr: OpaquePointer
    let fonts: Typefaces

    init(_ cr: OpaquePointer, fonts: Typefaces) {
        self.cr = cr
        self.fonts = fonts
        // Fixed font options: the same text rasterises the same way whatever fontconfig says.
        let options = cairo_font_options_create()
        cairo_font_options_set_antialias(options, CAIRO_ANTIALIAS_GRAY)
        cairo_font_options_set_hint_style(options, CAIRO_HINT_STYLE_NONE)
        cairo_font_options_set_hint_metrics(options, CAIRO_HINT_METRICS_OFF)
        cairo_set_font_options(cr, options)
        cairo_font_options_destroy(options)
        cairo_set_antialias(cr, CAIRO_ANTIALIAS_GOOD)
        cairo_set_line_join(cr, CAIRO_LINE_JOIN_ROUND)
        cairo_set_line_cap(cr, CAIRO_LINE_CAP_ROUND)
    }

    // MARK: - State

    func save() { cairo_save(cr) }
    func restore() { cairo_restore(cr) }
    func translate(_ x: Double, _ y: Double) { cairo_translate(cr, x, y) }
    /// Positive `radians` turn clockwise on screen (Cairo's y axis points down, like ours).
    func rotate(_ radians: Double) { cairo_rotate(cr, radians) }
    func scale(_ s: Double) { cairo_scale(cr, s, s) }

    /// Makes the coordinates world points seen through `camera` in a view of `viewSize`: the camera's
    /// centre lands on the view's centre, and one world point spans `zoom` view points.
    func applyCamera(_ camera: SceneCamera, viewSize: Size) {
        guard camera != .identity(for: viewSize), camera.zoom.isNormal, camera.zoom > 0,
              camera.center.x.isFinite, camera.center.y.isFinite else { return }
        cairo_translate(cr, viewSize.width / 2, viewSize.height / 2)
        cairo_scale(cr, camera.zoom, camera.zoom)
        cairo_translate(cr, -camera.center.x, -camera.center.y)
    }

    /// The current transform (user space to device space).
    var matrix: cairo_matrix_t {
        get {
            var m = cairo_matrix_t()
            cairo_get_matrix(cr, &m)
            return m
        }
        nonmutating set {
            var m = newValue
            cairo_set_matrix(cr, &m)
        }
    }

    /// Applies `change` before the current transform, unless the result could not be inverted
    /// (a zero or non-finite scale): Cairo would put the context into an error state that blanks
    /// the rest of the frame. Returns whether it was applied.
    @discardableResult
    func transform(by change: cairo_matrix_t) -> Bool {
        var change = change
        var current = matrix
        var result = cairo_matrix_t()
        cairo_matrix_multiply(&result, &change, &current)
        let determinant = result.xx * result.yy - result.xy * result.yx
        guard [result.xx, result.yx, result.xy, result.yy, result.x0, result.y0].allSatisfy(\.isFinite),
              determinant.isNormal else { return false }
        matrix = result
        return true
    }

    func setColor(_ c: Color, opacity: Double = 1) {
        cairo_set_source_rgba(cr, c.red, c.green, c.blue, c.alpha * opacity)
    }

    func setLineWidth(_ width: Double) { cairo_set_line_width(cr, width) }

    func setDash(_ pattern: [Double]) {
        cairo_set_dash(cr, pattern, Int32(pattern.count), 0)
    }

    /// Draws everything `body` paints into an offscreen group, then paints the group at `opacity`,
    /// so overlapping fill and stroke of one item fade together instead of showing through.
    func withOpacity(_ opacity: Double, _ body: () -> Void) {
        if opacity >= 1 {
            body()
            return
        }
        cairo_push_group(cr)
        body()
        cairo_pop_group_to_source(cr)
        cairo_paint_with_alpha(cr, opacity)
    }

    // MARK: - Paths

    func newPath() { cairo_new_path(cr) }
    func fill() { cairo_fill(cr) }
    func fillPreserve() { cairo_fill_preserve(cr) }
    func stroke() { cairo_stroke(cr) }
    func clip() { cairo_clip(cr) }
    func paint() { cairo_paint(cr) }
    func moveTo(_ p: Vec2) { cairo_move_to(cr, p.x, p.y) }
    func lineTo(_ p: Vec2) { cairo_line_to(cr, p.x, p.y) }
    func closePath() { cairo_close_path(cr) }

    func addRectangle(x: Double, y: Double, width: Double, height: Double) {
        cairo_rectangle(cr, x, y, width, height)
    }

    func addCircle(center: Vec2, radius: Double) {
        cairo_new_sub_path(cr)
        cairo_arc(cr, center.x, center.y, radius, 0, 2 * Double.pi)
        cairo_close_path(cr)
    }

    /// Adds `shape` (centred on the current origin) to the path. Group parts are added one by one,
    /// so filling the path with the winding rule fills their union.
    func addShape(_ shape: SceneShape) {
        switch shape {
        case let .rectangle(size, cornerRadius):
            addRoundedRectangle(size: size, cornerRadius: cornerRadius)
        case let .ellipse(size):
            guard size.width > 0, size.height > 0 else { return }
            // Scale a unit circle, then restore before stroking so the line width stays uniform.
            cairo_save(cr)
            cairo_scale(cr, size.width / 2, size.height / 2)
            cairo_new_sub_path(cr)
            cairo_arc(cr, 0, 0, 1, 0, 2 * Double.pi)
            cairo_close_path(cr)
            cairo_restore(cr)
        case let .polygon(points):
            guard let first = points.first else { return }
            moveTo(first)
            for p in points.dropFirst() { lineTo(p) }
            closePath()
        case let .group(parts):
            for part in parts { addPart(part) }
        }
    }

    func addPart(_ part: ShapePart) {
        cairo_save(cr)
        cairo_translate(cr, part.offset.x, part.offset.y)
        cairo_rotate(cr, part.angle)
        addShape(part.shape)
        cairo_restore(cr)
    }

    private func addRoundedRectangle(size: Size, cornerRadius: Double) {
        let w = max(size.width, 0), h = max(size.height, 0)
        let r = min(max(cornerRadius, 0), w / 2, h / 2)
        let x = -w / 2, y = -h / 2
        guard r > 0 else {
            cairo_rectangle(cr, x, y, w, h)
            return
        }
        let quarter = Double.pi / 2
        cairo_new_sub_path(cr)
        cairo_arc(cr, x + w - r, y + r, r, -quarter, 0)
        cairo_arc(cr, x + w - r, y + h - r, r, 0, quarter)
        cairo_arc(cr, x + r, y + h - r, r, quarter, 2 * quarter)
        cairo_arc(cr, x + r, y + r, r, 2 * quarter, 3 * quarter)
        cairo_close_path(cr)
    }

    // MARK: - Text

    /// Selects a font face and size (points) for the following text calls.
    func setFont(_ face: OpaquePointer, size: Double) {
        cairo_set_font_face(cr, face)
        cairo_set_font_size(cr, max(size, 0.1))
    }

    /// Advance width of `text` in the current font, points.
    func textWidth(_ text: String) -> Double {
        var extents = cairo_text_extents_t()
        cairo_text_extents(cr, text, &extents)
        return extents.x_advance
    }

    /// Ascent, descent and line height of the current font, points.
    func fontMetrics() -> (ascent: Double, descent: Double, lineHeight: Double) {
        var extents = cairo_font_extents_t()
        cairo_font_extents(cr, &extents)
        return (extents.ascent, extents.descent, extents.height)
    }

    /// Draws `text` with its baseline starting at (`x`, `baseline`).
    func showText(_ text: String, x: Double, baseline: Double) {
        cairo_move_to(cr, x, baseline)
        cairo_show_text(cr, text)
        cairo_new_path(cr)
    }
}
