// A bounding volume hierarchy of fattened AABBs (Box2D v3 dynamic_tree.c): nodes live in one
// contiguous array with a free list, leaves are inserted next to the sibling of least surface-area
// cost and tree rotations keep it shallow. Proxies that move every step instead get their new boxes
// in place and the part of the tree above them is rebuilt in bulk once a step (`moveProxyForRebuild`,
// `rebuild`): one top-down build costs less than removing and reinserting each leaf alone.

/// An AABB tree whose leaves are proxies carrying a category mask and user data.
package struct DynamicTree {
    static let nullNode: Int32 = -1

    struct Node {
        var aabb: AABB
        /// Leaf: the proxy's categories; internal: the union of its children's (prunes masked queries).
        var categoryBits: UInt64
        /// Parent when allocated, next free node when free.
        var parentOrNext: Int32
        var child1: Int32
        var child2: Int32
        var userData: Int32
        /// Leaf 0; free −1.
        var height: Int32
        /// Internal node above a proxy moved by `moveProxyForRebuild` since the last `rebuild`: its box
        /// may no longer hold its children's, and the rebuild replaces it. Fits the node's padding.
        var isEnlarged: Bool
        @inline(__always) var isLeaf: Bool { height == 0 }
    }

    var nodes: ContiguousArray<Node> = []
    var root: Int32 = nullNode
    var freeList: Int32 = nullNode
    package private(set) var proxyCount = 0
    /// Whether some node is enlarged (`rebuild` has work to do).
    package private(set) var hasEnlargedNodes = false

    /// `rebuild`'s scratch: the subtrees it builds over and their boxes' centres, kept by the owner
    /// between rebuilds so a warm step does not allocate. Not a stored property of the tree: every
    /// array the tree holds is retained again by each query through it.
    package struct RebuildScratch {
        var items: ContiguousArray<Int32> = []
        var centers: ContiguousArray<Vec2> = []
        package init() {}

        /// Bytes its arrays hold.
        var byteCount: Int { items.capacity * MemoryLayout<Int32>.stride + centers.capacity * MemoryLayout<Vec2>.stride }
    }

    package init() {}

    // MARK: - Proxies

    /// Adds a leaf for an (already fattened) AABB; returns its proxy id.
    package mutating func createProxy(_ aabb: AABB, categoryBits: UInt64, userData: Int32) -> Int32 {
        let proxy = allocateNode()
        nodes[Int(proxy)].aabb = aabb
        nodes[Int(proxy)].categoryBits = categoryBits
        nodes[Int(proxy)].userData = userData
        nodes[Int(proxy)].height = 0
        insertLeaf(proxy)
        proxyCount += 1
        return proxy
    }

    package mutating func destroyProxy(_ proxy: Int32) {
        precondition(nodes.indices.contains(Int(proxy)) && nodes[Int(proxy)].isLeaf, "DynamicTree: \(proxy) is not a proxy")
        removeLeaf(proxy)
        freeNode(proxy)
        proxyCount -= 1
    }

    /// Moves a proxy to a new (already fattened) AABB by reinsertion.
    package mutating func moveProxy(_ proxy: Int32, _ aabb: AABB) {
        precondition(nodes.indices.contains(Int(proxy)) && nodes[Int(proxy)].isLeaf, "DynamicTree: \(proxy) is not a proxy")
        removeLeaf(proxy)
        nodes[Int(proxy)].aabb = aabb
        insertLeaf(proxy)
    }

    /// Gives a proxy a new (already fattened) AABB without restructuring the tree, for the next
    /// `rebuild`, which must come before any query: its ancestors are marked, up to the first one an
    /// earlier call marked. Box2D's b2DynamicTree_EnlargeProxy also grows their boxes so that queries
    /// stay exact until its rebuild, which runs later; here the step rebuilds right after moving its
    /// proxies, and the rebuild frees every marked node and builds new ones from the leaves and the
    /// unmarked subtrees, so the grown boxes would be thrown away. Until it runs, queries and
    /// `validationError` see boxes that do not contain their leaves.
    package mutating func moveProxyForRebuild(_ proxy: Int32, _ aabb: AABB) {
        precondition(nodes.indices.contains(Int(proxy)) && nodes[Int(proxy)].isLeaf, "DynamicTree: \(proxy) is not a proxy")
        hasEnlargedNodes = true
        nodes.withUnsafeMutableBufferPointer { nodes in
            nodes[Int(proxy)].aabb = aabb
            var index = nodes[Int(proxy)].parentOrNext
            while index != Self.nullNode && !nodes[Int(index)].isEnlarged {
                nodes[Int(index)].isEnlarged = true
                index = nodes[Int(index)].parentOrNext
            }
        }
    }

    package func fatAABB(_ proxy: Int32) -> AABB { nodes[Int(proxy)].aabb }
    package func userData(_ proxy: Int32) -> Int32 { nodes[Int(proxy)].userData }
    package func categoryBits(_ proxy: Int32) -> UInt64 { nodes[Int(proxy)].categoryBits }

    /// Height of the tree (0 for a single leaf or an empty tree).
    package var height: Int { root == Self.nullNode ? 0 : Int(nodes[Int(root)].height) }

    // MARK: - Queries

    /// Calls `callback(proxy, userData)` for every proxy overlapping `aabb` whose
    /// `categoryBits & maskBits ≠ 0`; stops when it returns false.
    package func query(_ aabb: AABB, maskBits: UInt64, _ callback: (Int32, Int32) -> Bool) {
        guard root != Self.nullNode else { return }
        nodes.withUnsafeBufferPointer { nodes in
            withUnsafeTemporaryAllocation(of: Int32.self, capacity: Self.stackCapacity) { buffer in
                var stack = NodeStack(buffer, root)
                while let index = stack.pop() {
                    let node = nodes[Int(index)]
                    guard node.aabb.overlaps(aabb), node.categoryBits & maskBits != 0 else { continue }
                    if node.isLeaf {
                        if !callback(index, node.userData) { return }
                    } else {
                        stack.push(node.child1); stack.push(node.child2)
                    }
                }
            }
        }
    }

    /// Ray from `origin` to `origin + translation`, up to `maxFraction` of it.
    /// `callback(proxy, userData, maxFraction)` returns the new max fraction: 0 stops, the input
    /// fraction (or more) leaves it, a smaller positive value clips the ray.
    package func rayCast(origin: Vec2, translation: Vec2, maxFraction: Double, maskBits: UInt64, _ callback: (Int32, Int32, Double) -> Double) {
        guard root != Self.nullNode else { return }
        let p1 = origin, d = translation
        // v is perpendicular to the ray: the separating axis test of Gino van den Bergen, p80.
        let v = cross(1.0, d.normalized)
        let absV = Vec2(abs(v.x), abs(v.y))
        var maxFraction = maxFraction
        var p2 = p1 + maxFraction * d
        var segmentBox = AABB(lower: min(p1, p2), upper: max(p1, p2))
        nodes.withUnsafeBufferPointer { nodes in
            withUnsafeTemporaryAllocation(of: Int32.self, capacity: Self.stackCapacity) { buffer in
                var stack = NodeStack(buffer, root)
                while let index = stack.pop() {
                    let node = nodes[Int(index)]
                    guard node.aabb.overlaps(segmentBox), node.categoryBits & maskBits != 0 else { continue }
                    // |dot(v, p1 − c)| > dot(|v|, h): the box is off the ray's line.
                    let c = node.aabb.center, h = node.aabb.extents
                    guard abs(dot(v, p1 - c)) <= dot(absV, h) else { continue }
                    if node.isLeaf {
                        let value = callback(index, node.userData, maxFraction)
                        if value == 0 { return }
                        if value > 0 && value < maxFraction {
                            maxFraction = value
                            p2 = p1 + maxFraction * d
                            segmentBox = AABB(lower: min(p1, p2), upper: max(p1, p2))
                        }
                    } else {
                        stack.push(node.child1); stack.push(node.child2)
                    }
                }
            }
        }
    }

    /// A depth-first stack holds at most height + 1 nodes; a balanced tree of 2³⁰ proxies is ~40 deep.
    /// 256 × 4 bytes stays on the stack.
    static let stackCapacity = 256

    // MARK: - Node storage

    private mutating func allocateNode() -> Int32 {
        if freeList == Self.nullNode {
            nodes.append(Node(aabb: AABB(lower: .zero, upper: .zero), categoryBits: 0, parentOrNext: Self.nullNode,
                              child1: Self.nullNode, child2: Self.nullNode, userData: -1, height: -1, isEnlarged: false))
            freeList = Int32(nodes.count - 1)
        }
        let index = freeList
        freeList = nodes[Int(index)].parentOrNext
        nodes[Int(index)] = Node(aabb: AABB(lower: .zero, upper: .zero), categoryBits: 0, parentOrNext: Self.nullNode,
                                 child1: Self.nullNode, child2: Self.nullNode, userData: -1, height: 0, isEnlarged: false)
        return index
    }

    private mutating func freeNode(_ index: Int32) {
        nodes[Int(index)].parentOrNext = freeList
        nodes[Int(index)].height = -1
        nodes[Int(index)].isEnlarged = false
        freeList = index
    }

    // MARK: - Bulk rebuild

    /// Rebuilds the part of the tree `moveProxyForRebuild` marked, top down (Box2D b2DynamicTree_Rebuild
    /// with its default heuristic, b2PartitionMid): the marked nodes are freed, and the leaves and
    /// unmarked subtrees below them are split recursively at the middle of their centres' extent
    /// along its longer axis. Every box is the union of its children's again afterwards. The nodes it
    /// frees are exactly the nodes it needs, so the node array never grows here.
    package mutating func rebuild(using scratch: inout RebuildScratch) {
        guard hasEnlargedNodes else { return }
        hasEnlargedNodes = false
        guard root != Self.nullNode else { return }
        if scratch.items.count < proxyCount {
            // With room to spare, as Box2D: proxies added one by one do not reallocate each time.
            let capacity = proxyCount + proxyCount / 2
            scratch.items = ContiguousArray(repeating: Self.nullNode, count: capacity)
            scratch.centers = ContiguousArray(repeating: .zero, count: capacity)
        }
        var freeList = self.freeList
        let root = self.root
        let newRoot = nodes.withUnsafeMutableBufferPointer { nodes in
            scratch.items.withUnsafeMutableBufferPointer { items in
                scratch.centers.withUnsafeMutableBufferPointer { centers in
                    let count = Self.collectBuildItems(nodes, root, items.baseAddress!, centers.baseAddress!, freeList: &freeList)
                    // Relinking walks the whole array: only when the rebuild replaces a large part of
                    // the tree, as when most proxies moved, not when a few did among sleeping ones.
                    if 4 * count >= nodes.count { freeList = Self.freeListInIndexOrder(nodes) }
                    return Self.build(nodes, items.baseAddress!, centers.baseAddress!, count, freeList: &freeList)
                }
            }
        }
        self.freeList = freeList
        nodes[Int(newRoot)].parentOrNext = Self.nullNode
        self.root = newRoot
    }

    /// Lists the leaves and unmarked subtrees under marked nodes, depth first (a node's first child
    /// before its second), freeing the marked ones; returns how many it listed. It walks by the
    /// parent links, with no stack: the tree being replaced may be deeper than any fixed stack
    /// (leaves inserted one by one at the same place make a chain).
    private static func collectBuildItems(_ nodes: UnsafeMutableBufferPointer<Node>, _ root: Int32,
                                          _ items: UnsafeMutablePointer<Int32>, _ centers: UnsafeMutablePointer<Vec2>,
                                          freeList: inout Int32) -> Int {
        var count = 0
        var index = root
        while true {
            // Down the first children to a leaf or an unmarked node: an item.
            while !nodes[Int(index)].isLeaf && nodes[Int(index)].isEnlarged { index = nodes[Int(index)].child1 }
            items[count] = index
            centers[count] = nodes[Int(index)].aabb.center
            count += 1
            // Up past every node whose second child is done, freeing it; then over to a second child.
            var child = index
            index = nodes[Int(child)].parentOrNext
            while index != nullNode && nodes[Int(index)].child2 == child {
                let parent = nodes[Int(index)].parentOrNext
                nodes[Int(index)].parentOrNext = freeList
                nodes[Int(index)].height = -1
                nodes[Int(index)].isEnlarged = false
                freeList = index
                child = index
                index = parent
            }
            if index == nullNode { return count }
            index = nodes[Int(index)].child2
        }
    }

    /// Links every free node into a list in index order. The build takes its nodes from the list
    /// in the order it makes them, parent before children and first child before second, so the
    /// next rebuild's walk down the tree reads the nodes in address order, which the processor's
    /// prefetcher follows; in the order the walk freed them, every step down was a cache miss.
    private static func freeListInIndexOrder(_ nodes: UnsafeMutableBufferPointer<Node>) -> Int32 {
        var list = nullNode
        for k in nodes.indices.reversed() where nodes[k].height < 0 {
            nodes[k].parentOrNext = list
            list = Int32(k)
        }
        return list
    }

    /// Builds a subtree over `count` items; returns its root (its parent link is the caller's).
    private static func build(_ nodes: UnsafeMutableBufferPointer<Node>, _ items: UnsafeMutablePointer<Int32>,
                              _ centers: UnsafeMutablePointer<Vec2>, _ count: Int, freeList: inout Int32) -> Int32 {
        if count == 1 { return items[0] }
        let split = partition(items, centers, count)
        let index = freeList
        precondition(index != nullNode, "DynamicTree: rebuild ran out of freed nodes")
        freeList = nodes[Int(index)].parentOrNext
        let child1 = build(nodes, items, centers, split, freeList: &freeList)
        let child2 = build(nodes, items + split, centers + split, count - split, freeList: &freeList)
        let c1 = nodes[Int(child1)], c2 = nodes[Int(child2)]
        nodes[Int(index)] = Node(aabb: c1.aabb.union(c2.aabb), categoryBits: c1.categoryBits | c2.categoryBits,
                                 parentOrNext: nullNode, child1: child1, child2: child2, userData: -1,
                                 height: 1 + Swift.max(c1.height, c2.height), isEnlarged: false)
        nodes[Int(child1)].parentOrNext = index
        nodes[Int(child2)].parentOrNext = index
        return index
    }

    /// Orders the items so the first `split` have their centres below the middle of the centres'
    /// extent along its longer axis (Box2D b2PartitionMid, a Hoare partition); returns `split`.
    /// When that leaves under a quarter on one side (centres bunched towards one end), splits at the
    /// median instead: the tree's depth then stays logarithmic whatever the positions, which keeps
    /// queries fast, their stack on the stack frame (`NodeStack`) and this recursion shallow.
    private static func partition(_ items: UnsafeMutablePointer<Int32>, _ centers: UnsafeMutablePointer<Vec2>,
                                  _ count: Int) -> Int {
        if count <= 2 { return count / 2 }
        var lower = centers[0], upper = centers[0]
        for i in 1..<count { lower = min(lower, centers[i]); upper = max(upper, centers[i]) }
        let alongX = upper.x - lower.x > upper.y - lower.y
        @inline(__always) func key(_ i: Int) -> Double { alongX ? centers[i].x : centers[i].y }
        @inline(__always) func swapAt(_ i: Int, _ j: Int) {
            swap(&items[i], &items[j]); swap(&centers[i], &centers[j])
        }
        let pivot = alongX ? 0.5 * (lower.x + upper.x) : 0.5 * (lower.y + upper.y)
        var i1 = 0, i2 = count
        while i1 < i2 {
            while i1 < i2 && key(i1) < pivot { i1 += 1 }
            while i1 < i2 && key(i2 - 1) >= pivot { i2 -= 1 }
            if i1 < i2 { swapAt(i1, i2 - 1); i1 += 1; i2 -= 1 }
        }
        if i1 > 0 && i1 < count && Swift.min(i1, count - i1) >= count / 4 { return i1 }
        // Median: select the (count/2)-th key with three-way partitions around a middle pivot.
        let k = count / 2
        var lo = 0, hi = count
        while hi - lo > 1 {
            let p = key((lo + hi) / 2)
            var lt = lo, i = lo, gt = hi
            while i < gt {
                let v = key(i)
                if v < p { swapAt(lt, i); lt += 1; i += 1 } else if v > p { gt -= 1; swapAt(i, gt) } else { i += 1 }
            }
            if k < lt { hi = lt } else if k >= gt { lo = gt } else { break }
        }
        return k
    }

    // MARK: - Insertion and removal

    /// Greedy descent with a branch-and-bound on the surface-area cost (Box2D b2FindBestSibling).
    private func findBestSibling(_ boxD: AABB) -> Int32 {
        nodes.withUnsafeBufferPointer { Self.findBestSibling(boxD, root: root, $0) }
    }

    private static func findBestSibling(_ boxD: AABB, root: Int32, _ nodes: UnsafeBufferPointer<Node>) -> Int32 {
        let centerD = boxD.center, areaD = boxD.perimeter
        var index = root
        var areaBase = nodes[Int(root)].aabb.perimeter
        var directCost = nodes[Int(root)].aabb.union(boxD).perimeter
        var inheritedCost = 0.0
        var bestSibling = root, bestCost = directCost
        while nodes[Int(index)].height > 0 {
            let child1 = nodes[Int(index)].child1, child2 = nodes[Int(index)].child2
            // Cost of making a new parent for this node and the new leaf.
            let cost = directCost + inheritedCost
            if cost < bestCost { bestSibling = index; bestCost = cost }
            // Inheritance cost seen by the children.
            inheritedCost += directCost - areaBase

            let node1 = nodes[Int(child1)], node2 = nodes[Int(child2)]
            let leaf1 = node1.isLeaf, leaf2 = node2.isLeaf
            var lowerCost1 = Double.greatestFiniteMagnitude, lowerCost2 = Double.greatestFiniteMagnitude
            let directCost1 = node1.aabb.union(boxD).perimeter, directCost2 = node2.aabb.union(boxD).perimeter
            var area1 = 0.0, area2 = 0.0
            if leaf1 {
                let cost1 = directCost1 + inheritedCost
                if cost1 < bestCost { bestSibling = child1; bestCost = cost1 }
            } else {
                area1 = node1.aabb.perimeter
                lowerCost1 = inheritedCost + directCost1 + Swift.min(areaD - area1, 0)
            }
            if leaf2 {
                let cost2 = directCost2 + inheritedCost
                if cost2 < bestCost { bestSibling = child2; bestCost = cost2 }
            } else {
                area2 = node2.aabb.perimeter
                lowerCost2 = inheritedCost + directCost2 + Swift.min(areaD - area2, 0)
            }
            if leaf1 && leaf2 { break }
            // Can the cost possibly be decreased?
            if bestCost <= lowerCost1 && bestCost <= lowerCost2 { break }
            if lowerCost1 == lowerCost2 && !leaf1 {
                // No clear choice (both children contain D): fall back to centre distance.
                lowerCost1 = (node1.aabb.center - centerD).lengthSquared
                lowerCost2 = (node2.aabb.center - centerD).lengthSquared
            }
            if lowerCost1 < lowerCost2 && !leaf1 {
                index = child1; areaBase = area1; directCost = directCost1
            } else {
                index = child2; areaBase = area2; directCost = directCost2
            }
        }
        return bestSibling
    }

    private mutating func insertLeaf(_ leaf: Int32) {
        guard root != Self.nullNode else {
            root = leaf
            nodes[Int(leaf)].parentOrNext = Self.nullNode
            return
        }
        let leafBox = nodes[Int(leaf)].aabb
        let sibling = findBestSibling(leafBox)
        let oldParent = nodes[Int(sibling)].parentOrNext
        let newParent = allocateNode()
        nodes[Int(newParent)].parentOrNext = oldParent
        nodes[Int(newParent)].aabb = leafBox.union(nodes[Int(sibling)].aabb)
        nodes[Int(newParent)].categoryBits = nodes[Int(leaf)].categoryBits | nodes[Int(sibling)].categoryBits
        nodes[Int(newParent)].height = nodes[Int(sibling)].height + 1
        nodes[Int(newParent)].child1 = sibling
        nodes[Int(newParent)].child2 = leaf
        nodes[Int(sibling)].parentOrNext = newParent
        nodes[Int(leaf)].parentOrNext = newParent
        if oldParent != Self.nullNode {
            if nodes[Int(oldParent)].child1 == sibling { nodes[Int(oldParent)].child1 = newParent }
            else { nodes[Int(oldParent)].child2 = newParent }
        } else {
            root = newParent
        }
        // Walk back up fixing boxes, masks and heights, rotating where that lowers the cost.
        nodes.withUnsafeMutableBufferPointer { nodes in
            var index = nodes[Int(leaf)].parentOrNext
            while index != Self.nullNode {
                Self.refit(nodes, index)
                Self.rotate(nodes, index)
                index = nodes[Int(index)].parentOrNext
            }
        }
    }

    private mutating func removeLeaf(_ leaf: Int32) {
        if leaf == root { root = Self.nullNode; return }
        let parent = nodes[Int(leaf)].parentOrNext
        let grandParent = nodes[Int(parent)].parentOrNext
        let sibling = nodes[Int(parent)].child1 == leaf ? nodes[Int(parent)].child2 : nodes[Int(parent)].child1
        freeNode(parent)
        nodes[Int(sibling)].parentOrNext = grandParent
        guard grandParent != Self.nullNode else { root = sibling; return }
        if nodes[Int(grandParent)].child1 == parent { nodes[Int(grandParent)].child1 = sibling }
        else { nodes[Int(grandParent)].child2 = sibling }
        nodes.withUnsafeMutableBufferPointer { nodes in
            var index = grandParent
            while index != Self.nullNode {
                Self.refit(nodes, index)
                index = nodes[Int(index)].parentOrNext
            }
        }
    }

    /// Recomputes a node's box, mask and height from its children, and keeps it marked for the next
    /// rebuild when a child is. The tree's hot loops work on the node buffer directly (no per-access
    /// uniqueness or bounds checks).
    @inline(__always)
    private static func refit(_ nodes: UnsafeMutableBufferPointer<Node>, _ index: Int32) {
        let c1 = nodes[Int(nodes[Int(index)].child1)], c2 = nodes[Int(nodes[Int(index)].child2)]
        nodes[Int(index)].aabb = c1.aabb.union(c2.aabb)
        nodes[Int(index)].categoryBits = c1.categoryBits | c2.categoryBits
        nodes[Int(index)].height = 1 + Swift.max(c1.height, c2.height)
        nodes[Int(index)].isEnlarged = nodes[Int(index)].isEnlarged || c1.isEnlarged || c2.isEnlarged
    }

    /// Box2D b2RotateNodes: swaps a child of A with a grandchild on the other side when that lowers
    /// the summed perimeter of the internal nodes below A.
    ///
    ///         A
    ///       /   \
    ///      B     C
    ///     / \   / \
    ///    D   E F   G
    private static func rotate(_ nodes: UnsafeMutableBufferPointer<Node>, _ iA: Int32) {
        let A = nodes[Int(iA)]
        guard A.height >= 2 else { return }
        let iB = A.child1, iC = A.child2
        let B = nodes[Int(iB)], C = nodes[Int(iC)]
        if B.isLeaf || C.isLeaf {
            // One child is a leaf and the other internal: consider swapping the leaf with either of the
            // other's children, which then holds the leaf and the child it keeps.
            let (iLeaf, iInner) = B.isLeaf ? (iB, iC) : (iC, iB)
            let leaf = nodes[Int(iLeaf)], inner = nodes[Int(iInner)]
            let keep2 = leaf.aabb.union(nodes[Int(inner.child2)].aabb)
            let keep1 = leaf.aabb.union(nodes[Int(inner.child1)].aabb)
            let costBase = inner.aabb.perimeter, cost1 = keep2.perimeter, cost2 = keep1.perimeter
            if costBase < cost1 && costBase < cost2 { return }
            if cost1 < cost2 {
                swapWithGrandchild(nodes, iA, iLeaf, iInner, slot: 1, newBox: keep2)
            } else {
                swapWithGrandchild(nodes, iA, iLeaf, iInner, slot: 2, newBox: keep1)
            }
            return
        }
        // Both internal: the cheapest of the four swaps, if any is cheaper than none.
        let D = nodes[Int(B.child1)], E = nodes[Int(B.child2)], F = nodes[Int(C.child1)], G = nodes[Int(C.child2)]
        let areaB = B.aabb.perimeter, areaC = C.aabb.perimeter
        let aabbBG = B.aabb.union(G.aabb), aabbBF = B.aabb.union(F.aabb)
        let aabbCE = C.aabb.union(E.aabb), aabbCD = C.aabb.union(D.aabb)
        var bestCost = areaB + areaC
        var best: (iX: Int32, iP: Int32, slot: Int, box: AABB)?
        func consider(_ cost: Double, _ iX: Int32, _ iP: Int32, _ slot: Int, _ box: AABB) {
            if cost < bestCost { bestCost = cost; best = (iX, iP, slot, box) }
        }
        consider(areaB + aabbBG.perimeter, iB, iC, 1, aabbBG)  // A(B, C(F, G)) → A(F, C(B, G))
        consider(areaB + aabbBF.perimeter, iB, iC, 2, aabbBF)  // A(B, C(F, G)) → A(G, C(F, B))
        consider(areaC + aabbCE.perimeter, iC, iB, 1, aabbCE)  // A(B(D, E), C) → A(B(C, E), D)
        consider(areaC + aabbCD.perimeter, iC, iB, 2, aabbCD)  // A(B(D, E), C) → A(B(D, C), E)
        if let best { swapWithGrandchild(nodes, iA, best.iX, best.iP, slot: best.slot, newBox: best.box) }
    }

    /// One rotation: A's child `iX` trades places with the child in `slot` (1 or 2) of A's other
    /// child `iP`, whose box becomes `newBox` (the union of `iX` and the child it keeps).
    @inline(__always)
    private static func swapWithGrandchild(_ nodes: UnsafeMutableBufferPointer<Node>, _ iA: Int32, _ iX: Int32,
                                           _ iP: Int32, slot: Int, newBox: AABB) {
        let iY = slot == 1 ? nodes[Int(iP)].child1 : nodes[Int(iP)].child2
        if nodes[Int(iA)].child1 == iX { nodes[Int(iA)].child1 = iY } else { nodes[Int(iA)].child2 = iY }
        if slot == 1 { nodes[Int(iP)].child1 = iX } else { nodes[Int(iP)].child2 = iX }
        nodes[Int(iX)].parentOrNext = iP; nodes[Int(iY)].parentOrNext = iA
        nodes[Int(iP)].aabb = newBox
        refitAfterRotation(nodes, iA, iP)
    }

    /// After a rotation the changed child's mask and height, then A's, need recomputing.
    @inline(__always)
    private static func refitAfterRotation(_ nodes: UnsafeMutableBufferPointer<Node>, _ iA: Int32, _ changed: Int32) {
        refit(nodes, changed)
        let c1 = nodes[Int(nodes[Int(iA)].child1)], c2 = nodes[Int(nodes[Int(iA)].child2)]
        nodes[Int(iA)].categoryBits = c1.categoryBits | c2.categoryBits
        nodes[Int(iA)].height = 1 + Swift.max(c1.height, c2.height)
        nodes[Int(iA)].isEnlarged = nodes[Int(iA)].isEnlarged || c1.isEnlarged || c2.isEnlarged
    }

    // MARK: - Validation

    /// Checks parent links, boxes, masks, heights, enlargement marks and the proxy count; returns a
    /// description of the first violation, or nil (for tests).
    func validationError() -> String? {
        var leaves = 0
        func check(_ index: Int32, parent: Int32) -> String? {
            let node = nodes[Int(index)]
            if node.parentOrNext != parent { return "node \(index): parent \(node.parentOrNext), expected \(parent)" }
            if node.isLeaf { leaves += 1; return nil }
            if node.height < 0 { return "node \(index) is free but linked" }
            let c1 = nodes[Int(node.child1)], c2 = nodes[Int(node.child2)]
            if node.height != 1 + Swift.max(c1.height, c2.height) { return "node \(index): wrong height" }
            // An enlarged node's box may be larger than its children's union until the rebuild.
            if !node.aabb.contains(c1.aabb) || !node.aabb.contains(c2.aabb) || (!node.isEnlarged && node.aabb != c1.aabb.union(c2.aabb)) { return "node \(index): box does not fit its children" }
            if node.isEnlarged && !hasEnlargedNodes { return "node \(index): still marked enlarged after the rebuild" }
            if (c1.isEnlarged || c2.isEnlarged) && !node.isEnlarged { return "node \(index): an enlarged child under an unmarked node" }
            if node.categoryBits != c1.categoryBits | c2.categoryBits { return "node \(index): wrong category bits" }
            return check(node.child1, parent: index) ?? check(node.child2, parent: index)
        }
        if root != Self.nullNode, let error = check(root, parent: Self.nullNode) { return error }
        return leaves == proxyCount ? nil : "\(leaves) leaves but proxyCount \(proxyCount)"
    }
}

/// The depth-first stack of a query or ray cast: `stackCapacity` nodes on the caller's stack frame,
/// then on the heap. A balanced tree never needs the heap, but hundreds of proxies with one and the
/// same box (a level that stacks its static shapes at one spot) leave the sibling search no better
/// place than beside the last, and the tree grows as deep as they are many. Last in, first out
/// across both parts, so the visiting order, and with it the order new pairs are found in, is the
/// same either way.
struct NodeStack {
    private let fixed: UnsafeMutableBufferPointer<Int32>
    private var count = 0
    private var spilled: [Int32] = []

    @inline(__always) init(_ buffer: UnsafeMutableBufferPointer<Int32>, _ first: Int32) {
        fixed = buffer
        fixed[0] = first
        count = 1
    }

    @inline(__always) mutating func push(_ node: Int32) {
        if count < fixed.count { fixed[count] = node; count += 1 } else { spilled.append(node) }
    }

    @inline(__always) mutating func pop() -> Int32? {
        if !spilled.isEmpty { return spilled.removeLast() }
        guard count > 0 else { return nil }
        count -= 1
        return fixed[count]
    }
}
