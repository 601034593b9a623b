// What the regression scenes of PhysicsRegressionTests.swift share: a world with some safeguards
// off, the static box the physics fuzzer builds its scenes in, and the invariants the fuzzer checks
// (finite state, no tunnelling out of the box, no energy gain in a closed scene), measured step by
// step. The scenes themselves are written out in full in the tests, so they do not depend on the
// fuzzer's random sequence.
import KineticFuzzing
import KineticPhysics

/// A world with `gravity` and every safeguard but `off` (Sources/KineticPhysics/Safeguards/README.md).
func world(gravity: Vec2 = .zero, without off: Safeguards = []) -> World {
    var def = WorldDef(); def.gravity = gravity; def.safeguards = Safeguards.all.subtracting(off)
    return World(def)
}

/// Half the side of the fuzzer's box interior (pt).
let boxHalfSize = 50_000.0

/// The fuzzer's static box: its interior is ±`boxHalfSize`, its walls a closed chain of two-sided
/// segments (the thinnest boundary there is) or polygons 2000 pt thick.
enum BoxWalls { case chain, thick }

func addBox(_ world: World, _ walls: BoxWalls, friction: Double = 0.6, restitution: Double = 0) {
    var def = BodyDef(); def.type = .static
    let box = try! world.createBody(def)
    var shape = ShapeDef(); shape.friction = friction; shape.restitution = restitution
    let h = boxHalfSize, t = 2_000.0
    switch walls {
    case .chain:
        _ = try! world.createChain(on: box, points: [Vec2(-h, -h), Vec2(h, -h), Vec2(h, h), Vec2(-h, h)], isLoop: true, shape)
    case .thick:
        for (centre, halfWidth, halfHeight) in [(Vec2(0, -h - t), h + 2 * t, t), (Vec2(0, h + t), h + 2 * t, t),
                                                (Vec2(-h - t, 0), t, h + 2 * t), (Vec2(h + t, 0), t, h + 2 * t)] {
            _ = try! world.createShape(on: box, shape, .polygon(try! Polygon.box(halfWidth: halfWidth, halfHeight: halfHeight, center: centre)))
        }
    }
}

/// The most a closed scene's energy may rise over its start, as the physics fuzzer allows: the soft
/// step's position correction and restitution are not exactly conservative.
let energyBound = PhysicsFuzzScene.energyBound

/// Kinetic plus gravitational energy of the dynamic bodies, the potential measured from the box
/// wall gravity points at (as the fuzzer does), so it is never negative.
func energy(_ world: World, gravity: Vec2 = .zero) -> Double {
    let g = gravity.length, down = g > 0 ? gravity / g : .zero
    var total = 0.0
    for body in world.bodies where world.type(of: body) == .dynamic {
        let m = world.mass(of: body), w = world.angularVelocity(of: body)
        total += 0.5 * m * world.linearVelocity(of: body).lengthSquared + 0.5 * world.rotationalInertia(of: body) * w * w
        total += m * g * (boxHalfSize - dot(world.worldCenter(of: body), down))
    }
    return total
}

/// The largest relative gain of energy over its start, step by step (infinity once it is not
/// finite). In a closed scene nothing may add energy.
func largestEnergyGain(_ world: World, gravity: Vec2 = .zero, steps: Int) -> Double {
    let start = energy(world, gravity: gravity)
    var largest = 0.0
    for _ in 0..<steps {
        world.step(by: 1.0 / 60)
        let gain = energy(world, gravity: gravity) / start - 1
        largest = gain.isNaN ? .infinity : max(largest, gain)
    }
    return largest
}

/// How far out the dynamic bodies' shapes (or just `shapes`: sensors pass through walls by design)
/// got over `steps` steps: the largest |x| or |y| of a shape's bounds centre (infinity once one is
/// not finite). Inside the box is at most `boxHalfSize` + 1 (twice the linear slop soft contacts
/// rest at).
func furthestReach(_ world: World, of shapes: [ShapeID]? = nil, steps: Int) -> Double {
    var furthest = 0.0
    for _ in 0..<steps {
        world.step(by: 1.0 / 60)
        let measured = shapes ?? world.bodies.filter { world.type(of: $0) == .dynamic }.flatMap { world.shapes(of: $0) }
        for shape in measured {
            let centre = world.aabb(of: shape).center
            guard centre.isFinite else { return .infinity }
            furthest = max(furthest, abs(centre.x), abs(centre.y))
        }
    }
    return furthest
}

/// The fastest linear speed of any body over `steps` steps (infinity once a velocity, position or
/// angle is not finite).
func fastestSpeed(_ world: World, steps: Int) -> Double {
    var fastest = 0.0
    for _ in 0..<steps {
        world.step(by: 1.0 / 60)
        for body in world.bodies {
            let v = world.linearVelocity(of: body)
            guard v.isFinite, world.position(of: body).isFinite, world.angle(of: body).isFinite,
                  world.angularVelocity(of: body).isFinite else { return .infinity }
            fastest = max(fastest, v.length)
        }
    }
    return fastest
}
