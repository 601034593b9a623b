// SCENES.md (b) falling_circles: 2000 circles of six sizes rain into an open box and settle into a pile.
import KineticPhysics

/// 2000 circles (radius 0.25–0.5 m) on a 40 × 50 grid fall at once into a 42 m wide box.
public struct FallingCircles: BenchmarkScene {
    public static let name = "falling_circles"
    public static let warmUpSteps = 10
    public static let timedSteps = 600
    public static let columns = 40
    public static let rows = 50

    public let world: World
    /// The circles in creation order: row by row from the bottom, column fastest.
    public let dynamicBodies: [BodyID]

    public init(safeguards: Safeguards = .all, workers: Int = 1) throws(PhysicsError) {
        world = World(SceneUnits.worldDef(safeguards: safeguards, workers: workers))
        let friction = 0.6  // pair friction 0.6, restitution 0

        // Container: one static body at the origin with a floor and two walls.
        // Inner space −21 < x < 21, 0 < y < 60 m.
        var groundDef = BodyDef()
        groundDef.type = .static
        let ground = try world.createBody(groundDef)
        let wallDef = SceneUnits.shapeDef(friction: friction)
        _ = try world.createShape(on: ground, wallDef, SceneUnits.box(22, 0.5, center: 0, -0.5))
        _ = try world.createShape(on: ground, wallDef, SceneUnits.box(0.5, 30, center: -21.5, 30))
        _ = try world.createShape(on: ground, wallDef, SceneUnits.box(0.5, 30, center: 21.5, 30))

        let circleDef = SceneUnits.shapeDef(friction: friction)
        var bodies: [BodyID] = []
        bodies.reserveCapacity(Self.columns * Self.rows)
        for r in 0..<Self.rows {
            for c in 0..<Self.columns {
                var def = BodyDef()
                def.type = .dynamic
                def.position = SceneUnits.point(-19.5 + Double(c) + (r % 2 == 1 ? 0.25 : 0), 2 + Double(r))
                let body = try world.createBody(def)
                _ = try world.createShape(on: body, circleDef, SceneUnits.circle(0.25 + 0.05 * Double((c + r) % 6)))
                bodies.append(body)
            }
        }
        dynamicBodies = bodies
    }

    /// SCENES.md's sanity figures for the pile, in meters and joules.
    public struct Figures: Hashable, Sendable {
        /// Circles with |x| < 21 m and y > 0 (2000 when none tunnelled out).
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
            if abs(p.x) < 21 && p.y > 0 { result.inBox += 1 }
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
