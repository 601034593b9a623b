// The debug overlay, drawn like UIKit's debugEnabled: thin collision outlines with a radius line
// showing each item's rotation, boundaries, attachment lines with anchor dots, contacts and arrows.

import Foundation

/// Paints a `DebugOverlay` (and the items' collision outlines) over the items.
struct DebugOverlayPainter {
    let canvas: CairoCanvas

    // Colours chosen to stay readable over both light and dark level backgrounds.
    static let outlineColor = Color(red: 0, green: 0.48, blue: 1)          // systemBlue
    static let boundaryColor = Color(red: 1, green: 0.58, blue: 0)         // systemOrange
    static let attachmentColor = Color(red: 1, green: 0.23, blue: 0.19)    // systemRed
    static let contactColor = Color(red: 1, green: 0.8, blue: 0)           // systemYellow
    static let fieldColor = Color(red: 0.69, green: 0.32, blue: 0.87)      // systemPurple
    static let velocityColor = Color(red: 0.2, green: 0.78, blue: 0.35)    // systemGreen

    /// Line width of every overlay stroke, points.
    static let lineWidth = 1.0

    func paint(_ overlay: DebugOverlay, items: [SceneItem]) {
        guard overlay.enabled else { return }
        canvas.save()
        canvas.setLineWidth(DebugOverlayPainter.lineWidth)
        if overlay.showsCollisionOutlines {
            for item in items { paintOutline(item) }
        }
        for boundary in overlay.boundaries { paintBoundary(boundary) }
        for attachment in overlay.attachments { paintAttachment(attachment) }
        paintArrows(overlay.fieldSamples, color: DebugOverlayPainter.fieldColor,
                    scale: fieldScale(overlay))
        paintArrows(overlay.velocities, color: DebugOverlayPainter.velocityColor,
                    scale: overlay.velocityScale)
        for contact in overlay.contacts where contact.x.isFinite && contact.y.isFinite {
            canvas.addCircle(center: contact, radius: 2.5)
            canvas.setColor(DebugOverlayPainter.contactColor)
            canvas.fillPreserve()
            canvas.setColor(.black)
            canvas.setLineWidth(0.5)
            canvas.stroke()
            canvas.setLineWidth(DebugOverlayPainter.lineWidth)
        }
        canvas.restore()
    }

    /// Field forces have arbitrary units, so arrows are normalised: the longest is `fieldArrowLength`.
    private func fieldScale(_ overlay: DebugOverlay) -> Double {
        var longest = 0.0
        for sample in overlay.fieldSamples {
            let length = hypot(sample.vector.x, sample.vector.y)
            if length.isFinite { longest = max(longest, length) }
        }
        return longest > 0 ? overlay.fieldArrowLength / longest : 0
    }

    // MARK: - Pieces

    /// Gap between a label's box and the rotation line, points.
    static let labelClearance = 2.0
    /// Shortest rotation line drawn, points: it pokes out of an outline its label fills.
    static let shortestRotationLine = 6.0

    /// The item's collision outline, and a line from the centre towards the right edge showing the
    /// rotation, as Box2D's debug draw does. The line starts beyond the item's label instead, so the
    /// label stays readable while the overlay stays under everything drawn later.
    private func paintOutline(_ item: SceneItem) {
        guard item.center.x.isFinite, item.center.y.isFinite, item.angle.isFinite else { return }
        let outline = item.collisionShape ?? item.shape
        var start = 0.0, end = outline.localBounds.maxX
        if let label = item.label, !label.isEmpty, !item.hidden, item.opacity > 0 {
            start = ItemPainter.labelBox(label, size: item.labelSize, canvas: canvas).width / 2
                + DebugOverlayPainter.labelClearance
            end = max(end, start + DebugOverlayPainter.shortestRotationLine)
        }
        canvas.save()
        canvas.translate(item.center.x, item.center.y)
        canvas.rotate(item.angle)
        canvas.addShape(outline)
        canvas.moveTo(Vec2(start, 0))
        canvas.lineTo(Vec2(end, 0))
        canvas.setColor(DebugOverlayPainter.outlineColor)
        canvas.stroke()
        canvas.restore()
    }

