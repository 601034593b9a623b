// Errors that cross the bridge: a Lua error seen by the host, and the errors Swift bindings throw.

/// An error raised while Lua code ran under a protected call, as the host sees it.
public struct LuaError: Error, CustomStringConvertible, Sendable {
    /// What stopped the call.
    public enum Kind: Sendable, Equatable {
        /// The chunk did not compile (the message has `file:line:`).
        case syntax
        /// A runtime error raised by the script or by a binding.
        case runtime
        /// The memory cap was reached (Lua gives no traceback for memory errors).
        case memory
        /// The wall-clock time budget of one host call ran out.
        case timeBudget
        /// The instruction budget of one host call ran out.
        case instructionBudget
        /// A file could not be read.
        case file
    }

    /// What stopped the call.
    public var kind: Kind
    /// `file:line: message` for script errors; a plain message for memory and file errors.
    public var message: String
    /// Stack frames, innermost first, with host and `error` frames trimmed (`main.lua:3: in function 'f'`).
    public var traceback: [String]

    public init(kind: Kind, message: String, traceback: [String] = []) {
        self.kind = kind
        self.message = message
        self.traceback = traceback
    }

    /// The message followed by the traceback, as printed to standard error.
    public var description: String {
        if traceback.isEmpty { return message }
        return message + "\nstack traceback:\n" + traceback.map { "\t" + $0 }.joined(separator: "\n")
    }

    /// Turns `luaL_traceback` output into trimmed frames: drops the header, the `[C]: in ?` frames of
    /// the host and the frame of `error` itself, and keeps at most `limit` frames.
    static func frames(fromTraceback text: String, limit: Int = 12) -> [String] {
        var frames: [String] = []
        var dropped = 0
        for line in text.split(separator: "\n", omittingEmptySubsequences: true) {
            let frame = line.drop(while: { $0 == "\t" || $0 == " " })
            if frame == "stack traceback:" || frame == "[C]: in ?" || frame == "[C]: in function 'error'" {
                continue
            }
            if frames.count < limit { frames.append(String(frame)) } else { dropped += 1 }
        }
        if dropped > 0 { frames.append("(\(dropped) more frames)") }
        return frames
    }
}

/// An argument or field a binding could not accept. Formats as
/// `kinetic.pin: 'anchor' must be a point {x, y}, got nil`; the bridge fills in `function` from the
/// name the function was registered under, and the trampoline prepends the script's `file:line:`.
public struct LuaArgumentError: Error, CustomStringConvertible, Sendable {
    /// The Lua-facing name of the function (`kinetic.pin`, `Item.x`, `world:addItem`).
    public var function: String?
    /// The message without the function name (`'anchor' must be a point {x, y}, got nil`).
    public var message: String

    public init(function: String? = nil, message: String) {
        self.function = function
        self.message = message
    }

    /// `<subject> must be <expected>, got <actual>`.
    public init(_ subject: LuaSubject, mustBe expected: String, got actual: String) {
        self.init(message: "\(subject) must be \(expected), got \(actual)")
    }

    public var description: String {
        guard let function else { return message }
        return "\(function): \(message)"
    }
}

/// Names the value an argument error is about: `argument #2` or `'anchor'`.
public enum LuaSubject: CustomStringConvertible, Sendable {
    /// A positional argument (1-based stack index).
    case argument(Int32)
    /// A named argument or a field of a definition table.
    case field(String)

    public var description: String {
        switch self {
        case .argument(let index): return "argument #\(index)"
        case .field(let name): return "'\(name)'"
        }
    }

    /// `.field(name)` when a name is given, else `.argument(index)`.
    @inlinable
    public static func named(_ name: String?, at index: Int32) -> LuaSubject {
        if let name { return .field(name) }
        return .argument(index)
    }
}

/// A message a binding raises as a Lua error as it is (the trampoline prepends `file:line:`),
/// for errors that are not about one argument: `item 'ball' was removed`.
public struct LuaBindingError: Error, CustomStringConvertible, Sendable {
    public var message: String
    public init(_ message: String) { self.message = message }
    public var description: String { message }
}
