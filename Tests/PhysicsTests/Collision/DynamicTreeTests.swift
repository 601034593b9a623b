// The AABB tree against brute force on random boxes.
import Foundation
import Testing
@testable import KineticPhysics

@Suite struct DynamicTreeTests {
    func randomBox(_ rng: inout SplitMix64) -> AABB {
        let x = Double.random(in: -1000...1000, using: &rng), y = Double.random(in: -1000...1000, using: &rng)
        let w = Double.random(in: 1...60, using: &rng), h = Double.random(in: 1...60, using: &rng)
        return AABB(x: x, y: y, width: w, height: h)
    }

    /// Segment–box overlap by slab clipping (the brute-force reference for ray casts).
    func segmentHitsBox(_ p: Vec2, _ d: Vec2, _ box: AABB) -> Bool {
        var lo = 0.0, hi = 1.0
        for (o, dd, l, u) in [(p.x, d.x, box.lower.x, box.upper.x), (p.y, d.y, box.lower.y, box.upper.y)] {
            if dd == 0 { if o < l || o > u { return false }; continue }
            var t1 = (l - o) / dd, t2 = (u - o) / dd
            if t1 > t2 { swap(&t1, &t2) }
            lo = max(lo, t1); hi = min(hi, t2)
            if lo > hi { return false }
        }
        return true
    }

