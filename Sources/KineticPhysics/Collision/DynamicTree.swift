// A bounding volume hierarchy of fattened AABBs (Box2D v3 dynamic_tree.c): nodes live in one
// contiguous array with a free list, leaves are inserted next to the sibling of least surface-area
// cost and tree rotations keep it shallow.

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
        @inline(__always) var isLeaf: Bool { height == 0 }
    }

    var nodes: ContiguousArray<Node> = []
    var root: Int32 = nullNode
    var freeList: Int32 = nullNode
    package private(set) var proxyCount = 0

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
            withUnsafeTemporaryAllocation(of: Int32.self, capacity: Self.stackCapacity) { stack in
                var count = 1
                stack[0] = root
                while count > 0 {
                    count -= 1
                    let node = nodes[Int(stack[count])]
                    guard node.aabb.overlaps(aabb), node.categoryBits & maskBits != 0 else { continue }
                    if node.isLeaf {
                        if !callback(stack[count], node.userData) { return }
                    } else {
                        precondition(count + 2 <= Self.stackCapacity, "DynamicTree: query stack overflow")
                        stack[count] = node.child1; stack[count + 1] = node.child2
                        count += 2
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
            withUnsafeTemporaryAllocation(of: Int32.self, capacity: Self.stackCapacity) { stack in
                var count = 1
                stack[0] = root
                while count > 0 {
                    count -= 1
                    let index = stack[count]
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
                        precondition(count + 2 <= Self.stackCapacity, "DynamicTree: ray cast stack overflow")
                        stack[count] = node.child1; stack[count + 1] = node.child2
                        count += 2
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
                              child1: Self.nullNode, child2: Self.nullNode, userData: -1, height: -1))
            freeList = Int32(nodes.count - 1)
        }
        let index = freeList
        freeList = nodes[Int(index)].parentOrNext
        nodes[Int(index)] = Node(aabb: AABB(lower: .zero, upper: .zero), categoryBits: 0, parentOrNext: Self.nullNode,
                                 child1: Self.nullNode, child2: Self.nullNode, userData: -1, height: 0)
        return index
    }

    private mutating func freeNode(_ index: Int32) {
        nodes[Int(index)].parentOrNext = freeList
        nodes[Int(index)].height = -1
        freeList = index
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

    /// Recomputes a node's box, mask and height from its children. The tree's hot loops work on the
    /// node buffer directly (no per-access uniqueness or bounds checks).
    @inline(__always)
    private static func refit(_ nodes: UnsafeMutableBufferPointer<Node>, _ index: Int32) {
        let c1 = nodes[Int(nodes[Int(index)].child1)], c2 = nodes[Int(nodes[Int(index)].child2)]
        nodes[Int(index)].aabb = c1.aabb.union(c2.aabb)
        nodes[Int(index)].categoryBits = c1.categoryBits | c2.categoryBits
        nodes[Int(index)].height = 1 + Swift.max(c1.height, c2.height)
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
        enum Rotation { case none, bf, bg, cd, ce }
        var best = Rotation.none
        var aabbBG = AABB(lower: .zero, upper: .zero), aabbBF = aabbBG, aabbCE = aabbBG, aabbCD = aabbBG
        if B.isLeaf || C.isLeaf {
            if B.isLeaf {
                // B is a leaf and C is internal: consider swapping B with F or G.
                let F = nodes[Int(C.child1)], G = nodes[Int(C.child2)]
                aabbBG = B.aabb.union(G.aabb); aabbBF = B.aabb.union(F.aabb)
                let costBase = C.aabb.perimeter, costBF = aabbBG.perimeter, costBG = aabbBF.perimeter
                if costBase < costBF && costBase < costBG { return }
                best = costBF < costBG ? .bf : .bg
            } else {
                // C is a leaf and B is internal: consider swapping C with D or E.
                let D = nodes[Int(B.child1)], E = nodes[Int(B.child2)]
                aabbCE = C.aabb.union(E.aabb); aabbCD = C.aabb.union(D.aabb)
                let costBase = B.aabb.perimeter, costCD = aabbCE.perimeter, costCE = aabbCD.perimeter
                if costBase < costCD && costBase < costCE { return }
                best = costCD < costCE ? .cd : .ce
            }
        } else {
            let D = nodes[Int(B.child1)], E = nodes[Int(B.child2)], F = nodes[Int(C.child1)], G = nodes[Int(C.child2)]
            let areaB = B.aabb.perimeter, areaC = C.aabb.perimeter
            var bestCost = areaB + areaC
            aabbBG = B.aabb.union(G.aabb); aabbBF = B.aabb.union(F.aabb)
            aabbCE = C.aabb.union(E.aabb); aabbCD = C.aabb.union(D.aabb)
            let costBF = areaB + aabbBG.perimeter, costBG = areaB + aabbBF.perimeter
            let costCD = areaC + aabbCE.perimeter, costCE = areaC + aabbCD.perimeter
            if costBF < bestCost { best = .bf; bestCost = costBF }
            if costBG < bestCost { best = .bg; bestCost = costBG }
            if costCD < bestCost { best = .cd; bestCost = costCD }
            if costCE < bestCost { best = .ce; bestCost = costCE }
        }
        switch best {
        case .none:
            return
        case .bf:
            // A(B, C(F, G)) → A(F, C(B, G))
            let iF = C.child1
            nodes[Int(iA)].child1 = iF; nodes[Int(iC)].child1 = iB
            nodes[Int(iB)].parentOrNext = iC; nodes[Int(iF)].parentOrNext = iA
            nodes[Int(iC)].aabb = aabbBG
            refitAfterRotation(nodes, iA, iC)
        case .bg:
            // A(B, C(F, G)) → A(G, C(F, B))
            let iG = C.child2
            nodes[Int(iA)].child1 = iG; nodes[Int(iC)].child2 = iB
            nodes[Int(iB)].parentOrNext = iC; nodes[Int(iG)].parentOrNext = iA
            nodes[Int(iC)].aabb = aabbBF
            refitAfterRotation(nodes, iA, iC)
        case .cd:
            // A(B(D, E), C) → A(B(C, E), D)
            let iD = B.child1
            nodes[Int(iA)].child2 = iD; nodes[Int(iB)].child1 = iC
            nodes[Int(iC)].parentOrNext = iB; nodes[Int(iD)].parentOrNext = iA
            nodes[Int(iB)].aabb = aabbCE
            refitAfterRotation(nodes, iA, iB)
        case .ce:
            // A(B(D, E), C) → A(B(D, C), E)
            let iE = B.child2
            nodes[Int(iA)].child2 = iE; nodes[Int(iB)].child2 = iC
            nodes[Int(iC)].parentOrNext = iB; nodes[Int(iE)].parentOrNext = iA
            nodes[Int(iB)].aabb = aabbCD
            refitAfterRotation(nodes, iA, iB)
        }
    }

    /// After a rotation the changed child's mask and height, then A's, need recomputing.
    @inline(__always)
    private static func refitAfterRotation(_ nodes: UnsafeMutableBufferPointer<Node>, _ iA: Int32, _ changed: Int32) {
        refit(nodes, changed)
        let c1 = nodes[Int(nodes[Int(iA)].child1)], c2 = nodes[Int(nodes[Int(iA)].child2)]
        nodes[Int(iA)].categoryBits = c1.categoryBits | c2.categoryBits
        nodes[Int(iA)].height = 1 + Swift.max(c1.height, c2.height)
    }

    // MARK: - Validation

    /// Checks parent links, boxes, masks, heights and the proxy count; returns a description of the
    /// first violation, or nil (for tests).
    func validationError() -> String? {
        var leaves = 0
        func check(_ index: Int32, parent: Int32) -> String? {
            let node = nodes[Int(index)]
            if node.parentOrNext != parent { return "node \(index): parent \(node.parentOrNext), expected \(parent)" }
            if node.isLeaf { leaves += 1; return nil }
            if node.height < 0 { return "node \(index) is free but linked" }
            let c1 = nodes[Int(node.child1)], c2 = nodes[Int(node.child2)]
            if node.height != 1 + Swift.max(c1.height, c2.height) { return "node \(index): wrong height" }
            if !node.aabb.contains(c1.aabb) || !node.aabb.contains(c2.aabb) || node.aabb != c1.aabb.union(c2.aabb) { return "node \(index): box does not fit its children" }
            if node.categoryBits != c1.categoryBits | c2.categoryBits { return "node \(index): wrong category bits" }
            return check(node.child1, parent: index) ?? check(node.child2, parent: index)
        }
        if root != Self.nullNode, let error = check(root, parent: Self.nullNode) { return error }
        return leaves == proxyCount ? nil : "\(leaves) leaves but proxyCount \(proxyCount)"
    }
}
