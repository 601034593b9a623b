// The contact cap (WorldDef.maximumContactCount): a pile of shapes in one spot makes a pair for
// every two of them, and the world keeps at most the cap of them as contacts; the rest wait.
import Testing
@testable import KineticPhysics

@Suite struct ContactCapacityTests {
    /// `count` circles of radius 5 on one point: every two of them overlap.
    func pile(_ count: Int, cap: Int) -> World {
        let world = makeWorld(gravity: .zero) { $0.maximumContactCount = cap }
        for _ in 0..<count { addCircle(world, at: Vec2(100, 100), radius: 5) }
        return world
    }

    @Test func aPileInOneSpotKeepsAtMostTheCapOfContacts() {
        // 300 circles make 44 850 overlapping pairs; the world keeps 1 000 of them.
        let world = pile(300, cap: 1_000)
        for _ in 0..<10 {
            world.step(by: testStep)
            #expect(world.contactCount <= 1_000)
            // Storage follows the cap, not the pairs: contact slots and the pair table.
            #expect(world.contacts.count <= 1_000)
            #expect(world.broadPhase.pairs.count <= 1_000)
        }
        #expect(world.isAtContactCapacity)
        // The contacts it keeps work: the pile spreads out.
        let spread = world.bodies.map { distance(world.position(of: $0), Vec2(100, 100)) }.max()!
        #expect(spread > 5)
    }

    @Test func aPairThatWaitedGetsItsContactWhenAnotherEnds() throws {
        // Cap 1: of two overlapping pairs (a, b) and (c, d), the first in creation order gets the
        // contact; c and d never move, so only the waiting search can find their pair later.
        let world = makeWorld(gravity: .zero) { $0.maximumContactCount = 1 }
        let a = addCircle(world, at: Vec2(0, 0), radius: 5)
        addCircle(world, at: Vec2(0, 0), radius: 5)
        let c = addCircle(world, at: Vec2(500, 0), radius: 5, type: .kinematic)
        let d = addCircle(world, at: Vec2(505, 0), radius: 5)
        world.step(by: testStep)
        #expect(world.contactCount == 1)
        #expect(world.isAtContactCapacity)
        #expect(world.position(of: d) == Vec2(505, 0))
        world.destroyBody(a)
        world.step(by: testStep)
        #expect(world.contactCount == 1)
        #expect(!world.isAtContactCapacity)
        // The contact pushes d out of the kinematic c.
        world.step(by: testStep)
        #expect(world.position(of: d).x > 505)
        _ = c
    }

    @Test func aPackedGridHoldsTwentyFourContactsPerBoxWhateverItsSize() {
        // 30 × 30 boxes of 10 pt, side by side: each box's fat bounds (10 pt wider on each side)
        // reach three boxes out, so every box pairs with the 48 around it. Counted exactly, the
        // grid holds Σ (n − |dx|)(n − |dy|) over the 24 offsets of a half-neighbourhood: 19 152 for
        // n = 30 and 231 672 for n = 100, which the default cap leaves room for.
        func contacts(_ n: Int) -> Int {
            var total = 0
            for dx in -3...3 { for dy in -3...3 where (dx, dy) > (0, 0) { total += (n - abs(dx)) * (n - abs(dy)) } }
            return total
        }
        let world = makeWorld(gravity: .zero)
        for i in 0..<30 {
            for j in 0..<30 { addBox(world, at: Vec2(Double(i) * 10, Double(j) * 10), halfWidth: 5, halfHeight: 5) }
        }
        world.step(by: testStep)
        #expect(world.contactCount == contacts(30))
        #expect(!world.isAtContactCapacity)
        #expect(contacts(100) < WorldDef().maximumContactCount)
    }

    @Test func aContactTakesAtMost256Bytes() {
        // The cap's memory is the cap times this: the manifold keeps only what warm starting reads.
        #expect(MemoryLayout<ContactData>.stride <= 256)
    }
}