    @Test func queriesMatchBruteForceAfterMovesAndDestroys() {
        var rng = SplitMix64(seed: 42)
        var tree = DynamicTree()
        // proxy → (box, category); nil once destroyed.
        var live: [Int32: (AABB, UInt64)] = [:]
        for i in 0..<500 {
            let box = randomBox(&rng), category: UInt64 = 1 << UInt64(i % 3)
            let proxy = tree.createProxy(box, categoryBits: category, userData: Int32(i))
            #expect(tree.userData(proxy) == Int32(i))
            live[proxy] = (box, category)
        }
        #expect(tree.validationError() == nil)
        for round in 0..<4 {
            // Move a third, destroy a tenth, create a few.
            for proxy in live.keys.sorted() where Double.random(in: 0...1, using: &rng) < 0.33 {
                let box = randomBox(&rng)
                tree.moveProxy(proxy, box)
                live[proxy]!.0 = box
            }
            for proxy in live.keys.sorted() where Double.random(in: 0...1, using: &rng) < 0.1 {
                tree.destroyProxy(proxy)
                live[proxy] = nil
            }
            for _ in 0..<20 {
                let box = randomBox(&rng)
                live[tree.createProxy(box, categoryBits: 1, userData: -1)] = (box, 1)
            }
            #expect(tree.validationError() == nil, "round \(round)")
            #expect(tree.proxyCount == live.count)
            for proxy in live.keys { #expect(tree.fatAABB(proxy) == live[proxy]!.0) }
            // A balanced tree of ~500 leaves is ~9 deep; SAH with rotations stays well under 25.
            #expect(tree.height < 25, "height \(tree.height)")

            for _ in 0..<50 {
                let query = AABB(x: Double.random(in: -1100...1000, using: &rng), y: Double.random(in: -1100...1000, using: &rng),
                                 width: Double.random(in: 0...400, using: &rng), height: Double.random(in: 0...400, using: &rng))
                let mask: UInt64 = [UInt64.max, 1, 6][Int.random(in: 0...2, using: &rng)]
                var found: [Int32] = []
                tree.query(query, maskBits: mask) { proxy, _ in found.append(proxy); return true }
                let expected = live.filter { $0.value.0.overlaps(query) && $0.value.1 & mask != 0 }.keys.sorted()
                #expect(found.sorted() == expected)
                #expect(Set(found).count == found.count)
            }
            for _ in 0..<50 {
                let p = Vec2(Double.random(in: -1100...1100, using: &rng), Double.random(in: -1100...1100, using: &rng))
                let d = Vec2(Double.random(in: -1500...1500, using: &rng), Double.random(in: -1500...1500, using: &rng))
                var found: [Int32] = []
                tree.rayCast(origin: p, translation: d, maxFraction: 1, maskBits: .max) { proxy, _, fraction in found.append(proxy); return fraction }
                let expected = live.filter { segmentHitsBox(p, d, $0.value.0) }.keys.sorted()
                #expect(found.sorted() == expected)
            }
        }
    }

    @Test func rayCastClipsToTheNearestHit() {
        // Boxes along +x at x = 100, 200, …: the ray from the origin hits the first at fraction 0.1.
        var tree = DynamicTree()
        for k in 1...9 { _ = tree.createProxy(AABB(x: Double(k) * 100, y: -5, width: 10, height: 10), categoryBits: 1, userData: Int32(k)) }
        var nearest: (Int32, Double)? = nil
        var calls = 0
        tree.rayCast(origin: .zero, translation: Vec2(1000, 0), maxFraction: 1, maskBits: .max) { _, userData, _ in
            calls += 1
            let fraction = Double(userData) * 0.1
            if nearest == nil || fraction < nearest!.1 { nearest = (userData, fraction) }
            return fraction
        }
        #expect(nearest?.0 == 1 && nearest?.1 == 0.1)
        // Clipping prunes: never more calls than boxes, usually far fewer.
        #expect(calls <= 9)
        // Returning 0 stops at the first call.
        calls = 0
        tree.rayCast(origin: .zero, translation: Vec2(1000, 0), maxFraction: 1, maskBits: .max) { _, _, _ in calls += 1; return 0 }
        #expect(calls == 1)
        // A query that returns false stops too.
        calls = 0
        tree.query(AABB(x: 0, y: -10, width: 1000, height: 20), maskBits: .max) { _, _ in calls += 1; return false }
        #expect(calls == 1)
    }

    @Test func emptyAndSingleProxy() {
        var tree = DynamicTree()
        tree.query(AABB(x: 0, y: 0, width: 1, height: 1), maskBits: .max) { _, _ in Issue.record("empty tree reported a proxy"); return true }
        #expect(tree.height == 0 && tree.proxyCount == 0)
        let p = tree.createProxy(AABB(x: 0, y: 0, width: 1, height: 1), categoryBits: 2, userData: 7)
        var hits = 0
        tree.query(AABB(x: 0.5, y: 0.5, width: 1, height: 1), maskBits: 1) { _, _ in hits += 1; return true }
        #expect(hits == 0)
        tree.query(AABB(x: 0.5, y: 0.5, width: 1, height: 1), maskBits: 2) { _, u in hits += Int(u); return true }
        #expect(hits == 7)
        tree.destroyProxy(p)
        #expect(tree.proxyCount == 0 && tree.validationError() == nil)
        // The freed node is reused.
        #expect(tree.createProxy(AABB(x: 0, y: 0, width: 1, height: 1), categoryBits: 1, userData: 0) == p)
    }

    /// The per-step path: proxies moved in place for the rebuild, then the marked part rebuilt in
    /// bulk into a tight, valid tree without growing the node array, which finds every proxy.
    @Test func movedProxiesAreFoundAfterTheRebuild() {
        var rng = SplitMix64(seed: 7)
        var tree = DynamicTree()
        var scratch = DynamicTree.RebuildScratch()
        var live: [Int32: AABB] = [:]
        for i in 0..<400 {
            let box = randomBox(&rng)
            live[tree.createProxy(box, categoryBits: 1, userData: Int32(i))] = box
        }
        func checkQueries(_ label: String) {
            for _ in 0..<40 {
                let query = AABB(x: Double.random(in: -1100...1000, using: &rng), y: Double.random(in: -1100...1000, using: &rng),
                                 width: Double.random(in: 0...300, using: &rng), height: Double.random(in: 0...300, using: &rng))
                var found: [Int32] = []
                tree.query(query, maskBits: .max) { proxy, _ in found.append(proxy); return true }
                #expect(found.sorted() == live.filter { $0.value.overlaps(query) }.keys.sorted(), "\(label)")
            }
        }
        for round in 0..<5 {
            // Drift a quarter of the proxies a little, as bodies do between steps; a few jump far.
            for proxy in live.keys.sorted() where Double.random(in: 0...1, using: &rng) < 0.25 {
                let jump = Double.random(in: 0...1, using: &rng) < 0.05
                let d = jump ? Vec2(Double.random(in: -900...900, using: &rng), Double.random(in: -900...900, using: &rng))
                             : Vec2(Double.random(in: -20...20, using: &rng), Double.random(in: -20...20, using: &rng))
                let box = AABB(lower: live[proxy]!.lower + d, upper: live[proxy]!.upper + d)
                tree.moveProxyForRebuild(proxy, box)
                live[proxy] = box
            }
            #expect(tree.hasEnlargedNodes)
            let nodeCount = tree.nodes.count
            tree.rebuild(using: &scratch)
            #expect(!tree.hasEnlargedNodes)
            #expect(tree.validationError() == nil, "round \(round), rebuilt")
            #expect(tree.nodes.count == nodeCount)
            #expect(tree.height < 25, "height \(tree.height)")
            for proxy in live.keys { #expect(tree.fatAABB(proxy) == live[proxy]!) }
            checkQueries("round \(round), rebuilt")
            // Reinsertion and removal still work on a rebuilt tree.
            let proxy = live.keys.sorted()[round]
            tree.destroyProxy(proxy)
            live[proxy] = nil
            #expect(tree.validationError() == nil)
        }
    }

    /// Centres bunched towards one end (each half as far out as the last) would make a chain of a
    /// tree under middle-of-extent splits; the median fallback keeps it shallow.
    @Test func rebuildStaysShallowForBunchedCentres() {
        var tree = DynamicTree()
        var scratch = DynamicTree.RebuildScratch()
        var proxies: [Int32] = []
        for k in 0..<1000 {
            proxies.append(tree.createProxy(AABB(x: 0, y: 0, width: 1, height: 1), categoryBits: 1, userData: Int32(k)))
        }
        for (k, proxy) in proxies.enumerated() {
            let x = 1e6 * pow(0.5, Double(k))
            tree.moveProxyForRebuild(proxy, AABB(x: x, y: 0, width: 1e-300, height: 1))
        }
        tree.rebuild(using: &scratch)
        #expect(tree.validationError() == nil)
        // ⌈log₄/₃ 1000⌉ = 25.
        #expect(tree.height <= 25, "height \(tree.height)")
        var found = 0
        tree.query(AABB(x: -1, y: -1, width: 2e6, height: 3), maskBits: .max) { _, _ in found += 1; return true }
        #expect(found == 1000)
    }
}

/// Proxies with one and the same box (a level that stacks hundreds of static shapes at one spot):
/// the sibling search finds every candidate equally good, so the tree may grow deeper than a
/// query's stack on the stack frame. Queries and ray casts must still find every proxy.
@Suite struct DynamicTreeDepthTests {
    @Test func identicalBoxesAreAllFoundHoweverDeepTheTree() {
        var tree = DynamicTree()
        let box = AABB(x: 0, y: 0, width: 10, height: 10)
        let count = 2000
        for i in 0..<count { _ = tree.createProxy(box, categoryBits: 1, userData: Int32(i)) }
        #expect(tree.validationError() == nil)
        // Deeper than the stack frame's part of the query stack: the heap part is used.
        #expect(tree.height > DynamicTree.stackCapacity, "height \(tree.height)")
        var found = Set<Int32>()
        tree.query(AABB(x: 2, y: 2, width: 1, height: 1), maskBits: ~0) { _, data in found.insert(data); return true }
        #expect(found.count == count)
        var hit = Set<Int32>()
        tree.rayCast(origin: Vec2(-5, 5), translation: Vec2(20, 0), maxFraction: 1, maskBits: ~0) { _, data, fraction in
            hit.insert(data); return fraction
        }
        #expect(hit.count == count)
    }
}
