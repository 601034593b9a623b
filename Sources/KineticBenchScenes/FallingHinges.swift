// Box2D v3's falling-hinges determinism scene (shared/determinism.c) in Kinetic's units: tilted box
// pairs joined by limited revolute joints fall onto the ground in columns, tumble and go to sleep.
// The scene is chaotic, so the step at which everything sleeps and the final state hash change with
// any change in the engine's arithmetic: a determinism test pins both.
import KineticPhysics

/// Columns of small rounded boxes (0.5 m, 50 pt) whose consecutive pairs are hinged, dropped onto a
/// ground box (40 m wide for Box2D's 4 columns, wider for more). Sleeping on, friction 0.3, gravity 10 m/s².
public struct FallingHinges {
    public let world: World
    public let columns: Int
    public let rows: Int
    /// The boxes, column by column, bottom first.
    public let bodies: [BodyID]
    /// Hinges created (one per pair of boxes in a column).
    public let jointCount: Int

    /// Builds `columns` columns of `rows` boxes (Box2D's test: 4 × 30; here 10 × 30 by default).
    public init(columns: Int = 10, rows: Int = 30) throws(PhysicsError) {
        guard columns >= 1, rows >= 1 else {
            throw PhysicsError("falling hinges needs at least 1 column and 1 row, got \(columns) × \(rows)")
        }
        self.columns = columns
        self.rows = rows
        world = World(SceneUnits.worldDef(enableSleep: true))

        let h = 0.25  // half-extent, m
        let dx = 10 * h  // column spacing, m

        // Box2D's ground is 40 m wide for its 4 columns; pairs tumbling off the outer columns of a
        // wider scene would fall for ever and never sleep, so the ground grows by a column spacing
        // for every extra column.
        var groundDef = BodyDef()
        groundDef.type = .static
        groundDef.position = SceneUnits.point(0, -1)
        let ground = try world.createBody(groundDef)
        let groundHalfWidth = 20 + dx * Double(max(columns - 4, 0))
        _ = try world.createShape(on: ground, SceneUnits.shapeDef(friction: 0.6), SceneUnits.box(groundHalfWidth, 1))

        let rounding = 0.1 * h  // Box2D's b2MakeRoundedBox(h − r, h − r, r)
        let box = Geometry.polygon(try Polygon.box(
            halfWidth: SceneUnits.points(h - rounding), halfHeight: SceneUnits.points(h - rounding),
            radius: SceneUnits.points(rounding)))
        let shapeDef = SceneUnits.shapeDef(friction: 0.3)
        let offset = 0.4 * h
        let xRoot = -0.5 * dx * (Double(columns) - 1)

        // Box2D's hinge in y-up meters: anchors (h, h) on A and (offset, −h) on B, angle limits
        // −0.1π … 0.2π. The flipped y axis mirrors anchors and turns the limits into −0.2π … 0.1π.
        var hinge = RevoluteJointDef()
        hinge.localAnchorA = SceneUnits.point(h, h)
        hinge.localAnchorB = SceneUnits.point(offset, -h)
        hinge.enableLimit = true
        hinge.lowerAngle = -0.2 * Double.pi
        hinge.upperAngle = 0.1 * Double.pi

        var bodies: [BodyID] = []
        bodies.reserveCapacity(columns * rows)
        var joints = 0
        for j in 0..<columns {
            let x = xRoot + Double(j) * dx
            var previous = BodyID.null
            for i in 0..<rows {
                var def = BodyDef()
                def.type = .dynamic
                def.position = SceneUnits.point(x + offset * Double(i), h + 2 * h * Double(i))
                def.angle = -(0.1 * Double(i) - 1)  // Box2D's b2MakeRot(0.1·i − 1), mirrored
                let body = try world.createBody(def)
                if i % 2 == 0 {
                    previous = body
                } else {
                    hinge.bodyA = previous
                    hinge.bodyB = body
                    _ = try world.createJoint(.revolute(hinge))
                    joints += 1
                }
                _ = try world.createShape(on: body, shapeDef, box)
                bodies.append(body)
            }
        }
        self.bodies = bodies
        jointCount = joints
    }

    /// Steps with `Scenes.timeStep` until no body is awake and returns the steps taken and
    /// `World.stateHash()` at that moment; nil if the scene is still awake after `maxSteps`.
    public func runUntilAsleep(maxSteps: Int = 10_000, substeps: Int = 4) -> (sleepStep: Int, hash: UInt64)? {
        var steps = 0
        while steps < maxSteps {
            world.step(by: Scenes.timeStep, substeps: substeps)
            steps += 1
            if world.isAtRest { return (steps, world.stateHash()) }
        }
        return nil
    }
}
