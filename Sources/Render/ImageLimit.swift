// How large an image Render decodes. Decoding takes 4 bytes a pixel whatever the file's size, and a
// PNG of a megabyte can declare 16000 × 16000 pixels, so the size is read from the header first.
import Foundation

public enum ImageLimit {
    /// The most pixels one image may have (4096 × 4096, or any shape of that area).
    public static let maxPixels = 4096 * 4096
    /// The most bytes the images one renderer has decoded may take together.
    public static let maxDecodedBytes = 256 << 20

    /// Why the PNG at `path` is not decoded (its header declares more than `maxPixels`), or nil.
    /// A file that is not a PNG passes: the decoder reports it.
    static func refusal(ofPNGAt path: String) -> String? {
        guard let (width, height) = pngSize(path), width * height > maxPixels else { return nil }
        return "it is \(width) × \(height) pixels, more than the \(maxPixels) (4096 × 4096) an image may have"
    }

    /// Width and height from the PNG signature and IHDR chunk (the first 24 bytes).
    static func pngSize(_ path: String) -> (Int, Int)? {
        guard let file = FileHandle(forReadingAtPath: path) else { return nil }
        defer { try? file.close() }
        guard let head = try? file.read(upToCount: 24), head.count == 24,
              head.prefix(8).elementsEqual([137, 80, 78, 71, 13, 10, 26, 10]),
              head[12..<16].elementsEqual("IHDR".utf8) else { return nil }
        let bigEndian = { (at: Int) in head[at..<at + 4].reduce(0) { $0 << 8 | Int($1) } }
        return (bigEndian(16), bigEndian(20))
    }
}
