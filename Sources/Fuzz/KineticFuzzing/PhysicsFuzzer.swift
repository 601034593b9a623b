// The physics fuzzer: random scenes of every shape and joint kind at extreme sizes, masses and
// speeds, stepped with random edits in between, and checked after every step for
//   1. finite state (positions, angles, velocities, joint anchors, contact points),
//   2. no tunnelling: no solid shape of a dynamic body has its centre past the walls of the static box
//      enclosing the scene (sensors, and one-way shapes from their passing side, go through by design),
//   3. no energy gain: in a closed elastic scene (no motors, springs, damping, edits or kinematic
//      bodies) kinetic plus gravitational energy never exceeds its start by more than `energyBound`;
//      one-way shapes stay in (see `check`),
//   4. one-way cone: a contact with a one-way shape begins only within 45° of its stopping side
//      (PhysicsOneWay.swift).
// Everything is decided by the seed, so a failure is replayed with `kinetic-fuzz physics --seed N`.
import Foundation
import KineticPhysics

/// What one physics fuzz run does.
public struct PhysicsFuzzOptions: Sendable {
    /// Fixed steps per scene (1/60 s each).
    public var steps = 300
    /// Substeps per step.
    public var substeps = 4
    /// Features left out, to narrow a failure down: "joints", "circle", "ellipse", "box", "polygon",
    /// "rounded", "kinematic", "static", "edits", "bullet", "sensor", "fast", "spin", "multishape",
    /// "gravity", "chain", "tiny", "huge", "oneway"; "e0"–"e16" for single edit kinds.
    public var exclude: Set<String> = []
    public init() {}
}

/// An invariant the engine broke, with the seed and step that reproduce it.
public struct PhysicsFuzzFinding: Error, CustomStringConvertible, Sendable {
    public var seed: UInt64
    public var step: Int
    public var invariant: String
    public var detail: String
    public var description: String {
        "seed \(seed) step \(step): \(invariant): \(detail) (replay: kinetic-fuzz physics --seed \(seed) --seeds 1)"
    }
}

/// Counts of what a run did, summed over scenes.
public struct PhysicsFuzzStats: Sendable {
    public var scenes = 0
    public var closedScenes = 0
    public var steps = 0
    public var bodiesCreated = 0
    public var shapesCreated = 0
    public var jointsCreated = 0
    public var destroyed = 0
    public var edits = 0
    /// Hostile inputs (NaN, ±inf, negative sizes, stale ids) the engine refused or ignored as documented.
    public var hostileInputsRefused = 0
    /// The largest (E − E₀) / E₀ seen in a closed scene.
    public var worstEnergyGain = -Double.infinity
    /// The fastest body speed seen (pt/s).
    public var fastestSpeed = 0.0
    /// Scenes with one-way shapes (the "oneway" flavour), and of those the closed ones.
    public var oneWayScenes = 0
    public var closedOneWayScenes = 0
    /// Closed one-way scenes whose energy is not checked: a joint holds a body whose shapes are all
    /// one-way (`PhysicsFuzzScene.jointLeavesTheBox`).
    public var closedScenesJointLeavingTheBox = 0
    /// One-way shapes created (ledges and shapes of ordinary bodies), one-way edits made, and
    /// contacts with a one-way shape that began (each checked against the cone).
    public var oneWayShapesCreated = 0
    public var oneWayEdits = 0
    public var oneWayContactsBegun = 0
    /// The largest (E − E₀) / E₀ seen in a closed scene with one-way shapes.
    public var worstOneWayEnergyGain = -Double.infinity
    public init() {}

