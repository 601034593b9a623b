// A world's frame for Render: items from the animator snapshot with their appearance, the debug
// overlay when `world.debug` is on, and the HUD the level's `draw(world, canvas)` records.
import KineticDynamics
import Foundation
import KineticLuaBridge
import KineticPhysics
import KineticScene

extension Runtime {
    /// Spacing of the grid the debug overlay samples fields on, points; wider in worlds more than
    /// `fieldGridMaximumColumns` spacings across, so the sample count stays bounded.
    static let fieldGridSpacing = 40.0
    static let fieldGridMaximumColumns = 200.0

    /// The scene to draw now. With `hud`, calls `level.draw(world, canvas)`; its error is returned
    /// (the scene is still complete without the HUD).
    func scene(_ world: WorldModel, hud: Bool) -> (RenderScene, LuaError?) {
        let snapshot = world.animator.snapshot()
        var scene = RenderScene(size: world.setup.viewSize, camera: world.camera.scene, background: world.setup.background)
        scene.items = snapshot.items.map { sceneItem($0, world) }
        if snapshot.debugEnabled { scene.debug = debugOverlay(snapshot, world) }
        var hudError: LuaError?
        if hud, let draw = levelFunction("draw", of: world) {
            self.hud = []
            hudDepth = 0
            drawingWorld = world
            defer { drawingWorld = nil }
            do {
                try call(draw) { lua in
                    pushWorld(world, on: lua)
                    canvasType.push(CanvasHandle(), on: lua)
                    return 2
                }
            } catch {
                hudError = error
            }
            scene.hud = self.hud ?? []
            self.hud = nil
        }
        return (scene, hudError)
    }

    func sceneItem(_ item: ItemSnapshot, _ world: WorldModel) -> SceneItem {
        let a = world.appearance[item.id] ?? Appearance()
        let image = a.image.flatMap { imageFile($0, world) }
        return SceneItem(
            id: Int(item.id.index) | Int(item.id.generation) << 32,
            shape: Self.shape(item.bounds, size: item.size, cornerRadius: a.cornerRadius),
            collisionShape: Self.collisionShape(item.shapes),
            center: item.center, angle: item.angle,
            fill: a.drawnFill, stroke: a.stroke, strokeWidth: a.strokeWidth,
            opacity: a.opacity, image: image, label: a.label, labelColor: a.labelColor, labelSize: a.labelSize,
            z: a.z, hidden: a.hidden)
    }

    /// The file to draw for the item image `path` (relative to the level's folder), or nil when it
    /// is refused (one warning; the item is drawn without it). A missing one is left to Render's
    /// placeholder.
    func imageFile(_ path: String, _ world: WorldModel) -> String? {
        let known = world.imageFiles[path] != nil
        switch imagePath(path, world) {
        case .success(let file): return file
        case .failure(let error):
            if !known { options.warn("image \(error.message); the item is drawn without it") }
            return nil
        }
    }

    /// The absolute file for the image `path` a level names (an item's `image`, `canvas:image`),
    /// checked once per world by `LevelFiles`: inside the level folder unless trusted, a regular
    /// file. A file that does not exist passes (Render draws a placeholder and warns).
    func imagePath(_ path: String, _ world: WorldModel) -> Result<String, LevelFileError> {
        if let known = world.imageFiles[path] { return known }
        let folder = world.setup.folder ?? state.folder ?? FileManager.default.currentDirectoryPath
        let result: Result<String, LevelFileError>
        do {
            result = .success(try LevelFiles.resolve(path, from: folder, inside: options.trusted ? nil : state.folder))
        } catch where error.reason == LevelFiles.notFound {
            result = .success(path.hasPrefix("/") ? path : folder + "/" + path)
        } catch {
            result = .failure(error)
        }
        world.imageFiles[path] = result
        return result
    }

