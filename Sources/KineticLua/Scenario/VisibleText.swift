// Text from a scenario (its names, messages, what it printed) shown without letting it drive the
// terminal: control characters become visible escapes.
import Foundation

extension String {
    /// The text with every character that could move the cursor, recolour, erase or reorder what a
    /// terminal shows written as an escape: C0 controls (`\x1b`, `\r`), DEL, C1 controls
    /// (`\x9b`) and the bidirectional overrides (`\u{202e}`). Tabs stay; newlines stay when
    /// `keepingNewlines` (multi-line messages), else they become `\n`.
    public func visibleControls(keepingNewlines: Bool = false) -> String {
        var out = ""
        for scalar in unicodeScalars {
            switch scalar.value {
            case 0x09: out.unicodeScalars.append(scalar)
            case 0x0A where keepingNewlines: out.unicodeScalars.append(scalar)
            case 0x0A: out += "\\n"
            case 0x00...0x1F, 0x7F...0x9F: out += String(format: "\\x%02x", scalar.value)
            case 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069: out += String(format: "\\u{%04x}", scalar.value)
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }
}
