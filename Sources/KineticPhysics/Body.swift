// Body storage: one struct per body slot in a contiguous array, addressed by index (Box2D v3's
// b2Body + b2BodySim folded together), plus the per-step solver state.

/// Everything the engine keeps about one body. The origin is `xf.p`; the centre of mass is `center`
/// (world) and `localCenter` (body frame), which differ for bodies of several or off-centre shapes.
/// Laid out by use (Swift keeps declaration order): the first cache line holds what the bounds
/// stage, the narrow phase and the island search read (type, flags, list heads, pose), the second
/// what a joint's preparation adds (centres, inverse masses) and the velocities.
struct BodyData {
    var type: BodyType = .dynamic
    var fixedRotation = false, isBullet = false, allowSleep = true, isAwake = true
    /// Head of the list of shapes (through `ShapeData.next`).
    var shapeHead: Int32 = -1
    /// Heads of the contact and joint edge lists (edge keys, see `Edge`).
    var contactHead: Int32 = -1
    var jointHead: Int32 = -1
    /// Creation order, for `World.bodies` and `stateHash()` (slots are reused, so index order differs).
    var sequence = 0
    var xf = Transform.identity
    var center = Vec2.zero
    var localCenter = Vec2.zero
    var invMass = 0.0, invI = 0.0
    var v = Vec2.zero
    var w = 0.0
    /// Accumulated force and torque, cleared after each step.
    var force = Vec2.zero
    var torque = 0.0
    /// Centre and rotation at the start of the step (continuous collision sweeps from here).
    var center0 = Vec2.zero
    var q0 = Rot.identity
    var mass = 0.0
    /// Rotational inertia about the centre of mass.
    var inertia = 0.0
    /// Smallest and largest distance from the centre of mass to the surface (continuous collision).
    var minExtent = 0.0, maxExtent = 0.0
    var linearDamping = 0.0, angularDamping = 0.0, gravityScale = 1.0
    /// Seconds the body has been slower than the sleep threshold.
    var sleepTime = 0.0
    var userData = 0
    var shapeCount = 0

    @inline(__always) var isDynamic: Bool { type == .dynamic }
    /// Static bodies never move; sleeping bodies are out of the solver until woken.
    @inline(__always) var isSimulated: Bool { type != .static && isAwake }
}

/// A body's velocity and its position change within the step, as the solver sees them (Box2D v3's
/// b2BodyState). Static bodies use a shared all-zero state.
struct BodyState {
    var v = Vec2.zero
    var w = 0.0
    /// Displacement of the centre of mass since the start of the step.
    var dp = Vec2.zero
    /// Rotation since the start of the step.
    var dq = Rot.identity
}

/// Per-step constants of an awake body, read by velocity integration.
struct BodyIntegration {
    var invMass = 0.0, invI = 0.0
    /// Velocity change per second from gravity and applied forces.
    var linearAcceleration = Vec2.zero
    var angularAcceleration = 0.0
    /// Implicit damping over one substep: v ← v / (1 + h·c), as the factor 1 / (1 + h·c).
    var linearDampingFactor = 1.0, angularDampingFactor = 1.0
    var isDynamic = false
}

extension World {
    // MARK: - Mass

