// Robustness: a seeded random sequence of creations, destructions, edits and steps must never crash,
// never put a non-finite number into the state, and replay bit for bit.
import Testing
@testable import KineticPhysics

@Suite struct ChurnTests {
    /// Runs 600 random operations; returns the final state hash.
    func churn(seed: UInt64) -> UInt64 {
        var rng = SplitMix64(seed: seed)
        func uniform(_ lo: Double, _ hi: Double) -> Double { lo + (hi - lo) * Double(rng.next() % 1_000_000) / 1_000_000 }
        let world = makeWorld()
        addStaticBox(world, center: Vec2(0, 300), halfWidth: 600, halfHeight: 10)
        var bodies: [BodyID] = []
        var joints: [JointID] = []
        for _ in 0..<600 {
            switch rng.next() % 12 {
            case 0, 1, 2:
                var bd = BodyDef()
                bd.type = [.dynamic, .dynamic, .dynamic, .kinematic, .static][Int(rng.next() % 5)]
                bd.position = Vec2(uniform(-400, 400), uniform(-300, 250))
                bd.angle = uniform(-3, 3)
                bd.isBullet = rng.next() % 8 == 0
                let b = try! world.createBody(bd)
                var sd = ShapeDef(); sd.restitution = uniform(0, 1); sd.friction = uniform(0, 1)
                let geometry: Geometry
                switch rng.next() % 4 {
                case 0: geometry = .circle(Circle(radius: uniform(2, 30)))
                case 1: geometry = .polygon(try! Polygon.box(halfWidth: uniform(2, 30), halfHeight: uniform(2, 30)))
                case 2: geometry = .ellipse(Ellipse(radii: Vec2(uniform(3, 30), uniform(3, 30))))
                default: geometry = .segment(Segment(Vec2(-uniform(5, 40), 0), Vec2(uniform(5, 40), 0)))
                }
                _ = try! world.createShape(on: b, sd, geometry)
                bodies.append(b)
            case 3 where !bodies.isEmpty:
                world.destroyBody(bodies.remove(at: Int(rng.next() % UInt64(bodies.count))))
            case 4 where bodies.count >= 2:
                let a = bodies[Int(rng.next() % UInt64(bodies.count))], b = bodies[Int(rng.next() % UInt64(bodies.count))]
                guard a != b else { break }
                let def: JointDef
                switch rng.next() % 5 {
                case 0: var d = DistanceJointDef(); d.bodyA = a; d.bodyB = b; d.length = uniform(10, 100); d.enableLimit = rng.next() % 2 == 0; d.maxLength = 120; def = .distance(d)
                case 1: var d = RevoluteJointDef(); d.bodyA = a; d.bodyB = b; d.enableLimit = true; d.lowerAngle = -1; d.upperAngle = 1; def = .revolute(d)
                case 2: var d = WeldJointDef(); d.bodyA = a; d.bodyB = b; d.angularHertz = uniform(0, 5); def = .weld(d)
                case 3: var d = PrismaticJointDef(); d.bodyA = a; d.bodyB = b; d.localAxisA = Vec2(uniform(-1, 1), 1); def = .prismatic(d)
                default: var d = TargetJointDef(); d.body = b; d.target = Vec2(uniform(-300, 300), uniform(-300, 200)); def = .target(d)
                }
                if let j = try? world.createJoint(def) { joints.append(j) }
            case 5 where !joints.isEmpty:
                world.destroyJoint(joints.remove(at: Int(rng.next() % UInt64(joints.count))))
            case 6 where !bodies.isEmpty:
                let b = bodies[Int(rng.next() % UInt64(bodies.count))]
                try? world.setLinearVelocity(Vec2(uniform(-3000, 3000), uniform(-3000, 3000)), of: b)
                world.applyAngularImpulse(uniform(-1e5, 1e5), to: b)
            case 7 where !bodies.isEmpty:
                world.setType([.dynamic, .kinematic, .static][Int(rng.next() % 3)], of: bodies[Int(rng.next() % UInt64(bodies.count))])
            case 8 where !bodies.isEmpty:
                let b = bodies[Int(rng.next() % UInt64(bodies.count))]
                if let s = world.shapes(of: b).first { world.setFilter(Filter(categoryBits: 1 << (rng.next() % 3), maskBits: rng.next()), of: s) }
            case 9 where !bodies.isEmpty:
                try? world.setTransform(position: Vec2(uniform(-400, 400), uniform(-300, 250)), angle: 0, of: bodies[Int(rng.next() % UInt64(bodies.count))])
            default:
                world.step(by: testStep)
            }
        }
        run(world, seconds: 1)
        for b in world.bodies {
            #expect(world.position(of: b).isFinite && world.angle(of: b).isFinite && world.linearVelocity(of: b).isFinite)
        }
        return world.stateHash()
    }

    @Test(arguments: [1, 2, 3] as [UInt64])
    func randomChurnStaysFiniteAndReplays(seed: UInt64) {
        #expect(churn(seed: seed) == churn(seed: seed))
    }
}
