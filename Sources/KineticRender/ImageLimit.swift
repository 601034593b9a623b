// How large an image Render decodes. Decoding takes 4 bytes a pixel whatever the file's size, and a
// PNG or JPEG of a megabyte can declare 16000 × 16000 pixels, so the size is read from the header first.
import Foundation

public enum ImageLimit {
    /// The most pixels one image may have (4096 × 4096, or any shape of that area).
    public static let maxPixels = 4096 * 4096
    /// The most bytes the images one renderer has decoded may take together.
    public static let maxDecodedBytes = 256 << 20
    /// The largest JPEG file read (it is read whole before decoding); far above a 4096 × 4096
    /// photograph at the highest quality.
    public static let maxJPEGFileBytes = 64 << 20

    /// The file formats Render decodes, told apart by their first bytes (not the name's extension).
    enum Format {
        case png, jpeg
    }

    /// The format the file at `path` starts with, or nil for neither.
    static func format(ofFileAt path: String) -> Format? {
        guard let file = FileHandle(forReadingAtPath: path) else { return nil }
        defer { try? file.close() }
        guard let head = try? file.read(upToCount: 8) else { return nil }
        if head.elementsEqual(pngSignature) { return .png }
        if head.count >= 3, head.prefix(3).elementsEqual([0xFF, 0xD8, 0xFF]) { return .jpeg }
        return nil
    }

    static let pngSignature: [UInt8] = [137, 80, 78, 71, 13, 10, 26, 10]

    /// Why the image at `path` is not decoded (its header declares more than `maxPixels`), or nil.
    /// A file whose header cannot be read passes: the decoder reports it.
    static func refusal(ofImageAt path: String, format: Format) -> String? {
        let size = format == .png ? pngSize(path) : jpegSize(path)
        guard let (width, height) = size, width * height > maxPixels else { return nil }
        return "it is \(width) × \(height) pixels, more than the \(maxPixels) (4096 × 4096) an image may have"
    }

    /// Why the PNG at `path` is not decoded, or nil (`refusal(ofImageAt:format:)` for a PNG).
    static func refusal(ofPNGAt path: String) -> String? {
        refusal(ofImageAt: path, format: .png)
    }

    /// Width and height from the PNG signature and IHDR chunk (the first 24 bytes).
    static func pngSize(_ path: String) -> (Int, Int)? {
        guard let file = FileHandle(forReadingAtPath: path) else { return nil }
        defer { try? file.close() }
        guard let head = try? file.read(upToCount: 24), head.count == 24,
              head.prefix(8).elementsEqual(pngSignature),
              head[12..<16].elementsEqual("IHDR".utf8) else { return nil }
        let bigEndian = { (at: Int) in head[at..<at + 4].reduce(0) { $0 << 8 | Int($1) } }
        return (bigEndian(16), bigEndian(20))
    }

    /// Width and height from the JPEG's start-of-frame segment, found by walking the segments
    /// before it (each names its length), reading only their headers.
    static func jpegSize(_ path: String) -> (Int, Int)? {
        guard let file = FileHandle(forReadingAtPath: path) else { return nil }
        defer { try? file.close() }
        func bytes(_ count: Int) -> [UInt8]? {
            guard let data = try? file.read(upToCount: count), data.count == count else { return nil }
            return Array(data)
        }
        guard bytes(2) == [0xFF, 0xD8] else { return nil }
        var offset: UInt64 = 2
        while true {
            guard let marker = bytes(2), marker[0] == 0xFF else { return nil }
            offset += 2
            // Fill bytes (0xFF 0xFF …) may pad a marker; markers without a length have no segment.
            if marker[1] == 0xFF { offset -= 1; try? file.seek(toOffset: offset); continue }
            if marker[1] == 0x01 || (0xD0...0xD7).contains(marker[1]) { continue }
            guard let lengthBytes = bytes(2) else { return nil }
            let length = Int(lengthBytes[0]) << 8 | Int(lengthBytes[1])
            guard length >= 2 else { return nil }
            // SOF0…SOF15, except DHT (C4), JPG (C8) and DAC (CC): precision, height, width.
            if (0xC0...0xCF).contains(marker[1]), ![0xC4, 0xC8, 0xCC].contains(marker[1]) {
                guard let frame = bytes(5) else { return nil }
                return (Int(frame[3]) << 8 | Int(frame[4]), Int(frame[1]) << 8 | Int(frame[2]))
            }
            if marker[1] == 0xDA || marker[1] == 0xD9 { return nil }  // image data before any frame header
            offset += UInt64(length)
            guard (try? file.seek(toOffset: offset)) != nil else { return nil }
        }
    }
}
