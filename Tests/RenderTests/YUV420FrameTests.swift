// The frames an MP4 is made from: BGRA converted to planar 4:2:0 Y'CbCr (BT.601, limited range)
// before they go to ffmpeg.

@testable import KineticRender
import Testing

@Suite struct YUV420FrameTests {
    /// A frame of `width` × `height` pixels, every pixel `color(x, y)` (red, green, blue).
    private func frame(_ width: Int, _ height: Int, _ color: (Int, Int) -> (UInt8, UInt8, UInt8)) -> FrameBuffer {
        var frame = FrameBuffer(width: width, height: height)
        for y in 0..<height {
            for x in 0..<width {
                let (r, g, b) = color(x, y)
                frame.pixels.replaceSubrange((y * width + x) * 4..<(y * width + x + 1) * 4, with: [b, g, r, 255])
            }
        }
        return frame
    }

    @Test("BT.601 limited range: black, white, grey and the primaries land on their textbook values",
          arguments: [((0, 0, 0), (16, 128, 128)), ((255, 255, 255), (235, 128, 128)), ((128, 128, 128), (126, 128, 128)),
                      ((255, 0, 0), (81, 90, 240)), ((0, 255, 0), (145, 54, 34)), ((0, 0, 255), (41, 240, 110))])
    func flatColours(rgb: (Int, Int, Int), yuv: (Int, Int, Int)) {
        // 19 × 11: every lane path (eight at a time, the rest one by one) and an odd size both ways.
        var planar = YUV420Frame(width: 19, height: 11)
        planar.convert(frame(19, 11) { _, _ in (UInt8(rgb.0), UInt8(rgb.1), UInt8(rgb.2)) })
        #expect(planar.width == 20 && planar.height == 12 && planar.bytes.count == 20 * 12 * 3 / 2)
        let luma = planar.bytes[0..<240], cb = planar.bytes[240..<300], cr = planar.bytes[300..<360]
        // Every real pixel has the colour's luma; the padding column and row are black.
        for y in 0..<12 {
            for x in 0..<20 {
                #expect(Int(luma[y * 20 + x]) == (x < 19 && y < 11 ? yuv.0 : 16), "luma (\(x), \(y))")
            }
        }
        // Chroma of the whole blocks; the blocks the padding cuts are a mean with black.
        for row in 0..<5 {
            for column in 0..<9 {
                #expect(Int(cb[cb.startIndex + row * 10 + column]) == yuv.1 && Int(cr[cr.startIndex + row * 10 + column]) == yuv.2,
                        "chroma block (\(column), \(row))")
            }
        }
    }

    @Test func chromaIsTheMeanOfEachTwoByTwoBlock() {
        // Blue and red columns, alternating: each block holds one of each, so its chroma is
        // their mean's, while luma keeps every pixel's own value.
        var planar = YUV420Frame(width: 16, height: 2)
        planar.convert(frame(16, 2) { x, _ in x % 2 == 0 ? (0, 0, 255) : (255, 0, 0) })
        #expect(planar.bytes[0] == 41 && planar.bytes[1] == 81)
        let cb = planar.bytes[32], cr = planar.bytes[40]
        #expect(cb == UInt8((240 + 90 + 1) / 2) && cr == UInt8((110 + 240 + 1) / 2), "\(cb) \(cr)")
    }

    @Test func aSecondConversionReplacesTheFirst() {
        var planar = YUV420Frame(width: 9, height: 3)
        planar.convert(frame(9, 3) { _, _ in (255, 255, 255) })
        planar.convert(frame(9, 3) { _, _ in (0, 0, 0) })
        #expect(planar.bytes[0..<(10 * 4)].allSatisfy { $0 == 16 })
        #expect(planar.bytes[(10 * 4)...].allSatisfy { $0 == 128 })
    }
}