    public mutating func add(_ o: PhysicsFuzzStats) {
        scenes += o.scenes; closedScenes += o.closedScenes; steps += o.steps
        bodiesCreated += o.bodiesCreated; shapesCreated += o.shapesCreated; jointsCreated += o.jointsCreated
        destroyed += o.destroyed; edits += o.edits; hostileInputsRefused += o.hostileInputsRefused
        worstEnergyGain = max(worstEnergyGain, o.worstEnergyGain); fastestSpeed = max(fastestSpeed, o.fastestSpeed)
        oneWayScenes += o.oneWayScenes; closedOneWayScenes += o.closedOneWayScenes
        closedScenesJointLeavingTheBox += o.closedScenesJointLeavingTheBox
        oneWayShapesCreated += o.oneWayShapesCreated; oneWayEdits += o.oneWayEdits; oneWayContactsBegun += o.oneWayContactsBegun
        worstOneWayEnergyGain = max(worstOneWayEnergyGain, o.worstOneWayEnergyGain)
    }
}

/// One random scene and its checks.
public final class PhysicsFuzzScene {
    /// Half the side of the square interior of the static box (pt): large enough that no joint
    /// structure built in the scene region can be pressed against two walls at once.
    public static let boxHalfSize = 50_000.0
    /// Half the side of the square where bodies are created and teleported (pt).
    public static let sceneHalfSize = 4_000.0
    /// Wall thickness (pt).
    static let wallThickness = 2_000.0
    /// A centre may sit this far past a wall's inner face before it counts as tunnelled (pt):
    /// twice the engine's linear slop (0.005 m × 100 pt/m), the overlap soft contacts tolerate.
    public static let tunnelTolerance = 1.0
    /// A closed elastic scene's energy may exceed its start by this fraction: the soft-step solver's
    /// position correction and restitution pass are not exactly conservative.
    public static let energyBound = 0.02

    let seed: UInt64
    var rng: SeededRandom
    /// The one-way flavour's own stream (PhysicsOneWay.swift): it leaves `rng`'s draws as they were.
    var oneWayRandom: SeededRandom
    /// The scene has one-way shapes: ledges, and some shapes of ordinary bodies.
    let hasOneWay: Bool
    /// Static one-way ledges, kept apart from `live` (see `addLedges`).
    var ledges: [BodyID] = []
    /// The world direction of each one-way shape as the current step began (`recordOneWayDirections`).
    var oneWayDirections: [ShapeID: Vec2] = [:]
    let world: World
    let gravity: Vec2
    /// Closed elastic scene: no edits between steps, energy is checked (unless `jointLeavesTheBox`).
    let closed: Bool
    /// A joint of this closed scene holds a body whose shapes are all one-way, which may pass out
    /// through a wall while its partner stays inside: the joint then pulls the partner against the
    /// wall from outside, the two fight, and the soft solve's position correction adds energy, as
    /// it does wherever constraints cannot all hold. A closed scene otherwise rules that out by
    /// construction (joints satisfied at creation, every body held inside a convex box by a solid
    /// shape); this one does not, so its energy is not checked. Set once the scene is built (closed
    /// scenes have no edits).
    var jointLeavesTheBox = false
    var live: [BodyID] = []
    var joints: [JointID] = []
    var staleBodies: [BodyID] = []
    var staleShapes: [ShapeID] = []
    var staleJoints: [JointID] = []
    /// Sensor shapes (looked up only, never iterated).
    var sensors: Set<ShapeID> = []
    var stats = PhysicsFuzzStats()
    /// The first contract breach seen by an edit (a hostile value accepted, a stale id answering).
    var editFinding: String?
    var startEnergy = 0.0
    /// When set, every creation is printed (to minimise a failing seed by hand).
    public static nonisolated(unsafe) var verbose = false
    func trace(_ s: @autoclosure () -> String) { if Self.verbose { print("  " + s()) } }
    var energyScale = 0.0

    let exclude: Set<String>

