// SCENES.md (a) large_pyramid: Box2D v3's benchmark pyramid of 5050 boxes on a wide ground.
// The same layout with fewer rows is the small pyramid the tests use (`Scenes.pyramid(rows:)`), and
// with any box count the scale curve's `pyramid` (`LargePyramid(bodies:)`).
import KineticPhysics

/// A pyramid of 1×1 m boxes (100 pt) standing on a ground box at least 200 m wide.
///
/// Row i (0 at the bottom) holds `rows − i` boxes; neighbours touch exactly, no gap, no overlap.
/// With `rows` = 100 this is SCENES.md's `large_pyramid`: 5050 boxes, the top one at y = 99.5 m.
public struct LargePyramid: BenchmarkScene {
    public static let name = "large_pyramid"
    public let warmUpSteps = 10
    /// SCENES.md's 500, or the scale curve's count (`Scenes.scaleTimedSteps`) for `init(bodies:)`.
    public let timedSteps: Int
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
        try self.init(rows: rows, boxes: rows * (rows + 1) / 2, timedSteps: 500, enableSleep: enableSleep,
                      safeguards: safeguards, workers: workers)
    }

    /// The scale curve's pyramid of `bodies` boxes: the smallest pyramid with at least that many,
    /// filled row by row from the bottom until `bodies` are placed. Fewer than `rows` boxes are left
    /// out, so at most the top few rows are missing: the pyramid may be cut flat, its highest row
    /// short (its boxes at the left). 5050 boxes is `large_pyramid`.
    public init(bodies: Int, safeguards: Safeguards = .all, workers: Int = 1) throws(PhysicsError) {
        guard Scenes.scaleBodies.contains(bodies) else {
            throw PhysicsError("pyramid bodies must be from 1 to \(Scenes.scaleBodies.upperBound), got \(bodies)")
        }
        var rows = 1
        while rows * (rows + 1) / 2 < bodies { rows += 1 }
        try self.init(rows: rows, boxes: bodies, timedSteps: Scenes.scaleTimedSteps(bodies: bodies), enableSleep: false,
                      safeguards: safeguards, workers: workers)
    }

    private init(rows: Int, boxes: Int, timedSteps: Int, enableSleep: Bool, safeguards: Safeguards, workers: Int)
        throws(PhysicsError)
    {
        self.rows = rows
        self.timedSteps = timedSteps
        world = World(SceneUnits.worldDef(enableSleep: enableSleep, safeguards: safeguards, workers: workers))
        let friction = 0.6  // pair friction √(0.6·0.6) = 0.6

        // Ground: half-extents (max(100, rows), 1) m at (0, −1) m, top face at y = 0: twice as wide as
        // the base, and SCENES.md's 200 m up to 100 rows.
        var groundDef = BodyDef()
        groundDef.type = .static
        groundDef.position = SceneUnits.point(0, -1)
        let ground = try world.createBody(groundDef)
        _ = try world.createShape(on: ground, SceneUnits.shapeDef(friction: friction), SceneUnits.box(Double(max(100, rows)), 1))

        let box = try SceneUnits.box(0.5, 0.5)
        let boxDef = SceneUnits.shapeDef(friction: friction)
        var bodies: [BodyID] = []
        var starts: [Vec2] = []
        bodies.reserveCapacity(boxes)
        starts.reserveCapacity(boxes)
        let half = Double(rows) / 2
        rowLoop: for i in 0..<rows {
            for j in i..<rows {
                if bodies.count == boxes { break rowLoop }
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
