// SCENES.md (a) large_pyramid: Box2D v3's benchmark pyramid of 5050 boxes on a wide ground.
// The same layout with fewer rows is the small pyramid the tests use (`Scenes.pyramid(rows:)`).
import KineticPhysics

/// A pyramid of 1×1 m boxes (100 pt) standing on a 200 m wide ground box.
///
/// Row i (0 at the bottom) holds `rows − i` boxes; neighbours touch exactly, no gap, no overlap.
/// With `rows` = 100 this is SCENES.md's `large_pyramid`: 5050 boxes, the top one at y = 99.5 m.
public struct LargePyramid: BenchmarkScene {
    public static let name = "large_pyramid"
    public static let warmUpSteps = 10
    public static let timedSteps = 500
    /// SCENES.md's row count.
    public static let publishedRows = 100

    public let world: World
    public let rows: Int
    /// The boxes, bottom row first, each row left to right.
    public let dynamicBodies: [BodyID]
    /// Each box's start centre in meters (y up), in `dynamicBodies` order.
    public let startCenters: [Vec2]

    /// Builds the pyramid. Sleeping is off unless `enableSleep` (SCENES.md: off).
    public init(rows: Int = publishedRows, enableSleep: Bool = false, safeguards: Safeguards = .all, workers: Int = 1) throws(PhysicsError) {
        guard rows >= 1 else { throw PhysicsError("pyramid rows must be at least 1, got \(rows)") }
        self.rows = rows
        world = World(SceneUnits.worldDef(enableSleep: enableSleep, safeguards: safeguards, workers: workers))
        let friction = 0.6  // pair friction √(0.6·0.6) = 0.6

        // Ground: half-extents (100, 1) m at (0, −1) m, top face at y = 0.
        var groundDef = BodyDef()
        groundDef.type = .static
        groundDef.position = SceneUnits.point(0, -1)
        let ground = try world.createBody(groundDef)
        _ = try world.createShape(on: ground, SceneUnits.shapeDef(friction: friction), SceneUnits.box(100, 1))

        let box = try SceneUnits.box(0.5, 0.5)
        let boxDef = SceneUnits.shapeDef(friction: friction)
        var bodies: [BodyID] = []
        var starts: [Vec2] = []
        bodies.reserveCapacity(rows * (rows + 1) / 2)
        starts.reserveCapacity(rows * (rows + 1) / 2)
        let half = Double(rows) / 2
        for i in 0..<rows {
            for j in i..<rows {
                let x = -half + 0.5 * Double(i + 1) + Double(j - i)
                let y = 0.5 + Double(i)
                var def = BodyDef()
                def.type = .dynamic
                def.position = SceneUnits.point(x, y)
                let body = try world.createBody(def)
                _ = try world.createShape(on: body, boxDef, box)
                bodies.append(body)
                starts.append(Vec2(x, y))
            }
        }
        dynamicBodies = bodies
        startCenters = starts
    }

    /// SCENES.md's sanity figures for the pyramid, in meters.
    public struct Figures: Hashable, Sendable {
        /// Highest box centre y, m (`rows − 0.5` if nothing moved).
        public var topY: Double
        /// Boxes whose centre is more than 0.1 m from its start.
        public var moved: Int
        /// Boxes whose |x − x_start| > 0.5 m (a row has shifted or collapsed).
        public var slid: Int
    }

    /// The figures of the current state.
    public func figures() -> Figures {
        var result = Figures(topY: -.infinity, moved: 0, slid: 0)
        for (body, start) in zip(dynamicBodies, startCenters) {
            let p = SceneUnits.meters(world.position(of: body))
            result.topY = max(result.topY, p.y)
            if distance(p, start) > 0.1 { result.moved += 1 }
            if abs(p.x - start.x) > 0.5 { result.slid += 1 }
        }
        return result
    }

    /// `top_y:…,moved:…,slid:…`.
    public func sanity() -> String {
        let f = figures()
        return "top_y:\(format("%.3f", f.topY)),moved:\(f.moved),slid:\(f.slid)"
    }
}