    public init(seed: UInt64, exclude: Set<String> = []) {
        self.seed = seed
        self.exclude = exclude
        rng = SeededRandom(seed: seed)
        var oneWay = SeededRandom(seed: Self.oneWaySeed(seed))
        hasOneWay = oneWay.chance(Self.oneWaySceneChance) && !exclude.contains("oneway")
        oneWayRandom = oneWay
        closed = rng.chance(0.3)
        var def = WorldDef()
        let g = rng.chance(0.3) || exclude.contains("gravity") ? 0 : rng.logUniform(10...5_000)
        let a = rng.uniform(0...(2 * .pi))
        gravity = Vec2(g * cos(a), g * sin(a))
        def.gravity = gravity
        def.enableSleep = rng.chance(0.7)
        world = World(def)
        stats.scenes = 1
        if closed { stats.closedScenes = 1 }
        if hasOneWay { stats.oneWayScenes = 1; stats.closedOneWayScenes = closed ? 1 : 0 }
        buildWalls()
        if hasOneWay { addLedges() }
        let count = rng.int(1...(closed ? 12 : 24))
        for _ in 0..<count { _ = addRandomBody() }
        let jointCount = exclude.contains("joints") ? 0 : rng.int(0...(closed ? 6 : 12))
        for _ in 0..<jointCount { addRandomJoint() }
        if closed && hasOneWay {
            jointLeavesTheBox = joints.contains { joint in
                let (a, b) = world.bodies(of: joint)
                return [a, b].contains { $0 != .null && world.shapes(of: $0).allSatisfy { world.oneWay(of: $0) != nil } }
            }
            if jointLeavesTheBox { stats.closedScenesJointLeavingTheBox += 1 }
        }
        startEnergy = energy()
        energyScale = max(startEnergy, 1e-9)
    }

    /// Runs the scene for `options.steps` steps; returns the first broken invariant.
    public func run(_ options: PhysicsFuzzOptions) -> PhysicsFuzzFinding? {
        if let f = check(step: 0) { return f }
        for step in 1...max(1, options.steps) {
            if !closed && !exclude.contains("edits") { editBetweenSteps() }
            if hasOneWay { recordOneWayDirections() }
            world.step(by: 1.0 / 60, substeps: options.substeps)
            stats.steps += 1
            if let f = check(step: step) { return f }
        }
        return nil
    }

    // MARK: - Scene

    private func buildWalls() {
        let h = Self.boxHalfSize, t = Self.wallThickness
        var def = BodyDef(); def.type = .static
        guard let walls = try? world.createBody(def) else { return }
        var shape = ShapeDef(); shape.friction = rng.uniform(0...1); shape.restitution = rng.uniform(0...1)
        if rng.chance(0.5) || exclude.contains("chain") {
            // Thick boxes.
            let boxes = [(Vec2(0, -h - t), h + 2 * t, t), (Vec2(0, h + t), h + 2 * t, t),
                         (Vec2(-h - t, 0), t, h + 2 * t), (Vec2(h + t, 0), t, h + 2 * t)]
            for (c, hw, hh) in boxes {
                if let box = try? Polygon.box(halfWidth: hw, halfHeight: hh, center: c) {
                    _ = try? world.createShape(on: walls, shape, .polygon(box))
                }
            }
        } else {
            // A closed chain of two-sided segments: the thinnest boundary there is.
            let corners = [Vec2(-h, -h), Vec2(h, -h), Vec2(h, h), Vec2(-h, h)]
            _ = try? world.createChain(on: walls, points: corners, isLoop: true, shape)
        }
    }

