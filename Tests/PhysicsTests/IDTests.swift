// Ids carry their world and their slot's generation (IDs.swift): an id from another world, or of a
// destroyed object whose slot was reused, is refused; it never names whatever else is in that slot.
// Getters refuse it by stopping the program (docs/semantics.md, handles), which the exit tests at
// the end watch from outside.
import Foundation
import Testing
@testable import KineticPhysics

@Suite struct IDTests {
    /// Two worlds with the same contents: the same slots and generations, told apart by the world.
    func twoWorlds() throws -> (World, World, BodyID, BodyID, JointID) {
        let a = makeWorld(), b = makeWorld()
        for world in [a, b] {
            let pivot = staticBody(world, at: Vec2(0, -100))
            let ball = addCircle(world, at: Vec2(world === a ? 10 : 20, 0), radius: 5)
            var d = DistanceJointDef(); d.bodyA = pivot; d.bodyB = ball; d.length = 100
            _ = try world.createJoint(.distance(d))
        }
        let ballA = a.bodies[1], ballB = b.bodies[1]
        return (a, b, ballA, ballB, a.joints[0])
    }

    @Test func worldsHaveDistinctSerials() {
        let a = World(), b = World()
        #expect(a.serial != b.serial && a.serial != 0 && b.serial != 0)
    }

