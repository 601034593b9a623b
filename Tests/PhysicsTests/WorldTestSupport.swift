// Scene-building helpers shared by the world, solver, joint and sleep tests. Units are points and
// seconds, y grows downward, so gravity (0, 1000) pulls toward +y and "up" is −y.
@testable import KineticPhysics

/// The step the tests use unless stated: 60 Hz with 4 substeps, as Kinetic runs.
let testStep = 1.0 / 60

func makeWorld(gravity: Vec2 = Vec2(0, 1000), _ configure: (inout WorldDef) -> Void = { _ in }) -> World {
    var def = WorldDef()
    def.gravity = gravity
    configure(&def)
    return World(def)
}

@discardableResult
func addStaticBox(_ world: World, center: Vec2, halfWidth: Double, halfHeight: Double, angle: Double = 0,
                  friction: Double = 0.6, restitution: Double = 0) -> BodyID {
    var bd = BodyDef()
    bd.type = .static
    bd.position = center
    bd.angle = angle
    let body = try! world.createBody(bd)
    var sd = ShapeDef()
    sd.friction = friction
    sd.restitution = restitution
    _ = try! world.createShape(on: body, sd, .polygon(try! Polygon.box(halfWidth: halfWidth, halfHeight: halfHeight)))
    return body
}

@discardableResult
func addCircle(_ world: World, at p: Vec2, radius: Double, density: Double = 1, friction: Double = 0.6,
               restitution: Double = 0, velocity: Vec2 = .zero, type: BodyType = .dynamic, configure: (inout BodyDef) -> Void = { _ in }) -> BodyID {
    var bd = BodyDef()
    bd.type = type
    bd.position = p
    bd.linearVelocity = velocity
    configure(&bd)
    let body = try! world.createBody(bd)
    var sd = ShapeDef()
    sd.density = density
    sd.friction = friction
    sd.restitution = restitution
    _ = try! world.createShape(on: body, sd, .circle(Circle(radius: radius)))
    return body
}

@discardableResult
func addBox(_ world: World, at p: Vec2, halfWidth: Double, halfHeight: Double, angle: Double = 0, density: Double = 1,
            friction: Double = 0.6, restitution: Double = 0, velocity: Vec2 = .zero) -> BodyID {
    var bd = BodyDef()
    bd.position = p
    bd.angle = angle
    bd.linearVelocity = velocity
    let body = try! world.createBody(bd)
    var sd = ShapeDef()
    sd.density = density
    sd.friction = friction
    sd.restitution = restitution
    _ = try! world.createShape(on: body, sd, .polygon(try! Polygon.box(halfWidth: halfWidth, halfHeight: halfHeight)))
    return body
}

/// Steps `seconds` of simulated time at `dt`.
func run(_ world: World, seconds: Double, dt: Double = testStep, substeps: Int = 4, each: () -> Void = {}) {
    let steps = Int((seconds / dt).rounded())
    for _ in 0..<steps {
        world.step(by: dt, substeps: substeps)
        each()
    }
}

/// Relative error |a − b| / |b|.
func relativeError(_ a: Double, _ b: Double) -> Double { abs(a - b) / abs(b) }