    /// Recomputes mass, centre of mass, inertia and extents from the body's shapes (Box2D
    /// b2UpdateBodyMassData). Keeps the world centre's velocity consistent when the centre moves.
    func updateMass(_ b: Int32) {
        let bi = Int(b)
        var body = bodyStore[bi]
        body.mass = 0; body.invMass = 0; body.inertia = 0; body.invI = 0
        let oldCenter = body.center
        var localCenter = Vec2.zero
        var rotationalInertia = 0.0
        if body.type == .dynamic {
            var s = body.shapeHead
            while s >= 0 {
                let shape = shapes[Int(s)]
                if shape.density > 0 {
                    let md = shape.geometry.massData(density: shape.density)
                    body.mass += md.mass
                    localCenter += md.mass * md.center
                    rotationalInertia += md.rotationalInertia + md.mass * md.center.lengthSquared
                }
                s = shape.next
            }
            if body.mass > 0 {
                body.invMass = 1 / body.mass
                localCenter = body.invMass * localCenter
            } else {
                // A dynamic body needs mass to respond to forces (Box2D 2.4 uses 1 as well).
                body.mass = 1; body.invMass = 1
                localCenter = .zero
                rotationalInertia = 0
            }
            if rotationalInertia > 0 && !body.fixedRotation {
                // Shift from the body origin to the centre of mass (parallel axis theorem).
                body.inertia = Swift.max(0, rotationalInertia - body.mass * localCenter.lengthSquared)
                // A subnormal inertia (cancellation in the shift) has an infinite inverse: no rotation.
                body.invI = body.inertia.isNormal ? 1 / body.inertia : 0
            }
        }
        body.localCenter = localCenter
        body.center = body.xf.apply(localCenter)
        body.center0 = body.center
        // v stays the velocity of the centre of mass: v' = v + w × (c' − c).
        body.v += cross(body.w, body.center - oldCenter)
        if body.fixedRotation { body.w = 0 }

        // Extents for continuous collision.
        var minExtent = Double.greatestFiniteMagnitude, maxExtent = 0.0
        var s = body.shapeHead
        while s >= 0 {
            let shape = shapes[Int(s)]
            let e = shapeExtent(shape.geometry, localCenter: localCenter)
            minExtent = Swift.min(minExtent, e.min)
            maxExtent = Swift.max(maxExtent, e.max)
            s = shape.next
        }
        body.minExtent = body.shapeHead >= 0 ? minExtent : 0
        body.maxExtent = maxExtent
        bodyStore[bi] = body
    }

    // MARK: - Lookup

    /// The slot of a live body of this world, or nil for a stale, foreign or null handle.
    @inline(__always) func slot(_ id: BodyID) -> Int? { slot(id, in: bodyPool) }
    /// The slot of a live body, for the getters (`liveSlot(_:in:_:)`).
    @inline(__always) func liveSlot(_ id: BodyID, _ getter: StaticString = #function) -> Int { liveSlot(id, in: bodyPool, getter) }

    func bodyID(_ index: Int32) -> BodyID { BodyID(index: index, generation: bodyPool.generation(index), world: serial) }

    /// Wakes a sleeping body (and, on the next step, everything touching it through the island search).
    func wake(_ b: Int) {
        guard bodyStore[b].type != .static else { return }
        if !bodyStore[b].isAwake { bodyStore[b].isAwake = true; islandsDirty = true }
        bodyStore[b].sleepTime = 0
    }

    /// Puts the body to sleep now: zero velocity, no forces. The sleep timer is kept, so an island
    /// woken only by the search (not by the user) can fall asleep again at once.
    func sleep(_ b: Int) {
        bodyStore[b].isAwake = false
        islandsDirty = true
        bodyStore[b].v = .zero; bodyStore[b].w = 0
        bodyStore[b].force = .zero; bodyStore[b].torque = 0
    }

    /// Body transform from its centre of mass and rotation.
    @inline(__always) static func transform(center: Vec2, q: Rot, localCenter: Vec2) -> Transform {
        Transform(p: center - q.rotate(localCenter), q: q)
    }
}

/// Smallest and largest distance from `localCenter` to the surface of a shape (Box2D
/// b2ComputeShapeExtent): a body is "fast" when it moves more than half its smallest extent in a step.
func shapeExtent(_ g: Geometry, localCenter: Vec2) -> (min: Double, max: Double) {
    switch g {
    case .circle(let c):
        return (c.radius, (c.center - localCenter).length + c.radius)
    case .ellipse(let e):
        return (Swift.min(e.radii.x, e.radii.y), (e.center - localCenter).length + Swift.max(e.radii.x, e.radii.y))
    case .segment(let s):
        return (0, Swift.max((s.p1 - localCenter).length, (s.p2 - localCenter).length))
    case .polygon(let p):
        var minExtent = Double.greatestFiniteMagnitude, maxSq = 0.0
        for i in p.vertices.indices {
            minExtent = Swift.min(minExtent, dot(p.normals[i], p.vertices[i] - p.centroid))
            maxSq = Swift.max(maxSq, (p.vertices[i] - localCenter).lengthSquared)
        }
        return (Swift.max(0, minExtent) + p.radius, maxSq.squareRoot() + p.radius)
    }
}
