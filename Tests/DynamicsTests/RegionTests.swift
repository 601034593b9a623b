// Region: circles, centred rectangles, infinite/empty and set operations (UIRegion).
import Testing
import Physics
@testable import Dynamics

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
        #expect(Region.infinite.inverse() == .empty)
        let ring = try Region(radius: 10).inverse()
        #expect(!ring.contains(Vec2(5, 0)))
        #expect(ring.contains(Vec2(15, 0)))
        #expect(ring.inverse().contains(Vec2(5, 0)))
    }

    @Test func unionIntersectionDifference() throws {
        let disc = try Region(radius: 10), box = try Region(size: Size(40, 4))
        let u = disc.union(box), i = disc.intersection(box), d = disc.difference(box)
        #expect(u.contains(Vec2(18, 0)) && u.contains(Vec2(0, 9)))
        #expect(i.contains(Vec2(9, 1)) && !i.contains(Vec2(0, 9)) && !i.contains(Vec2(18, 0)))
        // difference = receiver minus argument
        #expect(d.contains(Vec2(0, 9)) && !d.contains(Vec2(5, 0)))
        let annulus = disc.difference(try Region(radius: 5))
        #expect(annulus.contains(Vec2(7, 0)) && !annulus.contains(Vec2(3, 0)))
    }

    @Test func badSizesAreRefused() {
        #expect(throws: DynamicsError.self) { try Region(radius: -1) }
        #expect(throws: DynamicsError.self) { try Region(radius: .nan) }
        #expect(throws: DynamicsError.self) { try Region(size: Size(.infinity, 1)) }
    }
}
