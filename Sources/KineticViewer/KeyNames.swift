// SDL key codes to the key names levels use, which are LÖVE's (love.keyboard KeyConstant).

import CKineticSDL2

/// Key names as LÖVE spells them.
public enum KeyNames {
    /// The name of SDL key code `keycode`: "a"..."z", "0"..."9", punctuation as itself ("." ","),
    /// "space", "return", "escape", "backspace", "tab", "delete", "left", "right", "up", "down",
    /// "home", "end", "pageup", "pagedown", "insert", "f1"..."f12", "lshift", "rctrl", "lalt", "lgui",
    /// "kp0"..."kp9", "kp.", "kpenter", "kp+", "kp-", "kp*", "kp/"; otherwise SDL's name lower-cased.
    public static func name(forKeycode keycode: Int32) -> String {
        switch keycode {
        case 32: return "space"
        case 13: return "return"
        case 27: return "escape"
        case 8: return "backspace"
        case 9: return "tab"
        case 127: return "delete"
        case 33...126:
            // Letters arrive lower-case (SDL key codes ignore shift), digits and punctuation as is.
            return String(Character(Unicode.Scalar(UInt8(keycode))))
        default:
            break
        }
        if let name = special[keycode] { return name }
        if let cName = SDL_GetKeyName(keycode) {
            let name = String(cString: cName).lowercased()
            if !name.isEmpty { return name }
        }
        return "unknown"
    }

    private static func code(_ k: SDL_KeyCode) -> Int32 { Int32(bitPattern: k.rawValue) }

    /// Non-character keys (SDL marks them with the scancode bit).
    private static let special: [Int32: String] = {
        var names: [Int32: String] = [
            code(SDLK_LEFT): "left", code(SDLK_RIGHT): "right", code(SDLK_UP): "up", code(SDLK_DOWN): "down",
            code(SDLK_HOME): "home", code(SDLK_END): "end", code(SDLK_PAGEUP): "pageup",
            code(SDLK_PAGEDOWN): "pagedown", code(SDLK_INSERT): "insert",
            code(SDLK_LSHIFT): "lshift", code(SDLK_RSHIFT): "rshift", code(SDLK_LCTRL): "lctrl",
            code(SDLK_RCTRL): "rctrl", code(SDLK_LALT): "lalt", code(SDLK_RALT): "ralt",
            code(SDLK_LGUI): "lgui", code(SDLK_RGUI): "rgui", code(SDLK_CAPSLOCK): "capslock",
            code(SDLK_KP_PERIOD): "kp.", code(SDLK_KP_ENTER): "kpenter", code(SDLK_KP_PLUS): "kp+",
            code(SDLK_KP_MINUS): "kp-", code(SDLK_KP_MULTIPLY): "kp*", code(SDLK_KP_DIVIDE): "kp/",
            code(SDLK_KP_EQUALS): "kp=",
        ]
        let functionKeys = [SDLK_F1, SDLK_F2, SDLK_F3, SDLK_F4, SDLK_F5, SDLK_F6,
                            SDLK_F7, SDLK_F8, SDLK_F9, SDLK_F10, SDLK_F11, SDLK_F12]
        for (i, key) in functionKeys.enumerated() { names[code(key)] = "f\(i + 1)" }
        let keypadDigits = [SDLK_KP_0, SDLK_KP_1, SDLK_KP_2, SDLK_KP_3, SDLK_KP_4,
                            SDLK_KP_5, SDLK_KP_6, SDLK_KP_7, SDLK_KP_8, SDLK_KP_9]
        for (i, key) in keypadDigits.enumerated() { names[code(key)] = "kp\(i)" }
        return names
    }()
}
