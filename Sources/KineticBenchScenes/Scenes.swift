// The benchmark scenes of bench/SCENES.md, built with the Physics API in Kinetic's units, plus two
// small scenes the tests share with the benchmarks (Box2D keeps its benchmark and determinism scenes
// in `shared/` for the same reason).
//
// SCENES.md states everything in meters with +y up. Kinetic's worlds use points with +y down, so
// every scene converts on the way in (`SceneUnits.point`) and its sanity figures convert back
// (`SceneUnits.meters`): the figures then compare directly with the peers' lines.
import Foundation
import KineticPhysics

/// A scene of bench/SCENES.md, built and ready to step.
///
/// `kinetic bench` runs the measuring protocol on it: `warmUpSteps` untimed steps, then `timedSteps`
/// steps each timed on its own, then `sanity()`. The step counts belong to the instance, as the
/// scale curve's scenes choose them by body count.
public protocol BenchmarkScene {
    /// The scene's name in SCENES.md and in the result line, e.g. `large_pyramid`.
    static var name: String { get }
    /// Untimed steps before the timed run (SCENES.md's W).
    var warmUpSteps: Int { get }
    /// Timed steps (SCENES.md's N).
    var timedSteps: Int { get }
    /// The world to step with `Scenes.timeStep`.
    var world: World { get }
    /// The dynamic bodies: the ones counted in the result line and checked by the guard.
    var dynamicBodies: [BodyID] { get }
    /// Called after every step, warm-up and timed, outside the timed region. `stepsDone` counts
    /// from the first warm-up step (1 after the first step).
    mutating func didStep(_ stepsDone: Int)
    /// SCENES.md's sanity figures (`key:value,…`), in meters, kilograms and joules.
    func sanity() -> String
}

extension BenchmarkScene {
    public mutating func didStep(_ stepsDone: Int) {}
}

/// Entry points to the scenes.
public enum Scenes {
    /// SCENES.md's fixed time step, seconds.
    public static let timeStep = 1.0 / 60.0

    /// The benchmark scenes in SCENES.md's order.
    public static var benchmarks: [any BenchmarkScene.Type] {
        [LargePyramid.self, FallingCircles.self, JointGrid.self, NewtonsCradle.self]
    }

    /// Names of the benchmark scenes in SCENES.md's order.
    public static var benchmarkNames: [String] { benchmarks.map { $0.name } }

    /// Builds the benchmark scene called `name` (SCENES.md's definition); nil for an unknown name.
    /// `gridSize` changes the joint grid's N for experiments only (such a run is not the defined scene);
    /// `safeguards` are the world's (`WorldDef.safeguards`), to measure them.
    public static func benchmark(named name: String, gridSize: Int = JointGrid.publishedSize, safeguards: Safeguards = .all, workers: Int = 1)
        throws(PhysicsError) -> (any BenchmarkScene)?
    {
        switch name {
        case LargePyramid.name: return try LargePyramid(safeguards: safeguards, workers: workers)
        case FallingCircles.name: return try FallingCircles(safeguards: safeguards, workers: workers)
        case JointGrid.name: return try JointGrid(size: gridSize, safeguards: safeguards, workers: workers)
        case NewtonsCradle.name: return try NewtonsCradle(safeguards: safeguards, workers: workers)
        default: return nil
        }
    }

    /// The scale curve's scenes (docs/benchmarks.md, "Scale"): `large_pyramid` and `falling_circles`
    /// generalised to any body count, built the same way by the Box2D driver `scripts/scale/box2d_scale.c`.
    public static let scaleNames = ["pyramid", "rain"]

    /// Body counts the scale scenes accept.
    public static let scaleBodies = 1...100_000

    /// Builds the scale scene called `name` with `bodies` dynamic bodies; nil for an unknown name.
    /// `pyramid` is `LargePyramid(bodies:)`, `rain` is `FallingCircles(bodies:)`.
    public static func scaled(named name: String, bodies: Int, safeguards: Safeguards = .all, workers: Int = 1)
        throws(PhysicsError) -> (any BenchmarkScene)?
    {
        switch name {
        case "pyramid": return try LargePyramid(bodies: bodies, safeguards: safeguards, workers: workers)
        case "rain": return try FallingCircles(bodies: bodies, safeguards: safeguards, workers: workers)
        default: return nil
        }
    }

    /// Timed steps of a scale scene with `bodies` bodies: 300, fewer from 5000 bodies on (at least 30),
    /// so the largest worlds, which cost the most per step, still let a whole curve run in minutes.
    public static func scaleTimedSteps(bodies: Int) -> Int { min(300, max(30, 1_500_000 / max(bodies, 1))) }

