// Frames as H.264 stores them (planar Y'CbCr 4:2:0), converted beside the encoder rather than in
// ffmpeg's single main thread, so the pipe to ffmpeg also carries 1.5 bytes a pixel instead of 4.

/// The pixels of a `FrameBuffer` as 8-bit planar Y'CbCr 4:2:0 (ffmpeg's "yuv420p"): a luma plane
/// of `width` × `height`, then Cb and Cr planes of half the width and height, each chroma sample
/// the mean of its 2 × 2 pixels. Sizes are the frame's rounded up to even numbers, the added column
/// and row black, as ffmpeg's `pad` filter adds them.
struct YUV420Frame {
    /// Width, pixels (even).
    let width: Int
    /// Height, pixels (even).
    let height: Int
    /// The Y plane, then Cb, then Cr: `width * height * 3 / 2` bytes.
    private(set) var bytes: [UInt8]

    /// A black frame large enough for a `FrameBuffer` of `width` × `height`.
    init(width: Int, height: Int) {
        (self.width, self.height) = YUV420Frame.size(width: width, height: height)
        let lumaCount = self.width * self.height
        bytes = [UInt8](repeating: 16, count: lumaCount) + [UInt8](repeating: 128, count: lumaCount / 2)
    }

    /// The size of the frame made for a `FrameBuffer` of `width` × `height`: both rounded up to even.
    static func size(width: Int, height: Int) -> (width: Int, height: Int) {
        ((width + 1) / 2 * 2, (height + 1) / 2 * 2)
    }

    /// Replaces the pixels with `frame`'s, which must be opaque (as `Renderer` draws frames) and of
    /// the size this frame was made for. Works on eight pixels at a time (SIMD lanes).
    mutating func convert(_ frame: FrameBuffer) {
        precondition(YUV420Frame.size(width: frame.width, height: frame.height) == (width, height))
        // BT.601 limited-range coefficients × 2¹⁶ for red, green and blue; Cb's and Cr's each sum
        // to zero, so greys get no colour.
        let (yR, yG, yB) = (Lanes(repeating: 16829), Lanes(repeating: 33039), Lanes(repeating: 6416))
        let (uR, uG, uB) = (Sums(repeating: -9714), Sums(repeating: -19070), Sums(repeating: 28784))
        let (vR, vG, vB) = (Sums(repeating: 28784), Sums(repeating: -24103), Sums(repeating: -4681))
        let lumaOffset = Lanes(repeating: 16 << 16 + 1 << 15)     // + 16, rounded
        let chromaOffset = Sums(repeating: 128 << 18 + 1 << 17)   // + 128, rounded; sums of 4 pixels
        let (width, height) = (self.width, self.height)
        let (sourceWidth, sourceHeight) = (frame.width, frame.height)
        frame.pixels.withUnsafeBytes { source in
            bytes.withUnsafeMutableBufferPointer { planes in
                let luma = planes.baseAddress!
                let cb = luma + width * height
                let cr = cb + width * height / 4
                /// Eight pixels from (x, y) on, as (blue, green, red, alpha) bytes of a little-endian
                /// lane each; past the frame's edge (the padding) black, which adds nothing to a sum.
                func pixels(x: Int, y: Int) -> Lanes {
                    guard y < sourceHeight else { return .zero }
                    let start = (y * sourceWidth + x) * 4
                    if x + 8 <= sourceWidth { return source.loadUnaligned(fromByteOffset: start, as: Lanes.self) }
                    var lanes = Lanes.zero
                    for i in 0..<sourceWidth - x {
                        lanes[i] = source.loadUnaligned(fromByteOffset: start + 4 * i, as: UInt32.self)
                    }
                    return lanes
                }
                func channel(_ lanes: Lanes, _ shift: UInt32) -> Lanes { (lanes &>> shift) & 0xFF }
                func store<V: SIMD>(_ values: V, count: Int, at output: UnsafeMutablePointer<UInt8>)
                where V.Scalar: FixedWidthInteger {
                    for i in 0..<min(count, V.scalarCount) { output[i] = UInt8(truncatingIfNeeded: values[i]) }
                }

                for y in 0..<sourceHeight {
                    for x in stride(from: 0, to: sourceWidth, by: 8) {
                        let p = pixels(x: x, y: y)
                        let values = (yR &* channel(p, 16) &+ yG &* channel(p, 8) &+ yB &* channel(p, 0) &+ lumaOffset) &>> 16
                        let output = luma + y * width + x
                        if x + 8 <= sourceWidth {
                            UnsafeMutableRawPointer(output).storeBytes(of: SIMD8<UInt8>(truncatingIfNeeded: values),
                                                                       as: SIMD8<UInt8>.self)
                        } else {
                            store(values, count: sourceWidth - x, at: output)
                        }
                    }
                }
                // Each chroma sample from a 2 × 2 block: eight pixels of two rows give four samples.
                for row in 0..<height / 2 {
                    for x in stride(from: 0, to: sourceWidth, by: 8) {
                        let (top, bottom) = (pixels(x: x, y: 2 * row), pixels(x: x, y: 2 * row + 1))
                        func sum(_ shift: UInt32) -> Sums {
                            let (t, b) = (channel(top, shift), channel(bottom, shift))
                            return Sums(truncatingIfNeeded: t.evenHalf &+ t.oddHalf &+ b.evenHalf &+ b.oddHalf)
                        }
                        let (r, g, b) = (sum(16), sum(8), sum(0))
                        let index = row * (width / 2) + x / 2, count = width / 2 - x / 2
                        store((uR &* r &+ uG &* g &+ uB &* b &+ chromaOffset) &>> 18, count: count, at: cb + index)
                        store((vR &* r &+ vG &* g &+ vB &* b &+ chromaOffset) &>> 18, count: count, at: cr + index)
                    }
                }
            }
        }
    }

    /// Eight pixels, or eight luma values in the making.
    private typealias Lanes = SIMD8<UInt32>
    /// Four chroma blocks' sums and values (signed: Cb and Cr weights are).
    private typealias Sums = SIMD4<Int32>
}
