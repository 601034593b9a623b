// Text from a scenario (its names, messages, what it printed) shown without letting it drive the
// terminal: control characters become visible escapes. Also the scalar loop the reports' YAML
// and XML escaping use.
import Foundation

extension String {
    /// The text with every character that could move the cursor, recolour, erase or reorder what a
    /// terminal shows written as an escape: C0 controls (`\x1b`, `\r`), DEL, C1 controls
    /// (`\x9b`) and the bidirectional overrides (`\u{202e}`). Tabs stay; newlines stay when
    /// `keepingNewlines` (multi-line messages), else they become `\n`.
    public func visibleControls(keepingNewlines: Bool = false) -> String {
        replacingScalars { scalar in
            switch scalar.value {
            case 0x09: return nil
            case 0x0A where keepingNewlines: return nil
            case 0x0A: return "\\n"
            case 0x00...0x1F, 0x7F...0x9F: return String(format: "\\x%02x", scalar.value)
            case 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069: return String(format: "\\u{%04x}", scalar.value)
            default: return nil
            }
        }
    }

    /// The string with each scalar for which `replacement` returns text replaced by that text
    /// (empty drops it); the others are kept. The one loop behind every escaping of scenario text.
    func replacingScalars(_ replacement: (Unicode.Scalar) -> String?) -> String {
        var out = ""
        for scalar in unicodeScalars {
            if let text = replacement(scalar) { out += text } else { out.unicodeScalars.append(scalar) }
        }
        return out
    }
}
