// The physics fuzzer's one-way flavour ("oneway"): in some scenes, static one-way ledges inside the
// box and one-way shapes on ordinary bodies, with random directions; between steps of an open scene,
// one-way turned on, off and round (`World.setOneWay`, edit "e16"); after every step, the rule's
// promise checked on the contacts that began: a one-way shape's contact acts only while its normal
// is within 45° of the shape's stopping side (docs/semantics.md, "One-way items").
// Every choice here is drawn from a stream of its own (`oneWayRandom`), so a scene without the flavour,
// and every scene with "oneway" excluded, is the one its seed made before the flavour existed.
import Foundation
import KineticPhysics

extension PhysicsFuzzScene {
    /// The fraction of scenes that have one-way shapes.
    static let oneWaySceneChance = 0.4
    /// The chance that a shape of an ordinary body is one-way, in a one-way scene.
    static let oneWayShapeChance = 0.2
    /// cos 45°: a one-way contact acts only while its normal is within 45° of the stopping side
    /// (`Tuning.oneWayCosine`); the check allows the last bits of rounding on top.
    static let oneWayCosine = 0.5.squareRoot() - 1e-9

    /// The seed of the one-way stream: another SplitMix64 sequence than the scene's own.
    static func oneWaySeed(_ seed: UInt64) -> UInt64 { seed ^ 0x6f6e_6577_6179_5f31 }

    // MARK: - Scene

    /// "Up" for a platform: against gravity, or a random direction in a scene without gravity.
    private func up() -> Vec2 {
        let g = gravity.length
        if g > 0 { return -(gravity / g) }
        let a = oneWayRandom.uniform(0...(2 * .pi))
        return Vec2(cos(a), sin(a))
    }

    /// A random one-way direction of random length (the engine keeps only its direction): `near`
    /// turned by up to 40° (a platform or a slope things land on), or any.
    func randomOneWayDirection(near: Vec2? = nil) -> Vec2 {
        let length = oneWayRandom.logUniform(1e-3...1e3)
        if let near {
            let turn = Rot(angle: oneWayRandom.uniform(-0.7...0.7))
            return length * turn.rotate(near)
        }
        let a = oneWayRandom.uniform(0...(2 * .pi))
        return Vec2(length * cos(a), length * sin(a))
    }

    /// 1–6 static one-way ledges: thin boxes, rounded or not, segments, open chains and circles,
    /// either lying across "up" with a direction near it (platforms and slopes) or at any angle with
    /// any direction. Where the bodies are created (a wider region in closed scenes, as their bodies),
    /// or, with gravity, as shelves across the bodies' fall, where one falling from the scene region
    /// is after 0.3–4 s, so that bodies land and pile up on them. Each lies inside the box interior
    /// (with 20 pt to spare and its half width again for its turn). They are not in
    /// `live`: the edits that move, retype and destroy bodies, and the joints, leave them in place
    /// (ordinary bodies' one-way shapes get those); `changeOneWay` turns them.
    func addLedges() {
        let region = closed ? 4 * Self.sceneHalfSize : Self.sceneHalfSize
        let minHalf = exclude.contains("tiny") ? 2.5 : 0.25
        for _ in 0..<oneWayRandom.int(1...6) {
            let upward = up()
            let shelf = gravity != .zero && oneWayRandom.chance(0.5)
            let across = shelf || oneWayRandom.chance(0.5)
            let halfWidth = oneWayRandom.logUniform(shelf ? 500...20_000 : 20...3_000)
            let halfHeight = max(minHalf, min(halfWidth, oneWayRandom.logUniform(0.25...200)))
            var def = BodyDef(); def.type = .static
            def.position = Vec2(oneWayRandom.uniform(-region...region), oneWayRandom.uniform(-region...region))
            if shelf { def.position = shelfCentre(under: def.position, clearance: 1.5 * halfWidth + 20) }
            // A ledge's long axis is its local x: across "up" it lies along the perpendicular of up.
            def.angle = across ? atan2(upward.x, -upward.y) + oneWayRandom.uniform(-0.7...0.7) : oneWayRandom.uniform(-4...4)
            guard let ledge = try? world.createBody(def) else { continue }
            // The direction in the ledge's frame: its local −y is "up" when it lies across.
            let localUp = Rot(angle: def.angle).inverseRotate(upward)
            var shape = ShapeDef()
            shape.friction = oneWayRandom.uniform(0...1)
            shape.restitution = oneWayRandom.chance(0.5) ? 1 : oneWayRandom.uniform(0...1)
            shape.oneWay = randomOneWayDirection(near: across ? localUp : nil)
            var kind = oneWayRandom.int(0...4)
            if kind == 3 && exclude.contains("chain") { kind = 2 }
            var ids: [ShapeID] = []
            switch kind {
            case 0, 1:
                let radius = kind == 1 ? halfHeight * oneWayRandom.uniform(0...1) : 0
                if let box = try? Polygon.box(halfWidth: halfWidth, halfHeight: halfHeight, radius: radius),
                   let id = try? world.createShape(on: ledge, shape, .polygon(box)) { ids = [id] }
            case 2:
                if let id = try? world.createShape(on: ledge, shape, .segment(Segment(Vec2(-halfWidth, 0), Vec2(halfWidth, 0)))) { ids = [id] }
            case 3:
                // An uneven ledge: points left to right with random heights.
                let n = oneWayRandom.int(2...6)
                let points = (0..<n).map { i in
                    Vec2(-halfWidth + 2 * halfWidth * Double(i) / Double(n - 1), oneWayRandom.uniform(-halfHeight...halfHeight))
                }
                ids = (try? world.createChain(on: ledge, points: points, isLoop: false, shape)) ?? []
            default:
                if let id = try? world.createShape(on: ledge, shape, .circle(Circle(radius: halfHeight))) { ids = [id] }
            }
            ledges.append(ledge)
            stats.oneWayShapesCreated += ids.count
            trace("ledge \(ledge) at \(def.position) angle \(def.angle) one-way \(shape.oneWay!) friction \(shape.friction) restitution \(shape.restitution) shapes \(ids.map { world.geometry(of: $0) })")
        }
    }

