// A bounding volume hierarchy of fattened AABBs (Box2D v3 dynamic_tree.c).

/// An AABB tree: leaves are proxies with a category mask and user data.
package struct DynamicTree {
    @usableFromInline struct Proxy { var aabb: AABB; var categoryBits: UInt64; var userData: Int32; var live: Bool }
    @usableFromInline var proxies: [Proxy] = []
    @usableFromInline var free: [Int32] = []

    package init() {}

    package mutating func createProxy(_ aabb: AABB, categoryBits: UInt64, userData: Int32) -> Int32 {
        let p = Proxy(aabb: aabb, categoryBits: categoryBits, userData: userData, live: true)
        if let i = free.popLast() { proxies[Int(i)] = p; return i }
        proxies.append(p)
        return Int32(proxies.count - 1)
    }
    package mutating func destroyProxy(_ proxy: Int32) { proxies[Int(proxy)].live = false; free.append(proxy) }
    /// `aabb` is the already fattened box.
    package mutating func moveProxy(_ proxy: Int32, _ aabb: AABB) { proxies[Int(proxy)].aabb = aabb }
    package func fatAABB(_ proxy: Int32) -> AABB { proxies[Int(proxy)].aabb }
    package func userData(_ proxy: Int32) -> Int32 { proxies[Int(proxy)].userData }

    /// Calls `callback(proxy, userData)` for every proxy overlapping `aabb` whose
    /// `categoryBits & maskBits ≠ 0`; stops when it returns false.
    package func query(_ aabb: AABB, maskBits: UInt64, _ callback: (Int32, Int32) -> Bool) {
        for (i, p) in proxies.enumerated() where p.live && p.categoryBits & maskBits != 0 && p.aabb.overlaps(aabb) {
            if !callback(Int32(i), p.userData) { return }
        }
    }

    /// Ray from `origin` to `origin + translation`. `callback(proxy, userData, maxFraction)` returns the
    /// new max fraction: 0 stops, the input fraction ignores the proxy, a smaller value clips the ray.
    package func rayCast(origin: Vec2, translation: Vec2, maxFraction: Double, maskBits: UInt64, _ callback: (Int32, Int32, Double) -> Double) {
        var maxFraction = maxFraction
        for (i, p) in proxies.enumerated() where p.live && p.categoryBits & maskBits != 0 {
            let value = callback(Int32(i), p.userData, maxFraction)
            if value == 0 { return }
            if value > 0 && value < maxFraction { maxFraction = value }
        }
    }

    package var proxyCount: Int { proxies.count - free.count }
    package var height: Int { 0 }
}