    /// A random convex geometry about `size` across (pt), at `offset` in the body frame.
    func randomGeometry(size: Double, offset: Vec2) -> Geometry {
        let r = size / 2
        // The thinnest half-extent a squashed shape may have: 0.25 pt, or 2.5 pt without "tiny".
        let minHalf = exclude.contains("tiny") ? 2.5 : 0.25
        func squashed(_ f: Double) -> Double { max(r * f, min(minHalf, r)) }
        var kind = rng.int(0...4)
        let kinds = ["circle", "ellipse", "box", "polygon", "polygon"]
        while exclude.contains(kinds[kind]) { kind = (kind + 1) % 5 }
        let rounded = !exclude.contains("rounded")
        switch kind {
        case 0: return .circle(Circle(center: offset, radius: r))
        case 1:
            return .ellipse(Ellipse(center: offset, radii: Vec2(r, squashed(rng.logUniform(0.05...1))), angle: rng.uniform(-3...3)))
        case 2:
            let box = try? Polygon.box(halfWidth: r, halfHeight: squashed(rng.logUniform(0.02...1)), center: offset,
                                       angle: rng.uniform(-3...3), radius: rng.chance(0.3) && rounded ? r * rng.uniform(0...0.3) : 0)
            return box.map { .polygon($0) } ?? .circle(Circle(center: offset, radius: r))
        default:
            // A convex polygon: points on an ellipse at increasing angles, optionally rounded.
            let n = rng.int(3...Polygon.maxVertices)
            var angles = (0..<n).map { _ in rng.uniform(0...(2 * .pi)) }
            angles.sort()
            let squash = squashed(rng.logUniform(0.1...1)) / r
            let points = angles.map { Vec2(offset.x + r * cos($0), offset.y + squash * r * sin($0)) }
            let radius = rng.chance(0.4) && rounded ? r * rng.uniform(0...0.3) : 0
            if let polygon = try? Polygon.make(points: points, radius: radius) { return .polygon(polygon) }
            return .circle(Circle(center: offset, radius: r))
        }
    }

    func randomPoint(in half: Double = PhysicsFuzzScene.sceneHalfSize) -> Vec2 {
        Vec2(rng.uniform(-half...half), rng.uniform(-half...half))
    }

    /// A new body of 1–3 shapes, 0.5–5000 pt across, density 0.01–100, speed up to 50 000 pt/s.
    @discardableResult
    func addRandomBody() -> BodyID? {
        var def = BodyDef()
        let size = rng.logUniform((exclude.contains("tiny") ? 5 : 0.5)...(exclude.contains("huge") ? 500 : 5_000))
        if closed {
            def.type = .dynamic
        } else {
            def.type = rng.chance(0.8) ? .dynamic : (rng.chance(0.5) ? .kinematic : .static)
            if exclude.contains("kinematic") && def.type == .kinematic { def.type = .dynamic }
            if exclude.contains("static") && def.type == .static { def.type = .dynamic }
            def.linearDamping = rng.chance(0.2) ? rng.logUniform(0.01...100) : 0
            def.angularDamping = rng.chance(0.2) ? rng.logUniform(0.01...100) : 0
            def.fixedRotation = rng.chance(0.1)
            def.isBullet = rng.chance(0.2) && !exclude.contains("bullet")
            def.allowSleep = rng.chance(0.8)
        }
        def.angle = rng.uniform(-10...10)
        if def.type == .dynamic {
            let speed = rng.chance(0.3) && !exclude.contains("fast") ? rng.logUniform(1_000...50_000) : rng.uniform(0...500)
            let a = rng.uniform(0...(2 * .pi))
            def.linearVelocity = Vec2(speed * cos(a), speed * sin(a))
            def.angularVelocity = rng.chance(0.3) && !exclude.contains("spin") ? rng.uniform(-200...200) : 0
        } else if def.type == .kinematic {
            // Kinematic bodies spin in place: moving ones would carry jointed bodies through the walls.
            def.angularVelocity = rng.uniform(-10...10)
        }
        // Place away from other bodies when possible (always in closed scenes: overlap would be pushed
        // apart, which adds energy).
        var placed = false
        for _ in 0..<20 {
            def.position = randomPoint(in: closed ? 4 * Self.sceneHalfSize : Self.sceneHalfSize)
            let box = AABB(lower: def.position - Vec2(size, size), upper: def.position + Vec2(size, size))
            if !(live + ledges).contains(where: { world.aabb(of: $0).overlaps(box) }) { placed = true; break }
        }
        if closed && !placed { return nil }
        guard let body = try? world.createBody(def) else { return nil }
        trace("body \(body) \(def.type) at \(def.position) angle \(def.angle) v \(def.linearVelocity) w \(def.angularVelocity) fixedRotation \(def.fixedRotation) bullet \(def.isBullet) damping \(def.linearDamping) \(def.angularDamping)")
        stats.bodiesCreated += 1
        let shapeCount = rng.chance(0.7) || exclude.contains("multishape") ? 1 : rng.int(2...3)
        for i in 0..<shapeCount {
            let offset = i == 0 ? Vec2.zero : Vec2(rng.uniform(-size...size), rng.uniform(-size...size)) * 0.3
            addShape(to: body, size: i == 0 ? size : size * rng.uniform(0.2...1), offset: offset)
        }
        live.append(body)
        return body
    }

