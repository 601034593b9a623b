// Golden-image comparison: render, compare with Snapshots/<name>.png, and on a mismatch leave the
// actual picture and a difference picture in a temporary folder, named in the failure.

import Foundation
import KineticRender
import Testing

enum Snapshot {
    /// Tests/RenderTests/Snapshots, found from this file's path so it works from any directory.
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("Snapshots")
    /// Tests/RenderTests/Fixtures.
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("Fixtures")
    /// Where failed comparisons leave their actual and difference images.
    static let failureFolder = FileManager.default.temporaryDirectory
        .appendingPathComponent("kinetic-render-snapshot-failures")

    static var isRecording: Bool { ProcessInfo.processInfo.environment["RECORD_SNAPSHOTS"] == "1" }

    /// A channel may differ by this much (of 255) before a pixel counts as different: enough for
    /// rounding differences between pixman builds, far too little for any visible change.
    static let channelTolerance = 3

    /// Renders `scene` and compares it with the golden image `name`; no pixel may differ by more
    /// than `channelTolerance`. Records the image (and fails) when it is missing or
    /// RECORD_SNAPSHOTS=1, so every new or changed golden image is reviewed before it is committed.
    static func check(_ scene: RenderScene, named name: String, size: OutputSize = .scale(1),
                      renderer: Renderer = Renderer(warn: { _ in }),
                      sourceLocation: SourceLocation = #_sourceLocation) throws {
        let actual = try renderer.frame(scene, size: size)
        let expectedPath = folder.appendingPathComponent(name + ".png").path
        if isRecording || !FileManager.default.fileExists(atPath: expectedPath) {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            try actual.writePNG(to: expectedPath)
            Issue.record("recorded snapshot \(expectedPath); review it, then run again without RECORD_SNAPSHOTS",
                         sourceLocation: sourceLocation)
            return
        }
        let expected = try FrameBuffer(contentsOfPNG: expectedPath)
        guard expected.width == actual.width, expected.height == actual.height else {
            let actualPath = try writeFailure(actual, name: name, suffix: "actual")
            let message = "snapshot \(name): size \(actual.width)×\(actual.height) differs from golden "
                + "\(expected.width)×\(expected.height); actual image: \(actualPath)"
            Issue.record(Comment(rawValue: message), sourceLocation: sourceLocation)
            return
        }
        let comparison = compare(actual, expected)
        if comparison.differingPixels > 0 {
            let actualPath = try writeFailure(actual, name: name, suffix: "actual")
            let differencePath = try writeFailure(comparison.difference, name: name, suffix: "difference")
            let message = "snapshot \(name): \(comparison.differingPixels) pixels differ (largest channel "
                + "difference \(comparison.largestDifference)); actual: \(actualPath), "
                + "difference: \(differencePath), expected: \(expectedPath)"
            Issue.record(Comment(rawValue: message), sourceLocation: sourceLocation)
        }
    }

    /// Counts pixels differing by more than the tolerance and draws them red over a faded copy of
    /// the expected image.
    static func compare(_ actual: FrameBuffer, _ expected: FrameBuffer)
        -> (differingPixels: Int, largestDifference: Int, difference: FrameBuffer) {
        var difference = FrameBuffer(width: actual.width, height: actual.height)
        var differing = 0, largest = 0
        for i in stride(from: 0, to: actual.pixels.count, by: 4) {
            var pixelLargest = 0
            for c in 0..<4 {
                pixelLargest = max(pixelLargest, abs(Int(actual.pixels[i + c]) - Int(expected.pixels[i + c])))
            }
            largest = max(largest, pixelLargest)
            if pixelLargest > channelTolerance {
                differing += 1
                difference.pixels[i..<i + 4] = [0, 0, 255, 255]
            } else {
                let grey = UInt8(192 + Int(expected.pixels[i + 1]) / 4)
                difference.pixels[i..<i + 4] = [grey, grey, grey, 255]
            }
        }
        return (differing, largest, difference)
    }

    private static func writeFailure(_ frame: FrameBuffer, name: String, suffix: String) throws -> String {
        try FileManager.default.createDirectory(at: failureFolder, withIntermediateDirectories: true)
        let path = failureFolder.appendingPathComponent("\(name)-\(suffix).png").path
        try frame.writePNG(to: path)
        return path
    }
}

extension FrameBuffer {
    /// The straight-alpha colour at a pixel, for probes: `frame[x, y] ≈ (255, 0, 0)`.
    func color(_ x: Int, _ y: Int) -> [Int] {
        let p = rgba(x: x, y: y)
        return [Int(p.red), Int(p.green), Int(p.blue), Int(p.alpha)]
    }
}

/// True when every channel of `actual` is within `tolerance` of `expected` (r, g, b, a; 0...255).
func near(_ actual: [Int], _ expected: [Int], tolerance: Int = 2) -> Bool {
    zip(actual, expected).allSatisfy { abs($0 - $1) <= tolerance }
}
