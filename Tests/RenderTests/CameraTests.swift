// The camera: items and the debug overlay are drawn in world points through it; the HUD is not.

import KineticRender
import Testing

private let red = Color(red: 1, green: 0, blue: 0)
private let white = [255, 255, 255, 255]

@Suite struct CameraTests {
    /// A 20 × 20 red square at world (150, 50) in a 100 × 100 view.
    private func scene(_ camera: SceneCamera?) -> RenderScene {
        RenderScene(size: Size(100, 100), camera: camera, background: .white,
                    items: [SceneItem(id: 1, shape: .rectangle(size: Size(20, 20)), center: Vec2(150, 50), fill: red)],
                    hud: [.rect(x: 0, y: 0, width: 10, height: 10, fill: .black, stroke: nil)])
    }

    @Test func theCameraShiftsItemsByItsOffsetFromTheViewCentre() throws {
        // Unmoved, the square is outside the view. Centred on x = 150 (100 points right of the
        // identity's 50), the square's pixels move 100 points left, onto 40…60.
        let still = try Renderer().frame(scene(nil))
        #expect(still.color(50, 50) == white)
        let moved = try Renderer().frame(scene(SceneCamera(center: Vec2(150, 50))))
        #expect(moved.color(41, 50) == [255, 0, 0, 255])
        #expect(moved.color(59, 50) == [255, 0, 0, 255])
        #expect(moved.color(38, 50) == white)
        #expect(moved.color(5, 5) == [0, 0, 0, 255])  // the HUD stays in view points
    }

    @Test func zoomScalesAboutTheViewCentre() throws {
        // At zoom 2 the square spans 40 view points: 30…70.
        let f = try Renderer().frame(scene(SceneCamera(center: Vec2(150, 50), zoom: 2)))
        #expect(f.color(32, 50) == [255, 0, 0, 255])
        #expect(f.color(68, 50) == [255, 0, 0, 255])
        #expect(f.color(28, 50) == white)
        #expect(f.color(5, 5) == [0, 0, 0, 255])
    }

    @Test func theIdentityCameraDrawsExactlyWhatNoCameraDraws() throws {
        var s = scene(nil)
        s.items[0].center = Vec2(33.3, 47.1)
        s.items[0].angle = 0.3
        let plain = try Renderer().frame(s)
        s.camera = .identity(for: s.size)
        #expect(try Renderer().frame(s).pixels == plain.pixels)
    }

    @Test func viewAndWorldPointsConvertBothWays() {
        let camera = SceneCamera(center: Vec2(150, 50), zoom: 2)
        let size = Size(100, 100)
        #expect(camera.viewPoint(Vec2(150, 50), in: size) == Vec2(50, 50))
        #expect(camera.worldPoint(Vec2(0, 0), in: size) == Vec2(125, 25))
        // The identity gives every point back bit for bit (recorded pointer positions replay exactly).
        let identity = SceneCamera.identity(for: Size(375, 667))
        for p in [Vec2(0.1, 0.7), Vec2(187.3, 333.33), Vec2(-1e-9, 1e6)] {
            #expect(identity.worldPoint(p, in: Size(375, 667)) == p)
            #expect(identity.viewPoint(p, in: Size(375, 667)) == p)
        }
    }
}