    /// Adds a random shape to `body`. With `insideTheBoxOnly`, a shape whose bounds are not inside the
    /// box interior is destroyed again: a body without solid shapes (none, sensors, or one-way shapes
    /// with a wall on their passing side) passes through the walls by design, and a shape added to it
    /// out there, or across a wall, was placed outside, not tunnelled.
    func addShape(to body: BodyID, size: Double, offset: Vec2, insideTheBoxOnly: Bool = false) {
        var shape = ShapeDef()
        shape.density = rng.logUniform(0.01...100)
        shape.friction = closed ? rng.uniform(0...1) : rng.logUniform(0.001...10)
        shape.restitution = rng.chance(0.5) ? 1 : rng.uniform(0...1)
        shape.isSensor = !closed && rng.chance(0.05) && !exclude.contains("sensor")
        if !closed && rng.chance(0.1) { shape.filter = Filter(categoryBits: 2, maskBits: 1) }
        if hasOneWay && oneWayRandom.chance(Self.oneWayShapeChance) { shape.oneWay = randomOneWayDirection() }
        let geometry = randomGeometry(size: size, offset: offset)
        if let id = try? world.createShape(on: body, shape, geometry) {
            stats.shapesCreated += 1
            if shape.oneWay != nil { stats.oneWayShapesCreated += 1 }
            if shape.isSensor { sensors.insert(id) }
            trace("  shape on \(body) density \(shape.density) friction \(shape.friction) restitution \(shape.restitution) sensor \(shape.isSensor) one-way \(shape.oneWay.map { "\($0)" } ?? "no") \(geometry)")
            let bounds = world.aabb(of: id), h = Self.boxHalfSize
            if insideTheBoxOnly && !(bounds.lower.x > -h && bounds.lower.y > -h && bounds.upper.x < h && bounds.upper.y < h) {
                trace("  destroyed again: bounds \(bounds) not inside the box")
                world.destroyShape(id)
                sensors.remove(id)
                staleShapes.append(id)
            }
        }
    }

