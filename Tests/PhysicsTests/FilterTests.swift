// Filtering: categories, masks and groups; the custom filter and refiltering; chains as boundaries.
import Testing
@testable import Physics

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
}
