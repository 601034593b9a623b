// Ghost trajectories: where items will go, drawn as a trail of dots that fade and shrink with time,
// so a picture shows a shot's path before it is taken.

/// Paints `RenderScene.ghosts` in world coordinates.
struct GhostPainter {
    let canvas: CairoCanvas

    static let color = Color(red: 0.35, green: 0.35, blue: 0.45)
    /// A dot every this many points of the path (at 60 fps, one step of a fast item is ~10 pt).
    static let spacing = 6.0

    func paint(_ paths: [[Vec2]]) {
        for path in paths where path.count > 1 {
            var travelled = 0.0, nextDot = 0.0
            for k in 1..<path.count {
                let (a, b) = (path[k - 1], path[k])
                guard a.x.isFinite, a.y.isFinite, b.x.isFinite, b.y.isFinite else { break }
                travelled += (b - a).length
                guard travelled >= nextDot else { continue }
                nextDot = travelled + Self.spacing
                let age = Double(k) / Double(path.count)  // 0 now … 1 at the end of the preview
                canvas.addCircle(center: b, radius: 2 - age)
                canvas.setColor(Self.color, opacity: 0.8 - 0.6 * age)
                canvas.fill()
            }
        }
    }
}
