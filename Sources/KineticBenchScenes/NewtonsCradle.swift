// SCENES.md (d) newtons_cradle: five elastic balls on rigid 5 m rods; the per-step cost of a tiny world.
import KineticPhysics

/// Five balls (radius 0.5 m, friction 0, restitution 1) hang from pivots 1 m apart on rigid
/// distance joints of 5 m; the first starts raised 45° to the left.
public struct NewtonsCradle: BenchmarkScene {
    public static let name = "newtons_cradle"
    public let warmUpSteps = 60
    public let timedSteps = 3600
    public static let ballCount = 5
    /// Rod length, ball radius and pivot height, m.
    public static let rodLength = 5.0
    public static let radius = 0.5
    public static let pivotY = 10.0
    /// The energy is sampled every this many steps (10 s), counting from the first warm-up step.
    public static let sampleInterval = 600

    public let world: World
    public let dynamicBodies: [BodyID]
    /// Mechanical energy (J) sampled after steps 0, 600, 1200, … (`E_J_every_10s`).
    public private(set) var energyTrace: [Double] = []

    /// The pivot of ball `i`, meters (y up).
    public static func pivot(_ i: Int) -> Vec2 { Vec2(-2 + Double(i), pivotY) }

    public init(safeguards: Safeguards = .all, workers: Int = 1) throws(PhysicsError) {
        world = World(SceneUnits.worldDef(safeguards: safeguards, workers: workers))
        var anchorDef = BodyDef()
        anchorDef.type = .static
        let anchor = try world.createBody(anchorDef)  // no shapes: only holds the rods

        let ballDef = SceneUnits.shapeDef(friction: 0, restitution: 1)  // pair: friction 0, restitution 1
        let ball = SceneUnits.circle(Self.radius)
        let s45 = (0.5).squareRoot()
        var balls: [BodyID] = []
        for i in 0..<Self.ballCount {
            let p = Self.pivot(i)
            var def = BodyDef()
            def.type = .dynamic
            def.position = i == 0
                ? SceneUnits.point(p.x - Self.rodLength * s45, p.y - Self.rodLength * s45)
                : SceneUnits.point(p.x, p.y - Self.rodLength)
            let body = try world.createBody(def)
            _ = try world.createShape(on: body, ballDef, ball)
            // A rigid rod: no spring, no limits.
            var rod = DistanceJointDef()
            rod.bodyA = anchor
            rod.bodyB = body
            rod.localAnchorA = SceneUnits.point(p.x, p.y)
            rod.localAnchorB = .zero
            rod.length = SceneUnits.points(Self.rodLength)
            _ = try world.createJoint(.distance(rod))
            balls.append(body)
        }
        dynamicBodies = balls
        energyTrace = [mechanicalEnergy()]
    }

    public mutating func didStep(_ stepsDone: Int) {
        if stepsDone % Self.sampleInterval == 0 { energyTrace.append(mechanicalEnergy()) }
    }

    /// Σ(½mv² + ½Iω²) + Σ m·10·(y − 5), J, y in meters up: 11.502 J for the initial pose.
    public func mechanicalEnergy() -> Double {
        var potential = 0.0
        for body in dynamicBodies {
            let y = SceneUnits.meters(world.position(of: body)).y
            potential += world.mass(of: body) * 10 * (y - (Self.pivotY - Self.rodLength))
        }
        return SceneUnits.kineticEnergy(world, dynamicBodies) + potential
    }

    /// Largest rod error | |centre − pivot| − 5 |, m.
    public func maxStretch() -> Double {
        var worst = 0.0
        for (i, body) in dynamicBodies.enumerated() {
            let p = SceneUnits.meters(world.position(of: body))
            worst = max(worst, abs(distance(p, Self.pivot(i)) - Self.rodLength))
        }
        return worst
    }

    /// `E_J_every_10s:e0/e1/…,ke_end:…,max_stretch:…`.
    public func sanity() -> String {
        let trace = energyTrace.map { format("%.3f", $0) }.joined(separator: "/")
        return "E_J_every_10s:\(trace),ke_end:\(format("%.3f", SceneUnits.kineticEnergy(world, dynamicBodies)))"
            + ",max_stretch:\(format("%.4f", maxStretch()))"
    }
}
