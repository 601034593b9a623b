// Filtering: categories, masks and groups; the custom filter and refiltering; chains as boundaries.
import Testing
@testable import KineticPhysics

@Suite struct FilterTests {
    /// Drops a ball onto a ground box; returns the ball's final y (ground top at y = 0, radius 10:
    /// resting means y ≈ −10, falling through means y ≫ 0).
    func drop(groundFilter: Filter, ballFilter: Filter, custom: ((ShapeID, ShapeID) -> Bool)? = nil) -> Double {
        let world = makeWorld()
        world.customFilter = custom
        var gd = BodyDef(); gd.type = .static; gd.position = Vec2(0, 10)
        let ground = try! world.createBody(gd)
        var gs = ShapeDef(); gs.filter = groundFilter
        _ = try! world.createShape(on: ground, gs, .polygon(try! Polygon.box(halfWidth: 100, halfHeight: 10)))
        var bd = BodyDef(); bd.position = Vec2(0, -50)
        let ball = try! world.createBody(bd)
        var bs = ShapeDef(); bs.filter = ballFilter
        _ = try! world.createShape(on: ball, bs, .circle(Circle(radius: 10)))
        run(world, seconds: 1)
        return world.position(of: ball).y
    }

    @Test func categoriesMasksAndGroupsDecideCollisions() {
        let all = Filter()
        // Collide by default: the ball rests on the ground (within the slop).
        #expect(abs(drop(groundFilter: all, ballFilter: all) + 10) < 1)
        // The ball's mask excludes the ground's category: it falls through.
        #expect(drop(groundFilter: Filter(categoryBits: 2, maskBits: .max), ballFilter: Filter(categoryBits: 1, maskBits: 1)) > 100)
        // The same negative group never collides, whatever the masks say.
        #expect(drop(groundFilter: Filter(categoryBits: 1, maskBits: .max, groupIndex: -3), ballFilter: Filter(categoryBits: 1, maskBits: .max, groupIndex: -3)) > 100)
        // The same positive group always collides, even when the masks exclude each other.
        #expect(abs(drop(groundFilter: Filter(categoryBits: 2, maskBits: 0, groupIndex: 4), ballFilter: Filter(categoryBits: 1, maskBits: 0, groupIndex: 4)) + 10) < 1)
    }

    @Test func customFilterRejectsPairsAndRefilterRevisitsThem() throws {
        let world = makeWorld()
        var passable = true
        world.customFilter = { _, _ in !passable }
        let ground = addStaticBox(world, center: Vec2(0, 10), halfWidth: 100, halfHeight: 10)
        let groundShape = world.shapes(of: ground)[0]
        let ball = addCircle(world, at: Vec2(0, -12), radius: 10)
        // While the filter says no, the ball falls into the ground: y = −12 + ½·1000·0.2² = 8.
        run(world, seconds: 0.2)
        #expect(world.position(of: ball).y > 0)
        #expect(world.contactPoints().isEmpty)
        // Allow the pair and refilter: the next step creates the contact and pushes the ball out.
        passable = false
        world.refilter(groundShape)
        run(world, seconds: 1)
        #expect(abs(world.position(of: ball).y + 10) < 1)
        // Forbid it again: refiltering destroys the existing contact (end event) and the ball falls.
        passable = true
        world.refilter(groundShape)
        world.step(by: testStep)
        #expect(world.contactEndEvents.count == 1)
        run(world, seconds: 1)
        #expect(world.position(of: ball).y > 100)
    }

    @Test func loopChainKeepsBodiesInside() throws {
        // A square loop of segments 400 pt wide; balls thrown at 2,000 pt/s in every direction stay
        // inside it (centres at least a radius − 1 pt from the walls).
        let world = makeWorld()
        var gd = BodyDef(); gd.type = .static
        let frame = try world.createBody(gd)
        let corners = [Vec2(-200, -200), Vec2(200, -200), Vec2(200, 200), Vec2(-200, 200)]
        let ids = try world.createChain(on: frame, points: corners, isLoop: true, ShapeDef())
        #expect(ids.count == 4)
        var balls: [BodyID] = []
        for i in 0..<8 {
            let angle = Double(i) * Double.pi / 4
            balls.append(addCircle(world, at: .zero, radius: 8, restitution: 0.8, velocity: 2000 * Vec2(Rot(angle: angle).c, Rot(angle: angle).s)))
        }
        var worst = 0.0
        run(world, seconds: 2) {
            for b in balls {
                let p = world.position(of: b)
                worst = Swift.max(worst, Swift.max(abs(p.x), abs(p.y)))
            }
        }
        #expect(worst < 200 - 8 + 1)
    }

    @Test func boxSlidesAcrossChainJointsWithoutCatching() throws {
        // A frictionless box slides at 300 pt/s over a floor made of 40 segments 25 pt long, under
        // strong gravity (10,000 pt/s²) so the soft contact lets it sink ~0.07 pt: then, without the
        // neighbour rule, its corner meets the next segment's end like a wall and it stops dead
        // (checked with plain segments). It must keep 98 % of its speed over 2 s and stay on the floor.
        let world = makeWorld(gravity: Vec2(0, 10_000))
        var gd = BodyDef(); gd.type = .static
        let floor = try world.createBody(gd)
        var sd = ShapeDef(); sd.friction = 0
        let points = (0...40).map { Vec2(Double($0) * 25 - 100, 0) }
        _ = try world.createChain(on: floor, points: points, isLoop: false, sd)
        let box = addBox(world, at: Vec2(0, -10), halfWidth: 10, halfHeight: 10, friction: 0, velocity: Vec2(300, 0))
        var lowestSpeed = Double.infinity
        run(world, seconds: 2) { lowestSpeed = Swift.min(lowestSpeed, world.linearVelocity(of: box).x) }
        #expect(lowestSpeed > 0.98 * 300, "slowest \(lowestSpeed)")
        #expect(abs(world.position(of: box).y + 10) < 1)
    }
}
