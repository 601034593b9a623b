// The error the Dynamics layer throws for input it refuses, and the checks that throw it.
import KineticPhysics

/// An error for input the Dynamics layer refuses. The message names the offending value; the call
/// that threw changed nothing.
public struct DynamicsError: Error, Hashable, Sendable, CustomStringConvertible {
    public var message: String
    public init(_ message: String) { self.message = message }
    public var description: String { message }
}

// MARK: - Validation helpers (throwing, message names the value)

/// A number or a point an input check reads, and what its messages call a finite one.
protocol CheckedInput: CustomStringConvertible {
    var isFinite: Bool { get }
    var isUsableInput: Bool { get }
    static var finiteNoun: String { get }
}
extension Double: CheckedInput { static var finiteNoun: String { "a finite number" } }
extension Vec2: CheckedInput { static var finiteNoun: String { "finite" } }

@inline(__always) func requireFinite<V: CheckedInput>(_ v: V, _ what: @autoclosure () -> String) throws(DynamicsError) {
    guard v.isFinite else { throw DynamicsError("\(what()) must be \(V.finiteNoun), got \(v)") }
}

/// A place the engine can put a body: within ±`World.largestCoordinate` on each axis. A finite
/// value past it would be stored on an item without a body and refused only when the body is made.
@inline(__always) func requireCoordinate(_ v: Vec2, _ what: @autoclosure () -> String) throws(DynamicsError) {
    try requireFinite(v, what())
    guard v.isUsableCoordinate else {
        throw DynamicsError("\(what()) must be within ±\(Int(World.largestCoordinate)) pt, got \(v)")
    }
}

/// An angle, a speed or a point the engine takes: within ±`World.largestInput`.
@inline(__always) func requireUsable<V: CheckedInput>(_ v: V, _ what: @autoclosure () -> String) throws(DynamicsError) {
    try requireFinite(v, what())
    guard v.isUsableInput else { throw DynamicsError("\(what()) must be within ±\(World.largestInput), got \(v)") }
}

@inline(__always) func requirePositive(_ v: Double, _ what: @autoclosure () -> String) throws(DynamicsError) {
    guard v.isFinite, v > 0 else { throw DynamicsError("\(what()) must be a finite number > 0, got \(v)") }
}

/// A size of a shape or of the reference bounds: a normal number (a subnormal width makes a mass
/// whose inverse is infinite) no larger than the engine's coordinates (`World.largestCoordinate`).
@inline(__always) func requireLength(_ v: Double, _ what: @autoclosure () -> String) throws(DynamicsError) {
    guard v.isNormal, v > 0, v <= World.largestCoordinate else {
        throw DynamicsError("\(what()) must be a number > 0 and at most \(Int(World.largestCoordinate)) pt, got \(v)")
    }
}

@inline(__always) func requireNonNegative(_ v: Double, _ what: @autoclosure () -> String) throws(DynamicsError) {
    guard v.isFinite, v >= 0 else { throw DynamicsError("\(what()) must be a finite number ≥ 0, got \(v)") }
}
