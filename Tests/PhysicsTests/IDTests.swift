// Ids carry their world and their slot's generation (IDs.swift): an id from another world, or of a
// destroyed object whose slot was reused, is refused; it never names whatever else is in that slot.
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
        // Getters give the stale value, never world B's ball at x = 20.
        #expect(b.position(of: ballA) == .zero && b.mass(of: ballA) == 0 && b.shapes(of: ballA).isEmpty)
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
        #expect(b.body(of: shapeA) == .null && b.friction(of: shapeA) == 0)
        b.setFriction(0.25, of: shapeA)
        b.destroyShape(shapeA)
        #expect(b.isValid(shapeB) && b.friction(of: shapeB) == 0.6)
    }

    @Test func jointIdsFromAnotherWorldAreRefused() throws {
        let (a, b, _, _, jointA) = try twoWorlds()
        let jointB = b.joints[0]
        #expect(jointA.index == jointB.index && jointA.generation == jointB.generation)
        #expect(a.isValid(jointA) && !b.isValid(jointA))
        #expect(b.bodies(of: jointA) == (BodyID.null, BodyID.null))
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
        #expect(world.position(of: old) == .zero && world.body(of: oldShape) == .null)
        #expect(throws: PhysicsError("setTransform: \(old) was destroyed")) {
            try world.setTransform(position: .zero, angle: 0, of: old)
        }
        world.destroyJoint(oldJoint)
        world.destroyShape(oldShape)
        world.destroyBody(old)
        #expect(world.isValid(new) && world.isValid(newShape) && world.isValid(newJoint))
        #expect(world.position(of: new) == Vec2(30, 0))
    }
}
