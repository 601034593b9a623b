// Shape storage: geometry, material and filter of each shape, its body's list links and its
// broad-phase proxy.

/// Everything the engine keeps about one shape. The fields the bounds stage and the narrow phase
/// read every step come first, in the first two cache lines (Swift lays a struct out in declaration
/// order); the definition the steps do not read, `geometry` above all, comes last.
struct ShapeData {
    var body: Int32 = -1
    /// Links in the body's shape list.
    var prev: Int32 = -1
    var next: Int32 = -1
    /// Proxy in `broadPhase.staticTree` (static body) or `broadPhase.movingTree`, −1 when none.
    var proxy: Int32 = -1
    var inStaticTree = false
    /// Queued for new-pair search on the next step.
    var inMoveBuffer = false
    /// Left its fat bounds in this step's bounds stage: its proxy is to be moved (`updateAwakeShapeBounds`).
    var leftFatBounds = false
    /// Its contacts' filters are checked again on the next step.
    var needsRefilter = false
    var isSensor = false
    var enableContactEvents = true
    /// A circle's geometry, copied for the same reason as the polygon's below (`isCircle` false for
    /// other shapes).
    var isCircle = false
    /// A polygon's vertex count (0 for other shapes): its vertices and normals are also kept in
    /// `World.polygonPoints`, which the narrow phase reads without copying `geometry` (a copy of a
    /// polygon retains and releases its arrays).
    var polygonCount: Int32 = 0
    var polygonRadius = 0.0
    var circle = Circle(radius: 0)
    /// Tight world bounds and the fattened bounds stored in the tree.
    var aabb = AABB(lower: .zero, upper: .zero)
    var fatAABB = AABB(lower: .zero, upper: .zero)
    var density = 1.0, friction = 0.6, restitution = 0.0
    var filter = Filter()
    /// `ShapeDef.oneWay` as a unit vector in the body's frame; zero for a shape that collides from
    /// every side.
    var oneWay = Vec2.zero
    var userData = 0
    var geometry: Geometry

    init(geometry: Geometry) { self.geometry = geometry }
}

