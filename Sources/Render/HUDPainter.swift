// The HUD recorded from `level.draw(world, canvas)` and the error banner shown over a failed level.

import Foundation

/// Paints `HUDCommand`s and the error banner in scene coordinates, unrotated, over everything else.
struct HUDPainter {
    let canvas: CairoCanvas

    func paint(_ commands: [HUDCommand]) {
        for command in commands { paint(command) }
    }

    func paint(_ command: HUDCommand) {
        canvas.setLineWidth(1)
        switch command {
        case let .text(text, x, y, size, color, align):
            paintText(text, x: x, top: y, size: size, color: color, align: align)
        case let .rect(x, y, width, height, fill, stroke):
            guard [x, y, width, height].allSatisfy(\.isFinite) else { return }
            fillAndStroke(fill: fill, stroke: stroke) {
                canvas.addRectangle(x: x, y: y, width: width, height: height)
            }
        case let .circle(x, y, radius, fill, stroke):
            guard [x, y, radius].allSatisfy(\.isFinite), radius > 0 else { return }
            fillAndStroke(fill: fill, stroke: stroke) {
                canvas.addCircle(center: ScenePoint(x, y), radius: radius)
            }
        case let .line(x1, y1, x2, y2, color, width):
            guard [x1, y1, x2, y2, width].allSatisfy(\.isFinite), width > 0 else { return }
            canvas.moveTo(ScenePoint(x1, y1))
            canvas.lineTo(ScenePoint(x2, y2))
            canvas.setColor(color)
            canvas.setLineWidth(width)
            canvas.stroke()
        }
    }

    private func fillAndStroke(fill: Color?, stroke: Color?, path: () -> Void) {
        if let fill {
            path()
            canvas.setColor(fill)
            canvas.fill()
        }
        if let stroke {
            path()
            canvas.setColor(stroke)
            canvas.stroke()
        }
    }

    /// Text whose first line's top is at `top` (as LÖVE's print), aligned on `x`; "\n" breaks lines.
    private func paintText(_ text: String, x: Double, top: Double, size: Double, color: Color, align: TextAlign) {
        guard x.isFinite, top.isFinite, size.isFinite, size > 0 else { return }
        canvas.setFont(canvas.fonts.sans, size: size)
        canvas.setColor(color)
        let metrics = canvas.fontMetrics()
        var baseline = top + metrics.ascent
        for line in text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) {
            let width = canvas.textWidth(line)
            let start: Double
            switch align {
            case .left: start = x
            case .center: start = x - width / 2
            case .right: start = x - width
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
    func paintErrorBanner(_ message: String, sceneSize: SceneSize) {
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