    private func paintBoundary(_ points: [Vec2]) {
        guard let first = points.first else { return }
        canvas.moveTo(first)
        for p in points.dropFirst() { canvas.lineTo(p) }
        canvas.setColor(DebugOverlayPainter.boundaryColor)
        canvas.setLineWidth(1.5)
        canvas.stroke()
        canvas.setLineWidth(DebugOverlayPainter.lineWidth)
    }

    private func paintAttachment(_ a: DebugAttachment) {
        let color = DebugOverlayPainter.attachmentColor
        canvas.setColor(color)
        switch a.kind {
        case .distance, .pin, .fixed:
            canvas.moveTo(a.anchorA)
            canvas.lineTo(a.anchorB)
            canvas.stroke()
        case .limit, .snap:
            canvas.setDash([4, 3])
            canvas.moveTo(a.anchorA)
            canvas.lineTo(a.anchorB)
            canvas.stroke()
            canvas.setDash([])
        case .spring:
            paintZigZag(from: a.anchorA, to: a.anchorB)
        case .sliding:
            canvas.moveTo(a.anchorA)
            canvas.lineTo(a.anchorB)
            paintCrossBar(at: a.anchorA, along: a.anchorB)
            paintCrossBar(at: a.anchorB, along: a.anchorA)
            canvas.stroke()
        }
        switch a.kind {
        case .pin:
            canvas.addCircle(center: a.anchorB, radius: 5)
            canvas.stroke()
        case .fixed:
            canvas.addRectangle(x: a.anchorB.x - 4, y: a.anchorB.y - 4, width: 8, height: 8)
            canvas.stroke()
        default:
            break
        }
        for anchor in [a.anchorA, a.anchorB] {
            canvas.addCircle(center: anchor, radius: 2.5)
            canvas.fill()
        }
    }

    /// A spring: eight zig-zags of ±4 points across the line between the anchors.
    private func paintZigZag(from a: Vec2, to b: Vec2) {
        let dx = b.x - a.x, dy = b.y - a.y, length = hypot(dx, dy)
        guard length > 0 else { return }
        let nx = -dy / length * 4, ny = dx / length * 4
        let zigs = 8
        canvas.moveTo(a)
        for i in 1..<(2 * zigs) {
            let t = Double(i) / Double(2 * zigs), side = i % 2 == 0 ? -1.0 : 1.0
            canvas.lineTo(Vec2(a.x + dx * t + nx * side, a.y + dy * t + ny * side))
        }
        canvas.lineTo(b)
        canvas.stroke()
    }

    private func paintCrossBar(at p: Vec2, along q: Vec2) {
        let dx = q.x - p.x, dy = q.y - p.y, length = hypot(dx, dy)
        guard length > 0 else { return }
        let nx = -dy / length * 5, ny = dx / length * 5
        canvas.moveTo(Vec2(p.x - nx, p.y - ny))
        canvas.lineTo(Vec2(p.x + nx, p.y + ny))
    }

    /// Arrows from each point along its vector × `scale`, with a head a third as long (at most 6 pt).
    private func paintArrows(_ arrows: [DebugArrow], color: Color, scale: Double) {
        guard scale > 0, scale.isFinite else { return }
        canvas.setColor(color)
        for arrow in arrows {
            let dx = arrow.vector.x * scale, dy = arrow.vector.y * scale
            let length = hypot(dx, dy)
            guard length > 0.5, length.isFinite, arrow.point.x.isFinite, arrow.point.y.isFinite else {
                continue
            }
            let tip = Vec2(arrow.point.x + dx, arrow.point.y + dy)
            canvas.moveTo(arrow.point)
            canvas.lineTo(tip)
            let head = min(6, length / 3), ux = dx / length, uy = dy / length
            let spread = 0.45 // radians either side of the shaft
            for side in [-1.0, 1.0] {
                let c = cos(spread * side), s = sin(spread * side)
                let hx = -(ux * c - uy * s) * head, hy = -(ux * s + uy * c) * head
                canvas.moveTo(tip)
                canvas.lineTo(Vec2(tip.x + hx, tip.y + hy))
            }
            canvas.stroke()
        }
    }
}