    @Test func bodyIdsFromAnotherWorldAreRefused() throws {
        let (a, b, ballA, ballB, _) = try twoWorlds()
        #expect(ballA.index == ballB.index && ballA.generation == ballB.generation && ballA.world != ballB.world)
        #expect(a.isValid(ballA) && !b.isValid(ballA))
        #expect(throws: PhysicsError("setLinearVelocity: \(ballA) belongs to another world")) {
            try b.setLinearVelocity(Vec2(1, 0), of: ballA)
        }
        #expect(throws: PhysicsError.self) { try b.createShape(on: ballA, ShapeDef(), .circle(Circle(radius: 1))) }
        b.applyLinearImpulse(Vec2(1000, 0), at: .zero, to: ballA)
        b.destroyBody(ballA)
        #expect(b.isValid(ballB) && b.linearVelocity(of: ballB) == .zero && b.bodyCount == 2)
        var d = DistanceJointDef(); d.bodyA = ballA; d.bodyB = ballB; d.length = 10
        #expect(throws: PhysicsError.self) { try b.createJoint(.distance(d)) }
    }

    @Test func shapeIdsFromAnotherWorldAreRefused() throws {
        let (a, b, ballA, ballB, _) = try twoWorlds()
        let shapeA = a.shapes(of: ballA)[0], shapeB = b.shapes(of: ballB)[0]
        #expect(shapeA.index == shapeB.index && shapeA.generation == shapeB.generation)
        #expect(a.isValid(shapeA) && !b.isValid(shapeA))
        b.setFriction(0.25, of: shapeA)
        b.destroyShape(shapeA)
        #expect(b.isValid(shapeB) && b.friction(of: shapeB) == 0.6)
    }

    @Test func jointIdsFromAnotherWorldAreRefused() throws {
        let (a, b, _, _, jointA) = try twoWorlds()
        let jointB = b.joints[0]
        #expect(jointA.index == jointB.index && jointA.generation == jointB.generation)
        #expect(a.isValid(jointA) && !b.isValid(jointA))
        b.setLength(50, of: jointA)
        b.destroyJoint(jointA)
        #expect(b.isValid(jointB) && b.joints == [jointB])
        run(b, seconds: 0.5)
        #expect(abs((b.position(of: b.bodies[1]) - Vec2(0, -100)).length - 100) < 1)
    }

    @Test func staleIdsAreRefusedAfterTheirSlotIsReused() throws {
        let world = makeWorld()
        let pivot = staticBody(world)
        let old = addCircle(world, at: Vec2(10, 0), radius: 5)
        let oldShape = world.shapes(of: old)[0]
        var d = DistanceJointDef(); d.bodyA = pivot; d.bodyB = old; d.length = 10
        let oldJoint = try world.createJoint(.distance(d))
        world.destroyBody(old)
        let new = addCircle(world, at: Vec2(30, 0), radius: 7)
        d.bodyB = new
        let newJoint = try world.createJoint(.distance(d))
        let newShape = world.shapes(of: new)[0]
        #expect(new.index == old.index && newShape.index == oldShape.index && newJoint.index == oldJoint.index)
        #expect(!world.isValid(old) && !world.isValid(oldShape) && !world.isValid(oldJoint))
        #expect(throws: PhysicsError("setTransform: \(old) was destroyed")) {
            try world.setTransform(position: .zero, angle: 0, of: old)
        }
        world.destroyJoint(oldJoint)
        world.destroyShape(oldShape)
        world.destroyBody(old)
        #expect(world.isValid(new) && world.isValid(newShape) && world.isValid(newJoint))
        #expect(world.position(of: new) == Vec2(30, 0))
    }

    // MARK: - Getters refuse what they cannot answer

    /// Why the id names nothing in the world it is given to.
    enum Refusal: String, CaseIterable, Codable, Sendable {
        case destroyed = "was destroyed"
        case foreign = "belongs to another world"
    }

    /// Every getter on bodies, shapes and joints, named as the refusal names it.
    enum Getter: String, CaseIterable, Codable, Sendable {
        case bodyType = "type(of:)", bodyUserData = "userData(of: BodyID)", position = "position(of:)", angle = "angle(of:)"
        case transform = "transform(of:)", worldCenter = "worldCenter(of:)", linearVelocity = "linearVelocity(of:)"
        case angularVelocity = "angularVelocity(of:)", velocityAtPoint = "velocity(atWorldPoint:of:)", mass = "mass(of:)"
        case rotationalInertia = "rotationalInertia(of:)", gravityScale = "gravityScale(of:)"
        case linearDamping = "linearDamping(of:)", angularDamping = "angularDamping(of:)", isBullet = "isBullet(_:)"
        case isAwake = "isAwake(_:)", bodyAABB = "aabb(of: BodyID)", shapes = "shapes(of:)"
        case body = "body(of:)", geometry = "geometry(of:)", shapeUserData = "userData(of: ShapeID)", friction = "friction(of:)"
        case restitution = "restitution(of:)", density = "density(of:)", filter = "filter(of:)", shapeAABB = "aabb(of: ShapeID)"
        case kind = "kind(of:)", bodies = "bodies(of:)", worldAnchors = "worldAnchors(of:)", jointAngle = "jointAngle(of:)"
        case jointTranslation = "jointTranslation(of:)"

        /// The name in the message (overloads share one).
        var name: String { rawValue.replacingOccurrences(of: ": BodyID", with: ":").replacingOccurrences(of: ": ShapeID", with: ":") }

        /// What the getter reads.
        var subject: String {
            switch self {
            case .body, .geometry, .shapeUserData, .friction, .restitution, .density, .filter, .shapeAABB: "shape"
            case .kind, .bodies, .worldAnchors, .jointAngle, .jointTranslation: "joint"
            default: "body"
            }
        }

        func read(_ world: World, _ body: BodyID, _ shape: ShapeID, _ joint: JointID) {
            switch self {
            case .bodyType: _ = world.type(of: body)
            case .bodyUserData: _ = world.userData(of: body)
            case .position: _ = world.position(of: body)
            case .angle: _ = world.angle(of: body)
            case .transform: _ = world.transform(of: body)
            case .worldCenter: _ = world.worldCenter(of: body)
            case .linearVelocity: _ = world.linearVelocity(of: body)
            case .angularVelocity: _ = world.angularVelocity(of: body)
            case .velocityAtPoint: _ = world.velocity(atWorldPoint: .zero, of: body)
            case .mass: _ = world.mass(of: body)
            case .rotationalInertia: _ = world.rotationalInertia(of: body)
            case .gravityScale: _ = world.gravityScale(of: body)
            case .linearDamping: _ = world.linearDamping(of: body)
            case .angularDamping: _ = world.angularDamping(of: body)
            case .isBullet: _ = world.isBullet(body)
            case .isAwake: _ = world.isAwake(body)
            case .bodyAABB: _ = world.aabb(of: body)
            case .shapes: _ = world.shapes(of: body)
            case .body: _ = world.body(of: shape)
            case .geometry: _ = world.geometry(of: shape)
            case .shapeUserData: _ = world.userData(of: shape)
            case .friction: _ = world.friction(of: shape)
            case .restitution: _ = world.restitution(of: shape)
            case .density: _ = world.density(of: shape)
            case .filter: _ = world.filter(of: shape)
            case .shapeAABB: _ = world.aabb(of: shape)
            case .kind: _ = world.kind(of: joint)
            case .bodies: _ = world.bodies(of: joint)
            case .worldAnchors: _ = world.worldAnchors(of: joint)
            case .jointAngle: _ = world.jointAngle(of: joint)
            case .jointTranslation: _ = world.jointTranslation(of: joint)
            }
        }
    }

    /// A getter given the ball's body, shape or pivot joint after the ball was destroyed, or given
    /// them by another world with the same contents (the same slots and generations), stops the
    /// process naming the getter, the id and why: never a zero that reads as a body at rest.
    @Test(arguments: Getter.allCases, Refusal.allCases)
    func gettersRefuseDestroyedAndForeignIds(getter: Getter, refusal: Refusal) async throws {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) { [getter, refusal] in
            let (a, b, ball, _, joint) = try IDTests().twoWorlds()
            let shape = a.shapes(of: ball)[0]
            if refusal == .destroyed { a.destroyBody(ball) }
            // Every id is valid in `a` until the ball goes; `b` refuses them all as foreign.
            getter.read(refusal == .destroyed ? a : b, ball, shape, joint)
        }
        let message = String(decoding: try #require(result).standardErrorContent, as: UTF8.self)
        let (a, _, ball, _, joint) = try twoWorlds()
        let id = getter.subject == "body" ? "\(ball)" : getter.subject == "shape" ? "\(a.shapes(of: ball)[0])" : "\(joint)"
        #expect(message.contains("World.\(getter.name): \(id) \(refusal.rawValue); ask isValid(_:) first"), "\(message)")
    }

    /// The null id is refused as itself, not as a destroyed body.
    @Test func gettersRefuseTheNullId() async throws {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            _ = makeWorld().position(of: .null)
        }
        let message = String(decoding: try #require(result).standardErrorContent, as: UTF8.self)
        #expect(message.contains("World.position(of:): body#-1.0 is the null id"), "\(message)")
    }
}
