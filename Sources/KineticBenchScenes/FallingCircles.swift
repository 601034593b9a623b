// SCENES.md (b) falling_circles: 2000 circles of six sizes rain into an open box and settle into a pile.
// With any circle count it is the scale curve's `rain` (`FallingCircles(bodies:)`).
import KineticPhysics

/// 2000 circles (radius 0.25–0.5 m) on a 40 × 50 grid fall at once into a 42 m wide box.
///
/// The rain of `bodies` circles keeps the grid's 4 : 5 shape: `columns` = round(√(0.8·bodies)),
/// as many rows as needed (the top one may be short, its circles at the left), the box 2 m wider
/// than the grid and its walls 10 m higher than the rows. 2000 circles is `falling_circles`.
public struct FallingCircles: BenchmarkScene {
    public static let name = "falling_circles"
    /// SCENES.md's 10, or for the rain the steps the top row takes to fall to the floor plus 1 s,
    /// so that every rain is timed as a landed pile.
    public let warmUpSteps: Int
    /// SCENES.md's 600, or the scale curve's count (`Scenes.scaleTimedSteps`) for the rain.
    public let timedSteps: Int

    public let world: World
    public let columns: Int
    public let rows: Int
    /// Inner half-width of the box, m: the circles inside have |x| below it.
    public let halfWidth: Double
    /// The circles in creation order: row by row from the bottom, column fastest.
    public let dynamicBodies: [BodyID]

    /// SCENES.md's `falling_circles`.
    public init(safeguards: Safeguards = .all, workers: Int = 1) throws(PhysicsError) {
        try self.init(columns: 40, circles: 2000, warmUpSteps: 10, timedSteps: 600, safeguards: safeguards, workers: workers)
    }

    /// The scale curve's rain of `bodies` circles.
    public init(bodies: Int, safeguards: Safeguards = .all, workers: Int = 1) throws(PhysicsError) {
        guard Scenes.scaleBodies.contains(bodies) else {
            throw PhysicsError("rain bodies must be from 1 to \(Scenes.scaleBodies.upperBound), got \(bodies)")
        }
        let columns = max(1, Int((0.8 * Double(bodies)).squareRoot().rounded()))
        let rows = (bodies + columns - 1) / columns
        // Free fall from the top row (y = rows + 1 m) to the floor: √(2h/g) s with g = 10 m/s².
        let fallSteps = Int((60 * (Double(rows + 1) / 5).squareRoot()).rounded(.up))
        try self.init(columns: columns, circles: bodies, warmUpSteps: fallSteps + 60,
                      timedSteps: Scenes.scaleTimedSteps(bodies: bodies), safeguards: safeguards, workers: workers)
    }

    private init(columns: Int, circles: Int, warmUpSteps: Int, timedSteps: Int, safeguards: Safeguards, workers: Int)
        throws(PhysicsError)
    {
        self.columns = columns
        rows = (circles + columns - 1) / columns
        halfWidth = Double(columns) / 2 + 1
        self.warmUpSteps = warmUpSteps
        self.timedSteps = timedSteps
        world = World(SceneUnits.worldDef(safeguards: safeguards, workers: workers))
        let friction = 0.6  // pair friction 0.6, restitution 0

        // Container: one static body at the origin with a floor and two walls 1 m thick.
        // Inner space −halfWidth < x < halfWidth, 0 < y < rows + 10 m (falling_circles: 21 and 60 m).
        var groundDef = BodyDef()
        groundDef.type = .static
        let ground = try world.createBody(groundDef)
        let wallDef = SceneUnits.shapeDef(friction: friction)
        let wallHalfHeight = Double(rows + 10) / 2
        _ = try world.createShape(on: ground, wallDef, SceneUnits.box(halfWidth + 1, 0.5, center: 0, -0.5))
        _ = try world.createShape(on: ground, wallDef, SceneUnits.box(0.5, wallHalfHeight, center: -halfWidth - 0.5, wallHalfHeight))
        _ = try world.createShape(on: ground, wallDef, SceneUnits.box(0.5, wallHalfHeight, center: halfWidth + 0.5, wallHalfHeight))

        let circleDef = SceneUnits.shapeDef(friction: friction)
        var bodies: [BodyID] = []
        bodies.reserveCapacity(circles)
        let left = -Double(columns - 1) / 2
        rowLoop: for r in 0..<rows {
            for c in 0..<columns {
                if bodies.count == circles { break rowLoop }
                var def = BodyDef()
                def.type = .dynamic
                def.position = SceneUnits.point(left + Double(c) + (r % 2 == 1 ? 0.25 : 0), 2 + Double(r))
                let body = try world.createBody(def)
                _ = try world.createShape(on: body, circleDef, SceneUnits.circle(0.25 + 0.05 * Double((c + r) % 6)))
                bodies.append(body)
            }
        }
        dynamicBodies = bodies
    }

    /// SCENES.md's sanity figures for the pile, in meters and joules.
    public struct Figures: Hashable, Sendable {
        /// Circles with |x| < `halfWidth` (21 m) and y > 0 (all of them when none tunnelled out).
        public var inBox: Int
        /// Highest circle centre, m.
        public var maxY: Double
        /// Mean circle centre y, m.
        public var meanY: Double
        /// Σ ½mv² + ½Iω², J (≈ 0 when settled).
        public var kineticEnergy: Double
    }

    public func figures() -> Figures {
        var result = Figures(inBox: 0, maxY: -.infinity, meanY: 0, kineticEnergy: 0)
        var sumY = 0.0
        for body in dynamicBodies {
            let p = SceneUnits.meters(world.position(of: body))
            if abs(p.x) < halfWidth && p.y > 0 { result.inBox += 1 }
            result.maxY = max(result.maxY, p.y)
            sumY += p.y
        }
        result.meanY = sumY / Double(dynamicBodies.count)
        result.kineticEnergy = SceneUnits.kineticEnergy(world, dynamicBodies)
        return result
    }

    /// `in_box:…,max_y:…,mean_y:…,ke:…`.
    public func sanity() -> String {
        let f = figures()
        return "in_box:\(f.inBox),max_y:\(format("%.3f", f.maxY)),mean_y:\(format("%.3f", f.meanY))"
            + ",ke:\(format("%.3f", f.kineticEnergy))"
    }
}