extension World {
    /// The slot of a live shape of this world, or nil for a stale, foreign or null handle.
    @inline(__always) func slot(_ id: ShapeID) -> Int? { slot(id, in: shapePool) }
    /// The slot of a live shape, for the getters (`liveSlot(_:in:_:)`).
    @inline(__always) func liveSlot(_ id: ShapeID, _ getter: StaticString = #function) -> Int { liveSlot(id, in: shapePool, getter) }

    func shapeID(_ index: Int32) -> ShapeID { ShapeID(index: index, generation: shapePool.generation(index), world: serial) }

    /// Margin added around a shape's bounds in the tree: moving shapes get room to move before the
    /// tree must be updated (Box2D's aabbMargin, 0.1 m); static ones only the speculative distance.
    func aabbMargin(static isStatic: Bool) -> Double { isStatic ? speculativeDistance : aabbMargin }

    /// Adds a shape to its body and to the broad phase.
    func attachShape(_ def: ShapeDef, _ geometry: Geometry, to b: Int) -> ShapeID {
        let (index, isNew) = shapePool.allocate()
        var shape = ShapeData(geometry: geometry)
        shape.body = Int32(b)
        shape.density = def.density; shape.friction = def.friction; shape.restitution = def.restitution
        shape.filter = def.filter
        shape.isSensor = def.isSensor
        shape.enableContactEvents = def.enableContactEvents
        shape.oneWay = def.oneWay.flatMap(World.oneWayUnit) ?? .zero
        shape.userData = def.userData
        shape.next = bodyStore[b].shapeHead
        if case .circle(let circle) = geometry {
            shape.isCircle = true
            shape.circle = circle
        }
        if case .polygon(let polygon) = geometry {
            shape.polygonCount = Int32(polygon.vertices.count)
            shape.polygonRadius = polygon.radius
            storePolygonPoints(polygon, Int(index))
        }
        if isNew { shapes.append(shape) } else { shapes[Int(index)] = shape }
        if bodyStore[b].shapeHead >= 0 { shapes[Int(bodyStore[b].shapeHead)].prev = index }
        bodyStore[b].shapeHead = index
        bodyStore[b].shapeCount += 1
        createProxy(Int(index))
        return shapeID(index)
    }

    /// Runs `body` with `polygonPoints` for reading. Without polygons the array is the shared empty
    /// storage, which the mutable accessor would copy on every call.
    @inline(__always) func withPolygonPoints<R>(_ body: (UnsafeBufferPointer<Vec2>) -> R) -> R {
        if polygonPoints.isEmpty { return body(UnsafeBufferPointer(start: nil, count: 0)) }
        return polygonPoints.withUnsafeMutableBufferPointer { body(UnsafeBufferPointer($0)) }
    }

    /// Copies a polygon's vertices and normals into the shape's slot of `polygonPoints`.
    private func storePolygonPoints(_ polygon: Polygon, _ s: Int) {
        let stride = World.polygonPointStride
        if polygonPoints.count < (s + 1) * stride {
            polygonPoints.append(contentsOf: repeatElement(.zero, count: (s + 1) * stride - polygonPoints.count))
        }
        for (i, v) in polygon.vertices.enumerated() { polygonPoints[s * stride + i] = v }
        for (i, n) in polygon.normals.enumerated() { polygonPoints[s * stride + polygon.vertices.count + i] = n }
    }

    /// Vertices then, right after them, normals, per shape slot: a box's eight points are 128
    /// contiguous bytes, which the narrow phase reads for every contact of the box.
    static let polygonPointStride = 2 * Polygon.maxVertices

    /// Removes a shape: its contacts (with end events when touching), proxy and list links.
    func detachShape(_ s: Int) {
        let b = Int(shapes[s].body)
        // Contacts of this shape, found through the body's contact list.
        var key = bodyStore[b].contactHead
        while key >= 0 {
            let c = Int(key >> 1)
            let next = contacts[c].edge(Int(key & 1)).next
            if contacts[c].shapeA == Int32(s) || contacts[c].shapeB == Int32(s) {
                wakeContactBodies(c)
                destroyContact(c, reportEnd: true)
            }
            key = next
        }
        destroyProxy(s)
        let prev = shapes[s].prev, next = shapes[s].next
        if prev >= 0 { shapes[Int(prev)].next = next } else { bodyStore[b].shapeHead = next }
        if next >= 0 { shapes[Int(next)].prev = prev }
        bodyStore[b].shapeCount -= 1
        shapes[s].inMoveBuffer = false
        shapePool.release(Int32(s))
    }

    /// Pair values of two shapes' materials: friction √(fa·fb), restitution max(ea, eb) (Box2D).
    @inline(__always) static func mixFriction(_ a: Double, _ b: Double) -> Double { (a * b).squareRoot() }
    @inline(__always) static func mixRestitution(_ a: Double, _ b: Double) -> Double { Swift.max(a, b) }

    /// Refreshes the tight bounds of every shape of a body and moves proxies whose fat bounds no
    /// longer contain them (queued for pair search).
    func updateShapeBounds(_ b: Int) {
        let xf = bodyStore[b].xf
        let isStatic = bodyStore[b].type == .static
        let margin = aabbMargin(static: isStatic)
        var s = bodyStore[b].shapeHead
        while s >= 0 {
            let si = Int(s)
            let moved: Bool = shapes.withUnsafeMutableBufferPointer { shapes in
                withPolygonPoints { points in
                    let shape = shapes.baseAddress! + si
                    s = shape.pointee.next
                    return World.refreshBounds(shape, si, xf, margin, points)
                }
            }
            if moved { moveShapeProxy(si) }
        }
    }

    /// `updateShapeBounds` of every awake body, after the solve (Box2D computes them in its finalize
    /// task and enlarges the proxies after it, serially). Blocks of bodies refresh their shapes'
    /// bounds on the workers and mark the shapes that left their fat bounds, and each body with
    /// one; then, in awake order as one thread walks them, the marked proxies are enlarged in place
    /// and queued for pair search. The moving tree is rebuilt around them afterwards, in one go
    /// (`rebuildMovingTree`).
    func updateAwakeShapeBounds(_ workers: Workers) {
        let awake = buffers.awakeBodies.buffer
        buffers.boundsMarks.resize(to: awake.count, filler: false)
        let marks = buffers.boundsMarks.buffer
        let margin = aabbMargin(static: false), staticMargin = aabbMargin(static: true)
        bodyStore.withUnsafeMutableBufferPointer { bodies in
            shapes.withUnsafeMutableBufferPointer { shapes in
                withPolygonPoints { points in
                    workers.forEachRange(awake.count, minimum: Workers.minimumBodyBlock, ShapeBounds(
                        bodies: UnsafeBufferPointer(bodies), shapes: shapes, points: points, awake: UnsafeBufferPointer(awake),
                        marks: marks, margin: margin, staticMargin: staticMargin))
                    for i in 0..<awake.count where marks[i] {
                        var s = bodies[Int(awake[i])].shapeHead
                        while s >= 0 {
                            let shape = shapes.baseAddress! + Int(s)
                            if shape.pointee.leftFatBounds {
                                shape.pointee.leftFatBounds = false
                                moveProxy(of: shape, Int(s))
                            }
                            s = shape.pointee.next
                        }
                    }
                }
            }
        }
    }

    /// `moveShapeProxy` for a shape reached through a pointer into `shapes`, moving a moving proxy
    /// in place for the rebuild that follows instead of reinserting it (Box2D
    /// b2BroadPhase_EnlargeProxy; `DynamicTree.moveProxyForRebuild`): the tree and the move buffer
    /// are other stored properties, so this does not touch the array being walked.
    @inline(__always) private func moveProxy(of shape: UnsafeMutablePointer<ShapeData>, _ s: Int) {
        let fat = shape.pointee.fatAABB, proxy = shape.pointee.proxy
        if shape.pointee.inStaticTree {
            broadPhase.staticTree.moveProxy(proxy, fat)
        } else {
            broadPhase.movingTree.moveProxyForRebuild(proxy, fat)
        }
        guard !shape.pointee.inMoveBuffer else { return }
        shape.pointee.inMoveBuffer = true
        broadPhase.moveBuffer.append(Int32(s))
    }

    /// Sets the shape's tight bounds at `xf`; when they left its fat bounds, fattens them again and
    /// returns whether the shape has a proxy to move.
    @inline(__always) fileprivate static func refreshBounds(_ shape: UnsafeMutablePointer<ShapeData>, _ s: Int, _ xf: Transform,
                                                            _ margin: Double, _ points: UnsafeBufferPointer<Vec2>) -> Bool {
        let box = worldBounds(shape, s, xf, points)
        shape.pointee.aabb = box
        guard !shape.pointee.fatAABB.contains(box) else { return false }
        shape.pointee.fatAABB = box.expanded(by: margin)
        return shape.pointee.proxy >= 0
    }

    /// Rebuilds the moving tree where `updateAwakeShapeBounds` enlarged proxies, so the next pair
    /// search and any query between steps walk a tight tree.
    func rebuildMovingTree() {
        broadPhase.movingTree.rebuild(using: &broadPhase.rebuildScratch)
    }

    /// Moves a shape's proxy to its new fat bounds and queues it for pair search.
    private func moveShapeProxy(_ s: Int) {
        let fat = shapes[s].fatAABB, proxy = shapes[s].proxy
        if shapes[s].inStaticTree {
            broadPhase.staticTree.moveProxy(proxy, fat)
        } else {
            broadPhase.movingTree.moveProxy(proxy, fat)
        }
        bufferMove(s)
    }

    /// A shape's world bounds, the numbers `Geometry.aabb` gives. Circles and polygons are read from
    /// the shape's own copies, as the narrow phase does: copying `geometry` costs more than the
    /// bounds of a circle.
    @inline(__always) private static func worldBounds(_ shape: UnsafePointer<ShapeData>, _ s: Int, _ xf: Transform,
                                               _ points: UnsafeBufferPointer<Vec2>) -> AABB {
        if shape.pointee.isCircle {
            let c = shape.pointee.circle
            let p = xf.apply(c.center), r = Vec2(c.radius, c.radius)
            return AABB(lower: p - r, upper: p + r)
        }
        let count = Int(shape.pointee.polygonCount)
        guard count > 0 else { return shape.pointee.geometry.aabb(xf) }
        let vertices = points.baseAddress! + s * World.polygonPointStride
        var lower = xf.apply(vertices[0]), upper = lower
        for i in 1..<count {
            let w = xf.apply(vertices[i])
            lower = min(lower, w); upper = max(upper, w)
        }
        let r = Vec2(shape.pointee.polygonRadius, shape.pointee.polygonRadius)
        return AABB(lower: lower - r, upper: upper + r)
    }

    /// Recomputes fat bounds from scratch for every shape of a body (after a teleport or type change).
    func resetShapeBounds(_ b: Int) {
        var s = bodyStore[b].shapeHead
        while s >= 0 {
            shapes[Int(s)].fatAABB = AABB(lower: Vec2(.infinity, .infinity), upper: Vec2(-.infinity, -.infinity))
            s = shapes[Int(s)].next
        }
        updateShapeBounds(b)
    }
}

/// The bounds stage's blocks: each refreshes the shapes of its awake bodies (`World.refreshBounds`)
/// and marks those that left their fat bounds with a proxy to move, and their body.
private struct ShapeBounds: WorkerStage {
    let bodies: UnsafeBufferPointer<BodyData>, shapes: UnsafeMutableBufferPointer<ShapeData>
    let points: UnsafeBufferPointer<Vec2>, awake: UnsafeBufferPointer<Int32>
    let marks: UnsafeMutableBufferPointer<Bool>
    let margin: Double, staticMargin: Double

    func run(_ range: Range<Int>) {
        for i in range {
            let body = bodies.baseAddress! + Int(awake[i])
            let xf = body.pointee.xf
            let margin = body.pointee.type == .static ? staticMargin : self.margin
            var any = false
            var s = body.pointee.shapeHead
            while s >= 0 {
                let shape = shapes.baseAddress! + Int(s)
                if World.refreshBounds(shape, Int(s), xf, margin, points) {
                    shape.pointee.leftFatBounds = true
                    any = true
                }
                s = shape.pointee.next
            }
            marks[i] = any
        }
    }
}
