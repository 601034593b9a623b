// The HUD recorded from `level.draw(world, canvas)` and the error banner shown over a failed level.

import CKineticCairo
import Foundation

/// Paints `HUDCommand`s and the error banner in view coordinates over everything else; a
/// `push(world: true)` group is drawn in world coordinates through the camera instead.
struct HUDPainter {
    let canvas: CairoCanvas
    let images: ImageCache
    /// The scene's camera and view size, for `push(world: true)`.
    var camera: SceneCamera? = nil
    var viewSize = Size(0, 0)

    /// Paints the commands in order, keeping the transform stack they record; pushes left open at
    /// the end are closed, so nothing leaks into the error banner.
    func paint(_ commands: [HUDCommand]) {
        let base = canvas.matrix
        var depth = 0
        for command in commands {
            switch command {
            case .push(let world):
                canvas.save()
                depth += 1
                if world {
                    canvas.matrix = base
                    if let camera { canvas.applyCamera(camera, viewSize: viewSize) }
                }
            case .pop:
                guard depth > 0 else { continue }
                canvas.restore()
                depth -= 1
            default:
                paint(command)
            }
        }
        for _ in 0..<depth { canvas.restore() }
    }

    func paint(_ command: HUDCommand) {
        canvas.setLineWidth(1)
        switch command {
        case let .text(text, x, y, size, color, align, width):
            paintText(text, x: x, top: y, size: size, color: color, align: align, width: width)
        case let .rect(x, y, width, height, fill, stroke, strokeWidth, cornerRadius):
            guard [x, y, width, height, cornerRadius].allSatisfy(\.isFinite) else { return }
            fillAndStroke(fill: fill, stroke: stroke, width: strokeWidth) {
                if cornerRadius > 0 {
                    canvas.save()
                    canvas.translate(x + width / 2, y + height / 2)
                    canvas.addShape(.rectangle(size: Size(abs(width), abs(height)), cornerRadius: cornerRadius))
                    canvas.restore()
                } else {
                    canvas.addRectangle(x: x, y: y, width: width, height: height)
                }
            }
        case let .circle(x, y, radius, fill, stroke, strokeWidth):
            guard [x, y, radius].allSatisfy(\.isFinite), radius > 0 else { return }
            fillAndStroke(fill: fill, stroke: stroke, width: strokeWidth) {
                canvas.addCircle(center: Vec2(x, y), radius: radius)
            }
        case let .line(x1, y1, x2, y2, color, width):
            guard [x1, y1, x2, y2, width].allSatisfy(\.isFinite), width > 0 else { return }
            canvas.moveTo(Vec2(x1, y1))
            canvas.lineTo(Vec2(x2, y2))
            canvas.setColor(color)
            canvas.setLineWidth(width)
            canvas.stroke()
        case let .polygon(points, fill, stroke, strokeWidth):
            guard points.count >= 2, points.allSatisfy({ $0.x.isFinite && $0.y.isFinite }) else { return }
            fillAndStroke(fill: fill, stroke: stroke, width: strokeWidth) {
                canvas.addShape(.polygon(points))
            }
        case let .arc(x, y, radius, from, to, type, fill, stroke, strokeWidth):
            guard [x, y, radius, from, to].allSatisfy(\.isFinite), radius > 0 else { return }
            fillAndStroke(fill: fill, stroke: stroke, width: strokeWidth) {
                addArc(x: x, y: y, radius: radius, from: from, to: to, type: type)
            }
        case let .image(path, x, y, width, height, angle, opacity, source):
            guard [x, y, angle, opacity].allSatisfy(\.isFinite), opacity > 0 else { return }
            let painter = ImagePainter(canvas: canvas, images: images)
            // Without a size, one image pixel per point (a missing image's placeholder is 32 points).
            let natural = painter.sourceSize(path, source: source) ?? Size(source?.width ?? 32, source?.height ?? 32)
            let w = width ?? natural.width, h = height ?? natural.height
            guard w.isFinite, h.isFinite, w > 0, h > 0 else { return }
            canvas.save()
            canvas.translate(x + w / 2, y + h / 2)
            canvas.rotate(angle)
            painter.paint(path, in: Rect(x: -w / 2, y: -h / 2, width: w, height: h), source: source, opacity: min(opacity, 1))
            canvas.restore()
        case let .translate(x, y):
            var m = cairo_matrix_t()
            cairo_matrix_init_translate(&m, x, y)
            canvas.transform(by: m)
        case let .rotate(angle):
            guard angle.isFinite else { return }
            var m = cairo_matrix_t()
            cairo_matrix_init_rotate(&m, angle)
            canvas.transform(by: m)
        case let .scale(x, y):
            var m = cairo_matrix_t()
            cairo_matrix_init_scale(&m, x, y)
            canvas.transform(by: m)
        case .push, .pop:
            break  // kept by `paint(_ commands:)`, which knows the stack
        }
    }

