// Colours as levels write them: "#rgb", "#rgba", "#rrggbb", "#rrggbbaa", a CSS colour name or
// "transparent" (docs/semantics.md, "How a colour string is read"). Components are straight (not
// premultiplied) alpha in 0...1.

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

    /// Parses "#rgb", "#rgba", "#rrggbb", "#rrggbbaa" (ASCII hex digits, any case), a CSS colour name
    /// (any case) or "transparent"; nil for anything else, spaces around it included. The one colour
    /// parser: the Lua binding (`Lua.color`) reads every colour a level writes through it.
    public init?(parsing text: String) {
        if text.hasPrefix("#") {
            guard let color = Color.hex(text.utf8.dropFirst()) else { return nil }
            self = color
            return
        }
        let name = text.lowercased()
        if name == "transparent" {
            self = .transparent
            return
        }
        guard let hex = Color.cssNames[name], let color = Color.hex(hex.utf8.dropFirst()) else { return nil }
        self = color
    }

    /// Every name `init(parsing:)` accepts, lower case and sorted ("did you mean" suggestions).
    public static let names: [String] = (Array(cssNames.keys) + ["transparent"]).sorted()

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

    /// The colour of 3, 4, 6 or 8 ASCII hex digits; nil for any other count or character (Unicode's
    /// fullwidth digits included, which `Character.hexDigitValue` would take).
    private static func hex(_ digits: Substring.UTF8View) -> Color? {
        var nibbles: [UInt8] = []
        for d in digits {
            switch d {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): nibbles.append(d - UInt8(ascii: "0"))
            case UInt8(ascii: "a")...UInt8(ascii: "f"): nibbles.append(d - UInt8(ascii: "a") + 10)
            case UInt8(ascii: "A")...UInt8(ascii: "F"): nibbles.append(d - UInt8(ascii: "A") + 10)
            default: return nil
            }
        }
        let bytes: [UInt8]
        switch nibbles.count {
        case 3, 4: bytes = nibbles.map { $0 * 17 }  // "#rgb" / "#rgba": each digit doubled, as CSS does (#f80 == #ff8800)
        case 6, 8: bytes = stride(from: 0, to: nibbles.count, by: 2).map { nibbles[$0] << 4 | nibbles[$0 + 1] }
        default: return nil
        }
        return Color(red8: bytes[0], green8: bytes[1], blue8: bytes[2], alpha8: bytes.count == 4 ? bytes[3] : 255)
    }
}
