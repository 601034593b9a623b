// Key names as levels see them: LÖVE's, always lower case (the window's `KeyNames` spells them).
// A name no key sends is refused where a scenario or an event script gives one, and reported by
// `kinetic check` where a level compares with it, so a rule waiting for it cannot silently never fire.

enum KeyName {
    /// Names a level might expect for a key, and the one the window sends.
    static let insteadOf = ["enter": "return", "esc": "escape", "spacebar": "space", " ": "space",
                            "shift": "lshift", "ctrl": "lctrl", "control": "lctrl", "alt": "lalt",
                            "arrowleft": "left", "arrowright": "right", "arrowup": "up", "arrowdown": "down"]

    /// Why no key sends `name`, or nil when one may.
    static func problem(_ name: String) -> String? {
        if let sent = insteadOf[name.lowercased()] {
            return "'\(name)' is not a key name (no key sends it); did you mean '\(sent)'?"
        }
        if name != name.lowercased() {
            return "key names are lower case: no key sends '\(name)'; did you mean '\(name.lowercased())'?"
        }
        return nil
    }
}