    /// A random joint between two live bodies (or a target joint). In closed scenes every joint is
    /// rigid, motorless and satisfied at creation, so it can neither add nor inject energy.
    func addRandomJoint() {
        guard live.count >= 2, !exclude.contains("joints") else { return }
        let a = rng.pick(live)
        var b = rng.pick(live)
        if a == b { b = live[(live.firstIndex(of: a)! + 1) % live.count] }
        let xfA = world.transform(of: a), xfB = world.transform(of: b)
        let pA = world.worldCenter(of: a), pB = world.worldCenter(of: b)
        let common = closed ? lerp(pA, pB, rng.uniform(0...1)) : randomPoint()
        let def: JointDef
        var kind = rng.int(0...(closed ? 3 : 4))
        let kinds = ["distance", "revolute", "weld", "prismatic", "target"]
        for _ in 0..<5 where exclude.contains(kinds[kind]) { kind = (kind + 1) % (closed ? 4 : 5) }
        if exclude.contains(kinds[kind]) { return }
        switch kind {
        case 0:
            var d = DistanceJointDef(); d.bodyA = a; d.bodyB = b
            d.localAnchorA = xfA.applyInverse(pA); d.localAnchorB = xfB.applyInverse(pB)
            d.length = max(distance(pA, pB), 1)
            if !closed {
                if rng.chance(0.3) { d.length = rng.logUniform(0.5...20_000) }
                d.enableSpring = rng.chance(0.4); d.hertz = rng.logUniform(0.01...1_000); d.dampingRatio = rng.uniform(0...10)
                d.enableLimit = rng.chance(0.3); d.minLength = 0; d.maxLength = d.length * rng.uniform(1...2)
            }
            def = .distance(d)
        case 1:
            var r = RevoluteJointDef(); r.bodyA = a; r.bodyB = b
            r.localAnchorA = xfA.applyInverse(common); r.localAnchorB = xfB.applyInverse(closed ? common : randomPoint())
            r.referenceAngle = xfB.q.angle - xfA.q.angle
            if !closed {
                r.enableLimit = rng.chance(0.4); r.lowerAngle = -rng.uniform(0...4); r.upperAngle = rng.uniform(0...4)
                r.enableMotor = rng.chance(0.4); r.motorSpeed = rng.uniform(-100...100); r.maxMotorTorque = rng.logUniform(1...1e15)
            }
            def = .revolute(r)
        case 2:
            var w = WeldJointDef(); w.bodyA = a; w.bodyB = b
            w.localAnchorA = xfA.applyInverse(common); w.localAnchorB = xfB.applyInverse(common)
            w.referenceAngle = xfB.q.angle - xfA.q.angle
            if !closed && rng.chance(0.4) { w.linearHertz = rng.logUniform(0.1...500); w.angularHertz = rng.logUniform(0.1...500) }
            def = .weld(w)
        case 3:
            var p = PrismaticJointDef(); p.bodyA = a; p.bodyB = b
            p.localAnchorA = xfA.applyInverse(common); p.localAnchorB = xfB.applyInverse(common)
            let axis = rng.uniform(0...(2 * .pi))
            p.localAxisA = Vec2(cos(axis), sin(axis))
            p.referenceAngle = xfB.q.angle - xfA.q.angle
            if !closed {
                p.enableLimit = rng.chance(0.4); p.lowerTranslation = -rng.logUniform(0.5...5_000); p.upperTranslation = rng.logUniform(0.5...5_000)
                p.enableMotor = rng.chance(0.4); p.motorSpeed = rng.uniform(-5_000...5_000); p.maxMotorForce = rng.logUniform(1...1e15)
            }
            def = .prismatic(p)
        default:
            var t = TargetJointDef(); t.body = b; t.target = randomPoint()
            t.localAnchor = xfB.applyInverse(randomPoint())
            t.hertz = rng.logUniform(0.01...1_000); t.dampingRatio = rng.uniform(0...10)
            t.maxForce = rng.chance(0.5) ? .greatestFiniteMagnitude : rng.logUniform(1...1e12)
            if rng.chance(0.3) { t.angularHertz = rng.logUniform(0.1...100); t.targetAngle = rng.uniform(-10...10) }
            def = .target(t)
        }
        if let j = try? world.createJoint(def) { joints.append(j); stats.jointsCreated += 1; trace("joint \(j) \(def)") }
    }

    // MARK: - Invariants

    /// Records a breach of the documented input contract; the next check reports it.
    func report(_ detail: String) {
        if editFinding == nil { editFinding = detail }
    }

    /// Kinetic plus gravitational energy of every dynamic body (mass·pt²/s²), with the potential
    /// measured from the wall the gravity points at, so it is never negative.
    func energy() -> Double {
        let g = gravity.length
        let down = g > 0 ? gravity / g : .zero
        var total = 0.0
        for body in live where world.type(of: body) == .dynamic {
            let m = world.mass(of: body), v = world.linearVelocity(of: body), w = world.angularVelocity(of: body)
            let height = Self.boxHalfSize - dot(world.worldCenter(of: body), down)
            total += 0.5 * m * v.lengthSquared + 0.5 * world.rotationalInertia(of: body) * w * w
            total += m * g * world.gravityScale(of: body) * height
        }
        return total
    }