    /// The outline Render draws for collision bounds (parts keep their placement in the item).
    static func shape(_ bounds: CollisionBounds, size: Size, cornerRadius: Double) -> SceneShape {
        switch bounds {
        case .rectangle: return .rectangle(size: size, cornerRadius: cornerRadius)
        case .ellipse: return .ellipse(size: size)
        case .path(let points): return .polygon(points)
        case .parts(let parts):
            return .group(parts.map { part in
                ShapePart(shape: shape(part.bounds, size: part.size, cornerRadius: 0),
                          offset: part.center, angle: part.angle)
            })
        }
    }

    /// The outline the engine collides with, from the item's engine shapes (Dynamics never rounds a
    /// polygon, so its vertices are the whole outline). One shape at the centre is returned as is.
    static func collisionShape(_ shapes: [Geometry]) -> SceneShape {
        let parts = shapes.map { geometry -> ShapePart in
            switch geometry {
            case .circle(let c):
                return ShapePart(shape: .ellipse(size: Size(2 * c.radius, 2 * c.radius)),
                                 offset: c.center)
            case .ellipse(let e):
                return ShapePart(shape: .ellipse(size: Size(2 * e.radii.x, 2 * e.radii.y)),
                                 offset: e.center, angle: e.angle)
            case .polygon(let p):
                return ShapePart(shape: .polygon(p.vertices))
            case .segment(let s):
                return ShapePart(shape: .polygon([s.p1, s.p2]))
            }
        }
        if parts.count == 1, parts[0].offset == .zero, parts[0].angle == 0 { return parts[0].shape }
        return .group(parts)
    }

    func debugOverlay(_ snapshot: AnimatorSnapshot, _ world: WorldModel) -> DebugOverlay {
        var overlay = DebugOverlay(enabled: true)
        overlay.boundaries = snapshot.boundaries.map { b in
            let points = b.points
            return b.isClosed && !points.isEmpty ? points + [points[0]] : points
        }
        // Springs (distance attachments with a frequency) draw differently from rods: match each
        // distance link to the attachments in tree order, the order the snapshot lists them in.
        var springs = world.animator.allBehaviors.compactMap { $0 as? AttachmentBehavior }.filter { $0.kind == .distance }
        overlay.attachments = snapshot.links.map { link in
            var kind: AttachmentKind
            switch link.kind {
            case .snap: kind = .snap
            case .attachment(let k): kind = AttachmentKind(rawValue: k.rawValue) ?? .distance
            }
            if kind == .distance, let i = springs.firstIndex(where: { $0.items == link.items }) {
                if springs[i].frequency > 0 { kind = .spring }
                springs.remove(at: i)
            }
            return DebugAttachment(anchorA: link.itemPoint,
                                   anchorB: link.otherPoint, kind: kind)
        }
        overlay.contacts = snapshot.contactPoints
        overlay.velocities = snapshot.items.filter(\.isSimulated).map {
            DebugArrow(point: $0.center, vector: $0.velocity)
        }
        // Fields, sampled on a grid for a unit mass and charge at rest (custom fields would call Lua
        // from the renderer, so they are left out).
        let fields = world.animator.allBehaviors.compactMap { $0 as? FieldBehavior }.filter { $0.kind != .custom }
        if !fields.isEmpty {
            let step = max(Self.fieldGridSpacing, max(world.setup.width, world.setup.height) / Self.fieldGridMaximumColumns)
            var y = step / 2
            while y < world.setup.height {
                var x = step / 2
                while x < world.setup.width {
                    let p = Vec2(x, y)
                    var total = Vec2.zero
                    for f in fields where f.region.contains(p - f.position) {
                        total += f.kind == .velocity ? f.velocity
                            : f.acceleration(for: FieldSample(position: p, mass: 1, charge: 1, time: snapshot.time,
                                                                    noiseSeed: world.setup.seed))
                    }
                    if total != .zero, total.isFinite {
                        overlay.fieldSamples.append(DebugArrow(point: Vec2(x, y), vector: total))
                    }
                    x += step
                }
                y += step
            }
        }
        return overlay
    }
}