    /// Where a body falling from rest at `start` is after 0.3–4 s, kept `clearance` from the walls.
    private func shelfCentre(under start: Vec2, clearance: Double) -> Vec2 {
        let t = oneWayRandom.uniform(0.3...4), level = Self.boxHalfSize - clearance
        let p = start + 0.5 * t * t * gravity
        return Vec2(min(max(p.x, -level), level), min(max(p.y, -level), level))
    }

    // MARK: - Edit

    /// Turns one shape's one-way direction (of a live body or a ledge): a new direction, off (nil),
    /// or a refused one (zero, not finite, beyond `World.largestInput`), which must change nothing,
    /// and with which `createShape` must throw.
    /// A shape is made two-way only while its bounds are inside the box interior: one-way shapes of
    /// dynamic bodies pass through the walls from their passing side, and a shape made solid out
    /// there, or across a wall, was put outside by the fuzzer, not tunnelled (as `addShape` does).
    func changeOneWay() {
        let candidates = (live + ledges).flatMap { world.shapes(of: $0) }
        guard !candidates.isEmpty else { return }
        let shape = candidates[oneWayRandom.int(0...(candidates.count - 1))]
        let before = world.oneWay(of: shape)
        switch oneWayRandom.int(0...9) {
        case 0, 1:
            let bad = oneWayRandom.pick([Vec2.zero, Vec2(-0.0, 0), Vec2(.nan, 1), Vec2(0, .infinity), Vec2(-.infinity, 0),
                                        Vec2(1e300, 1), Vec2(0, -2 * World.largestInput)])
            trace("one-way of \(shape): refused \(bad)")
            world.setOneWay(bad, of: shape)
            stats.hostileInputsRefused += 1
            if world.oneWay(of: shape) != before { report("setOneWay accepted \(bad): \(String(describing: before)) became \(String(describing: world.oneWay(of: shape)))") }
            var def = ShapeDef(); def.oneWay = bad
            do {
                let created = try world.createShape(on: world.body(of: shape), def, .circle(Circle(radius: 1)))
                world.destroyShape(created)
                report("createShape accepted the one-way direction \(bad)")
            } catch {
                stats.hostileInputsRefused += 1
                if error.message.isEmpty { report("createShape threw an empty message for the one-way direction \(bad)") }
            }
        case 2, 3, 4:
            let bounds = world.aabb(of: shape), h = Self.boxHalfSize
            guard bounds.lower.x > -h && bounds.lower.y > -h && bounds.upper.x < h && bounds.upper.y < h else { return }
            trace("one-way of \(shape): off")
            world.setOneWay(nil, of: shape)
            if world.oneWay(of: shape) != nil { report("setOneWay(nil) left \(shape) one-way") }
        default:
            let direction = randomOneWayDirection(near: oneWayRandom.chance(0.5) ? before : nil)
            trace("one-way of \(shape): \(direction)")
            world.setOneWay(direction, of: shape)
            guard let unit = world.oneWay(of: shape), abs(unit.length - 1) < 1e-12, dot(unit, direction) > 0 else {
                return report("setOneWay(\(direction)) gave \(String(describing: world.oneWay(of: shape)))")
            }
        }
        stats.oneWayEdits += 1
    }

    // MARK: - Invariant

    /// The world direction of every one-way shape that can act (not a sensor's) as the step begins:
    /// the narrow phase decides with these poses, before anything moves.
    func recordOneWayDirections() {
        oneWayDirections.removeAll(keepingCapacity: true)
        for body in live + ledges {
            let q = world.transform(of: body).q
            for shape in world.shapes(of: body) where !sensors.contains(shape) {
                if let local = world.oneWay(of: shape) { oneWayDirections[shape] = q.rotate(local) }
            }
        }
    }

    /// A contact that began in the last step with a one-way shape, and no sensor, has its normal
    /// (from A to B) within 45° of A's stopping side and of the opposite of B's: the other shape was
    /// on that side. A contact whose one-way flag went stale (a direction set, a shape or body
    /// replaced or retyped) would act from any side, as a two-way one.
    func oneWayConeBreach() -> String? {
        guard !oneWayDirections.isEmpty else { return nil }
        for event in world.contactBeginEvents {
            let a = oneWayDirections[event.shapeA], b = oneWayDirections[event.shapeB]
            guard a != nil || b != nil, !sensors.contains(event.shapeA), !sensors.contains(event.shapeB) else { continue }
            stats.oneWayContactsBegun += 1
            let alongA = a.map { dot(event.normal, $0) } ?? 1, againstB = b.map { -dot(event.normal, $0) } ?? 1
            if alongA < Self.oneWayCosine || againstB < Self.oneWayCosine {
                return "contact \(event.shapeA)–\(event.shapeB) began at \(event.point) with normal \(event.normal), outside 45° of the stopping side (one-way directions as the step began: A \(a.map { "\($0)" } ?? "none"), B \(b.map { "\($0)" } ?? "none"); cosines \(alongA), \(againstB))"
            }
        }
        return nil
    }
}
