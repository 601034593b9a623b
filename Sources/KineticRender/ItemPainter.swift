// Draws the scene's items: fill, image, stroke and label, each in the item's own turned frame, in
// z order. Groups are stroked around their union so the seams between parts never show.

import CKineticCairo
import Foundation

/// Paints `SceneItem`s onto a canvas.
struct ItemPainter {
    let canvas: CairoCanvas
    let images: ImageCache

    /// Draws every visible item, lowest `z` first; equal `z` keep their order in `items`.
    func paint(_ items: [SceneItem]) {
        for index in ItemPainter.drawOrder(items) where !items[index].hidden {
            paint(items[index])
        }
    }

    /// Indices of `items` sorted by `z`, ties broken by position, so the order is total and stable.
    static func drawOrder(_ items: [SceneItem]) -> [Int] {
        items.indices.sorted { a, b in
            items[a].z != items[b].z ? items[a].z < items[b].z : a < b
        }
    }

    func paint(_ item: SceneItem) {
        guard item.center.x.isFinite, item.center.y.isFinite, item.angle.isFinite,
              item.opacity.isFinite, item.opacity > 0 else { return }
        canvas.save()
        canvas.translate(item.center.x, item.center.y)
        canvas.rotate(item.angle)
        canvas.withOpacity(min(item.opacity, 1)) {
            if case .group = item.shape {
                paintGroupBody(item)
            } else {
                paintBody(item)
            }
            if let label = item.label, !label.isEmpty {
                paintLabel(label, color: item.labelColor, size: item.labelSize)
            }
        }
        canvas.restore()
    }

    // MARK: - Bodies

    private func paintBody(_ item: SceneItem) {
        paintFillAndImage(item)
        if let stroke = item.stroke, item.strokeWidth > 0 {
            canvas.addShape(item.shape)
            canvas.setColor(stroke)
            canvas.setLineWidth(item.strokeWidth)
            canvas.stroke()
        }
    }

    /// A group's outline is the outline of the union of its parts. Stroking every part at twice the
    /// width, then clearing and refilling the union, leaves a band `strokeWidth` wide outside the union
    /// and none on the inner seams; the offscreen group keeps the clearing local to this item.
    private func paintGroupBody(_ item: SceneItem) {
        let cr = canvas.cr
        cairo_push_group(cr)
        if let stroke = item.stroke, item.strokeWidth > 0 {
            canvas.addShape(item.shape)
            canvas.setColor(stroke)
            canvas.setLineWidth(2 * item.strokeWidth)
            canvas.stroke()
            cairo_set_operator(cr, CAIRO_OPERATOR_CLEAR)
            canvas.addShape(item.shape)
            canvas.fill()
            cairo_set_operator(cr, CAIRO_OPERATOR_OVER)
        }
        paintFillAndImage(item)
        cairo_pop_group_to_source(cr)
        canvas.paint()
    }

    /// The item's fill, then its image over it.
    private func paintFillAndImage(_ item: SceneItem) {
        if let fill = item.fill {
            canvas.addShape(item.shape)
            canvas.setColor(fill)
            canvas.fill()
        }
        if let image = item.image {
            paintImage(image, in: item.shape.localBounds)
        }
    }

    // MARK: - Images and labels

    /// Stretches the image at `path` over `bounds` (item frame); a missing image draws a magenta cross.
    private func paintImage(_ path: String, in bounds: (minX: Double, minY: Double, maxX: Double, maxY: Double)) {
        let rect = Rect(x: bounds.minX, y: bounds.minY, width: bounds.maxX - bounds.minX, height: bounds.maxY - bounds.minY)
        ImagePainter(canvas: canvas, images: images).paint(path, in: rect)
    }

    /// Centres `label` on the item: horizontally by advance width, vertically by the font's ascent
    /// and descent (not the ink), so labels of different letters sit on the same baseline.
    private func paintLabel(_ label: String, color: Color, size: Double) {
        let box = ItemPainter.labelBox(label, size: size, canvas: canvas)
        let metrics = canvas.fontMetrics()
        var baseline = -box.height / 2 + metrics.ascent
        canvas.setColor(color)
        for line in ItemPainter.labelLines(label) {
            canvas.showText(line, x: -canvas.textWidth(line) / 2, baseline: baseline)
            baseline += metrics.lineHeight
        }
    }

    /// The label's lines ("\n" breaks them).
    static func labelLines(_ label: String) -> [String] {
        label.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    }

    /// The box a label fills, centred on the item in its turned frame: the widest line's advance by
    /// the lines' height. Sets the label's font on `canvas`.
    static func labelBox(_ label: String, size: Double, canvas: CairoCanvas) -> Size {
        canvas.setFont(canvas.fonts.sans, size: size)
        let metrics = canvas.fontMetrics()
        let lines = labelLines(label)
        let width = lines.map(canvas.textWidth).max() ?? 0
        return Size(width, Double(lines.count - 1) * metrics.lineHeight + metrics.ascent + metrics.descent)
    }
}