    func check(step: Int) -> PhysicsFuzzFinding? {
        func finding(_ invariant: String, _ detail: String) -> PhysicsFuzzFinding {
            PhysicsFuzzFinding(seed: seed, step: step, invariant: invariant, detail: detail)
        }
        if let detail = editFinding { return finding("input contract", detail) }
        let limit = Self.boxHalfSize + Self.tunnelTolerance
        for body in live {
            let p = world.position(of: body), c = world.worldCenter(of: body), v = world.linearVelocity(of: body)
            let a = world.angle(of: body), w = world.angularVelocity(of: body)
            guard p.isFinite, c.isFinite, v.isFinite, a.isFinite, w.isFinite else {
                return finding("finite state", "\(body) position \(p) centre \(c) angle \(a) velocity \(v) angular velocity \(w)")
            }
            stats.fastestSpeed = max(stats.fastestSpeed, v.length)
            // Each solid shape's bounds centre must stay inside. Sensors pass through walls by design,
            // and so does a one-way shape whose passing side meets a wall (the walls are two-way, but
            // a contact acts only within the cone of each one-way shape in it).
            guard world.type(of: body) == .dynamic else { continue }
            for shape in world.shapes(of: body) where !sensors.contains(shape) && (!hasOneWay || world.oneWay(of: shape) == nil) {
                let m = world.aabb(of: shape).center
                if abs(m.x) > limit || abs(m.y) > limit {
                    let heaviest = live.filter { world.type(of: $0) == .dynamic }.map { world.mass(of: $0) }.max() ?? 0
                    return finding("tunnelling", "\(shape) of \(body) has its centre at \(m), outside the box interior ±\(Self.boxHalfSize) (body velocity \(v), mass \(world.mass(of: body)), heaviest dynamic body \(heaviest), \(world.geometry(of: shape)))")
                }
            }
        }
        for joint in joints {
            let (pA, pB) = world.worldAnchors(of: joint)
            guard pA.isFinite, pB.isFinite else { return finding("finite state", "\(joint) anchors \(pA) \(pB)") }
        }
        for event in world.contactBeginEvents where !event.point.isFinite || !event.normal.isFinite {
            return finding("finite state", "contact event point \(event.point) normal \(event.normal)")
        }
        guard world.bodyCount == live.count + ledges.count + 1 else {
            return finding("bookkeeping", "world has \(world.bodyCount) bodies, expected \(live.count + ledges.count + 1)")
        }
        if hasOneWay, let breach = oneWayConeBreach() { return finding("one-way cone", breach) }
        for id in staleBodies.suffix(4) where world.isValid(id) { return finding("stale id", "\(id) is valid after destroyBody") }
        // Closed scenes keep their one-way shapes under the energy bound: a shape passing through
        // gets no impulse, and a contact starts acting again only with the other shape out of it (no
        // deeper than a resting one) and not leaving it, so it pushes no more than a contact that
        // comes to rest; a sweep stops at an impact, which takes energy out, never in. Except where a
        // joint can reach through a wall (`jointLeavesTheBox`).
        if closed && !jointLeavesTheBox {
            let e = energy()
            let gain = (e - startEnergy) / energyScale
            stats.worstEnergyGain = max(stats.worstEnergyGain, gain)
            if hasOneWay { stats.worstOneWayEnergyGain = max(stats.worstOneWayEnergyGain, gain) }
            if gain > Self.energyBound {
                return finding("energy", "closed scene energy \(e) exceeds its start \(startEnergy) by \(gain * 100)% (bound \(Self.energyBound * 100)%)")
            }
        }
        return nil
    }
}

/// Runs `count` scenes from seed `firstSeed` on; stops at the first finding.
public func fuzzPhysics(firstSeed: UInt64, count: Int, options: PhysicsFuzzOptions = PhysicsFuzzOptions(),
                        progress: ((UInt64, PhysicsFuzzStats) -> Void)? = nil) -> (PhysicsFuzzStats, [PhysicsFuzzFinding]) {
    var total = PhysicsFuzzStats()
    var findings: [PhysicsFuzzFinding] = []
    for i in 0..<UInt64(max(0, count)) {
        let seed = firstSeed &+ i
        let scene = PhysicsFuzzScene(seed: seed, exclude: options.exclude)
        if let f = scene.run(options) { findings.append(f) }
        total.add(scene.stats)
        progress?(seed, total)
    }
    return (total, findings)
}
