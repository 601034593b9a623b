// Region: circles, centred rectangles, infinite/empty and set operations (UIRegion).
import Testing
import KineticPhysics
@testable import KineticDynamics

@Suite struct RegionTests {
    @Test func circleContainsItsBoundaryAndNotBeyond() throws {
        let r = try Region(radius: 10)
        #expect(r.contains(Vec2(10, 0)))       // boundary is inside (documented)
        #expect(r.contains(Vec2(6, 8)))        // distance exactly 10
        #expect(!r.contains(Vec2(7.1, 7.1)))   // distance 10.04
    }

    @Test func sizeRegionIsCentredOnTheOrigin() throws {
        // O12: a 40 × 20 region spans x ∈ [−20, 20], y ∈ [−10, 10].
        let r = try Region(size: Size(40, 20))
        #expect(r.contains(Vec2(-20, -10)))
        #expect(r.contains(Vec2(19, 9)))
        #expect(!r.contains(Vec2(21, 0)))
        #expect(!r.contains(Vec2(0, 11)))
        #expect(!r.contains(Vec2(30, 15)))     // would be inside if anchored at the top-left
    }

    @Test func infiniteEmptyAndInverse() throws {
        #expect(Region.infinite.contains(Vec2(1e9, -1e9)))
        #expect(!Region.empty.contains(.zero))
        #expect(try Region.infinite.inverse() == .empty)
        let ring = try Region(radius: 10).inverse()
        #expect(!ring.contains(Vec2(5, 0)))
        #expect(ring.contains(Vec2(15, 0)))
        #expect(try ring.inverse().contains(Vec2(5, 0)))
    }

    @Test func unionIntersectionDifference() throws {
        let disc = try Region(radius: 10), box = try Region(size: Size(40, 4))
        let u = try disc.union(box), i = try disc.intersection(box), d = try disc.difference(box)
        #expect(u.contains(Vec2(18, 0)) && u.contains(Vec2(0, 9)))
        #expect(i.contains(Vec2(9, 1)) && !i.contains(Vec2(0, 9)) && !i.contains(Vec2(18, 0)))
        // difference = receiver minus argument
        #expect(d.contains(Vec2(0, 9)) && !d.contains(Vec2(5, 0)))
        let annulus = try disc.difference(try Region(radius: 5))
        #expect(annulus.contains(Vec2(7, 0)) && !annulus.contains(Vec2(3, 0)))
    }

    @Test func aRegionIsBoundedAsWrittenOut() throws {
        // Combining a region with itself shares the tree: 25 self-unions would describe 2^26 nodes
        // in a few bytes, and contains, description and equality walk all of them.
        var r = try Region(radius: 1)
        var unions = 0
        var refusal: DynamicsError?
        do {
            while true { r = try r.union(r); unions += 1 }
        } catch { refusal = error }
        #expect(unions == 9 && r.nodeCount == 1023)
        #expect(refusal?.message == "the region would have 2047 shapes and operations; a region may have at most 1024")
        #expect(r.contains(.zero) && !r.contains(Vec2(2, 0)))
        #expect(r.description.count < 64 * 1024)
        // A chain just under the bound works; nesting is bounded by the same count.
        var chain = try Region(radius: 1)
        for i in 1...511 { chain = try chain.union(try Region(radius: Double(i + 1))) }
        #expect(chain.nodeCount == 1023 && chain.contains(Vec2(500, 0)))
        #expect(try chain.inverse().nodeCount == 1024)
        #expect(throws: DynamicsError.self) { try chain.inverse().inverse().union(.empty) }
        #expect(try chain.inverse().inverse() == chain)
    }

    @Test func badSizesAreRefused() {
        #expect(throws: DynamicsError.self) { try Region(radius: -1) }
        #expect(throws: DynamicsError.self) { try Region(radius: .nan) }
        #expect(throws: DynamicsError.self) { try Region(size: Size(.infinity, 1)) }
    }
}