    /// A pyramid of `rows` rows of 1 m (100 pt) boxes on the ground, laid out like `large_pyramid`
    /// (which is `rows` = 100): `rows·(rows+1)/2` boxes. Sleeping is off unless `enableSleep`.
    public static func pyramid(rows: Int, enableSleep: Bool = false) throws(PhysicsError) -> LargePyramid {
        try LargePyramid(rows: rows, enableSleep: enableSleep)
    }

    /// Box2D's falling-hinges determinism scene: pairs of boxes joined by limited revolute joints
    /// fall onto the ground and come to rest (sleeping on). `columns·rows` bodies.
    public static func fallingHinges(columns: Int = 10, rows: Int = 30) throws(PhysicsError) -> FallingHinges {
        try FallingHinges(columns: columns, rows: rows)
    }
}

/// SCENES.md's units (meters, +y up, kilograms) mapped onto Kinetic's (points, +y down).
/// 1 m = 100 pt, so lengths scale by 100, areas by 10⁴ and a density of 1 kg/m² is 10⁻⁴ kg/pt²:
/// masses stay in kilograms. Angles change sign with the flipped y axis.
public enum SceneUnits {
    /// Points per meter (`WorldDef.lengthUnitsPerMeter`'s default).
    public static let pointsPerMeter = 100.0
    /// SCENES.md's gravity (0, −10) m/s² as (0, +1000) pt/s².
    public static let gravity = Vec2(0, 10 * pointsPerMeter)
    /// 1 kg/m² in kg/pt², so that mass = area in m².
    public static let unitDensity = 1 / (pointsPerMeter * pointsPerMeter)

    /// A point or offset given in meters (y up), in points (y down).
    @inlinable public static func point(_ x: Double, _ y: Double) -> Vec2 {
        Vec2(x * pointsPerMeter, -y * pointsPerMeter)
    }

    /// A length in meters, in points.
    @inlinable public static func points(_ meters: Double) -> Double { meters * pointsPerMeter }

    /// A point or velocity in points (y down), in meters (y up).
    @inlinable public static func meters(_ p: Vec2) -> Vec2 { Vec2(p.x / pointsPerMeter, -p.y / pointsPerMeter) }

    /// An energy in kg·pt²/s², in joules.
    @inlinable public static func joules(_ e: Double) -> Double { e / (pointsPerMeter * pointsPerMeter) }

    /// SCENES.md's common world: gravity, no sleeping, everything else the engine's (Box2D v3's) defaults.
    /// One worker unless told: a timing names its thread count (`kinetic bench --workers`).
    public static func worldDef(enableSleep: Bool = false, safeguards: Safeguards = .all, workers: Int = 1) -> WorldDef {
        var def = WorldDef()
        def.safeguards = safeguards
        def.workers = workers
        def.gravity = gravity
        def.lengthUnitsPerMeter = pointsPerMeter
        def.enableSleep = enableSleep
        return def
    }

    /// A plain box (no rounding) of half-extents `hx` × `hy` m centred at (`cx`, `cy`) m in the body frame.
    public static func box(_ hx: Double, _ hy: Double, center cx: Double = 0, _ cy: Double = 0)
        throws(PhysicsError) -> Geometry
    {
        .polygon(try Polygon.box(halfWidth: points(hx), halfHeight: points(hy), center: point(cx, cy)))
    }

    /// A circle of radius `r` m centred on the body origin.
    public static func circle(_ r: Double) -> Geometry { .circle(Circle(radius: points(r))) }

    /// A shape definition with SCENES.md's density (1 kg/m²) and the given per-shape friction and
    /// restitution (pair rules: friction √(fa·fb), restitution max(ea, eb)).
    public static func shapeDef(friction: Double, restitution: Double = 0, density: Double = unitDensity) -> ShapeDef {
        var def = ShapeDef()
        def.density = density
        def.friction = friction
        def.restitution = restitution
        return def
    }

    /// Total kinetic energy Σ ½mv² + ½Iω² of `bodies`, in joules.
    public static func kineticEnergy(_ world: World, _ bodies: [BodyID]) -> Double {
        var e = 0.0
        for body in bodies {
            let v = world.linearVelocity(of: body)
            let w = world.angularVelocity(of: body)
            e += 0.5 * world.mass(of: body) * v.lengthSquared + 0.5 * world.rotationalInertia(of: body) * w * w
        }
        return joules(e)
    }
}

/// `printf`-style formatting of one number, as the peers print their figures.
func format(_ spec: String, _ value: Double) -> String { String(format: spec, value) }
