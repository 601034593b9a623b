// The layers import only downward (docs/architecture.md): the binding layer describes frames
// (KineticScene) and the game loop produces them, but neither links the drawing or window layers.
import Foundation
import Testing

@Suite struct LayerTests {
    static let sources = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Sources")

    @Test(arguments: ["KineticLua", "KineticPlayer", "KineticLuaBridge", "KineticDynamics", "KineticPhysics", "KineticScene", "KineticGeometry"])
    func importsOnlyLowerLayers(_ target: String) throws {
        let folder = Self.sources.appendingPathComponent(target)
        let files = FileManager.default.enumerator(atPath: folder.path)?.compactMap { $0 as? String }.filter { $0.hasSuffix(".swift") } ?? []
        #expect(!files.isEmpty)
        for file in files {
            let text = try String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8)
            let imports = text.split(separator: "\n").filter { $0.split(separator: " ").contains("import") }
            for line in imports {
                let module = line.split(separator: " ").last.map(String.init) ?? ""
                #expect(!["KineticRender", "KineticViewer", "CKineticCairo", "CKineticJPEG", "CKineticSDL2", "CKineticSDL2Mixer"].contains(module), "\(target)/\(file) imports \(module)")
            }
        }
    }

    /// The geometry every layer shares is a leaf: it imports nothing, not even Foundation.
    @Test func geometryIsALeaf() throws {
        let folder = Self.sources.appendingPathComponent("KineticGeometry")
        let files = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".swift") }
        #expect(files.contains("Vec2.swift"))
        for file in files {
            let text = try String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8)
            let imports = text.split(separator: "\n").filter { $0.split(separator: " ").contains("import") }
            #expect(imports.isEmpty, "KineticGeometry/\(file) imports \(imports)")
        }
    }
}
