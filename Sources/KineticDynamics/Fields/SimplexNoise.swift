// Deterministic 3-D simplex noise (Perlin 2001, after Gustavson's public-domain reference), used
// by the noise and turbulence fields (O13). Fixed permutation: the same input gives the same bits
// on every run and platform.
import KineticPhysics

/// 3-D simplex noise in about [−1, 1]; smooth and differentiable.
enum SimplexNoise {
    /// Ken Perlin's reference permutation, doubled to avoid index wrapping.
    static let perm: [UInt8] = {
        let p: [UInt8] = [
            151, 160, 137, 91, 90, 15, 131, 13, 201, 95, 96, 53, 194, 233, 7, 225, 140, 36, 103, 30, 69, 142,
            8, 99, 37, 240, 21, 10, 23, 190, 6, 148, 247, 120, 234, 75, 0, 26, 197, 62, 94, 252, 219, 203, 117,
            35, 11, 32, 57, 177, 33, 88, 237, 149, 56, 87, 174, 20, 125, 136, 171, 168, 68, 175, 74, 165, 71,
            134, 139, 48, 27, 166, 77, 146, 158, 231, 83, 111, 229, 122, 60, 211, 133, 230, 220, 105, 92, 41,
            55, 46, 245, 40, 244, 102, 143, 54, 65, 25, 63, 161, 1, 216, 80, 73, 209, 76, 132, 187, 208, 89,
            18, 169, 200, 196, 135, 130, 116, 188, 159, 86, 164, 100, 109, 198, 173, 186, 3, 64, 52, 217, 226,
            250, 124, 123, 5, 202, 38, 147, 118, 126, 255, 82, 85, 212, 207, 206, 59, 227, 47, 16, 58, 17, 182,
            189, 28, 42, 223, 183, 170, 213, 119, 248, 152, 2, 44, 154, 163, 70, 221, 153, 101, 155, 167, 43,
            172, 9, 129, 22, 39, 253, 19, 98, 108, 110, 79, 113, 224, 232, 178, 185, 112, 104, 218, 246, 97,
            228, 251, 34, 242, 193, 238, 210, 144, 12, 191, 179, 162, 241, 81, 51, 145, 235, 249, 14, 239,
            107, 49, 192, 214, 31, 181, 199, 106, 157, 184, 84, 204, 176, 115, 121, 50, 45, 127, 4, 150, 254,
            138, 236, 205, 93, 222, 114, 67, 29, 24, 72, 243, 141, 128, 195, 78, 66, 215, 61, 156, 180,
        ]
        return p + p
    }()

    /// The 12 edge midpoints of a cube: gradient directions.
    static let gradients: [(Double, Double, Double)] = [
        (1, 1, 0), (-1, 1, 0), (1, -1, 0), (-1, -1, 0), (1, 0, 1), (-1, 0, 1),
        (1, 0, -1), (-1, 0, -1), (0, 1, 1), (0, -1, 1), (0, 1, -1), (0, -1, -1),
    ]

    /// 2⁵³: past it a coordinate has no fraction left to make noise from, and past `Int`'s range
    /// turning it into a cell index would trap. The noise is 0 there (and at NaN).
    static let largestCoordinate = 9_007_199_254_740_992.0

    static func noise(_ x: Double, _ y: Double, _ z: Double) -> Double {
        let f3 = 1.0 / 3.0, g3 = 1.0 / 6.0
        // Skew to find the simplex cell.
        let s = (x + y + z) * f3
        let cx = (x + s).rounded(.down), cy = (y + s).rounded(.down), cz = (z + s).rounded(.down)
        guard abs(cx) < largestCoordinate, abs(cy) < largestCoordinate, abs(cz) < largestCoordinate else { return 0 }
        let i = Int(cx), j = Int(cy), k = Int(cz)
        let t = Double(i + j + k) * g3
        let x0 = x - (Double(i) - t), y0 = y - (Double(j) - t), z0 = z - (Double(k) - t)
        // Which of the six tetrahedra of the cube.
        let (i1, j1, k1, i2, j2, k2): (Int, Int, Int, Int, Int, Int)
        if x0 >= y0 {
            if y0 >= z0 { (i1, j1, k1, i2, j2, k2) = (1, 0, 0, 1, 1, 0) }
            else if x0 >= z0 { (i1, j1, k1, i2, j2, k2) = (1, 0, 0, 1, 0, 1) }
            else { (i1, j1, k1, i2, j2, k2) = (0, 0, 1, 1, 0, 1) }
        } else {
            if y0 < z0 { (i1, j1, k1, i2, j2, k2) = (0, 0, 1, 0, 1, 1) }
            else if x0 < z0 { (i1, j1, k1, i2, j2, k2) = (0, 1, 0, 0, 1, 1) }
            else { (i1, j1, k1, i2, j2, k2) = (0, 1, 0, 1, 1, 0) }
        }
        let corners = [
            (x0, y0, z0, 0, 0, 0),
            (x0 - Double(i1) + g3, y0 - Double(j1) + g3, z0 - Double(k1) + g3, i1, j1, k1),
            (x0 - Double(i2) + 2 * g3, y0 - Double(j2) + 2 * g3, z0 - Double(k2) + 2 * g3, i2, j2, k2),
            (x0 - 1 + 3 * g3, y0 - 1 + 3 * g3, z0 - 1 + 3 * g3, 1, 1, 1),
        ]
        let ii = i & 255, jj = j & 255, kk = k & 255
        var sum = 0.0
        for (cx, cy, cz, di, dj, dk) in corners {
            var falloff = 0.6 - cx * cx - cy * cy - cz * cz
            if falloff <= 0 { continue }
            let h = Int(perm[ii + di + Int(perm[jj + dj + Int(perm[kk + dk])])]) % 12
            let g = gradients[h]
            falloff *= falloff
            sum += falloff * falloff * (g.0 * cx + g.1 * cy + g.2 * cz)
        }
        // Scale so the result spans about [−1, 1].
        return 32 * sum
    }

    /// Where seed `seed` starts reading the noise: a point of the 256-cell period the permutation
    /// repeats with, from SplitMix64 of the seed (seed 0 reads from the origin). Another seed reads
    /// another, unrelated region of the same pattern; the same seed the same bits everywhere.
    static func offset(seed: Int) -> (x: Double, y: Double, z: Double) {
        guard seed != 0 else { return (0, 0, 0) }
        var z = UInt64(bitPattern: Int64(seed)) &+ 0x9E37_79B9_7F4A_7C15
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        z ^= z >> 31
        // Three 21-bit fractions of the period.
        func part(_ shift: UInt64) -> Double { Double((z >> shift) & 0x1F_FFFF) / Double(1 << 21) * 256 }
        return (part(0), part(21), part(42))
    }

    /// A 2-D noise vector at (x, y) and time z: two decorrelated channels.
    static func vector(_ x: Double, _ y: Double, _ z: Double) -> Vec2 {
        Vec2(noise(x, y, z), noise(x + 31.416, y - 47.853, z + 12.345))
    }
}
