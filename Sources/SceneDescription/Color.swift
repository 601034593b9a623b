// Colours as levels write them: "#rgb", "#rgba", "#rrggbb", "#rrggbbaa", a CSS colour name or
// "transparent". Components are straight (not premultiplied) alpha in 0...1.

/// An sRGB colour with straight alpha, each component in 0...1.
public struct Color: Sendable, Hashable, CustomStringConvertible {
    /// Red, 0...1.
    public var red: Double
    /// Green, 0...1.
    public var green: Double
    /// Blue, 0...1.
    public var blue: Double
    /// Opacity, 0 (transparent) ... 1 (opaque).
    public var alpha: Double

    /// A colour from components in 0...1; values outside are clamped so nothing invalid reaches Cairo.
    public init(red: Double, green: Double, blue: Double, alpha: Double = 1) {
        self.red = Color.clamp(red)
        self.green = Color.clamp(green)
        self.blue = Color.clamp(blue)
        self.alpha = Color.clamp(alpha)
    }

    /// A colour from 8-bit components (0...255).
    public init(red8: UInt8, green8: UInt8, blue8: UInt8, alpha8: UInt8 = 255) {
        self.init(red: Double(red8) / 255, green: Double(green8) / 255,
                  blue: Double(blue8) / 255, alpha: Double(alpha8) / 255)
    }

    /// Parses "#rgb", "#rgba", "#rrggbb", "#rrggbbaa", a CSS colour name (any case) or "transparent".
    /// - Throws: `ColorError` naming the bad value and, for a misspelt name, the nearest CSS name.
    public init(parsing text: String) throws {
        let trimmed = text.trimmingSpaces()
        if trimmed.hasPrefix("#") {
            guard let color = Color.parseHex(trimmed.dropFirst()) else {
                throw ColorError(value: text, suggestion: nil)
            }
            self = color
            return
        }
        let name = trimmed.lowercased()
        if name == "transparent" {
            self = .transparent
            return
        }
        guard let hex = Color.cssNames[name], let color = Color.parseHex(hex.dropFirst()) else {
            throw ColorError(value: text, suggestion: Color.nearestName(to: name))
        }
        self = color
    }

    /// "#rrggbb" for opaque colours, "#rrggbbaa" otherwise.
    public var description: String {
        func hex(_ v: Double) -> String {
            let byte = Int((v * 255).rounded())
            let digits = String(byte, radix: 16)
            return digits.count == 1 ? "0" + digits : digits
        }
        let rgb = "#" + hex(red) + hex(green) + hex(blue)
        return alpha >= 1 ? rgb : rgb + hex(alpha)
    }

    /// The same colour with its alpha multiplied by `factor` (0...1).
    public func withAlpha(multipliedBy factor: Double) -> Color {
        Color(red: red, green: green, blue: blue, alpha: alpha * factor)
    }

    /// Fully transparent black.
    public static let transparent = Color(red: 0, green: 0, blue: 0, alpha: 0)
    /// Opaque black.
    public static let black = Color(red: 0, green: 0, blue: 0)
    /// Opaque white.
    public static let white = Color(red: 1, green: 1, blue: 1)

    // MARK: - Parsing

    private static func clamp(_ v: Double) -> Double {
        v.isNaN ? 0 : min(max(v, 0), 1)
    }

    private static func parseHex(_ digits: Substring) -> Color? {
        var nibbles: [UInt8] = []
        for character in digits {
            guard let value = character.hexDigitValue else { return nil }
            nibbles.append(UInt8(value))
        }
        switch nibbles.count {
        case 3, 4: // "#rgb" / "#rgba": each digit doubled, as CSS does (#f80 == #ff8800)
            let bytes = nibbles.map { $0 * 17 }
            return Color(red8: bytes[0], green8: bytes[1], blue8: bytes[2],
                         alpha8: bytes.count == 4 ? bytes[3] : 255)
        case 6, 8:
            let bytes = stride(from: 0, to: nibbles.count, by: 2).map { nibbles[$0] << 4 | nibbles[$0 + 1] }
            return Color(red8: bytes[0], green8: bytes[1], blue8: bytes[2],
                         alpha8: bytes.count == 4 ? bytes[3] : 255)
        default:
            return nil
        }
    }

    /// The CSS name closest to `name` by edit distance, when it is close enough to be a likely typo.
    private static func nearestName(to name: String) -> String? {
        guard !name.isEmpty else { return nil }
        var best: (name: String, distance: Int)?
        // Sorted iteration keeps the suggestion stable when two names are equally close.
        for candidate in cssNames.keys.sorted() {
            let distance = editDistance(Array(name), Array(candidate))
            if distance < (best?.distance ?? Int.max) { best = (candidate, distance) }
        }
        guard let best, best.distance <= max(2, name.count / 3) else { return nil }
        return best.name
    }

    /// Levenshtein distance between two names (both at most ~20 characters).
    private static func editDistance(_ a: [Character], _ b: [Character]) -> Int {
        if a.isEmpty { return b.count }
        var previous = Array(0...b.count)
        for i in 1...a.count {
            var current = [i] + Array(repeating: 0, count: b.count)
            for j in 0..<b.count {
                let substitution = previous[j] + (a[i - 1] == b[j] ? 0 : 1)
                current[j + 1] = min(previous[j + 1] + 1, current[j] + 1, substitution)
            }
            previous = current
        }
        return previous[b.count]
    }
}

/// A colour string that is neither hex nor a CSS colour name.
public struct ColorError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The text that failed to parse, as given.
    public var value: String
    /// The nearest CSS colour name, when the text looks like a misspelt one.
    public var suggestion: String?

    /// An error for `value`, optionally suggesting the CSS name `suggestion`.
    public init(value: String, suggestion: String?) {
        self.value = value
        self.suggestion = suggestion
    }

    public var description: String {
        var message = "invalid colour '\(value)': expected \"#rgb\", \"#rrggbb\", \"#rrggbbaa\" or a CSS colour name"
        if let suggestion { message += " (did you mean '\(suggestion)'?)" }
        return message
    }
}

extension String {
    fileprivate func trimmingSpaces() -> String {
        var scalars = Substring(self)
        while scalars.first?.isWhitespace == true { scalars.removeFirst() }
        while scalars.last?.isWhitespace == true { scalars.removeLast() }
        return String(scalars)
    }
}
