// Ghost trajectories in a picture: dots along the path, in world coordinates, nothing elsewhere.
import Testing
import KineticScene
@testable import KineticRender

@Suite struct GhostPainterTests {
    @Test func dotsFollowThePathAndNothingElseChanges() throws {
        var scene = RenderScene(size: Size(100, 100), background: .white)
        let plain = try Renderer().frame(scene)
        scene.ghosts = [(0...40).map { Vec2(10 + Double($0) * 2, 50) }]
        let frame = try Renderer().frame(scene)
        // A dot is drawn about every 6 pt along the line y = 50, from x = 12 on; above it, nothing.
        let onLine = (10...90).filter { frame.color($0, 50) != plain.color($0, 50) }
        #expect(onLine.count > 10, "\(onLine)")
        #expect(onLine.allSatisfy { $0 >= 10 })
        #expect((0..<100).allSatisfy { frame.color($0, 30) == plain.color($0, 30) })
        #expect(frame.color(5, 50) == plain.color(5, 50))
    }

    @Test func aPathThroughTheCameraIsInWorldCoordinates() throws {
        var scene = RenderScene(size: Size(100, 100), camera: SceneCamera(center: Vec2(150, 50)), background: .white)
        scene.ghosts = [(0...40).map { Vec2(110 + Double($0) * 2, 50) }]  // x 110…190: view x 10…90
        let plain = try Renderer().frame(RenderScene(size: Size(100, 100), background: .white))
        let frame = try Renderer().frame(scene)
        #expect((10...90).contains { frame.color($0, 50) != plain.color($0, 50) })
    }
}
