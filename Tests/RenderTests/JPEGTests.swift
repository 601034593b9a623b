// JPEG images: decoded with libjpeg-turbo, their size read from the frame header before decoding.

import Foundation
import KineticRender
import Testing
@testable import KineticRender

@Suite struct JPEGTests {
    static let orange = Snapshot.fixtures.appendingPathComponent("orange.jpg").path

    private func itemScene(_ path: String) -> RenderScene {
        RenderScene(size: Size(60, 60), background: .white,
                    items: [SceneItem(id: 1, shape: .rectangle(size: Size(40, 40)), center: Vec2(30, 30), fill: nil, image: path)])
    }

    @Test func aJPEGItemImageShowsItsColour() throws {
        // orange.jpg is 16 × 16 of #ff8000; JPEG's colour conversion is within a few levels.
        #expect(ImageLimit.jpegSize(Self.orange)! == (16, 16))
        let f = try Renderer().frame(itemScene(Self.orange))
        #expect(near(f.color(30, 30), [255, 128, 0, 255], tolerance: 4))
        #expect(f.color(5, 5) == [255, 255, 255, 255])
    }

    @Test func aJPEGDrawsOnTheCanvasToo() throws {
        let s = RenderScene(size: Size(60, 60), background: .white,
                            hud: [.image(path: Self.orange, x: 10, y: 10, width: nil, height: nil)])
        let f = try Renderer().frame(s)
        #expect(near(f.color(18, 18), [255, 128, 0, 255], tolerance: 4))
        #expect(f.color(30, 30) == [255, 255, 255, 255])  // 16 points wide from x = 10
    }

    @Test func hugeCorruptAndUnknownFilesArePlaceholdersWithOneWarning() throws {
        final class Warnings: @unchecked Sendable { var messages: [String] = [] }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("kinetic-jpeg-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        // A frame header (SOF0) declaring 16000 × 16000 after an APP0 segment the walk must skip.
        let huge = folder.appendingPathComponent("huge.jpg").path
        try Data([0xFF, 0xD8, 0xFF, 0xE0, 0x00, 0x04, 0x00, 0x00,
                  0xFF, 0xC0, 0x00, 0x11, 0x08, 0x3E, 0x80, 0x3E, 0x80, 0x03]).write(to: URL(fileURLWithPath: huge))
        let corrupt = folder.appendingPathComponent("corrupt.jpg").path
        try (Data([0xFF, 0xD8, 0xFF]) + Data("not really a jpeg".utf8)).write(to: URL(fileURLWithPath: corrupt))
        let truncated = folder.appendingPathComponent("truncated.jpg").path
        try Data(try Data(contentsOf: URL(fileURLWithPath: Self.orange)).prefix(120)).write(to: URL(fileURLWithPath: truncated))
        let text = folder.appendingPathComponent("text.png").path
        try Data("hello".utf8).write(to: URL(fileURLWithPath: text))

        for (path, expected) in [
            (huge, "warning: image '\(huge)' is not drawn: it is 16000 × 16000 pixels, more than the 16777216 (4096 × 4096) an image may have; drawing a placeholder"),
            (corrupt, "warning: image '\(corrupt)' could not be read as a JPEG (no frame header); drawing a placeholder"),
            (text, "warning: image '\(text)' is neither a PNG nor a JPEG; drawing a placeholder"),
        ] {
            let warnings = Warnings()
            let renderer = Renderer(warn: { warnings.messages.append($0) })
            _ = try renderer.frame(itemScene(path))
            let f = try renderer.frame(itemScene(path))
            #expect(warnings.messages == [expected])
            #expect(f.color(30, 30) == [255, 0, 255, 255])  // the magenta cross's centre
        }
        // A file cut short decodes what it has or is refused, without crashing.
        _ = try Renderer(warn: { _ in }).frame(itemScene(truncated))
    }
}
