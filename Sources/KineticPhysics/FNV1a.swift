// The one FNV-1a hash of the codebase: `World.stateHash` and the recordings' `SnapshotHash` are both
// written with it, so "bit-identical" is checked the same way at every layer.

/// A 64-bit FNV-1a hash. Doubles go in as the eight bytes of their IEEE bit pattern, lowest first,
/// so two hashes are equal only for bit-identical values (0.0 and -0.0 differ, and so do NaNs).
public struct FNV1a: Sendable {
    public private(set) var value: UInt64 = 0xcbf2_9ce4_8422_2325

    public init() {}

    public mutating func add(_ byte: UInt8) { value = (value ^ UInt64(byte)) &* 0x0000_0100_0000_01b3 }

    public mutating func add(bitsOf x: Double) {
        var bits = x.bitPattern
        for _ in 0..<8 {
            add(UInt8(truncatingIfNeeded: bits))
            bits >>= 8
        }
    }
}