    /// The arc from `from` to `to` (clockwise when `to` is larger, as LÖVE draws it), at most one
    /// full turn: Cairo draws an arc in pieces, so a turn of 10¹² radians would take forever.
    private func addArc(x: Double, y: Double, radius: Double, from: Double, to: Double, type: ArcType) {
        let cr = canvas.cr
        let sweep = max(-2 * Double.pi, min(2 * Double.pi, to - from))
        canvas.newPath()
        if type == .pie { canvas.moveTo(Vec2(x, y)) }
        if sweep >= 0 {
            cairo_arc(cr, x, y, radius, from, from + sweep)
        } else {
            cairo_arc_negative(cr, x, y, radius, from, from + sweep)
        }
        if type != .open { canvas.closePath() }
    }

    private func fillAndStroke(fill: Color?, stroke: Color?, width: Double = 1, path: () -> Void) {
        if let fill {
            path()
            canvas.setColor(fill)
            canvas.fill()
        }
        if let stroke, width > 0, width.isFinite {
            path()
            canvas.setColor(stroke)
            canvas.setLineWidth(width)
            canvas.stroke()
        }
    }

    /// Text whose first line's top is at `top` (as LÖVE's print), aligned on `x`; "\n" breaks lines.
    /// With `width` (LÖVE's printf), lines wrap at `width` points and align within `x`…`x + width`.
    private func paintText(_ text: String, x: Double, top: Double, size: Double, color: Color, align: TextAlign,
                           width: Double? = nil) {
        guard x.isFinite, top.isFinite, size.isFinite, size > 0 else { return }
        canvas.setFont(canvas.fonts.sans, size: size)
        canvas.setColor(color)
        let metrics = canvas.fontMetrics()
        var baseline = top + metrics.ascent
        let box = width.flatMap { $0.isFinite && $0 > 0 ? $0 : nil }
        let lines = box.map { wrap(text, width: $0) }
            ?? text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        for line in lines {
            let lineWidth = canvas.textWidth(line)
            let start: Double
            switch align {
            case .left: start = x
            case .center: start = box.map { x + ($0 - lineWidth) / 2 } ?? x - lineWidth / 2
            case .right: start = box.map { x + $0 - lineWidth } ?? x - lineWidth
            }
            canvas.showText(line, x: start, baseline: baseline)
            baseline += metrics.lineHeight
        }
    }

    // MARK: - Error banner

    /// Font size of the error banner, points.
    static let bannerFontSize = 12.0
    /// Space between the banner's edge and its text, points.
    static let bannerMargin = 10.0

    /// A dark red panel across the top of the scene holding `message`, wrapped to the scene's width.
    func paintErrorBanner(_ message: String, sceneSize: Size) {
        let margin = HUDPainter.bannerMargin
        canvas.setFont(canvas.fonts.mono, size: HUDPainter.bannerFontSize)
        let metrics = canvas.fontMetrics()
        let maxLines = max(1, Int((sceneSize.height - 2 * margin) / metrics.lineHeight))
        var lines = wrap(message, width: sceneSize.width - 2 * margin)
        if lines.count > maxLines {
            lines = Array(lines.prefix(maxLines - 1)) + ["…"]
        }
        let height = Double(lines.count) * metrics.lineHeight + 2 * margin
        canvas.addRectangle(x: 0, y: 0, width: sceneSize.width, height: height)
        canvas.setColor(Color(red: 0.55, green: 0.05, blue: 0.08, alpha: 0.92))
        canvas.fill()
        canvas.setColor(.white)
        var baseline = margin + metrics.ascent
        for line in lines {
            canvas.showText(line, x: margin, baseline: baseline)
            baseline += metrics.lineHeight
        }
    }

    /// Breaks `text` into lines no wider than `width` points in the current font: at spaces when it
    /// can, inside a word when one word alone is too wide (long paths in tracebacks).
    func wrap(_ text: String, width: Double) -> [String] {
        var lines: [String] = []
        // Tracebacks indent with tabs, which DejaVu has no glyph for.
        let text = text.replacingOccurrences(of: "\t", with: "    ")
        for paragraph in text.split(separator: "\n", omittingEmptySubsequences: false) {
            var line = ""
            var lineHasWords = false // distinguishes a fresh line from one holding indentation
            for word in paragraph.split(separator: " ", omittingEmptySubsequences: false).map(String.init) {
                let candidate = lineHasWords ? line + " " + word : word
                if canvas.textWidth(candidate) <= width {
                    line = candidate
                    lineHasWords = true
                    continue
                }
                if !line.isEmpty { lines.append(line) }
                line = ""
                lineHasWords = true
                for character in word {
                    if !line.isEmpty, canvas.textWidth(line + String(character)) > width {
                        lines.append(line)
                        line = ""
                    }
                    line.append(character)
                }
            }
            lines.append(line)
        }
        return lines
    }
}
